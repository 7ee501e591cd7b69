impl Directory {
    /// Search.
    fn search(&self, cx: Context, query: Option<String>) -> Vec<User> {
        self.find(query)
    }
}
impl Directory {
    #[doc(hidden)]
    #[allow(non_snake_case, clippy::needless_lifetimes)]
    fn __toolshape_tool_search() -> ::toolshape::__private::ToolDef<Self>
    where
        Self: ::core::marker::Send + ::core::marker::Sync + 'static,
    {
        static __TOOLSHAPE_SPEC: ::toolshape::__private::ToolSpec = ::toolshape::__private::ToolSpec {
            name: "search",
            title: ::core::option::Option::None,
            description: "Search.",
            version: ::core::env!("CARGO_PKG_VERSION"),
            model_id: ::core::option::Option::None,
            confirm: ::core::option::Option::None,
            icons: &[],
            params: &[
                ::toolshape::__private::ParamSpec {
                    name: "query",
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
            rust_path: ::core::concat!(::core::module_path!(), "::", "search"),
            location: ::core::concat!(::core::file!(), ":", ::core::line!()),
        };
        ::toolshape::checks::OutputFormat::finish(
            ::toolshape::__private::Json,
            ::toolshape::__private::ToolDef::build(&__TOOLSHAPE_SPEC)
                .params((<Option<String> as ::toolshape::checks::ToolParam>::param(),))
                .handler(|
                    __toolshape_state: &Self,
                    (query,),
                    __toolshape_context: ::toolshape::__private::Context|
                {
                    ::toolshape::__private::Box::pin(async move {
                        #[allow(unused_imports)]
                        use ::toolshape::__private::{ResultKind as _, ValueKind as _};
                        let returned = Self::search(
                            __toolshape_state,
                            __toolshape_context,
                            query,
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
