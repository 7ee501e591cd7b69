//! Generated code must not depend on what the user's scope calls `Result`, `Option`, `Box`,
//! …; `tests/renamed` checks a crate that knows the runtime under another name.
#![deny(unused_qualifications)]
#![allow(dead_code, non_camel_case_types, clippy::all)]

mod common;

/// A module whose scope shadows every prelude name generated code could use.
mod shadowed {
    pub struct Result;
    pub struct Option;
    pub struct Some;
    pub struct None;
    pub struct Ok;
    pub struct Err;
    pub struct Box;
    pub struct String;
    pub struct Vec;
    pub struct Send;
    pub struct Sync;
    pub struct Fn;
    pub struct Future;
    pub struct Into;
    pub struct From;
    pub struct Default;
    pub mod core {}
    pub mod std {}
    pub mod serde_json {}
    pub mod toolshape_macros {}

    pub struct State {
        pub prefix: ::std::string::String,
    }

    /// Greet someone.
    #[::toolshape::tool(format = "json")]
    pub async fn greet(
        #[state] state: &State,
        /// Who to greet.
        name: ::std::string::String,
        /// How many times.
        times: ::core::option::Option<u8>,
    ) -> ::core::result::Result<::std::vec::Vec<::std::string::String>, ::toolshape::ToolError>
    {
        let times = times.unwrap_or(1);
        if times == 0 {
            return ::core::result::Result::Err(::toolshape::ToolError::new(
                "times must be at least 1",
            ));
        }
        ::core::result::Result::Ok(
            (0..times)
                .map(|_| ::std::format!("{} {name}", state.prefix))
                .collect(),
        )
    }

    pub struct Service;

    impl Service {
        /// A method tool in the shadowed scope.
        #[::toolshape::tool(format = "json")]
        pub fn ping(&self) -> bool {
            true
        }
    }
}

#[tokio::test]
async fn tools_in_a_shadowed_scope_work() {
    use serde_json::json;
    let set = ::toolshape::ToolSet::new(::toolshape::tools![shadowed::greet]).unwrap();
    let server = ::toolshape::Server::new(
        shadowed::State {
            prefix: "Hello".into(),
        },
        set,
    );
    let client = common::connect(server, common::versions()[0].clone()).await;
    let result = common::call(&client, "greet", json!({"name": "Ada", "times": 2}))
        .await
        .unwrap();
    assert_eq!(
        result.structured_content.unwrap()["data"],
        json!(["Hello Ada", "Hello Ada"])
    );
    let result = common::call(&client, "greet", json!({"name": "Ada", "times": 0}))
        .await
        .unwrap();
    assert_eq!(
        common::check_error(&result),
        "Error: times must be at least 1"
    );

    let service = ::toolshape::ToolSet::new(::toolshape::tools![shadowed::Service::ping]).unwrap();
    assert_eq!(service.list()[0].name, "ping");
}
