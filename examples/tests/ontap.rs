//! End to end: the `ontap` example (volume tools on a simulated storage cluster) driven by
//! rmcp's own client over both supported protocol versions, including undo: an action, the
//! state changed, undo, and the state equal to what it was, for each action.

use toolshape_test_support as common;

use common::{call, check_error, check_hybrid_success, check_json_success, versions};
use rmcp::model::{ProtocolVersion, Tool};
use serde_json::{Value, json};
use toolshape::undo::{Undo, restore_arguments};
use toolshape::{Server, ToolError, ToolSet, tool, tools};
use toolshape_examples::ontap::{self, Ontap};

const FINANCE_01: &str = "c4c4df00-f088-4504-bc9f-074c621e3809";
const ENG_SCRATCH: &str = "850e030d-58fd-4229-a327-2f582f8ac4c0";
const GIB: u64 = 1 << 30;

/// `common::connect`, for the ontap server.
async fn connect(version: ProtocolVersion) -> common::Client {
    connect_to(ontap::server(), version).await
}

async fn connect_to(server: Server<Ontap>, version: ProtocolVersion) -> common::Client {
    common::connect(server, version).await
}

/// The ontap tools and `set`'s, with undo.
fn with_undo(set: ToolSet<Ontap>) -> Server<Ontap> {
    let undo = Undo::for_tools(&set).unwrap();
    Server::new(Ontap::default(), set.layer(undo))
}

async fn tools(client: &common::Client) -> Vec<Tool> {
    client.list_all_tools().await.unwrap()
}

async fn tool(client: &common::Client, name: &str) -> Tool {
    tools(client)
        .await
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("{name} is listed"))
}

/// Calls a json tool and checks its result; returns `data`.
async fn json_ok(client: &common::Client, name: &str, arguments: Value) -> Value {
    let result = call(client, name, arguments).await.unwrap();
    let tool = tool(client, name).await;
    if tool.input_schema["properties"]
        .get("response_format")
        .is_some()
    {
        // A list tool with `detail`: its text is for the model, its data for programs.
        return common::check_detail_success(&tool, &result).0;
    }
    check_json_success(&tool, &result)
}

/// Calls a tool that must fail; returns the error text.
async fn error(client: &common::Client, name: &str, arguments: Value) -> String {
    check_error(&call(client, name, arguments).await.unwrap())
}

async fn configuration(client: &common::Client, uuid: &str) -> Value {
    json_ok(
        client,
        "get_volume_configuration",
        json!({ "volume_uuid": uuid }),
    )
    .await
}

#[tokio::test]
async fn lists_every_tool_with_its_kind() {
    for version in versions() {
        let client = connect(version).await;
        let listed = tools(&client).await;
        let names: Vec<&str> = listed.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(
            names,
            [
                "cluster_enable_volume_autosize",
                "cluster_list_svms",
                "cluster_list_volumes",
                "cluster_resize_volume",
                "get_active_alerts",
                "get_volume_configuration",
                "infrastructure_health",
                "list_undo_history",
                "undo_last_action",
            ]
        );
        for tool in &listed {
            let annotations = tool.annotations.as_ref().expect("annotations from kind");
            let action = tool.name.starts_with("cluster_enable")
                || tool.name.starts_with("cluster_resize")
                || tool.name == "undo_last_action";
            assert_eq!(annotations.read_only_hint, Some(!action), "{}", tool.name);
            assert_eq!(annotations.destructive_hint, Some(action), "{}", tool.name);
            assert!(tool.output_schema.is_some(), "{}", tool.name);
            assert!(tool.description.as_deref().is_some_and(|d| !d.is_empty()));
        }
        client.cancel().await.unwrap();
    }
}

/// The undo rule: every parameter of every action is a field of the state tool's output, of
/// the same name, exactly once. That is all undo needs.
#[tokio::test]
async fn state_field_names_are_the_action_parameter_names() {
    let client = connect(versions()[0].clone()).await;
    let state = configuration(&client, FINANCE_01).await;
    for name in ["cluster_enable_volume_autosize", "cluster_resize_volume"] {
        let action = tool(&client, name).await;
        let restored = restore_arguments(&action.input_schema, &state).unwrap();
        let parameters: Vec<&String> = action.input_schema["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        assert_eq!(
            restored.keys().collect::<Vec<_>>(),
            parameters,
            "{name}: every parameter found in the state"
        );
    }
    assert_eq!(state["autosize"]["mode"], "off");
    assert_eq!(state["autosize"]["maximum_size"], 190_000_000);
    assert_eq!(state["volume_uuid"], FINANCE_01);
}

#[tokio::test]
async fn read_tools_answer_with_the_cluster() {
    for version in versions() {
        let client = connect(version).await;
        let all = json_ok(&client, "cluster_list_volumes", json!({})).await;
        assert_eq!(all["total_count"], 10);
        assert_eq!(all["volumes"].as_array().unwrap().len(), 10);
        let finance = json_ok(
            &client,
            "cluster_list_volumes",
            json!({ "svm_name": "svm_finance" }),
        )
        .await;
        let names: Vec<&str> = finance["volumes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["vol_finance_01", "vol_finance_02", "vol_finance_logs"]
        );
        let offline = json_ok(
            &client,
            "cluster_list_volumes",
            json!({ "state": "offline" }),
        )
        .await;
        assert_eq!(offline["volumes"][0]["uuid"], ENG_SCRATCH);
        let none = json_ok(
            &client,
            "cluster_list_volumes",
            json!({ "svm_name": "svm_dr", "state": "online" }),
        )
        .await;
        assert_eq!(none["total_count"], 0);

        let svms = json_ok(&client, "cluster_list_svms", json!({})).await;
        assert_eq!(svms["total_count"], 4);
        assert_eq!(svms["svms"][0]["name"], "svm_dr");
        assert_eq!(svms["svms"][0]["state"], "stopped");

        let config = configuration(&client, FINANCE_01).await;
        assert_eq!(config["name"], "vol_finance_01");
        assert_eq!(config["size"], 100 * GIB);
        assert_eq!(config["svm_name"], "svm_finance");

        let result = call(&client, "get_active_alerts", json!({})).await.unwrap();
        let alerts = check_hybrid_success(&tool(&client, "get_active_alerts").await, &result);
        assert_eq!(
            alerts["narrative"],
            "5 active alerts on cluster1: 1 critical, 3 warning, 1 info."
        );
        assert_eq!(alerts["data"][0]["name"], "VolumeNearlyFull");
        let result = call(&client, "get_active_alerts", json!({ "severity": "info" }))
            .await
            .unwrap();
        let info = check_hybrid_success(&tool(&client, "get_active_alerts").await, &result);
        assert_eq!(info["data"].as_array().unwrap().len(), 1);

        let result = call(&client, "infrastructure_health", json!({}))
            .await
            .unwrap();
        let health = check_hybrid_success(&tool(&client, "infrastructure_health").await, &result);
        assert_eq!(health["data"]["status"], "critical");
        assert_eq!(health["data"]["alerts"]["critical"], 1);
        assert_eq!(health["data"]["volumes"]["online"], 7);
        assert!(
            health["narrative"]
                .as_str()
                .unwrap()
                .starts_with("cluster1 is critical: 1 critical and 3 warning alerts.")
        );
        client.cancel().await.unwrap();
    }
}

/// Action, state changed, undo, state equal to before, for one action.
async fn round_trip(client: &common::Client, action: &str, arguments: Value) {
    let before = configuration(client, FINANCE_01).await;
    json_ok(client, action, arguments.clone()).await;
    let changed = configuration(client, FINANCE_01).await;
    assert_ne!(changed, before, "{action} changed the state");

    let history = json_ok(client, "list_undo_history", json!({})).await;
    assert_eq!(history["total_count"], 1);
    let entry = &history["entries"][0];
    assert_eq!(entry["action"], action);
    assert_eq!(entry["arguments"], arguments);
    assert_eq!(entry["state_tool"], "get_volume_configuration");
    assert_eq!(
        entry["state_arguments"],
        json!({ "volume_uuid": FINANCE_01 })
    );
    assert_eq!(
        entry["before"], before,
        "the state captured before the action"
    );

    let undo = json_ok(client, "undo_last_action", json!({})).await;
    assert_eq!(undo["remaining"], 0);
    assert_eq!(undo["undone"]["action"], action);
    assert_eq!(undo["undone"]["state_restored"], true);
    let restore = undo["undone"]["restore_arguments"].as_object().unwrap();
    for (name, value) in restore {
        let found = before.get(name).or_else(|| before["autosize"].get(name));
        assert_eq!(found, Some(value), "{name} picked from the captured state");
    }
    assert_eq!(
        configuration(client, FINANCE_01).await,
        before,
        "{action} undone"
    );
    let history = json_ok(client, "list_undo_history", json!({})).await;
    assert_eq!(history["total_count"], 0);
}

#[tokio::test]
async fn undo_restores_autosize() {
    for version in versions() {
        let client = connect(version).await;
        round_trip(
            &client,
            "cluster_enable_volume_autosize",
            json!({
                "volume_uuid": FINANCE_01,
                "mode": "grow",
                "maximum_size": 200 * GIB,
                "grow_threshold_percent": 90
            }),
        )
        .await;
        client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn undo_restores_size() {
    for version in versions() {
        let client = connect(version).await;
        round_trip(
            &client,
            "cluster_resize_volume",
            json!({ "volume_uuid": FINANCE_01, "size": 200 * GIB }),
        )
        .await;
        client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn undo_goes_back_one_action_at_a_time() {
    let client = connect(versions()[0].clone()).await;
    let original = configuration(&client, FINANCE_01).await;
    json_ok(
        &client,
        "cluster_resize_volume",
        json!({ "volume_uuid": FINANCE_01, "size": 150 * GIB }),
    )
    .await;
    let resized = configuration(&client, FINANCE_01).await;
    json_ok(
        &client,
        "cluster_enable_volume_autosize",
        json!({ "volume_uuid": FINANCE_01, "mode": "grow_shrink", "maximum_size": 300 * GIB,
                "minimum_size": 150 * GIB, "grow_threshold_percent": 92, "shrink_threshold_percent": 40 }),
    )
    .await;
    // The nearly-full alert is gone once the volume is 150 GiB.
    let result = call(&client, "get_active_alerts", json!({})).await.unwrap();
    let alerts = check_hybrid_success(&tool(&client, "get_active_alerts").await, &result);
    assert_eq!(
        alerts["narrative"],
        "4 active alerts on cluster1: 0 critical, 3 warning, 1 info."
    );

    let history = json_ok(&client, "list_undo_history", json!({})).await;
    assert_eq!(history["total_count"], 2);
    assert_eq!(
        history["entries"][0]["action"],
        "cluster_enable_volume_autosize"
    );
    assert_eq!(history["entries"][1]["action"], "cluster_resize_volume");

    let undo = json_ok(&client, "undo_last_action", json!({})).await;
    assert_eq!(undo["remaining"], 1);
    assert_eq!(configuration(&client, FINANCE_01).await, resized);
    let undo = json_ok(&client, "undo_last_action", json!({})).await;
    assert_eq!(undo["remaining"], 0);
    assert_eq!(configuration(&client, FINANCE_01).await, original);
    let undo = json_ok(&client, "undo_last_action", json!({})).await;
    assert_eq!(undo, json!({ "undone": null, "remaining": 0 }));
}

#[tokio::test]
async fn bad_arguments_are_errors_and_not_journaled() {
    for version in versions() {
        let client = connect(version).await;
        let cases: Vec<(&str, Value, &str)> = vec![
            (
                "cluster_list_volumes",
                json!({ "svm_name": "svm_nope" }),
                "SVM svm_nope not found",
            ),
            (
                "cluster_list_volumes",
                json!({ "state": "melted" }),
                "state",
            ),
            ("cluster_list_svms", json!({ "verbose": true }), "verbose"),
            ("get_volume_configuration", json!({}), "volume_uuid"),
            (
                "get_volume_configuration",
                json!({ "volume_uuid": "nope" }),
                "volume nope not found",
            ),
            (
                "cluster_enable_volume_autosize",
                json!({ "volume_uuid": FINANCE_01, "mode": "sideways" }),
                "mode",
            ),
            (
                "cluster_enable_volume_autosize",
                json!({ "volume_uuid": FINANCE_01, "mode": "grow" }),
                "needs maximum_size",
            ),
            (
                "cluster_enable_volume_autosize",
                json!({ "volume_uuid": FINANCE_01, "mode": "grow", "maximum_size": 190_000_000 }),
                "below the volume's size",
            ),
            (
                "cluster_enable_volume_autosize",
                json!({ "volume_uuid": FINANCE_01, "mode": "off", "grow_threshold_percent": 50, "shrink_threshold_percent": 60 }),
                "must be below",
            ),
            (
                "cluster_enable_volume_autosize",
                json!({ "volume_uuid": FINANCE_01, "mode": "grow", "maximum_size": -1 }),
                "maximum_size",
            ),
            (
                "cluster_resize_volume",
                json!({ "volume_uuid": FINANCE_01, "size": GIB }),
                "below the",
            ),
            (
                "cluster_resize_volume",
                json!({ "volume_uuid": FINANCE_01, "size": 100 * 1024 * GIB }),
                "does not fit",
            ),
            (
                "cluster_resize_volume",
                json!({ "volume_uuid": ENG_SCRATCH, "size": 400 * GIB }),
                "only online volumes",
            ),
            (
                "cluster_resize_volume",
                json!({ "volume_uuid": FINANCE_01, "size": "200GB" }),
                "size",
            ),
            (
                "get_active_alerts",
                json!({ "severity": "fatal" }),
                "severity",
            ),
            (
                "infrastructure_health",
                json!({ "cluster": "x" }),
                "cluster",
            ),
            ("undo_last_action", json!({ "steps": 2 }), "steps"),
            ("list_undo_history", json!({ "limit": 2 }), "limit"),
        ];
        for (name, arguments, expected) in cases {
            let text = error(&client, name, arguments.clone()).await;
            assert!(text.contains(expected), "{name} {arguments}: {text}");
        }
        let history = json_ok(&client, "list_undo_history", json!({})).await;
        assert_eq!(
            history["total_count"], 0,
            "failed actions are not journaled"
        );
        assert!(
            call(&client, "no_such_tool", json!({})).await.is_err(),
            "an unknown tool is a JSON-RPC error"
        );
        client.cancel().await.unwrap();
    }
}

#[test]
fn restore_arguments_refuses_missing_and_ambiguous_fields() {
    let schema = json!({
        "type": "object",
        "properties": { "volume_uuid": {}, "size": {}, "comment": {} },
        "required": ["volume_uuid", "size"]
    });
    let schema = schema.as_object().unwrap();
    let ok = restore_arguments(
        schema,
        &json!({ "volume_uuid": "u", "size": 3, "x": { "y": 1 } }),
    );
    assert_eq!(
        ok.unwrap(),
        *json!({ "volume_uuid": "u", "size": 3 })
            .as_object()
            .unwrap()
    );
    let missing = restore_arguments(schema, &json!({ "volume_uuid": "u" })).unwrap_err();
    assert!(missing.contains("no field `size`"), "{missing}");
    let twice = restore_arguments(
        schema,
        &json!({ "volume_uuid": "u", "size": 3, "snapshot": { "size": 4 } }),
    )
    .unwrap_err();
    assert!(twice.contains("size, snapshot.size"), "{twice}");
}

/// An action written here, outside the example, with no undo code: it is journaled and
/// undone because its parameters (`volume_uuid`, `comment`) are fields of
/// `get_volume_configuration`.
#[tool(format = "json", kind = "action")]
fn cluster_set_volume_comment(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// The new comment; `null` clears it.
    comment: Option<String>,
) -> Result<Option<String>, ToolError> {
    let mut cluster = ontap.cluster();
    let index = ontap::volume_index(&cluster, &volume_uuid)?;
    let volume = &mut cluster.volumes[index];
    volume.comment = comment;
    Ok(volume.comment.clone())
}

#[tokio::test]
async fn a_new_action_is_undoable_without_undo_code() {
    let mut set = ontap::toolset();
    let [comment] = tools![cluster_set_volume_comment];
    set.add(comment).unwrap();
    for version in versions() {
        let client = connect_to(with_undo(set.clone()), version).await;
        round_trip(
            &client,
            "cluster_set_volume_comment",
            json!({ "volume_uuid": FINANCE_01, "comment": "moved to tier 2" }),
        )
        .await;
        // Clearing the comment (null) is undone too: null is a value like any other.
        round_trip(
            &client,
            "cluster_set_volume_comment",
            json!({ "volume_uuid": FINANCE_01, "comment": null }),
        )
        .await;
        client.cancel().await.unwrap();
    }
}

/// An action whose parameter is not a field of the state (`new_name`; the state says `name`):
/// undo refuses to start, naming the parameter, instead of guessing a mapping; left out
/// explicitly, the action runs and is not journaled.
#[tool(format = "json", kind = "action")]
fn cluster_rename_volume(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// The new name.
    new_name: String,
) -> Result<String, ToolError> {
    let mut cluster = ontap.cluster();
    let index = ontap::volume_index(&cluster, &volume_uuid)?;
    let volume = &mut cluster.volumes[index];
    volume.name = new_name;
    Ok(volume.name.clone())
}

#[tokio::test]
async fn undo_refuses_a_parameter_the_state_does_not_name() {
    let mut set = ontap::toolset();
    let [rename] = tools![cluster_rename_volume];
    set.add(rename).unwrap();
    let error = Undo::for_tools(&set).unwrap_err().to_string();
    assert!(
        error.contains(
            "`cluster_rename_volume` sets what `get_volume_configuration` reads, but its \
             parameter `new_name` names no field of `get_volume_configuration`'s result"
        ),
        "{error}"
    );
    assert!(
        error.contains("Undo::builder().skip(\"cluster_rename_volume\")"),
        "{error}"
    );

    let undo = Undo::builder()
        .skip("cluster_rename_volume")
        .for_tools(&set)
        .unwrap();
    let undoable: Vec<_> = undo
        .undoable()
        .map(|(action, _)| action.to_owned())
        .collect();
    assert_eq!(
        undoable,
        ["cluster_enable_volume_autosize", "cluster_resize_volume"]
    );
    let client = connect_to(
        Server::new(Ontap::default(), set.layer(undo)),
        versions()[0].clone(),
    )
    .await;
    json_ok(
        &client,
        "cluster_rename_volume",
        json!({ "volume_uuid": FINANCE_01, "new_name": "vol_fin_01" }),
    )
    .await;
    let history = json_ok(&client, "list_undo_history", json!({})).await;
    assert_eq!(
        history["total_count"], 0,
        "a skipped action is not journaled"
    );
    assert_eq!(
        configuration(&client, FINANCE_01).await["name"],
        "vol_fin_01"
    );
    client.cancel().await.unwrap();
}
