/// Look up one user by id.
pub async fn get_user_by_id(db: &Db, id: u32) -> Result<User, UserError> {
    db.get(id)
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
pub enum get_user_by_id {}
#[automatically_derived]
#[allow(clippy::needless_lifetimes)]
impl<State> ::toolshape::checks::IsTool<State> for get_user_by_id
where
    State: ::core::marker::Send + ::core::marker::Sync + 'static
        + ::toolshape::__private::Provides<Db>,
{
    fn def() -> ::toolshape::__private::ToolDef<State> {
        static __TOOLSHAPE_SPEC: ::toolshape::__private::ToolSpec = ::toolshape::__private::ToolSpec {
            name: "get_user_by_id",
            title: ::core::option::Option::None,
            description: "Look up one user by id.",
            version: ::core::env!("CARGO_PKG_VERSION"),
            model_id: ::core::option::Option::None,
            confirm: ::core::option::Option::None,
            icons: &[],
            params: &[
                ::toolshape::__private::ParamSpec {
                    name: "id",
                    description: "The user's numeric id.",
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
            rust_path: ::core::concat!(::core::module_path!(), "::", "get_user_by_id"),
            location: ::core::concat!(::core::file!(), ":", ::core::line!()),
        };
        ::toolshape::checks::OutputFormat::finish(
            ::toolshape::__private::Json,
            ::toolshape::__private::ToolDef::build(&__TOOLSHAPE_SPEC)
                .params((<u32 as ::toolshape::checks::ToolParam>::param(),))
                .handler(|
                    __toolshape_state: &State,
                    (id,),
                    _: ::toolshape::__private::Context|
                {
                    ::toolshape::__private::Box::pin(async move {
                        #[allow(unused_imports)]
                        use ::toolshape::__private::{ResultKind as _, ValueKind as _};
                        let returned = get_user_by_id(
                                ::toolshape::__private::Provides::<
                                    Db,
                                >::provide(__toolshape_state),
                                id,
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
