//! Tool search and MCP Apps views: what a host can read of a view for a tool that search
//! keeps out of `tools/list`. By default a tool with a view stays listed with its
//! `_meta.ui.resourceUri` (a host renders views only for tools it lists); with
//! `ToolSearch::pin_views(false)` it is found by search (its entry in `search_tools`' answer
//! names the view) and a call through `call_tool` carries the view's URI in the result's
//! `_meta.ui.resourceUri`, which a direct call's result does not.

use rmcp::model::{CallToolRequestParams, CallToolResult, Tool};
use serde_json::{Value, json};
use toolshape::search::ToolSearch;
use toolshape::{Server, ToolSet, testing, tool, tools};

const BUILTIN: &str = "ui://toolshape/result-view";

/// List the disks of a storage array with their free space.
#[tool(format = "json", kind = "read", app)]
fn list_disks() -> Vec<String> {
    vec!["disk-a".into(), "disk-b".into()]
}

/// Chart the storage array's throughput over the last hour.
#[tool(format = "json", kind = "read", app = "ui://storage/throughput")]
fn chart_throughput() -> Vec<u64> {
    vec![10, 20, 30]
}

/// Count the storage array's open alerts.
#[tool(format = "json", kind = "read")]
fn count_alerts() -> u64 {
    3
}

/// Add two numbers.
#[tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn server(search: ToolSearch) -> Server<()> {
    let tools = ToolSet::new(tools![list_disks, chart_throughput, count_alerts, add])
        .unwrap()
        .app_view("ui://storage/throughput", "<!doctype html><p id=chart></p>");
    Server::new((), tools).with_tool_search(search)
}

fn view_of_tool(tool: &Tool) -> Option<&str> {
    tool.meta.as_ref()?.get("ui")?.get("resourceUri")?.as_str()
}

fn view_of_result(result: &CallToolResult) -> Option<&str> {
    result
        .meta
        .as_ref()?
        .get("ui")?
        .get("resourceUri")?
        .as_str()
}

fn request(name: &str, arguments: Value) -> CallToolRequestParams {
    CallToolRequestParams::new(name.to_owned())
        .with_arguments(arguments.as_object().expect("an object").clone())
}

fn through(name: &str) -> CallToolRequestParams {
    request("call_tool", json!({"name": name, "arguments": {}}))
}

#[tokio::test]
async fn the_tools_with_a_view_stay_listed_with_their_view() {
    let client = testing::connect(server(ToolSearch::new().pin(["add"])))
        .await
        .unwrap();
    let tools = client.list_all_tools().await.unwrap();
    let listed: Vec<(&str, Option<&str>)> = (tools.iter())
        .map(|tool| (&*tool.name, view_of_tool(tool)))
        .collect();
    assert_eq!(
        listed,
        [
            ("add", None),
            ("chart_throughput", Some("ui://storage/throughput")),
            ("list_disks", Some(BUILTIN)),
            ("search_tools", None),
            ("call_tool", None),
        ]
    );
    // called by its listed name, as a model with the listing calls it: the result is the
    // tool's own, without a `_meta.ui` (the host has the view from the listing)
    let direct = client
        .call_tool(request("list_disks", json!({})))
        .await
        .unwrap();
    assert_eq!(direct.is_error, Some(false), "{direct:?}");
    assert_eq!(view_of_result(&direct), None);
    let _ = client.cancel().await;
}

#[tokio::test]
async fn with_views_unpinned_search_and_call_tool_name_the_view() {
    let client = testing::connect(server(ToolSearch::new().pin(["add"]).pin_views(false)))
        .await
        .unwrap();
    let listed: Vec<String> = (client.list_all_tools().await.unwrap().into_iter())
        .map(|tool| tool.name.into_owned())
        .collect();
    assert_eq!(listed, ["add", "search_tools", "call_tool"]);

    // the search answer's entries are the tools' listing entries, view included
    let found = (client.call_tool(request("search_tools", json!({"query": "storage disks"}))))
        .await
        .unwrap();
    let entries = found.structured_content.as_ref().unwrap()["tools"]
        .as_array()
        .unwrap()
        .clone();
    let disks = (entries.iter())
        .find(|entry| entry["name"] == "list_disks")
        .unwrap_or_else(|| panic!("list_disks found: {entries:?}"));
    assert_eq!(disks["_meta"]["ui"]["resourceUri"], BUILTIN);

    // through `call_tool`: the result names the view of the tool it called
    for (name, view) in [
        ("list_disks", BUILTIN),
        ("chart_throughput", "ui://storage/throughput"),
    ] {
        let result = client.call_tool(through(name)).await.unwrap();
        assert_eq!(result.is_error, Some(false), "{result:?}");
        assert_eq!(view_of_result(&result), Some(view), "{name}: {result:?}");
        // the rest of the answer is the direct call's
        let direct = client.call_tool(request(name, json!({}))).await.unwrap();
        assert_eq!(view_of_result(&direct), None, "{name}");
        let data =
            |result: &CallToolResult| result.structured_content.as_ref().unwrap()["data"].clone();
        assert_eq!(data(&result), data(&direct), "{name}");
    }

    // a tool without a view and an unknown tool carry no view
    let plain = client.call_tool(through("count_alerts")).await.unwrap();
    assert_eq!(view_of_result(&plain), None, "{plain:?}");
    let unknown = client.call_tool(through("list_disk_space")).await.unwrap();
    assert_eq!(unknown.is_error, Some(true));
    assert_eq!(view_of_result(&unknown), None, "{unknown:?}");
    let bad = (client.call_tool(request(
        "call_tool",
        json!({"name": "list_disks", "arguments": {"extra": 1}}),
    )))
    .await
    .unwrap();
    // the tool's own refusal of an argument it does not take names the view, as the host
    // shows a direct call's refusal in the view (the built-in view shows errors)
    assert_eq!(bad.is_error, Some(true), "{bad:?}");
    assert_eq!(view_of_result(&bad), Some(BUILTIN), "{bad:?}");
    let _ = client.cancel().await;
}
