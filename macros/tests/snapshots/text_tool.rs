/// Delete one user.
pub fn delete_user(db: &Db, id: u64) -> Result<(), UserError> {
    db.delete(id)
}
#[doc(hidden)]
#[allow(non_camel_case_types, dead_code)]
pub enum delete_user {}
#[automatically_derived]
#[allow(clippy::needless_lifetimes)]
impl<State> ::toolshape::checks::IsTool<State> for delete_user
where
    State: ::core::marker::Send + ::core::marker::Sync + 'static
        + ::toolshape::__private::Provides<Db>,
{
    fn def() -> ::toolshape::__private::ToolDef<State> {
        static __TOOLSHAPE_SPEC: ::toolshape::__private::ToolSpec = ::toolshape::__private::ToolSpec {
            name: "delete_user",
            title: ::core::option::Option::None,
            description: "Delete one user.",
            version: ::core::env!("CARGO_PKG_VERSION"),
            model_id: ::core::option::Option::None,
            confirm: ::core::option::Option::Some("User successfully deleted"),
            icons: &[],
            params: &[
                ::toolshape::__private::ParamSpec {
                    name: "id",
                    description: "",
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
            rust_path: ::core::concat!(::core::module_path!(), "::", "delete_user"),
            location: ::core::concat!(::core::file!(), ":", ::core::line!()),
        };
        ::toolshape::checks::OutputFormat::finish(
            ::toolshape::__private::Confirmed,
            ::toolshape::__private::ToolDef::build(&__TOOLSHAPE_SPEC)
                .params((<u64 as ::toolshape::checks::ToolParam>::param(),))
                .handler(|
                    __toolshape_state: &State,
                    (id,),
                    _: ::toolshape::__private::Context|
                {
                    ::toolshape::__private::Box::pin(async move {
                        #[allow(unused_imports)]
                        use ::toolshape::__private::{ResultKind as _, ValueKind as _};
                        let returned = delete_user(
                            ::toolshape::__private::Provides::<
                                Db,
                            >::provide(__toolshape_state),
                            id,
                        );
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
