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

/// The tools that only read (`kind = "read"` or `"state"`), by name: with [`ACTIONS`] and
/// `undo_last_action`, every tool the server lists.
const TOOLS: [&str; 35] = [
    "check_export_access",
    "cluster_list_svms",
    "cluster_list_volumes",
    "get_active_alerts",
    "get_aggregate",
    "get_cifs_share",
    "get_export_policy",
    "get_igroup",
    "get_lun",
    "get_network_interface",
    "get_qos_policy",
    "get_qtree",
    "get_snapmirror_relationship",
    "get_snapmirror_state",
    "get_snapshot",
    "get_snapshot_policy",
    "get_svm_configuration",
    "get_volume_configuration",
    "get_volume_space",
    "infrastructure_health",
    "list_aggregates",
    "list_cifs_shares",
    "list_events",
    "list_export_policies",
    "list_igroups",
    "list_jobs",
    "list_luns",
    "list_network_interfaces",
    "list_nodes",
    "list_qos_policies",
    "list_qtrees",
    "list_snapmirror_relationships",
    "list_snapshot_policies",
    "list_snapshots",
    "list_undo_history",
];

/// The actions (`kind = "action"`), each with the state tool undo captures it with; and
/// undo's own.
const ACTIONS: [(&str, &str); 21] = [
    ("cluster_enable_volume_autosize", "get_volume_configuration"),
    ("cluster_resize_volume", "get_volume_configuration"),
    ("manage_cifs_share", "get_cifs_share"),
    ("manage_export_policy", "get_export_policy"),
    ("manage_igroup", "get_igroup"),
    ("manage_lun", "get_lun"),
    ("manage_qos_policy", "get_qos_policy"),
    ("manage_qtree", "get_qtree"),
    (
        "manage_snapmirror_relationship",
        "get_snapmirror_relationship",
    ),
    ("manage_snapshot", "get_snapshot"),
    ("set_network_interface", "get_network_interface"),
    ("set_qtree_quota", "get_qtree"),
    ("set_snapmirror_state", "get_snapmirror_state"),
    ("set_snapshot_policy", "get_snapshot_policy"),
    ("set_svm_protocols", "get_svm_configuration"),
    ("set_svm_state", "get_svm_configuration"),
    ("set_volume_comment", "get_volume_configuration"),
    ("set_volume_export_policy", "get_volume_configuration"),
    ("set_volume_qos_policy", "get_volume_configuration"),
    ("set_volume_snapshot_policy", "get_volume_configuration"),
    ("set_volume_state", "get_volume_configuration"),
];

#[tokio::test]
async fn lists_every_tool_with_its_kind() {
    for version in versions() {
        let client = connect(version).await;
        let listed = tools(&client).await;
        let names: Vec<&str> = listed.iter().map(|t| t.name.as_ref()).collect();
        let mut expected: Vec<&str> = TOOLS
            .iter()
            .copied()
            .chain(ACTIONS.iter().map(|(action, _)| *action))
            .chain(["undo_last_action"])
            .collect();
        expected.sort_unstable();
        expected.dedup();
        assert_eq!(names, expected);
        assert!(
            names.len() >= 40,
            "a real server's breadth: {}",
            names.len()
        );
        for tool in &listed {
            let annotations = tool.annotations.as_ref().expect("annotations from kind");
            let action =
                ACTIONS.iter().any(|(a, _)| *a == tool.name) || tool.name == "undo_last_action";
            assert_eq!(annotations.read_only_hint, Some(!action), "{}", tool.name);
            assert_eq!(annotations.destructive_hint, Some(action), "{}", tool.name);
            assert!(
                tool.description.as_deref().is_some_and(|d| d.len() > 40),
                "{}",
                tool.name
            );
            // every parameter says what it takes
            let properties = tool.input_schema["properties"].as_object().unwrap();
            for (name, property) in properties {
                assert!(
                    property["description"]
                        .as_str()
                        .is_some_and(|d| !d.is_empty()),
                    "{}.{name} has a description",
                    tool.name
                );
            }
        }
        client.cancel().await.unwrap();
    }
}

/// Every action of the server is undoable, paired with the state tool of its object.
#[test]
fn every_action_is_undoable_with_the_state_tool_of_its_object() {
    let undo = Undo::for_tools(&ontap::toolset()).unwrap();
    let pairs: Vec<(&str, &str)> = undo.undoable().collect();
    assert_eq!(pairs, ACTIONS);
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
            "`cluster_rename_volume` takes the key of `get_volume_configuration` \
             (`volume_uuid`), but its other parameter `new_name` names no field of \
             `get_volume_configuration`'s result"
        ),
        "{error}"
    );
    // both ways out: the declaration at the tool, and names that match
    assert!(
        error.contains("`#[tool(kind = \"action\", undo = false)]` on `cluster_rename_volume`"),
        "{error}"
    );
    assert!(
        error.contains("if it does, name its parameters like the fields"),
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
    let every: Vec<&str> = ACTIONS.iter().map(|(action, _)| *action).collect();
    assert_eq!(undoable, every, "every action but the skipped one");
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

// ---------------------------------------------------------------------------------------
// The storage administration tools beyond volumes

/// Calls a text tool and checks its result; returns the text.
async fn text_ok(client: &common::Client, name: &str, arguments: Value) -> String {
    let result = call(client, name, arguments).await.unwrap();
    common::check_text_success(&tool(client, name).await, &result)
}

/// Calls a hybrid tool and checks its result; returns `structuredContent`.
async fn hybrid_ok(client: &common::Client, name: &str, arguments: Value) -> Value {
    let result = call(client, name, arguments).await.unwrap();
    check_hybrid_success(&tool(client, name).await, &result)
}

#[tokio::test]
async fn the_areas_tools_answer_from_the_cluster() {
    let client = connect(versions()[0].clone()).await;
    let text = text_ok(
        &client,
        "list_snapshots",
        json!({ "volume_name": "vol_finance_02" }),
    )
    .await;
    assert!(text.starts_with("Found 5 snapshots:"), "{text}");
    assert!(text.contains("| vol_finance_02 | before_q3_close | 2025-09-30T18:00:00Z | 12 GiB | N/A | taken by hand before the quarter's close |"), "{text}");
    let text = text_ok(&client, "list_snapshot_policies", json!({})).await;
    assert!(text.contains("| hourly | yes | 24 | 0 | 0 | 2 |"), "{text}");

    let svm = json_ok(&client, "cluster_list_svms", json!({})).await["svms"][1].clone();
    assert_eq!(svm["name"], "svm_eng");
    let config = json_ok(
        &client,
        "get_svm_configuration",
        json!({ "svm_uuid": svm["uuid"] }),
    )
    .await;
    assert_eq!(config["protocols"], json!(["nfs", "iscsi"]));
    assert_eq!(
        config["interfaces"],
        json!(["lif_eng_nfs1", "lif_eng_iscsi1", "lif_eng_iscsi2"])
    );

    let aggregates = hybrid_ok(&client, "list_aggregates", json!({})).await;
    assert_eq!(aggregates["data"].as_array().unwrap().len(), 3);
    assert!(
        aggregates["narrative"]
            .as_str()
            .unwrap()
            .starts_with("3 aggregates, 6.2 TiB in all"),
        "{}",
        aggregates["narrative"]
    );
    let text = text_ok(
        &client,
        "get_aggregate",
        json!({ "aggregate_name": "aggr_ssd_01" }),
    )
    .await;
    assert!(
        text.contains("Volumes: vol_finance_logs, vol_eng_src\n"),
        "{text}"
    );
    let text = text_ok(&client, "list_nodes", json!({})).await;
    assert!(
        text.contains("| cluster1-02 | AFF-A400 | 721931000102 | cluster1-01 |"),
        "{text}"
    );

    let space = hybrid_ok(
        &client,
        "get_volume_space",
        json!({ "volume_uuid": FINANCE_01 }),
    )
    .await;
    assert_eq!(space["data"]["used_percent"], 97);
    assert!(space["narrative"].as_str().unwrap().starts_with("vol_finance_01 is 97% full: 97.0 GiB used of 100.0 GiB, 3.0 GiB available; 4 snapshots hold"), "{}", space["narrative"]);

    let text = text_ok(
        &client,
        "list_export_policies",
        json!({ "svm_name": "svm_eng" }),
    )
    .await;
    assert!(text.starts_with("Found 2 export policies:"), "{text}");
    for (ip, access, rule) in [
        ("10.10.4.20", "read-write", "Rule index: 1"),
        ("192.168.1.5", "read-only", "Rule index: 2"),
    ] {
        let text = text_ok(
            &client,
            "check_export_access",
            json!({ "volume_name": "vol_finance_01", "client_ip": ip }),
        )
        .await;
        assert!(
            text.contains(&format!("Access: {access}\n")) && text.contains(rule),
            "{ip}: {text}"
        );
    }
    let text = text_ok(&client, "list_cifs_shares", json!({ "svm_name": "svm_hr" })).await;
    assert!(text.starts_with("Found 3 CIFS shares:"), "{text}");
    let share = json_ok(
        &client,
        "get_cifs_share",
        json!({ "svm_name": "svm_hr", "share_name": "payroll$" }),
    )
    .await;
    assert_eq!(
        share["acls"],
        json!([{ "user_or_group": "CORP\\payroll", "permission": "full_control" }])
    );
    let text = text_ok(&client, "list_qos_policies", json!({})).await;
    assert!(
        text.contains("| gold | 20000 | N/A | 5000 | yes | 2 |"),
        "{text}"
    );

    let mirrors = hybrid_ok(&client, "list_snapmirror_relationships", json!({})).await;
    assert_eq!(
        mirrors["narrative"],
        "2 SnapMirror relationships, 1 unhealthy: svm_dr:vol_dr_hr (paused, 52 h behind)."
    );
    let text = text_ok(&client, "list_luns", json!({ "svm_name": "svm_eng" })).await;
    assert!(text.starts_with("Found 3 LUNs:"), "{text}");
    let text = text_ok(&client, "list_igroups", json!({})).await;
    assert!(
        text.lines().any(|row| row.starts_with("ig_esx_cluster,")
            && row.ends_with(",/vol/vol_eng_src/lun_esx_ds01")),
        "{text}"
    );
    let text = text_ok(
        &client,
        "list_qtrees",
        json!({ "volume_name": "vol_hr_01" }),
    )
    .await;
    assert!(
        text.contains("| vol_hr_01 | payroll | NTFS | 47 GiB | 50 GiB | 94 | 88,200 | 500,000 |"),
        "{text}"
    );
    let text = text_ok(
        &client,
        "list_network_interfaces",
        json!({ "svm_name": "svm_eng" }),
    )
    .await;
    assert!(text.contains("| lif_eng_nfs1 | svm_eng | 10.20.1.31/24 | cluster1-01:e0e | cluster1-02:e0e | no | yes |"), "{text}");
    let text = text_ok(&client, "list_jobs", json!({ "state": "failure" })).await;
    assert!(
        text.starts_with("Found 1 job:") && text.contains("relationship is quiesced"),
        "{text}"
    );
    let text = text_ok(
        &client,
        "list_events",
        json!({ "severity": "error", "limit": 2 }),
    )
    .await;
    assert!(
        text.starts_with("Found 2 events:") && text.contains("monitor.volume.nearlyFull"),
        "{text}"
    );
    let text = text_ok(
        &client,
        "list_events",
        json!({ "name_contains": "nothing.like.this" }),
    )
    .await;
    assert_eq!(text, "No events found.");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn the_areas_tools_refuse_bad_arguments_by_name() {
    let client = connect(versions()[0].clone()).await;
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "list_snapshots",
            json!({ "volume_name": "vol_nope" }),
            "volume vol_nope not found",
        ),
        (
            "get_snapshot",
            json!({ "volume_name": "vol_finance_02" }),
            "snapshot_name",
        ),
        (
            "manage_snapshot",
            json!({ "volume_name": "vol_finance_02", "snapshot_name": "a b", "present": true }),
            "must be 1 to 255 letters",
        ),
        (
            "manage_snapshot",
            json!({ "volume_name": "vol_finance_02", "snapshot_name": "gone", "present": false }),
            "not found",
        ),
        (
            "manage_snapshot",
            json!({ "volume_name": "vol_eng_scratch", "snapshot_name": "s1", "present": true }),
            "not online",
        ),
        (
            "manage_snapshot",
            json!({ "volume_name": "vol_finance_02", "snapshot_name": "s1", "present": "yes" }),
            "present",
        ),
        (
            "set_snapshot_policy",
            json!({ "snapshot_policy_name": "hourly", "enabled": true, "hourly_copies": 2000, "daily_copies": 0, "weekly_copies": 0 }),
            "hourly_copies",
        ),
        (
            "set_snapshot_policy",
            json!({ "snapshot_policy_name": "hourly", "enabled": true, "hourly_copies": 0, "daily_copies": 0, "weekly_copies": 0 }),
            "at least one copy",
        ),
        (
            "set_volume_state",
            json!({ "volume_uuid": FINANCE_01, "state": "asleep" }),
            "state",
        ),
        (
            "set_volume_qos_policy",
            json!({ "volume_uuid": FINANCE_01, "qos_policy": "platinum" }),
            "QoS policy group platinum not found",
        ),
        (
            "set_volume_snapshot_policy",
            json!({ "volume_uuid": FINANCE_01 }),
            "snapshot_policy",
        ),
        (
            "set_volume_export_policy",
            json!({ "volume_uuid": FINANCE_01, "export_policy": null }),
            "need an export policy",
        ),
        (
            "get_svm_configuration",
            json!({ "svm_uuid": "nope" }),
            "SVM nope not found",
        ),
        (
            "set_svm_protocols",
            json!({ "svm_uuid": "nope", "protocols": ["smb"] }),
            "protocols",
        ),
        (
            "get_aggregate",
            json!({ "aggregate_name": "aggr9" }),
            "aggregate aggr9 not found",
        ),
        (
            "check_export_access",
            json!({ "volume_name": "vol_finance_01", "client_ip": "ten.ten" }),
            "not an IPv4 address",
        ),
        (
            "check_export_access",
            json!({ "volume_name": "vol_hr_01", "client_ip": "10.10.1.1" }),
            "not exported over NFS",
        ),
        (
            "manage_export_policy",
            json!({ "svm_name": "svm_hr", "export_policy_name": "p", "present": true }),
            "does not serve NFS",
        ),
        (
            "manage_export_policy",
            json!({ "svm_name": "svm_finance", "export_policy_name": "default", "present": false }),
            "cannot be deleted",
        ),
        (
            "manage_export_policy",
            json!({ "svm_name": "svm_finance", "export_policy_name": "p", "present": true, "rules": [{ "clients": "10.0.0.0/8" }] }),
            "rules",
        ),
        (
            "manage_cifs_share",
            json!({ "svm_name": "svm_hr", "share_name": "new", "present": true }),
            "path is required",
        ),
        (
            "manage_cifs_share",
            json!({ "svm_name": "svm_hr", "share_name": "new", "present": true, "path": "/vol_finance_01" }),
            "not in a volume of SVM svm_hr",
        ),
        (
            "manage_qos_policy",
            json!({ "qos_policy_name": "gold", "present": false }),
            "is set on volumes",
        ),
        (
            "manage_qos_policy",
            json!({ "qos_policy_name": "tiny", "present": true, "max_throughput_iops": 10, "min_throughput_iops": 20 }),
            "above max_throughput_iops",
        ),
        (
            "get_snapmirror_relationship",
            json!({ "destination_path": "vol_dr_hr" }),
            "not of the form svm:volume",
        ),
        (
            "set_snapmirror_state",
            json!({ "destination_path": "svm_dr:vol_dr_hr", "mirror_state": "stopped" }),
            "mirror_state",
        ),
        (
            "manage_snapmirror_relationship",
            json!({ "destination_path": "svm_finance:vol_finance_01", "present": true, "source_path": "svm_finance:vol_finance_02" }),
            "same SVM",
        ),
        (
            "get_lun",
            json!({ "lun_path": "lun_ci_01" }),
            "not of the form /vol/<volume>/<name>",
        ),
        (
            "manage_lun",
            json!({ "lun_path": "/vol/vol_eng_build/lun_ci_01", "present": true, "size": 1 }),
            "only grows",
        ),
        (
            "manage_lun",
            json!({ "lun_path": "/vol/vol_eng_build/lun_ci_03", "present": true, "size": GIB, "igroup": "ig_ci_hosts", "lun_id": 0 }),
            "LUN id 0 is taken",
        ),
        (
            "manage_igroup",
            json!({ "igroup_name": "ig_esx_cluster", "present": false }),
            "is mapped to igroup",
        ),
        (
            "manage_igroup",
            json!({ "igroup_name": "ig_new", "present": true, "svm_name": "svm_eng", "initiators": ["host01"] }),
            "initiators[0]",
        ),
        (
            "manage_qtree",
            json!({ "volume_name": "vol_hr_01", "qtree_name": "payroll", "present": false }),
            "has a quota",
        ),
        (
            "manage_qtree",
            json!({ "volume_name": "vol_hr_01", "qtree_name": "x", "present": true, "security_style": "ntfs", "unix_permissions": "0755" }),
            "do not apply",
        ),
        (
            "set_qtree_quota",
            json!({ "volume_name": "vol_hr_01", "qtree_name": "nope", "disk_limit": 1 }),
            "qtree nope not found",
        ),
        (
            "set_network_interface",
            json!({ "interface_name": "lif_eng_nfs1", "enabled": true, "current_node": "cluster1-01", "current_port": "e9z" }),
            "port e9z not found",
        ),
        ("list_jobs", json!({ "state": "stuck" }), "state"),
        ("list_events", json!({ "limit": 0 }), "limit"),
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
    client.cancel().await.unwrap();
}

/// An action on any object, undone: the state tool reads something else after it, the
/// journal names the state tool and the state captured before, and undo brings it back.
async fn round_trip_on(
    client: &common::Client,
    (state_tool, state_arguments): (&str, Value),
    action: &str,
    arguments: Value,
) {
    let before = json_ok(client, state_tool, state_arguments.clone()).await;
    json_ok(client, action, arguments.clone()).await;
    let changed = json_ok(client, state_tool, state_arguments.clone()).await;
    assert_ne!(changed, before, "{action} changed the state");
    let history = json_ok(client, "list_undo_history", json!({})).await;
    let entry = &history["entries"][0];
    assert_eq!(entry["action"], action);
    assert_eq!(entry["state_tool"], state_tool);
    assert_eq!(entry["before"], before);
    let undo = json_ok(client, "undo_last_action", json!({})).await;
    assert_eq!(undo["undone"]["action"], action);
    assert_eq!(undo["undone"]["state_restored"], true, "{action}: {undo}");
    assert_eq!(
        json_ok(client, state_tool, state_arguments).await,
        before,
        "{action} undone"
    );
}

#[tokio::test]
async fn undo_restores_what_the_areas_actions_create_change_and_delete() {
    for version in versions() {
        let client = connect(version).await;
        let snapshot = |name: &str| {
            (
                "get_snapshot",
                json!({ "volume_name": "vol_finance_02", "snapshot_name": name }),
            )
        };
        // create, then delete, a snapshot
        round_trip_on(&client, snapshot("before_upgrade"), "manage_snapshot",
            json!({ "volume_name": "vol_finance_02", "snapshot_name": "before_upgrade", "present": true, "comment": "ONTAP 9.16 upgrade" })).await;
        round_trip_on(&client, snapshot("before_q3_close"), "manage_snapshot",
            json!({ "volume_name": "vol_finance_02", "snapshot_name": "before_q3_close", "present": false })).await;
        // a share deleted comes back with its options and access control list
        round_trip_on(
            &client,
            (
                "get_cifs_share",
                json!({ "svm_name": "svm_hr", "share_name": "payroll$" }),
            ),
            "manage_cifs_share",
            json!({ "svm_name": "svm_hr", "share_name": "payroll$", "present": false }),
        )
        .await;
        // an export policy's rules replaced
        round_trip_on(&client, ("get_export_policy", json!({ "svm_name": "svm_finance", "export_policy_name": "finance_auditors" })), "manage_export_policy",
            json!({ "svm_name": "svm_finance", "export_policy_name": "finance_auditors", "present": true,
                    "rules": [{ "clients": "10.10.60.0/24", "protocols": ["nfs4"], "ro_rule": ["krb5"], "rw_rule": ["never"], "superuser": ["none"] }] })).await;
        // a QoS policy group created
        round_trip_on(&client, ("get_qos_policy", json!({ "qos_policy_name": "platinum" })), "manage_qos_policy",
            json!({ "qos_policy_name": "platinum", "present": true, "max_throughput_iops": 50000, "min_throughput_iops": 10000 })).await;
        // a mirror broken off for a failover, and its destination volume with it
        let dr = json!({ "destination_path": "svm_dr:vol_dr_finance" });
        round_trip_on(
            &client,
            ("get_snapmirror_state", dr.clone()),
            "set_snapmirror_state",
            json!({ "destination_path": "svm_dr:vol_dr_finance", "mirror_state": "broken_off" }),
        )
        .await;
        round_trip_on(
            &client,
            ("get_snapmirror_relationship", dr),
            "manage_snapmirror_relationship",
            json!({ "destination_path": "svm_dr:vol_dr_finance", "present": false }),
        )
        .await;
        // a LUN mapped, an igroup grown, a qtree's quota raised, an interface reverted home
        round_trip_on(&client, ("get_lun", json!({ "lun_path": "/vol/vol_eng_build/lun_ci_02" })), "manage_lun",
            json!({ "lun_path": "/vol/vol_eng_build/lun_ci_02", "present": true, "size": 500 * GIB, "igroup": "ig_ci_hosts" })).await;
        round_trip_on(&client, ("get_igroup", json!({ "igroup_name": "ig_esx_cluster" })), "manage_igroup",
            json!({ "igroup_name": "ig_esx_cluster", "present": true, "svm_name": "svm_eng", "os_type": "vmware",
                    "initiators": ["iqn.1998-01.com.vmware:esx01-4f1c2a7b", "iqn.1998-01.com.vmware:esx02-9d03e5c1", "iqn.1998-01.com.vmware:esx03-00aa11bb"] })).await;
        round_trip_on(&client, ("get_qtree", json!({ "volume_name": "vol_hr_01", "qtree_name": "payroll" })), "set_qtree_quota",
            json!({ "volume_name": "vol_hr_01", "qtree_name": "payroll", "disk_limit": 60 * GIB, "file_limit": 600_000 })).await;
        round_trip_on(&client, ("get_network_interface", json!({ "interface_name": "lif_eng_nfs1" })), "set_network_interface",
            json!({ "interface_name": "lif_eng_nfs1", "enabled": true, "current_node": "cluster1-01", "current_port": "e0e" })).await;
        // a volume taken offline, and its QoS limit removed
        round_trip_on(
            &client,
            (
                "get_volume_configuration",
                json!({ "volume_uuid": FINANCE_01 }),
            ),
            "set_volume_state",
            json!({ "volume_uuid": FINANCE_01, "state": "offline" }),
        )
        .await;
        let svm = json_ok(&client, "cluster_list_svms", json!({})).await["svms"][0]["uuid"].clone();
        round_trip_on(
            &client,
            ("get_svm_configuration", json!({ "svm_uuid": svm })),
            "set_svm_state",
            json!({ "svm_uuid": svm, "state": "running" }),
        )
        .await;
        let history = json_ok(&client, "list_undo_history", json!({})).await;
        assert_eq!(history["total_count"], 0);
        client.cancel().await.unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// The binary's command line

const ONTAP: &str = env!("CARGO_BIN_EXE_ontap");

/// Runs the binary with `args` and stdin closed; returns its exit code and stderr.
async fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = tokio::process::Command::new(ONTAP)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .await
        .unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[tokio::test]
async fn a_malformed_command_line_exits_2_with_the_usage() {
    for (args, error) in [
        (&["--serch"][..], "unexpected argument `--serch`"),
        (
            &["--http", "127.0.0.1:0", "--search", "extra"][..],
            "unexpected argument `extra`",
        ),
        (&["--search", "--search"][..], "`--search` is given twice"),
        (
            &["--store", "redis://127.0.0.1:1/0"][..],
            "goes after `--http ADDR`",
        ),
    ] {
        let (code, stderr) = run(args).await;
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(error), "{args:?}: {stderr}");
        assert!(
            stderr
                .contains("usage: ontap [--http [ADDR] [--store redis://HOST:PORT/DB]] [--search]"),
            "{args:?}: {stderr}"
        );
    }
}

/// `ontap --search` over stdio: the pinned tools are listed, and a tool that tool search
/// leaves out of the listing answers when called by its name.
#[tokio::test]
async fn search_serves_the_pinned_tools_and_every_tool_by_name() {
    use rmcp::ServiceExt;
    let mut child = tokio::process::Command::new(ONTAP)
        .arg("--search")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let transport = (child.stdout.take().unwrap(), child.stdin.take().unwrap());
    let client = ().serve(transport).await.unwrap();
    let listed: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    for pinned in ontap::PINNED {
        assert!(
            listed.iter().any(|n| n == pinned),
            "{pinned} is listed: {listed:?}"
        );
    }
    if listed.iter().any(|n| n == "search_tools") {
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
        expected.extend(["call_tool".to_owned(), "search_tools".to_owned()]);
        let mut listed = listed.clone();
        listed.sort();
        expected.sort();
        assert_eq!(
            listed, expected,
            "with search on, the pins, the tools with a view and search's two tools"
        );
    }
    let request = rmcp::model::CallToolRequestParams::new("list_qos_policies");
    let result = client.call_tool(request).await.unwrap();
    assert_eq!(result.is_error, Some(false));
    assert!(common::text_of(&result).contains("| gold |"), "{result:?}");
    client.cancel().await.unwrap();
    let _ = child.wait().await;
}

/// `ontap --http ADDR --search` serves HTTP (the command line is accepted, the port answers).
#[tokio::test]
async fn search_after_http_serves_http() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let mut child = tokio::process::Command::new(ONTAP)
        .args(["--http", &format!("127.0.0.1:{port}"), "--search"])
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(
            child.try_wait().unwrap().is_none(),
            "ontap --http ADDR --search exited"
        );
        assert!(
            std::time::Instant::now() < deadline,
            "ontap did not listen on {port}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    child.kill().await.unwrap();
}

/// The skills the ONTAP server serves: its how-to from `skills/ontap` (every file read back
/// matching its digest) and the guide written from its tools, which tells of undo, and of
/// search when tool search is on.
#[tokio::test]
async fn serves_its_skills_and_a_guide_to_its_tools() {
    use base64::Engine as _;
    use rmcp::model::{ReadResourceRequestParams, ResourceContents, SkillResources};

    async fn guide(client: &common::Client) -> String {
        let read = client
            .read_resource(ReadResourceRequestParams::new(
                "skill://using-tools/SKILL.md",
            ))
            .await
            .unwrap();
        match &read.contents[0] {
            ResourceContents::TextResourceContents { text, .. } => text.clone(),
            other => panic!("the guide is text: {other:?}"),
        }
    }

    let client = connect(ProtocolVersion::V_2026_07_28).await;
    let skills = client.list_skills(None).await.unwrap().skills;
    let uris: Vec<&str> = skills.iter().map(|s| s.uri.as_str()).collect();
    assert_eq!(
        uris,
        [
            "skill://grow-a-full-volume/SKILL.md",
            "skill://using-tools/SKILL.md"
        ]
    );
    let SkillResources::Files(files) = &skills[0].resources else {
        panic!("a static skill")
    };
    assert_eq!(files.len(), 2);
    for file in files {
        let read = client
            .read_resource(ReadResourceRequestParams::new(&file.uri))
            .await
            .unwrap();
        let bytes = match &read.contents[0] {
            ResourceContents::TextResourceContents { text, .. } => text.as_bytes().to_vec(),
            ResourceContents::BlobResourceContents { blob, .. } => {
                base64::engine::general_purpose::STANDARD
                    .decode(blob)
                    .unwrap()
            }
            other => panic!("{other:?}"),
        };
        file.verify(&bytes).unwrap();
    }
    let text = guide(&client).await;
    assert!(text.contains("## Undo"), "{text}");
    assert!(
        text.contains("- `cluster_resize_volume`: Resize a volume to `size` bytes"),
        "{text}"
    );
    assert!(!text.contains("search_tools"), "{text}");

    let searching = ontap::server().with_tool_search(ontap::tool_search());
    let client = connect_to(searching, ProtocolVersion::V_2026_07_28).await;
    assert!(guide(&client).await.contains("call `search_tools`"));
}
