//! Call layers, through rmcp's client: order, short-circuit, argument rewriting, retry, what
//! a layer sees of the tool, a layer's own tool, a layer made of an `async fn`, and the
//! layers a tool's call of another tool passes through.

use toolshape_test_support as common;

use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

use common::{call, check_json_success, connect, versions};
use rmcp::ErrorData;
use rmcp::model::{CallToolResult, ContentBlock as Content};
use serde_json::json;
use toolshape::layer::{self, Call, Layer, Next};
use toolshape::{
    Context, Server, ToolError, ToolSet, tool, tool::BoxFuture, tool::Kind, tool::ToolDef, tools,
};

#[derive(Default)]
struct Shop {
    /// What happened, in order: each layer's entry and exit, and each tool run.
    log: Mutex<Vec<String>>,
    flaky_failures: AtomicU32,
}

impl Shop {
    fn push(&self, line: impl Into<String>) {
        self.log.lock().unwrap().push(line.into());
    }
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut *self.log.lock().unwrap())
    }
}

/// Set a price.
#[tool(format = "json", kind = "action")]
fn set_price(#[state] shop: &Shop, item: String, cents: u64) -> String {
    shop.push(format!("tool set_price {item} {cents}"));
    format!("{item}={cents}")
}

/// Fails twice, then works.
#[tool(format = "json")]
fn flaky(#[state] shop: &Shop) -> Result<u32, ToolError> {
    let failures = shop.flaky_failures.fetch_add(1, Ordering::SeqCst);
    shop.push(format!("tool flaky {failures}"));
    if failures < 2 {
        Err(ToolError::new("busy"))
    } else {
        Ok(failures)
    }
}

/// Logs its name around the rest of the chain, and what it saw of the tool.
struct Trace(&'static str);

impl Layer<Shop> for Trace {
    fn call<'a>(
        &'a self,
        call: Call<'a, Shop>,
        next: Next<'a, Shop>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(async move {
            let shop = call.state();
            let seen = match call.tool() {
                Some(tool) => format!(
                    "{}:{}:{:?}:{:?}:{}",
                    tool.name(),
                    tool.format().as_str(),
                    tool.kind().map(Kind::as_str),
                    tool.params().collect::<Vec<_>>(),
                    serde_json::Value::Object(call.arguments.clone()),
                ),
                None => format!("unknown {}", call.name()),
            };
            shop.push(format!("enter {} {seen}", self.0));
            let result = next.run(call).await;
            shop.push(format!("leave {}", self.0));
            result
        })
    }
}

/// Refuses prices over 10 000 cents without running the tool; doubles `cents` otherwise
/// (an argument rewrite).
struct Guard;

impl Layer<Shop> for Guard {
    fn call<'a>(
        &'a self,
        mut call: Call<'a, Shop>,
        next: Next<'a, Shop>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(async move {
            if call.name() == "set_price" {
                let cents = call.arguments.get("cents").and_then(|c| c.as_u64());
                if cents.is_some_and(|c| c > 10_000) {
                    call.state().push("guard refused");
                    return Ok(CallToolResult::error(vec![Content::text(
                        "Error: `cents` is over the limit of 10000",
                    )]));
                }
                if let Some(cents) = cents {
                    call.arguments.insert("cents".into(), json!(cents * 2));
                }
            }
            next.run(call).await
        })
    }
}

/// Answers pong: the tool of the `Retry` layer.
#[tool(format = "json")]
fn ping(#[state] shop: &Shop) -> String {
    shop.push("tool ping");
    "pong".to_owned()
}

/// Retries a failing call up to three times, and adds a `ping` tool of its own.
struct Retry;

impl Layer<Shop> for Retry {
    fn call<'a>(
        &'a self,
        call: Call<'a, Shop>,
        next: Next<'a, Shop>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(async move {
            let mut result = next.run(call.clone()).await;
            for _ in 0..2 {
                match &result {
                    Ok(r) if r.is_error == Some(true) => result = next.run(call.clone()).await,
                    _ => break,
                }
            }
            result
        })
    }

    fn tools(&self) -> Vec<ToolDef<Shop>> {
        tools![ping].into()
    }
}

fn server() -> Server<Shop> {
    let tools = ToolSet::new(tools![set_price, flaky])
        .unwrap()
        .layer(Trace("outer"))
        .layer(Guard)
        .layer(Retry)
        .layer(Trace("inner"));
    Server::new(Shop::default(), tools)
}

#[tokio::test]
async fn layers_run_in_order_and_see_the_tool() {
    for version in versions() {
        let server = server();
        let state = server.clone();
        let client = connect(server, version).await;
        let listed = client.list_all_tools().await.unwrap();
        let names: Vec<&str> = listed.iter().map(|t| &*t.name).collect();
        assert_eq!(names, ["flaky", "ping", "set_price"]);
        let set_price = listed.iter().find(|t| t.name == "set_price").unwrap();

        let result = call(&client, "set_price", json!({"item": "tea", "cents": 150}))
            .await
            .unwrap();
        assert_eq!(check_json_success(set_price, &result), json!("tea=300"));
        assert_eq!(
            state.state().take(),
            [
                r#"enter outer set_price:json:Some("action"):["item", "cents"]:{"cents":150,"item":"tea"}"#,
                r#"enter inner set_price:json:Some("action"):["item", "cents"]:{"cents":300,"item":"tea"}"#,
                "tool set_price tea 300",
                "leave inner",
                "leave outer",
            ]
        );
        let _ = client.cancel().await;
    }
}

#[tokio::test]
async fn a_layer_short_circuits_retries_and_serves_its_own_tool() {
    let server = server();
    let state = server.clone();
    let client = connect(server, versions()[0].clone()).await;

    let refused = call(
        &client,
        "set_price",
        json!({"item": "gold", "cents": 20_000}),
    )
    .await
    .unwrap();
    assert_eq!(refused.is_error, Some(true));
    assert_eq!(
        common::text_of(&refused),
        "Error: `cents` is over the limit of 10000"
    );
    let log = state.state().take();
    assert_eq!(log.len(), 3, "{log:?}");
    assert!(log[0].starts_with("enter outer set_price"));
    assert_eq!(log[1..], ["guard refused", "leave outer"]);

    let flaky = call(&client, "flaky", json!({})).await.unwrap();
    assert_eq!(flaky.is_error, Some(false), "{flaky:?}");
    assert_eq!(flaky.structured_content.as_ref().unwrap()["data"], json!(2));
    let log = state.state().take();
    let runs: Vec<&String> = log.iter().filter(|l| l.starts_with("tool")).collect();
    assert_eq!(runs, ["tool flaky 0", "tool flaky 1", "tool flaky 2"]);
    // The inner layer sees each attempt; the outer one the call once.
    assert_eq!(
        log.iter().filter(|l| l.starts_with("enter inner")).count(),
        3
    );
    assert_eq!(
        log.iter().filter(|l| l.starts_with("enter outer")).count(),
        1
    );

    // The layer's tool is an ordinary tool: every layer sees its call, then it runs.
    let pong = call(&client, "ping", json!({})).await.unwrap();
    assert_eq!(pong.structured_content.unwrap()["data"], "pong");
    let log = state.state().take();
    assert_eq!(
        log,
        [
            "enter outer ping:json:None:[]:{}",
            "enter inner ping:json:None:[]:{}",
            "tool ping",
            "leave inner",
            "leave outer",
        ]
    );

    let unknown = call(&client, "nope", json!({})).await.unwrap_err();
    assert!(
        unknown.to_string().contains("unknown tool `nope`"),
        "{unknown}"
    );
    // An unknown name is the JSON-RPC error before any layer runs.
    assert!(state.state().take().is_empty());
    let _ = client.cancel().await;
}

/// Logs the calls that pass, as a layer made of an `async fn`.
async fn audit(call: Call<'_, Shop>, next: Next<'_, Shop>) -> Result<CallToolResult, ErrorData> {
    call.state().push(format!("audit {}", call.name()));
    next.run(call).await
}

/// Sets a price twice over, by calling `set_price`.
#[tool(format = "json", kind = "action")]
async fn set_double_price(
    #[context] cx: Context,
    item: String,
    cents: u64,
) -> Result<String, ToolError> {
    let result = cx
        .call_tool("set_price", json!({"item": item, "cents": cents * 2}))
        .await?;
    Ok(result.structured_content.unwrap()["data"].to_string())
}

#[tokio::test]
async fn a_tool_calling_another_goes_through_the_layers_as_a_layer_does() {
    let tools = ToolSet::new(tools![set_price, set_double_price])
        .unwrap()
        .layer(layer::from_fn(audit))
        .layer(Guard);
    let server = Server::new(Shop::default(), tools);
    let state = server.clone();
    let client = connect(server, versions()[0].clone()).await;
    let result = call(
        &client,
        "set_double_price",
        json!({"item": "tea", "cents": 10}),
    )
    .await
    .unwrap();
    assert_eq!(result.is_error, Some(false), "{result:?}");
    // `Context::call_tool` is a call like a client's: `audit` sees it, and `Guard` doubles
    // its `cents` again.
    assert_eq!(
        state.state().take(),
        [
            "audit set_double_price",
            "audit set_price",
            "tool set_price tea 40"
        ]
    );
    let _ = client.cancel().await;
}

/// Prices by item, for undo.
#[derive(Default)]
struct Prices(Mutex<std::collections::BTreeMap<String, u64>>);

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Price {
    item: String,
    cents: u64,
}

/// Read a price.
#[tool(format = "json", kind = "state")]
fn get_price(#[state] prices: &Prices, item: String) -> Price {
    let cents = prices.0.lock().unwrap().get(&item).copied().unwrap_or(0);
    Price { item, cents }
}

/// Set a price.
#[tool(format = "json", kind = "action")]
fn put_price(#[state] prices: &Prices, item: String, cents: u64) -> Price {
    prices.0.lock().unwrap().insert(item.clone(), cents);
    Price { item, cents }
}

/// Set a price, by calling `put_price`.
#[tool(format = "json", kind = "action")]
async fn put_price_again(
    #[context] cx: Context,
    item: String,
    cents: u64,
) -> Result<Price, ToolError> {
    cx.call_tool("put_price", json!({"item": item, "cents": cents}))
        .await?;
    Ok(Price { item, cents })
}

#[tokio::test]
async fn an_action_undo_records_may_call_another_which_is_part_of_it() {
    let tools = ToolSet::new(tools![get_price, put_price, put_price_again]).unwrap();
    let undo = toolshape::undo::Undo::for_tools(&tools).unwrap();
    let server = Server::new(Prices::default(), tools.layer(undo));
    let client = connect(server, versions()[0].clone()).await;
    // The nested `put_price` reaches the undo layer while it holds its lock for
    // `put_price_again`: it passes instead of waiting for the lock forever.
    let set = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        call(
            &client,
            "put_price_again",
            json!({"item": "tea", "cents": 150}),
        ),
    )
    .await
    .expect("the nested call waited for undo's lock")
    .unwrap();
    assert_eq!(set.is_error, Some(false), "{set:?}");
    let history = call(&client, "list_undo_history", json!({})).await.unwrap();
    let history = &history.structured_content.unwrap()["data"];
    assert_eq!(history["total_count"], 1, "{history}");
    assert_eq!(history["entries"][0]["action"], "put_price_again");
    let undone = call(&client, "undo_last_action", json!({})).await.unwrap();
    let undone = &undone.structured_content.unwrap()["data"];
    assert_eq!(
        undone["undone"]["restore_arguments"],
        json!({"item": "tea", "cents": 0})
    );
    assert_eq!(undone["undone"]["state_restored"], true, "{undone}");
    assert_eq!(undone["remaining"], 0);
    let _ = client.cancel().await;
}

/// What an audit layer saw: each call's tool and who made it.
#[derive(Default)]
struct Seen(Mutex<Vec<String>>);

/// An audit layer installed before or after undo: records each call with its origin.
struct Audit(std::sync::Arc<Seen>);

impl<State: Send + Sync + 'static> Layer<State> for Audit {
    fn call<'a>(
        &'a self,
        call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        let origin = match call.origin() {
            layer::Origin::Client => "client".to_owned(),
            layer::Origin::Layer { serving } => format!("layer serving {serving}"),
            layer::Origin::Tool => "tool".to_owned(),
            _ => "other".to_owned(),
        };
        self.0
            .0
            .lock()
            .unwrap()
            .push(format!("{} by {origin}", call.name()));
        next.run(call)
    }
}

#[tokio::test]
async fn an_audit_layer_tells_undo_s_own_calls_from_a_client_s() {
    for audit_first in [true, false] {
        let seen = std::sync::Arc::new(Seen::default());
        let tools = ToolSet::new(tools![get_price, put_price]).unwrap();
        let undo = toolshape::undo::Undo::for_tools(&tools).unwrap();
        let tools = if audit_first {
            tools.layer(Audit(seen.clone())).layer(undo)
        } else {
            tools.layer(undo).layer(Audit(seen.clone()))
        };
        let client = connect(Server::new(Prices::default(), tools), versions()[0].clone()).await;
        let set = call(&client, "put_price", json!({"item": "tea", "cents": 150}))
            .await
            .unwrap();
        assert_eq!(set.is_error, Some(false), "{set:?}");
        let undone = call(&client, "undo_last_action", json!({})).await.unwrap();
        assert_eq!(undone.is_error, Some(false), "{undone:?}");
        let seen = std::mem::take(&mut *seen.0.lock().unwrap());
        if audit_first {
            // before undo: what clients call, and nothing undo calls itself
            assert_eq!(seen, ["put_price by client", "undo_last_action by client"]);
        } else {
            // after undo: also undo's state reads and its restoring call, told apart
            assert_eq!(
                seen,
                [
                    "get_price by layer serving put_price",
                    "put_price by client",
                    "undo_last_action by client",
                    "put_price by layer serving undo_last_action",
                    "get_price by layer serving undo_last_action",
                ]
            );
        }
        let _ = client.cancel().await;
    }
}
