//! End to end: tools declared with `#[tool(format = "json")]`, served by `toolshape::Server`,
//! driven by rmcp's own client over both supported protocol versions.

use toolshape_test_support as common;

use common::{call, check_error, check_json_success, connect, text_of, versions};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use std::sync::atomic::{AtomicU32, Ordering};
use toolshape::{Context, Server, ToolError, ToolSet, tool, tools};

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct Volume {
    uuid: String,
    size: u64,
    autosize: Autosize,
    comment: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, PartialEq)]
pub struct Autosize {
    mode: Mode,
    maximum_size: Option<u64>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    Off,
    Grow,
    GrowShrink,
}

pub struct Cluster {
    volumes: Vec<Volume>,
    calls: AtomicU32,
}

fn cluster() -> Cluster {
    Cluster {
        volumes: vec![Volume {
            uuid: "b6f2c1a4-6f1e-11ee-8c99-0242ac120002".into(),
            size: 107_374_182_400,
            autosize: Autosize {
                mode: Mode::Off,
                maximum_size: Some(190_000_000),
            },
            comment: Some("naïve “quotes” \u{1F600}".into()),
        }],
        calls: AtomicU32::new(0),
    }
}

/// Get one volume's configuration.
#[tool(format = "json")]
async fn get_volume(
    #[state] cluster: &Cluster,
    /// The volume's UUID.
    uuid: String,
) -> Result<Volume, ToolError> {
    cluster.calls.fetch_add(1, Ordering::Relaxed);
    cluster
        .volumes
        .iter()
        .find(|v| v.uuid == uuid)
        .cloned()
        .ok_or_else(|| ToolError::new(format!("volume {uuid} not found")))
}

/// Set a volume's autosize policy (a dry run here: returns what would be set).
#[tool(format = "json", name = "set_autosize", version = "2.1.0")]
fn set_autosize_policy(
    /// The volume's UUID.
    uuid: String,
    /// The autosize policy.
    autosize: Autosize,
    /// Percentages at which to grow, at most 100.
    thresholds: Option<Vec<u8>>,
) -> (String, Autosize, Option<Vec<u8>>) {
    (uuid, autosize, thresholds)
}

/// Always fails.
#[tool(format = "json")]
fn fails() -> Result<u32, String> {
    Err("the disk is on fire".into())
}

/// Panics.
#[tool(format = "json")]
fn panics(
    /// Whether to panic.
    really: bool,
) -> u32 {
    if really {
        panic!("boom");
    }
    7
}

/// An output whose hand-written `Serialize` panics: a bug in the value, not the handler.
pub struct Explosive;

impl Serialize for Explosive {
    fn serialize<S: serde::Serializer>(&self, _: S) -> Result<S::Ok, S::Error> {
        panic!("this value cannot be serialised")
    }
}

impl JsonSchema for Explosive {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Explosive".into()
    }
    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "null" })
    }
}

/// Returns a value that panics while it is rendered.
#[tool(format = "json")]
fn explodes() -> Explosive {
    Explosive
}

/// Counts calls through the state of a method tool, and sees the request context.
pub struct Counter {
    count: AtomicU32,
}

#[tool]
impl Counter {
    /// Increment the counter and return its new value.
    #[tool(format = "json")]
    pub fn increment(
        &self,
        #[context] cx: Context,
        /// How much to add.
        by: Option<u32>,
    ) -> u32 {
        assert!(!cx.is_cancelled());
        self.count.fetch_add(by.unwrap_or(1), Ordering::SeqCst) + by.unwrap_or(1)
    }
}

/// Something with a reading, whose impl for `Counter` serves it as a tool.
trait Meter {
    /// The current reading, scaled.
    fn reading(&self, scale: u32) -> u32;
}

#[tool]
impl Meter for Counter {
    /// The counter's value times `scale`.
    #[tool(format = "json", kind = "read")]
    fn reading(&self, #[arg(range(min = 1))] scale: u32) -> u32 {
        self.count.load(Ordering::SeqCst) * scale
    }
}

fn server() -> Server<Cluster> {
    let tools = ToolSet::new(tools![get_volume, set_autosize_policy, fails, panics]).unwrap();
    Server::new(cluster(), tools)
}

#[tokio::test]
async fn tools_list_is_deterministic_and_describes_parameters() {
    for version in versions() {
        let client = connect(server(), version).await;
        let tools = client.list_all_tools().await.unwrap();
        let names: Vec<_> = tools.iter().map(|t| t.name.to_string()).collect();
        assert_eq!(names, ["fails", "get_volume", "panics", "set_autosize"]);

        let get = &tools[1];
        assert_eq!(
            get.description.as_deref(),
            Some("Get one volume's configuration.")
        );
        let input = serde_json::to_value(&*get.input_schema).unwrap();
        assert_eq!(input["type"], "object");
        assert_eq!(input["additionalProperties"], false);
        assert_eq!(input["required"], json!(["uuid"]));
        assert_eq!(
            input["properties"]["uuid"],
            json!({"type": "string", "description": "The volume's UUID."})
        );

        let set = &tools[3];
        let input = serde_json::to_value(&*set.input_schema).unwrap();
        assert_eq!(
            input["required"],
            json!(["uuid", "autosize"]),
            "Option<T> is not required"
        );
        // The user's types are written where they are used (hosts such as Gemini take no
        // `$ref`), and no `$schema` (MCP's default dialect is 2020-12).
        assert!(input.get("$defs").is_none(), "{input}");
        assert!(input.get("$schema").is_none(), "{input}");
        assert_eq!(input["properties"]["autosize"]["type"], "object");
        // The input schema is itself a valid 2020-12 schema that accepts a good call.
        let validator = jsonschema::validator_for(&input).unwrap();
        assert!(validator.is_valid(&json!({"uuid": "u", "autosize": {"mode": "grow"}})));
        assert!(!validator.is_valid(&json!({"uuid": "u", "autosize": {"mode": "grow"}, "x": 1})));
        client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn a_json_tool_answers_with_the_envelope() {
    for version in versions() {
        let client = connect(server(), version).await;
        let tools = client.list_all_tools().await.unwrap();
        let get = tools.iter().find(|t| t.name == "get_volume").unwrap();
        let result = call(
            &client,
            "get_volume",
            json!({"uuid": "b6f2c1a4-6f1e-11ee-8c99-0242ac120002"}),
        )
        .await
        .unwrap();
        let data = check_json_success(get, &result);
        let volume: Volume = serde_json::from_value(data).unwrap();
        assert_eq!(volume, cluster().volumes[0]);
        let structured = result.structured_content.unwrap();
        assert_eq!(
            structured["metadata"]["tool_version"],
            env!("CARGO_PKG_VERSION")
        );

        let set = tools.iter().find(|t| t.name == "set_autosize").unwrap();
        let arguments = json!({"uuid": "u1", "autosize": {"mode": "grow_shrink", "maximum_size": 5}, "thresholds": [80, 90]});
        let result = call(&client, "set_autosize", arguments.clone())
            .await
            .unwrap();
        let data = check_json_success(set, &result);
        assert_eq!(
            data,
            json!(["u1", {"mode": "grow_shrink", "maximum_size": 5}, [80, 90]])
        );
        assert_eq!(
            result.structured_content.unwrap()["metadata"]["tool_version"],
            "2.1.0"
        );
        client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn a_handler_error_is_a_tool_error() {
    let client = connect(server(), versions()[0].clone()).await;
    let result = call(&client, "fails", json!({})).await.unwrap();
    assert_eq!(check_error(&result), "Error: the disk is on fire");
    let result = call(&client, "get_volume", json!({"uuid": "nope"}))
        .await
        .unwrap();
    assert_eq!(check_error(&result), "Error: volume nope not found");
}

#[tokio::test]
async fn bad_arguments_name_the_parameter_and_what_it_accepts() {
    let client = connect(server(), versions()[1].clone()).await;
    let cases = [
        // wrong type
        (
            "get_volume",
            json!({"uuid": 42}),
            "Error: invalid arguments for tool `get_volume`:\n\
             - parameter `uuid`: expected a string, got the number 42",
        ),
        // missing
        (
            "get_volume",
            json!({}),
            "Error: invalid arguments for tool `get_volume`:\n\
             - missing required parameter `uuid` (a string)",
        ),
        // unknown property
        (
            "get_volume",
            json!({"uuid": "x", "uid": "y"}),
            "Error: invalid arguments for tool `get_volume`:\n\
             - unknown parameter `uid`; this tool takes `uuid`",
        ),
        // integer out of range, inside a list
        (
            "set_autosize",
            json!({"uuid": "u", "autosize": {"mode": "off", "maximum_size": null}, "thresholds": [80, 300]}),
            "Error: invalid arguments for tool `set_autosize`:\n\
             - parameter `thresholds[1]`: expected a whole number from 0 to 255, got the number 300",
        ),
        // a malformed value: a bad enum variant inside an object
        (
            "set_autosize",
            json!({"uuid": "u", "autosize": {"mode": "sideways"}}),
            "Error: invalid arguments for tool `set_autosize`:\n\
             - parameter `autosize.mode`: expected one of: off, grow, grow_shrink, got the string \"sideways\"",
        ),
        // several problems at once
        (
            "set_autosize",
            json!({"uuid": 1, "thresholds": "80"}),
            "Error: invalid arguments for tool `set_autosize`:\n\
             - parameter `uuid`: expected a string, got the number 1\n\
             - missing required parameter `autosize` (an object `Autosize`)\n\
             - parameter `thresholds`: expected an array of whole numbers ≥ 0, got the string \"80\"",
        ),
    ];
    for (tool, arguments, expected) in cases {
        let result = call(&client, tool, arguments.clone()).await.unwrap();
        assert_eq!(check_error(&result), expected, "arguments {arguments}");
    }
}

#[tokio::test]
async fn a_panicking_tool_is_an_internal_error_and_the_server_goes_on() {
    let client = connect(server(), versions()[0].clone()).await;
    let result = call(&client, "panics", json!({"really": true}))
        .await
        .unwrap();
    assert_eq!(
        check_error(&result),
        "Error: internal error in tool `panics`"
    );
    let result = call(&client, "panics", json!({"really": false}))
        .await
        .unwrap();
    assert_eq!(result.structured_content.unwrap()["data"], 7);
}

#[tokio::test]
async fn a_panic_while_rendering_the_result_is_an_internal_error_too() {
    let tools = ToolSet::new(tools![explodes, panics]).unwrap();
    let client = connect(Server::new(cluster(), tools), versions()[0].clone()).await;
    let result = call(&client, "explodes", json!({})).await.unwrap();
    assert_eq!(
        check_error(&result),
        "Error: internal error in tool `explodes`"
    );
    let result = call(&client, "panics", json!({"really": false}))
        .await
        .unwrap();
    assert_eq!(result.structured_content.unwrap()["data"], 7);
}

#[tokio::test]
async fn an_unknown_tool_is_a_json_rpc_invalid_params_error() {
    for version in versions() {
        let client = connect(server(), version).await;
        let error = call(&client, "no_such_tool", json!({})).await.unwrap_err();
        match error {
            rmcp::ServiceError::McpError(data) => {
                assert_eq!(data.code, rmcp::model::ErrorCode::INVALID_PARAMS);
                assert!(data.message.contains("no_such_tool"), "{}", data.message);
            }
            other => panic!("expected a JSON-RPC error, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_method_tool_uses_self_as_state_and_sees_the_request() {
    let server = Server::new(
        Counter {
            count: AtomicU32::new(0),
        },
        ToolSet::new(tools![Counter::increment]).unwrap(),
    );
    let client = connect(server, versions()[0].clone()).await;
    let tools = client.list_all_tools().await.unwrap();
    let input = serde_json::to_value(&*tools[0].input_schema).unwrap();
    assert_eq!(
        input["properties"].as_object().unwrap().len(),
        1,
        "state and context are not parameters"
    );
    let first = call(&client, "increment", json!({})).await.unwrap();
    let second = call(&client, "increment", json!({"by": 5})).await.unwrap();
    assert_eq!(check_json_success(&tools[0], &first), 1);
    assert_eq!(check_json_success(&tools[0], &second), 6);
}

#[tokio::test]
async fn a_tool_method_of_a_trait_impl_is_called_through_the_trait() {
    let server = Server::new(
        Counter {
            count: AtomicU32::new(0),
        },
        ToolSet::new(tools![Counter::increment, Counter::reading]).unwrap(),
    );
    let client = connect(server, versions()[0].clone()).await;
    let tools = client.list_all_tools().await.unwrap();
    let names: Vec<_> = tools.iter().map(|t| t.name.to_string()).collect();
    assert_eq!(names, ["increment", "reading"]);
    let input = serde_json::to_value(&*tools[1].input_schema).unwrap();
    assert_eq!(input["properties"]["scale"]["minimum"], json!(1));
    assert_eq!(
        tools[1].annotations.as_ref().unwrap().read_only_hint,
        Some(true)
    );

    call(&client, "increment", json!({"by": 4})).await.unwrap();
    let reading = call(&client, "reading", json!({"scale": 10}))
        .await
        .unwrap();
    assert_eq!(check_json_success(&tools[1], &reading), 40);
    let refused = call(&client, "reading", json!({"scale": 0})).await.unwrap();
    assert_eq!(refused.is_error, Some(true));
}

#[test]
fn a_duplicate_tool_name_is_an_error_naming_both() {
    mod other {
        /// Another tool named get_volume.
        #[toolshape::tool(format = "json")]
        pub fn get_volume() -> u32 {
            1
        }
    }
    let error = ToolSet::<Cluster>::new(tools![get_volume, other::get_volume]).unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with(
            "two tools are named `get_volume`: `all::json_e2e::get_volume` (tests/tests/all/json_e2e.rs:"
        ),
        "{message}"
    );
    assert!(
        message.contains("and `all::json_e2e::other::get_volume` (tests/tests/all/json_e2e.rs:"),
        "{message}"
    );
}

#[test]
fn annotated_functions_stay_callable() {
    assert_eq!(panics(false), 7);
    let (uuid, _, thresholds) = set_autosize_policy(
        "u".into(),
        Autosize {
            mode: Mode::Off,
            maximum_size: None,
        },
        None,
    );
    assert_eq!((uuid.as_str(), thresholds), ("u", None));
    let volume = futures_lite_block_on(get_volume(
        &cluster(),
        "b6f2c1a4-6f1e-11ee-8c99-0242ac120002".into(),
    ));
    assert!(volume.is_ok());
}

fn futures_lite_block_on<F: std::future::Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(future)
}

#[test]
fn text_helper_is_used() {
    // keeps `text_of` exercised from this test binary too
    let result = rmcp::model::CallToolResult::success(vec![rmcp::model::ContentBlock::text("x")]);
    assert_eq!(text_of(&result), "x");
}

/// Integers are exact on the way in and out (the tour's `add`, through rmcp's client): a
/// value below `i64::MIN` or above `u64::MAX` is refused naming the parameter, and a result
/// past 2^53 reads in the text as in `structuredContent`, with a hash of its own digits.
#[tokio::test]
async fn integers_are_exact_in_arguments_text_and_hash() {
    use toolshape_examples::quickstart::{Directory, toolset};
    let arguments = |text: &str| -> serde_json::Value { serde_json::from_str(text).unwrap() };
    for version in versions() {
        let client = connect(Server::new(Directory::default(), toolset()), version).await;
        for (sent, line) in [
            (
                r#"{"a": -9223372036854775809, "b": 1}"#,
                "- parameter `a`: expected a whole number, got the number -9.223372036854776e+18, which is too far from zero to be read exactly",
            ),
            (
                r#"{"a": 1, "b": 18446744073709551616}"#,
                "- parameter `b`: expected a whole number, got the number 1.8446744073709552e+19, which is too far from zero to be read exactly",
            ),
            (
                r#"{"a": 1, "b": 9223372036854775808}"#,
                "- parameter `b`: expected a whole number, got the number 9223372036854775808",
            ),
            (
                r#"{"a": 1e19, "b": 1}"#,
                "- parameter `a`: expected a whole number, got the number 1e+19, which is too far from zero to be read exactly",
            ),
        ] {
            let result = call(&client, "add", arguments(sent)).await.unwrap();
            assert_eq!(
                check_error(&result),
                format!("Error: invalid arguments for tool `add`:\n{line}"),
                "{sent}"
            );
        }

        let tools = client.list_all_tools().await.unwrap();
        let add = tools.iter().find(|t| t.name == "add").unwrap();
        let sum = |a: i64, b: i64| {
            let client = &client;
            async move { call(client, "add", json!({"a": a, "b": b})).await.unwrap() }
        };
        let above = sum(9_007_199_254_740_992, 1).await;
        assert_eq!(
            text_of(&above),
            r#"{"data":9007199254740993,"grounded":true}"#
        );
        let envelope = above.structured_content.clone().unwrap();
        assert_eq!(envelope["data"], json!(9_007_199_254_740_993_i64));
        common::validate(add, &envelope);
        // The hash is SHA-256 of the exact digits, so 2^53 + 1 and 2^53 differ.
        assert_eq!(
            envelope["metadata"]["data_hash"],
            common::sha256_of(b"9007199254740993")
        );
        let at = sum(9_007_199_254_740_991, 1)
            .await
            .structured_content
            .unwrap();
        assert_ne!(
            at["metadata"]["data_hash"],
            envelope["metadata"]["data_hash"]
        );
        let low = sum(-9_223_372_036_854_775_806, -1).await;
        assert_eq!(
            text_of(&low),
            r#"{"data":-9223372036854775807,"grounded":true}"#
        );
    }
}
