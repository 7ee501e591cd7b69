//! Layers around every call, run-time descriptions, and testing without a transport.

mod common;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

use rmcp::model::CallToolResult;
use serde_json::json;
use toolshape::layer::{Call, Layer, Next};
use toolshape::{BoxFuture, Context, Server, ToolError, ToolSet, tool, tools};

use common::{call, check_error, connect, versions};

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

/// Records the order in which layers see a call and its result.
struct Record {
    name: &'static str,
    log: Arc<Mutex<Vec<String>>>,
}

impl<S: Send + Sync + 'static> Layer<S> for Record {
    fn call<'a>(&'a self, call: Call<'a, S>, next: Next<'a, S>) -> BoxFuture<'a, CallToolResult> {
        Box::pin(async move {
            let tool = call.name();
            self.log
                .lock()
                .unwrap()
                .push(format!("{} before {tool}", self.name));
            let result = next.run(call).await;
            self.log
                .lock()
                .unwrap()
                .push(format!("{} after {tool}", self.name));
            result
        })
    }
}

/// Answers calls to action tools itself: the tool never runs.
struct ReadOnly;

impl<S: Send + Sync + 'static> Layer<S> for ReadOnly {
    fn call<'a>(&'a self, call: Call<'a, S>, next: Next<'a, S>) -> BoxFuture<'a, CallToolResult> {
        if call.kind() == Some(toolshape::Kind::Action) {
            let message = format!(
                "Error: `{}` is disabled: the server is read-only",
                call.name()
            );
            return Box::pin(std::future::ready(call.error(message)));
        }
        next.run(call)
    }
}

/// Doubles the argument `b`: layers may rewrite arguments.
struct DoubleB;

impl<S: Send + Sync + 'static> Layer<S> for DoubleB {
    fn call<'a>(
        &'a self,
        mut call: Call<'a, S>,
        next: Next<'a, S>,
    ) -> BoxFuture<'a, CallToolResult> {
        if let Some(b) = call.arguments.get("b").and_then(|b| b.as_i64()) {
            call.arguments.insert("b".into(), json!(b * 2));
        }
        next.run(call)
    }
}

#[tokio::test]
async fn layers_run_in_order_and_can_short_circuit() {
    for version in versions() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let tools = ToolSet::new(tools![add, delete_all])
            .unwrap()
            .layer(Record {
                name: "outer",
                log: log.clone(),
            })
            .layer(ReadOnly)
            .layer(Record {
                name: "inner",
                log: log.clone(),
            })
            .layer(DoubleB);
        let server = Server::new(Counter::default(), tools);
        let client = connect(server.clone(), version).await;

        let result = call(&client, "add", json!({"a": 2, "b": 3})).await.unwrap();
        assert_eq!(
            result.structured_content.unwrap()["data"],
            json!(8),
            "b doubled"
        );
        assert_eq!(
            *log.lock().unwrap(),
            [
                "outer before add",
                "inner before add",
                "inner after add",
                "outer after add"
            ]
        );
        assert_eq!(server.state().runs.load(Ordering::SeqCst), 1);

        log.lock().unwrap().clear();
        let refused = call(&client, "delete_all", json!({})).await.unwrap();
        assert_eq!(
            check_error(&refused),
            "Error: `delete_all` is disabled: the server is read-only"
        );
        // the short-circuit stopped the chain: the inner layer and the tool never saw it
        assert_eq!(
            *log.lock().unwrap(),
            ["outer before delete_all", "outer after delete_all"]
        );
        assert_eq!(
            server.state().runs.load(Ordering::SeqCst),
            1,
            "delete_all did not run"
        );
        client.cancel().await.unwrap();
    }
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
