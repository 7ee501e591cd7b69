/// Get one volume's configuration.
async fn get_volume_configuration(
    cluster: &Cluster,
    volume_uuid: String,
) -> Result<VolumeConfiguration, ToolError> {
    cluster.configuration(&volume_uuid)
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
enum get_volume_configuration {}
#[automatically_derived]
#[allow(clippy::needless_lifetimes)]
impl<State> ::toolshape::checks::IsTool<State> for get_volume_configuration
where
    State: ::core::marker::Send + ::core::marker::Sync + 'static
        + ::toolshape::__private::Provides<Cluster>,
{
    fn def() -> ::toolshape::__private::ToolDef<State> {
        static __TOOLSHAPE_SPEC: ::toolshape::__private::ToolSpec = ::toolshape::__private::ToolSpec {
            name: "get_volume_configuration",
            title: ::core::option::Option::None,
            description: "Get one volume's configuration.",
            version: ::core::env!("CARGO_PKG_VERSION"),
            model_id: ::core::option::Option::Some("capacity-forecast-v2"),
            confirm: ::core::option::Option::None,
            icons: &[],
            params: &[
                ::toolshape::__private::ParamSpec {
                    name: "volume_uuid",
                    description: "The volume's UUID.",
                    constraints: ::toolshape::__private::Constraints::NONE,
                },
            ],
            annotations: ::toolshape::__private::Annotations {
                read_only: ::core::option::Option::None,
                destructive: ::core::option::Option::None,
                idempotent: ::core::option::Option::None,
                open_world: ::core::option::Option::None,
            },
            kind: ::core::option::Option::None,
            ignore_unknown_arguments: false,
            task: ::toolshape::__private::TaskSupport::Never,
            extend_schema: ::core::option::Option::None,
            scopes: &[],
            keywords: &[],
            app: ::core::option::Option::None,
            undo: true,
            rust_path: ::core::concat!(
                ::core::module_path!(), "::", "get_volume_configuration"
            ),
            location: ::core::concat!(::core::file!(), ":", ::core::line!()),
        };
        ::toolshape::checks::OutputFormat::finish(
            ::toolshape::__private::HybridFormat,
            ::toolshape::__private::ToolDef::build(&__TOOLSHAPE_SPEC)
                .params((<String as ::toolshape::checks::ToolParam>::param(),))
                .handler(|
                    __toolshape_state: &State,
                    (volume_uuid,),
                    _: ::toolshape::__private::Context|
                {
                    ::toolshape::__private::Box::pin(async move {
                        #[allow(unused_imports)]
                        use ::toolshape::__private::{ResultKind as _, ValueKind as _};
                        let returned = get_volume_configuration(
                                ::toolshape::__private::Provides::<
                                    Cluster,
                                >::provide(__toolshape_state),
                                volume_uuid,
                            )
                            .await;
                        match (&returned).kind_of_returned().into_result(returned) {
                            ::core::result::Result::Ok(value) => {
                                ::core::result::Result::Ok(value)
                            }
                            ::core::result::Result::Err(error) => {
                                ::core::result::Result::Err(
                                    ::toolshape::checks::ErrorText::error_text(error),
                                )
                            }
                        }
                    })
                }),
        )
    }
}
