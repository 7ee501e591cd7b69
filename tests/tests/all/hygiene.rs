//! Generated code must not depend on what the user's scope calls `Result`, `Option`, `Box`,
//! …; `tests/renamed` checks a crate that knows the runtime under another name.
#![deny(unused_qualifications)]
#![allow(dead_code, non_camel_case_types, clippy::all)]

use toolshape_test_support as common;

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

    #[derive(
        ::toolshape::ToolText, ::serde::Serialize, ::schemars::JsonSchema, ::toolshape::Narrative,
    )]
    #[text(noun = "greeting", empty = "No greetings.")]
    #[narrative("{text} ({length} characters)")]
    pub struct Greeting {
        pub text: ::std::string::String,
        pub length: usize,
    }

    /// Greet as text.
    #[::toolshape::tool(format = "text", kind = "read")]
    pub fn greet_text(name: ::std::string::String) -> ::std::vec::Vec<Greeting> {
        ::std::vec![Greeting {
            length: name.len() + 6,
            text: ::std::format!("Hello {name}")
        }]
    }

    /// Greet with a narrative.
    #[::toolshape::tool(format = "hybrid", kind = "read")]
    pub fn greet_hybrid(name: ::std::string::String) -> Greeting {
        Greeting {
            length: name.len() + 6,
            text: ::std::format!("Hello {name}"),
        }
    }

    /// Forget a greeting.
    #[::toolshape::tool(format = "text", kind = "action", confirm = "Greeting forgotten")]
    pub fn forget(
        name: ::std::string::String,
    ) -> ::core::result::Result<(), ::toolshape::ToolError> {
        let _ = name;
        ::core::result::Result::Ok(())
    }

    pub struct Service;

    #[::toolshape::tool]
    impl Service {
        /// A method tool in the shadowed scope.
        #[::toolshape::tool(format = "json")]
        pub fn ping(&self) -> bool {
            true
        }
    }

    /// A trait whose impl has a tool method, in the shadowed scope.
    pub trait Echo {
        /// The word, back.
        fn echo(&self, word: &str) -> ::std::string::String;
    }

    #[::toolshape::tool]
    impl Echo for Service {
        /// Say the word back.
        #[::toolshape::tool(format = "json")]
        fn echo(&self, word: &str) -> ::std::string::String {
            ::std::string::ToString::to_string(word)
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

    let formats = ::toolshape::ToolSet::new(::toolshape::tools![
        shadowed::greet_text,
        shadowed::greet_hybrid,
        shadowed::forget
    ])
    .unwrap();
    let client = common::connect(
        ::toolshape::Server::new((), formats),
        common::versions()[0].clone(),
    )
    .await;
    let text = common::call(&client, "greet_text", json!({"name": "Ada"}))
        .await
        .unwrap();
    assert_eq!(
        common::text_of(&text),
        "Found 1 greeting:\ntext,length\nHello Ada,9"
    );
    let hybrid = common::call(&client, "greet_hybrid", json!({"name": "Ada"}))
        .await
        .unwrap();
    assert_eq!(
        hybrid.structured_content.unwrap()["narrative"],
        "Hello Ada (9 characters)"
    );
    let forget = common::call(&client, "forget", json!({"name": "Ada"}))
        .await
        .unwrap();
    assert_eq!(common::text_of(&forget), "Greeting forgotten");

    use shadowed::Echo as _;
    let service = ::toolshape::ToolSet::new(::toolshape::tools![
        shadowed::Service::ping,
        shadowed::Service::echo
    ])
    .unwrap();
    let names: ::std::vec::Vec<_> = service.list().into_iter().map(|tool| tool.name).collect();
    assert_eq!(names, ["echo", "ping"]);
}
