//! A call finds its tool once and admits its caller once, whichever way it comes: directly,
//! through tool search's `call_tool`, into a nested set, or from another tool.

use rmcp::ServerHandler as _;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use serde_json::json;

use crate::context::Context;
use crate::error::ToolError;
use crate::handler::Server;
use crate::search::ToolSearch;
use crate::tool;
use crate::toolset::{ToolSet, counts};

/// Read a secret.
#[tool(crate = crate, format = "json", scopes = ["secrets:read"])]
fn get_secret() -> String {
    "s3cret".to_owned()
}

/// Read a secret through another tool.
#[tool(crate = crate, format = "json")]
async fn relay(#[context] cx: Context) -> Result<String, ToolError> {
    let result = cx
        .call_tool("get_secret", json!({}))
        .await
        .map_err(|error| ToolError::new(error.to_string()))?;
    Ok(result
        .structured_content
        .map(|c| c["data"].to_string())
        .unwrap_or_default())
}

fn tools() -> ToolSet<()> {
    ToolSet::new(crate::tools![get_secret, relay]).unwrap()
}

/// The lookups and scope checks of one `tools/call` of `name` with `arguments`.
async fn counted(server: &Server<()>, name: &str, arguments: serde_json::Value) -> (usize, usize) {
    let serde_json::Value::Object(arguments) = arguments else {
        unreachable!()
    };
    let request = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
    let context = Context::detached().request().clone();
    let (counts, response) = counts::of(server.call_tool(request, context)).await;
    let Ok(CallToolResponse::Complete(result)) = response else {
        panic!("`{name}` did not complete: {response:?}");
    };
    assert_ne!(result.is_error, Some(true), "{result:?}");
    counts
}

#[tokio::test(flavor = "current_thread")]
async fn a_direct_call_finds_its_tool_once_and_checks_its_scopes_once() {
    let server = Server::new((), tools());
    assert_eq!(counted(&server, "get_secret", json!({})).await, (1, 1));
}

#[tokio::test(flavor = "current_thread")]
async fn a_call_through_call_tool_finds_its_tool_once() {
    let server = Server::new((), tools()).with_tool_search(ToolSearch::new());
    let arguments = json!({"name": "get_secret", "arguments": {}});
    assert_eq!(counted(&server, "call_tool", arguments).await, (1, 1));
}

#[tokio::test(flavor = "current_thread")]
async fn a_call_of_a_nested_tool_is_not_looked_up_again_in_its_set() {
    let inner = tools().layer(crate::budget::Budget::new(crate::budget::Cap::items(10)));
    let server = Server::new((), ToolSet::default().nest("vault", inner).unwrap());
    assert_eq!(
        counted(&server, "vault_get_secret", json!({})).await,
        (1, 1)
    );
}

#[tokio::test(flavor = "current_thread")]
async fn a_tool_calling_another_finds_and_admits_each_once() {
    let server = Server::new((), tools());
    // `relay` once, then `get_secret` by name
    assert_eq!(counted(&server, "relay", json!({})).await, (2, 2));
}
