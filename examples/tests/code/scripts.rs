//! Scripts that do real work, through rmcp's client: the listing, what a call answers inside
//! a script, errors a script catches, concurrency, provenance, layers, scopes, undo.

use std::sync::{Arc, Mutex};

use rmcp::model::{CallToolResult, ProtocolVersion};
use serde_json::{Value, json};
use toolshape::Server;
use toolshape::code::CodeMode;
use toolshape::layer::{Call, Layer, Next, Origin};
use toolshape::search::ToolSearch;
use toolshape::serve::Access;
use toolshape::tool::BoxFuture;
use toolshape_examples::ontap::{self, Ontap};
use toolshape_test_support as common;

const FINANCE_01: &str = "c4c4df00-f088-4504-bc9f-074c621e3809";

pub(crate) fn code_server() -> Server<Ontap> {
    ontap::server().with_tool_search(ontap::tool_search().with_code_mode(CodeMode::new()))
}

async fn connect(server: Server<Ontap>) -> common::Client {
    common::connect(server, ProtocolVersion::V_2026_07_28).await
}

async fn execute(client: &common::Client, code: &str) -> CallToolResult {
    common::call(client, "execute", json!({ "code": code }))
        .await
        .expect("execute answers")
}

/// The script's value; fails the test when the script failed.
fn value_of(result: &CallToolResult) -> Value {
    assert_ne!(
        result.is_error,
        Some(true),
        "the script failed: {}",
        common::text_of(result)
    );
    result.structured_content.as_ref().expect("structured")["result"].clone()
}

fn error_of(result: &CallToolResult) -> String {
    assert_eq!(result.is_error, Some(true), "{}", common::text_of(result));
    common::text_of(result)
}

async fn names(client: &common::Client) -> Vec<String> {
    let mut names: Vec<String> = (client.list_all_tools().await.unwrap().into_iter())
        .map(|t| t.name.to_string())
        .collect();
    names.sort();
    names
}

#[tokio::test]
async fn the_listing_with_search_is_the_pins_search_call_tool_and_execute() {
    let client = connect(code_server()).await;
    let mut expected: Vec<String> = ontap::PINNED.iter().map(|s| (*s).to_owned()).collect();
    // the tools with an MCP Apps view stay listed too
    expected.extend(
        [
            "cluster_enable_volume_autosize",
            "cluster_list_svms",
            "cluster_resize_volume",
        ]
        .map(str::to_owned),
    );
    expected.extend(["call_tool", "execute", "search_tools"].map(str::to_owned));
    expected.sort();
    assert_eq!(names(&client).await, expected);
    let tools = client.list_all_tools().await.unwrap();
    let execute = tools.iter().find(|t| t.name == "execute").unwrap();
    let description = execute.description.as_deref().unwrap();
    for says in [
        "search_tools",
        "await",
        "call_tool(",
        "return",
        "10 s",
        "100 tool calls",
    ] {
        assert!(description.contains(says), "{description}");
    }
    assert_eq!(
        execute.input_schema["required"],
        json!(["code"]),
        "{:?}",
        execute.input_schema
    );
}

#[tokio::test]
async fn code_mode_alone_lists_every_tool_call_tool_and_execute() {
    let all = names(&connect(ontap::server()).await).await;
    let client = connect(ontap::server().with_tool_search(CodeMode::new())).await;
    let mut expected = all.clone();
    expected.extend(["call_tool", "execute"].map(str::to_owned));
    expected.sort();
    assert_eq!(names(&client).await, expected);
    // search's own tool is not there: a call of it is one of an unknown tool, a tool error
    // the model reads (as with search on), naming the tools nearest the name
    let unknown = common::call(&client, "search_tools", json!({"query": "volume"}))
        .await
        .unwrap();
    assert_eq!(unknown.is_error, Some(true));
    let text = common::text_of(&unknown);
    assert!(
        text.starts_with("Error: no tool is named `search_tools`."),
        "{text}"
    );
    // and pins keep only the pinned, with the tools that have a view (a host shows views only
    // for the tools it lists) unless `pin_views(false)`
    let pinned = ontap::server()
        .with_tool_search(ToolSearch::from(CodeMode::new()).pin(["get_active_alerts"]));
    assert_eq!(
        names(&connect(pinned).await).await,
        [
            "call_tool",
            "cluster_enable_volume_autosize",
            "cluster_list_svms",
            "cluster_list_volumes",
            "cluster_resize_volume",
            "execute",
            "get_active_alerts",
            "get_volume_configuration",
            "infrastructure_health",
        ]
    );
    let pinned = ontap::server().with_tool_search(
        ToolSearch::from(CodeMode::new())
            .pin(["cluster_list_svms"])
            .pin_views(false),
    );
    assert_eq!(
        names(&connect(pinned).await).await,
        ["call_tool", "cluster_list_svms", "execute"]
    );
}

#[tokio::test]
async fn a_call_answers_the_tools_data_and_a_text_tool_its_text() {
    let client = connect(code_server()).await;
    let direct = common::call(
        &client,
        "get_volume_configuration",
        json!({"volume_uuid": FINANCE_01}),
    )
    .await
    .unwrap();
    let direct_data = direct.structured_content.as_ref().unwrap()["data"].clone();
    let qos_text = common::text_of(
        &common::call(&client, "list_qos_policies", json!({}))
            .await
            .unwrap(),
    );
    let alerts = common::call(&client, "get_active_alerts", json!({}))
        .await
        .unwrap();
    let alerts_data = alerts.structured_content.as_ref().unwrap()["data"].clone();
    let result = execute(
        &client,
        &format!(
            "by_name = await get_volume_configuration(volume_uuid='{FINANCE_01}')\n\
             by_call = await call_tool('get_volume_configuration', {{'volume_uuid': '{FINANCE_01}'}})\n\
             text = await list_qos_policies()\n\
             alerts = await get_active_alerts()\n\
             return {{'by_name': by_name, 'same': by_name == by_call, 'text': text, 'alerts': alerts}}"
        ),
    )
    .await;
    let value = value_of(&result);
    assert_eq!(value["by_name"], direct_data, "a json tool: its data");
    assert_eq!(value["same"], true, "by name and through call_tool");
    assert_eq!(value["text"], qos_text, "a text tool: its text");
    assert_eq!(value["alerts"], alerts_data, "a hybrid tool: its data");
}

#[tokio::test]
async fn a_tool_error_is_an_exception_with_the_direct_calls_message() {
    let client = connect(code_server()).await;
    let arguments = json!({"volume_uuid": FINANCE_01, "size": "big"});
    let direct = common::call(&client, "cluster_resize_volume", arguments.clone())
        .await
        .unwrap();
    let message = error_of(&direct);
    assert!(message.contains("size"), "{message}");
    let result = execute(
        &client,
        &format!(
            "try:\n    await cluster_resize_volume(volume_uuid='{FINANCE_01}', size='big')\n\
             except RuntimeError as e:\n    return str(e)"
        ),
    )
    .await;
    assert_eq!(value_of(&result), json!(message));
    // uncaught, it names the line and carries the message
    let result = execute(
        &client,
        &format!("x = 1\nawait cluster_resize_volume(volume_uuid='{FINANCE_01}', size='big')"),
    )
    .await;
    let error = error_of(&result);
    assert!(error.starts_with("Error: line 2"), "{error}");
    assert!(error.contains(&message), "{error}");
}

#[tokio::test]
async fn a_list_of_records_is_answered_in_the_compact_layout() {
    let client = connect(code_server()).await;
    let result = execute(
        &client,
        "data = await cluster_list_volumes(svm_name='svm_finance')\n\
         return [{'name': v['name'], 'used_percent': v['used_percent']} for v in data['volumes']]",
    )
    .await;
    let value = value_of(&result);
    assert_eq!(value.as_array().unwrap().len(), 3, "{value}");
    let text = common::text_of(&result);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "name,used_percent", "{text}");
    assert_eq!(lines.len(), 4, "{text}");
    assert!(lines.contains(&"vol_finance_01,97"), "{text}");
    assert!(!text.contains('{'), "not JSON: {text}");
}

#[tokio::test]
async fn the_provenance_lists_each_call_with_its_version_and_hash() {
    let client = connect(code_server()).await;
    let direct = common::call(&client, "cluster_list_svms", json!({}))
        .await
        .unwrap();
    let hash = direct.structured_content.as_ref().unwrap()["metadata"]["data_hash"].clone();
    let result = execute(
        &client,
        "svms = await cluster_list_svms()\n\
         try:\n    await get_volume_configuration(volume_uuid='nope')\nexcept RuntimeError:\n    pass\n\
         return len(svms['svms'])",
    )
    .await;
    let value = value_of(&result);
    let provenance = &result.meta.as_ref().unwrap().0["dev.toolshape/provenance"];
    assert_eq!(provenance["tool"], "execute");
    assert_eq!(
        provenance["data_hash"],
        json!(common::recomputed_hash(&value)),
        "the hash of the returned value"
    );
    let calls = provenance["calls"].as_array().unwrap();
    assert_eq!(calls.len(), 2, "{provenance}");
    assert_eq!(calls[0]["tool"], "cluster_list_svms");
    assert_eq!(
        calls[0]["tool_version"],
        direct.structured_content.as_ref().unwrap()["metadata"]["tool_version"]
    );
    assert_eq!(
        calls[0]["data_hash"], hash,
        "the same data as a direct call"
    );
    assert_eq!(calls[1]["tool"], "get_volume_configuration");
    assert_eq!(calls[1]["is_error"], true);
}

/// Records each call's origin, and the most calls in flight at once.
#[derive(Default, Clone)]
struct Recorder {
    seen: Arc<Mutex<Vec<(String, String)>>>,
    in_flight: Arc<Mutex<(usize, usize)>>,
}

impl Layer<Ontap> for Recorder {
    fn call<'a>(
        &'a self,
        call: Call<'a, Ontap>,
        next: Next<'a, Ontap>,
    ) -> BoxFuture<'a, Result<rmcp::model::CallToolResult, rmcp::ErrorData>> {
        let origin = match call.origin() {
            Origin::Client => "client".to_owned(),
            Origin::Script { run } => format!("script {run}"),
            other => format!("{other:?}"),
        };
        self.seen
            .lock()
            .unwrap()
            .push((call.name().to_owned(), origin));
        Box::pin(async move {
            {
                let mut counts = self.in_flight.lock().unwrap();
                counts.0 += 1;
                counts.1 = counts.1.max(counts.0);
            }
            // long enough for calls started together to overlap
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            let result = next.run(call).await;
            self.in_flight.lock().unwrap().0 -= 1;
            result
        })
    }
}

#[tokio::test]
async fn a_layer_tells_a_scripts_calls_and_gather_runs_them_together() {
    let recorder = Recorder::default();
    let tools = ontap::toolset().layer(recorder.clone());
    let server = Server::new(Ontap::default(), tools).with_tool_search(CodeMode::new());
    let client = connect(server).await;
    common::call(&client, "cluster_list_svms", json!({}))
        .await
        .unwrap();
    let result = execute(
        &client,
        "import asyncio\n\
         a, b, c = await asyncio.gather(cluster_list_svms(), list_qos_policies(), call_tool('list_nodes', {}))\n\
         return [len(a['svms']), len(b) > 0, len(c) > 0]",
    )
    .await;
    assert_eq!(value_of(&result), json!([4, true, true]));
    let seen = recorder.seen.lock().unwrap().clone();
    assert_eq!(
        seen[0],
        ("cluster_list_svms".to_owned(), "client".to_owned())
    );
    let script: Vec<&(String, String)> = seen[1..].iter().collect();
    assert_eq!(script.len(), 3, "{seen:?}");
    assert!(
        script
            .iter()
            .all(|(_, origin)| origin.starts_with("script ")),
        "{seen:?}"
    );
    assert!(
        script.iter().all(|(_, origin)| *origin == script[0].1),
        "one run: {seen:?}"
    );
    assert_eq!(
        recorder.in_flight.lock().unwrap().1,
        3,
        "the three calls ran at once"
    );
}

#[tokio::test]
async fn a_script_calls_only_what_its_caller_may() {
    let access = Access::new()
        .with_filter(|tool, _caller, _capabilities| tool.name() != "cluster_resize_volume");
    let server = code_server().with_access(access);
    let client = connect(server).await;
    let error = error_of(
        &execute(
            &client,
            &format!("await cluster_resize_volume(volume_uuid='{FINANCE_01}', size=1)"),
        )
        .await,
    );
    assert!(error.contains("NameError"), "{error}");
    let error = error_of(&execute(&client, &format!("await call_tool('cluster_resize_volume', {{'volume_uuid': '{FINANCE_01}', 'size': 1}})")).await);
    assert!(
        error.contains("no tool is named `cluster_resize_volume`"),
        "{error}"
    );
}

async fn configuration(client: &common::Client, uuid: &str) -> Value {
    let result = common::call(
        client,
        "get_volume_configuration",
        json!({"volume_uuid": uuid}),
    )
    .await
    .unwrap();
    result.structured_content.unwrap()["data"].clone()
}

#[tokio::test]
async fn undo_after_a_script_undoes_its_actions_as_one_step() {
    let client = connect(code_server()).await;
    let volumes = common::call(&client, "cluster_list_volumes", json!({"state": "online"}))
        .await
        .unwrap();
    let volumes = volumes.structured_content.unwrap()["data"]["volumes"].clone();
    let full: Vec<String> = (volumes.as_array().unwrap().iter())
        .filter(|v| v["used_percent"].as_u64().unwrap() > 85)
        .map(|v| v["uuid"].as_str().unwrap().to_owned())
        .collect();
    assert!(full.len() >= 2, "{volumes}");
    let mut before = Vec::new();
    for uuid in &full {
        before.push(configuration(&client, uuid).await);
    }
    // an action of a client's first: it stays after the undo
    let comment = common::call(
        &client,
        "set_volume_comment",
        json!({"volume_uuid": FINANCE_01, "comment": "kept"}),
    )
    .await
    .unwrap();
    assert_ne!(comment.is_error, Some(true));
    let result = execute(
        &client,
        "data = await cluster_list_volumes(state='online')\n\
         changed = []\n\
         for v in data['volumes']:\n\
         \x20   if v['used_percent'] > 85:\n\
         \x20       await cluster_resize_volume(volume_uuid=v['uuid'], size=v['size'] + 2 ** 30)\n\
         \x20       changed.append(v['name'])\n\
         return changed",
    )
    .await;
    assert_eq!(value_of(&result).as_array().unwrap().len(), full.len());
    for (uuid, before) in full.iter().zip(&before) {
        assert_ne!(&configuration(&client, uuid).await["size"], &before["size"]);
    }
    let undo = common::call(&client, "undo_last_action", json!({}))
        .await
        .unwrap();
    let outcome = undo.structured_content.unwrap()["data"].clone();
    assert_eq!(
        outcome["undone"]["action"], "cluster_resize_volume",
        "{outcome}"
    );
    let also = outcome["also_undone"].as_array().unwrap();
    assert_eq!(also.len(), full.len() - 1, "{outcome}");
    // newest first
    let ids: Vec<u64> = std::iter::once(&outcome["undone"])
        .chain(also)
        .map(|u| u["id"].as_u64().unwrap())
        .collect();
    assert!(ids.windows(2).all(|w| w[0] > w[1]), "{ids:?}");
    assert!(
        std::iter::once(&outcome["undone"])
            .chain(also)
            .all(|u| u["state_restored"] == true)
    );
    for (uuid, before) in full.iter().zip(&before) {
        let now = configuration(&client, uuid).await;
        if uuid != FINANCE_01 {
            assert_eq!(&now, before);
        } else {
            assert_eq!(now["size"], before["size"]);
        }
    }
    // the client's own action is the next step
    assert_eq!(outcome["remaining"], 1, "{outcome}");
    let undo = common::call(&client, "undo_last_action", json!({}))
        .await
        .unwrap();
    let outcome = undo.structured_content.unwrap()["data"].clone();
    assert_eq!(
        outcome["undone"]["action"], "set_volume_comment",
        "{outcome}"
    );
    assert!(outcome.get("also_undone").is_none(), "{outcome}");
}

#[tokio::test]
async fn a_script_prints_and_its_output_follows_the_result() {
    let client = connect(code_server()).await;
    let result = execute(&client, "print('checked', 3)\nreturn 'done'").await;
    assert_eq!(value_of(&result), json!("done"));
    assert_eq!(common::text_of(&result), "done\n\nprinted:\nchecked 3");
}

#[tokio::test]
async fn a_search_in_code_mode_shows_each_tool_as_the_function_a_script_calls() {
    let client = connect(code_server()).await;
    let found = common::call(
        &client,
        "search_tools",
        json!({"query": "volume space", "limit": 1}),
    )
    .await
    .unwrap();
    let text = common::text_of(&found);
    assert!(
        text.starts_with("get_volume_space(volume_uuid: str) -> {"),
        "{text}"
    );
    assert!(text.contains("used: int"), "the data's shape: {text}");
    assert!(text.contains("await name(key=value"), "{text}");
    // without code mode, the answer is search's own
    let plain = connect(ontap::server().with_tool_search(ontap::tool_search())).await;
    let found = common::call(
        &plain,
        "search_tools",
        json!({"query": "volume space", "limit": 1}),
    )
    .await
    .unwrap();
    assert!(common::text_of(&found).starts_with("get_volume_space: "));
}

/// `ontap --code-mode` takes its place among the switches: an unknown argument is still an
/// error, with the usage.
#[tokio::test]
async fn a_malformed_code_mode_command_line_exits_2() {
    for (args, error) in [
        (
            &["--code-mode", "--bogus"][..],
            "unexpected argument `--bogus`",
        ),
        (
            &["--code-mode", "--code-mode"][..],
            "`--code-mode` is given twice",
        ),
    ] {
        let output = tokio::process::Command::new(crate::wire::ONTAP)
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .await
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(error), "{args:?}: {stderr}");
        assert!(stderr.contains("[--search] [--code-mode]"), "{stderr}");
    }
}

/// Makes every call of `cluster_list_svms` take three seconds.
struct Slow;

impl Layer<Ontap> for Slow {
    fn call<'a>(
        &'a self,
        call: Call<'a, Ontap>,
        next: Next<'a, Ontap>,
    ) -> BoxFuture<'a, Result<rmcp::model::CallToolResult, rmcp::ErrorData>> {
        Box::pin(async move {
            if call.name() == "cluster_list_svms" {
                tokio::time::sleep(std::time::Duration::from_secs(3)).await;
            }
            next.run(call).await
        })
    }
}

#[tokio::test]
async fn the_wall_time_cuts_off_a_call_and_the_provenance_says_so() {
    let tools = ontap::toolset().layer(Slow);
    let code = CodeMode::new().wall_time(std::time::Duration::from_secs(1));
    let server = Server::new(Ontap::default(), tools).with_tool_search(code);
    let client = connect(server).await;
    let started = std::time::Instant::now();
    let result = execute(
        &client,
        "a = await list_qos_policies()\nb = await cluster_list_svms()\nreturn 1",
    )
    .await;
    let took = started.elapsed();
    let error = error_of(&result);
    assert!(error.contains("wall-time limit of 1 s"), "{error}");
    assert!(took < std::time::Duration::from_millis(2500), "{took:?}");
    let calls = &result.meta.as_ref().unwrap().0["dev.toolshape/provenance"]["calls"];
    assert_eq!(calls[0]["tool"], "list_qos_policies");
    assert!(calls[0].get("cut_off").is_none(), "{calls}");
    assert_eq!(calls[1]["tool"], "cluster_list_svms");
    assert_eq!(calls[1]["cut_off"], true, "{calls}");
    // the execute description says the server's own limits
    let tools = client.list_all_tools().await.unwrap();
    let execute = tools.iter().find(|t| t.name == "execute").unwrap();
    assert!(
        execute
            .description
            .as_deref()
            .unwrap()
            .contains("Limits: 1 s"),
        "{:?}",
        execute.description
    );
}
