impl<T: Send + Sync + 'static> Inventory for Shop<T> {
    /// Count the items.
    fn count(&self) -> u32 {
        3
    }
    fn helper(&self) {}
}
impl<T: Send + Sync + 'static> Shop<T> {
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::needless_lifetimes)]
    pub fn __toolshape_tool_count() -> ::toolshape::__private::ToolDef<Self>
    where
        Self: ::core::marker::Send + ::core::marker::Sync + 'static,
    {
        static __TOOLSHAPE_SPEC: ::toolshape::__private::ToolSpec = ::toolshape::__private::ToolSpec {
            name: "count",
            title: ::core::option::Option::None,
            description: "Count the items.",
            version: ::core::env!("CARGO_PKG_VERSION"),
            model_id: ::core::option::Option::None,
            confirm: ::core::option::Option::None,
            icons: &[],
            params: &[],
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
            rust_path: ::core::concat!(::core::module_path!(), "::", "count"),
            location: ::core::concat!(::core::file!(), ":", ::core::line!()),
        };
        ::toolshape::checks::OutputFormat::finish(
            ::toolshape::__private::Json,
            ::toolshape::__private::ToolDef::build(&__TOOLSHAPE_SPEC)
                .params(())
                .handler(|
                    __toolshape_state: &Self,
                    (),
                    _: ::toolshape::__private::Context|
                {
                    ::toolshape::__private::Box::pin(async move {
                        #[allow(unused_imports)]
                        use ::toolshape::__private::{ResultKind as _, ValueKind as _};
                        let returned = <Self as Inventory>::count(__toolshape_state);
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
