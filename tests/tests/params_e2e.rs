//! End to end: the forms of declaring a tool that a Rust developer writes without thinking
//! about toolshape, served by `toolshape::Server` and driven by rmcp's client: what the
//! listing says of each, and what a call does.

mod common;

use common::{call, check_json_success, connect, versions};
use serde_json::json;
use toolshape::{Server, ToolSet, tool, tools};

/// The title, a `const`.
const ECHO_TITLE: &str = "Echo";

/// Descriptions and titles as constant expressions: `concat!`, `env!`, a `const`.
#[tool(
    format = "json",
    title = ECHO_TITLE,
    description = concat!("Echo a word back. Served by ", env!("CARGO_PKG_NAME"), "."),
)]
fn echo(word: String) -> String {
    word
}

#[tokio::test]
async fn descriptions_and_titles_from_constant_expressions() {
    for version in versions() {
        let tools = ToolSet::new(tools![echo]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let echo = listed
            .iter()
            .find(|t| t.name == "echo")
            .expect("echo listed");
        assert_eq!(
            echo.description.as_deref(),
            Some("Echo a word back. Served by toolshape-tests.")
        );
        assert_eq!(echo.title.as_deref(), Some("Echo"));
        let result = call(&client, "echo", json!({"word": "hi"})).await.unwrap();
        assert_eq!(check_json_success(echo, &result), json!("hi"));
        client.cancel().await.unwrap();
    }
}

mod handlers {
    /// The server's state; named like the state parameter of generated code on purpose.
    pub struct State {
        pub greeting: &'static str,
    }

    /// Greet someone.
    #[toolshape::tool(format = "json")]
    pub fn greet(#[state] state: &State, name: String) -> String {
        format!("{} {name}", state.greeting)
    }

    pub mod nested {
        /// Count to three.
        #[toolshape::tool(format = "json")]
        pub fn three() -> u32 {
            3
        }
    }

    /// Re-exported under another path.
    pub use nested::three;
}

#[tokio::test]
async fn imported_and_reexported_tools_register_by_their_names() {
    use handlers::greet;
    use handlers::three as renamed_three;
    for version in versions() {
        let tools = ToolSet::new(tools![greet, renamed_three]).unwrap();
        let state = handlers::State { greeting: "Hello" };
        let client = connect(Server::new(state, tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let names: Vec<_> = listed.iter().map(|t| t.name.to_string()).collect();
        assert_eq!(names, ["greet", "three"]);
        let result = call(&client, "greet", json!({"name": "Ada"}))
            .await
            .unwrap();
        assert_eq!(check_json_success(&listed[0], &result), json!("Hello Ada"));
        let result = call(&client, "three", json!({})).await.unwrap();
        assert_eq!(check_json_success(&listed[1], &result), json!(3));
        client.cancel().await.unwrap();
    }
    // The same tool through its other path.
    let set = ToolSet::<()>::new(tools![handlers::three]).unwrap();
    assert_eq!(set.list()[0].name, "three");
}
