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
