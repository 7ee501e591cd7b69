//! Descriptions filled at start-up, and testing without a transport.

use toolshape_test_support as common;

use std::sync::atomic::{AtomicU32, Ordering};

use serde_json::json;
use toolshape::{Context, Server, ToolError, ToolSet, tool, tools};

use common::{check_error, connect, versions};

/// The state: how many times `add` ran.
#[derive(Default)]
struct Counter {
    runs: AtomicU32,
}

/// Add two numbers (in {zone}).
#[tool(format = "json")]
fn add(
    #[state] counter: &Counter,
    /// The first number, in {zone}.
    a: i64,
    b: i64,
) -> i64 {
    counter.runs.fetch_add(1, Ordering::SeqCst);
    a + b
}

/// Delete everything.
#[tool(format = "json", kind = "action")]
fn delete_all(#[state] counter: &Counter) -> Result<u32, ToolError> {
    counter.runs.fetch_add(1, Ordering::SeqCst);
    Ok(0)
}

#[tokio::test]
async fn descriptions_filled_at_start_up() {
    let zone = "Europe/Paris"; // what a server reads from the system at start-up
    let tools = ToolSet::new(tools![add, delete_all])
        .unwrap()
        .fill(&[("zone", zone)]);
    for version in versions() {
        let client = connect(Server::new(Counter::default(), tools.clone()), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let add = listed.iter().find(|t| t.name == "add").unwrap();
        assert_eq!(
            add.description.as_deref(),
            Some("Add two numbers (in Europe/Paris).")
        );
        assert_eq!(
            add.input_schema["properties"]["a"]["description"],
            json!("The first number, in Europe/Paris.")
        );
        client.cancel().await.unwrap();
    }
}

/// Count to `n`, stopping early if the client cancels; reports whether it was told to stop.
#[tool(format = "json")]
async fn count(#[context] cx: Context, n: u32) -> u32 {
    let mut i = 0;
    while i < n && !cx.is_cancelled() {
        i += 1;
    }
    i
}

/// A `#[context]` tool, unit-tested: as a function, and by name with JSON arguments, getting
/// what a client would receive.
#[tokio::test]
async fn context_tool_unit_tested() {
    assert_eq!(count(Context::detached(), 5).await, 5);

    let tools = ToolSet::<()>::new(tools![count]).unwrap();
    let result = tools
        .call_json(&(), "count", json!({"n": 3}), Context::detached())
        .await
        .unwrap();
    common::check_json_success(tools.get("count").unwrap(), &result);
    assert_eq!(result.structured_content.unwrap()["data"], json!(3));

    let wrong = tools
        .call_json(&(), "count", json!({"n": "three"}), Context::detached())
        .await
        .unwrap();
    assert!(check_error(&wrong).contains("`n`"), "{wrong:?}");

    let unknown = tools
        .call_json(&(), "nope", json!({}), Context::detached())
        .await
        .unwrap_err();
    assert_eq!(unknown.message, "unknown tool `nope`");
}

/// A state shared with something else is an `Arc`: tools that take `#[state] &Counter` are
/// served by an `Arc<Counter>` as they are by a `Counter`.
#[tokio::test]
async fn an_arc_state_provides_what_it_holds() {
    let counter = std::sync::Arc::new(Counter::default());
    let tools = ToolSet::<std::sync::Arc<Counter>>::new(tools![add]).unwrap();
    let result = tools
        .call_json(
            &counter,
            "add",
            json!({"a": 2, "b": 3}),
            Context::detached(),
        )
        .await
        .unwrap();
    assert_eq!(result.structured_content.unwrap()["data"], json!(5));
    assert_eq!(
        counter.runs.load(Ordering::SeqCst),
        1,
        "the shared counter ran"
    );
}
