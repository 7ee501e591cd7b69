//! Tools declared at run time (`ToolDef::dynamic`) against `#[tool]`s of the same signature,
//! through rmcp's client: the same `tools/list` entry, and the same bytes for a good call, a
//! tool error and bad arguments (the provenance's timestamp and duration normalised, as the
//! golden tests do). Then what only a run-time tool can get wrong: a malformed schema, a value
//! its output schema does not describe.

use toolshape_test_support as common;

use serde_json::{Value, json};
use toolshape::formats::{Format, Hybrid};
use toolshape::tool::{Kind, ToolDef};
use toolshape::{Server, ToolError, ToolSet, tool, tools};

use common::{call, check_error, check_hybrid_success, check_json_success, connect, normalised};

/// Add two numbers.
#[tool(format = "json", kind = "read", title = "Addition", keywords = ["sum"])]
fn add(
    /// The first number.
    a: i64,
    /// The second number.
    b: i64,
) -> Result<i64, ToolError> {
    a.checked_add(b)
        .ok_or_else(|| ToolError::new("the sum is too large"))
}

/// Greet someone.
#[tool(format = "text")]
fn greet(
    /// Who to greet.
    name: String,
    /// How many exclamation marks.
    emphasis: Option<u8>,
) -> String {
    format!(
        "Hello, {name}{}",
        "!".repeat(usize::from(emphasis.unwrap_or(1)))
    )
}

/// Describe a number.
#[tool(format = "hybrid", kind = "action")]
fn describe(
    /// The number.
    n: f64,
) -> Hybrid<Value> {
    Hybrid::new(format!("{n} is a number."), json!({"n": n, "tags": ["x"]}))
}

fn add_at_run_time() -> ToolDef<()> {
    ToolDef::dynamic("add")
        .description("Add two numbers.")
        .title("Addition")
        .keywords(["sum"])
        .version(env!("CARGO_PKG_VERSION"))
        .input_schema(json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "a": {"type": "integer", "format": "int64", "description": "The first number."},
                "b": {"type": "integer", "format": "int64", "description": "The second number."}
            },
            "required": ["a", "b"],
            "additionalProperties": false
        }))
        .output_schema(json!({"type": "integer", "format": "int64"}))
        .kind(Kind::Read)
        .format(Format::Json)
        .handler(|_: &(), args, _| {
            Box::pin(async move {
                let number = |name: &str| args[name].as_i64().unwrap_or_default();
                number("a")
                    .checked_add(number("b"))
                    .map(Value::from)
                    .ok_or_else(|| ToolError::new("the sum is too large"))
            })
        })
        .build()
        .unwrap()
}

fn greet_at_run_time() -> ToolDef<()> {
    ToolDef::dynamic("greet")
        .description("Greet someone.")
        .version(env!("CARGO_PKG_VERSION"))
        .input_schema(json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "description": "Who to greet."},
                "emphasis": {
                    "type": ["integer", "null"], "format": "uint8", "minimum": 0,
                    "description": "How many exclamation marks."
                }
            },
            "required": ["name"],
            "additionalProperties": false
        }))
        .format(Format::Text)
        .handler(|_: &(), args, _| {
            Box::pin(async move {
                let name = args["name"].as_str().unwrap_or_default();
                let emphasis = args.get("emphasis").and_then(Value::as_u64).unwrap_or(1);
                Ok::<_, ToolError>(format!("Hello, {name}{}", "!".repeat(emphasis as usize)))
            })
        })
        .build()
        .unwrap()
}

fn describe_at_run_time() -> ToolDef<()> {
    ToolDef::dynamic("describe")
        .description("Describe a number.")
        .version(env!("CARGO_PKG_VERSION"))
        .input_schema(json!({
            "type": "object",
            "properties": {"n": {"type": "number", "format": "double", "description": "The number."}},
            "required": ["n"],
            "additionalProperties": false
        }))
        .kind(Kind::Action)
        .format(Format::Hybrid)
        .handler(|_: &(), args, _| {
            Box::pin(async move {
                let n = args["n"].as_f64().unwrap_or_default();
                Ok::<_, ToolError>(Hybrid::new(
                    format!("{n} is a number."),
                    json!({"n": n, "tags": ["x"]}),
                ))
            })
        })
        .build()
        .unwrap()
}

/// The calls both servers answer: good arguments, a tool error, bad arguments of each kind.
fn calls() -> Vec<(&'static str, Value)> {
    vec![
        ("add", json!({"a": 2, "b": 3.0})),
        ("add", json!({"a": i64::MAX, "b": 1})),
        ("add", json!({"a": "two", "c": true})),
        ("add", json!({"a": 1.5, "b": 18446744073709551615_u64})),
        ("add", json!({})),
        ("greet", json!({"name": "Ada"})),
        ("greet", json!({"name": "Ada", "emphasis": 3})),
        ("greet", json!({"name": "Ada", "emphasis": null})),
        ("greet", json!({"name": 7, "emphasis": 300})),
        ("describe", json!({"n": 2.5})),
        ("describe", json!({"n": "2.5"})),
    ]
}

#[tokio::test]
async fn a_tool_declared_at_run_time_answers_what_its_macro_twin_does() {
    let declared = ToolSet::<()>::new(tools![add, greet, describe]).unwrap();
    let at_run_time = ToolSet::new([
        add_at_run_time(),
        greet_at_run_time(),
        describe_at_run_time(),
    ])
    .unwrap();
    for version in common::versions() {
        let macro_client = connect(Server::new((), declared.clone()), version.clone()).await;
        let dynamic_client = connect(Server::new((), at_run_time.clone()), version.clone()).await;
        let listed = macro_client.list_all_tools().await.unwrap();
        let listed_at_run_time = dynamic_client.list_all_tools().await.unwrap();
        assert_eq!(listed.len(), 3);
        for (tool, twin) in listed.iter().zip(&listed_at_run_time) {
            assert_eq!(
                serde_json::to_string_pretty(tool).unwrap(),
                serde_json::to_string_pretty(twin).unwrap(),
                "the listing of `{}` ({version:?})",
                tool.name
            );
        }
        for (name, arguments) in calls() {
            let result = call(&macro_client, name, arguments.clone()).await.unwrap();
            let twin = call(&dynamic_client, name, arguments.clone())
                .await
                .unwrap();
            assert_eq!(
                normalised(&result),
                normalised(&twin),
                "`{name}` with {arguments} ({version:?})"
            );
            // and what a client checks holds for both
            let tool = listed.iter().find(|t| t.name == name).unwrap();
            if result.is_error == Some(true) {
                check_error(&twin);
            } else if name == "add" {
                check_json_success(tool, &twin);
            } else if name == "describe" {
                check_hybrid_success(tool, &twin);
            }
        }
        macro_client.cancel().await.unwrap();
        dynamic_client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn bad_arguments_are_named_at_their_paths() {
    let tools = ToolSet::new([add_at_run_time()]).unwrap();
    let result = tools
        .call_json(
            &(),
            "add",
            json!({"a": "two", "c": true}),
            toolshape::Context::detached(),
        )
        .await
        .unwrap();
    expect_test::expect![[r#"
        Error: invalid arguments for tool `add`:
        - parameter `a`: expected a whole number, got the string "two"
        - missing required parameter `b` (a whole number)
        - unknown parameter `c`; this tool takes `a`, `b`"#]]
    .assert_eq(&check_error(&result));
}

#[test]
fn a_malformed_schema_is_an_error_naming_where() {
    let error = ToolDef::<()>::dynamic("lookup")
        .description("Look a word up.")
        .declared_at("tools.json")
        .input_schema(json!({
            "properties": {"word": {"type": "str"}, "limit": {"type": "integer", "minimum": "1"}},
            "required": ["word", "lang"]
        }))
        .output_schema(json!({"type": "object", "properties": {"hits": {"$ref": "#/$defs/Hit"}}}))
        .handler(|_: &(), _, _| Box::pin(async { Ok::<_, ToolError>(Value::Null) }))
        .build()
        .unwrap_err();
    expect_test::expect![[r#"
        the tool `lookup` (tools.json) cannot be declared:
        - input schema, at /required: `lang` is required but `properties` does not define it (a parameter's property says what it takes)
        - input schema, at /properties/limit/minimum: `minimum` is a number, not "1"
        - input schema, at /properties/word/type: `type` is one of "null", "boolean", "object", "array", "number", "integer", "string" (or a list of them), not "str"
        - output schema, at /properties/hits/$ref: `$ref` names the definition `Hit`, which the schema's root does not define"#]]
    .assert_eq(&error.to_string());

    let error = ToolDef::<()>::dynamic("bad name")
        .kind(Kind::State)
        .format(Format::Text)
        .undo(false)
        .build()
        .unwrap_err();
    expect_test::expect![[r#"
        the tool `bad name` cannot be declared:
        - `bad name` is not a name MCP allows: 1 to 128 characters from `A-Z a-z 0-9 _ - .`
        - a tool needs a description, which is what a model reads to decide when to call it: `.description("...")`
        - a `state` tool's results are read by programs (undo, UI forms): its format is json or hybrid, not text
        - `undo(false)` leaves an action out of undo: the tool's kind is `Kind::Action`
        - a tool needs a handler: `.handler(|state, arguments, context| Box::pin(async move { … }))`"#]]
    .assert_eq(&error.to_string());

    let error = ToolDef::<()>::dynamic("story")
        .description("Tell a story.")
        .format(Format::Hybrid)
        .handler(|_: &(), _, _| Box::pin(async { Ok::<_, ToolError>(json!("once")) }))
        .build()
        .unwrap_err();
    assert_eq!(
        error.problems().collect::<Vec<_>>(),
        [
            "a hybrid tool leads with a narrative: its handler returns `Hybrid<serde_json::Value>` (`Hybrid::new(narrative, data)`)"
        ]
    );
}

#[tokio::test]
async fn a_value_the_output_schema_does_not_describe_is_a_tool_error() {
    let tool = ToolDef::<()>::dynamic("count")
        .description("Count.")
        .output_schema(json!({"type": "object", "properties": {"count": {"type": "integer"}}}))
        .handler(|_: &(), _, _| Box::pin(async { Ok::<_, ToolError>(json!({"count": "three"})) }))
        .build()
        .unwrap();
    let tools = ToolSet::new([tool]).unwrap();
    let result = tools
        .call_json(&(), "count", json!({}), toolshape::Context::detached())
        .await
        .unwrap();
    assert_eq!(
        check_error(&result),
        "Error: the tool's result does not match its output schema: result.count: expected a \
         whole number, got the string \"three\""
    );
}

/// A run-time tool reads the server's state, as a `#[tool]` with `#[state]` does.
#[tokio::test]
async fn a_handler_borrows_the_state() {
    struct Prices(std::collections::BTreeMap<&'static str, u64>);
    let price = ToolDef::<Prices>::dynamic("price")
        .description("The price of a product, in cents.")
        .input_schema(
            json!({"properties": {"product": {"type": "string"}}, "required": ["product"]}),
        )
        .output_schema(json!({"type": "integer", "minimum": 0}))
        .handler(|prices: &Prices, args, _| {
            Box::pin(async move {
                let product = args["product"].as_str().unwrap_or_default();
                prices
                    .0
                    .get(product)
                    .map(|cents| json!(cents))
                    .ok_or_else(|| ToolError::new(format!("no product is named `{product}`")))
            })
        })
        .build()
        .unwrap();
    let tools = ToolSet::new([price]).unwrap();
    let prices = Prices([("tea", 350)].into_iter().collect());
    let detached = toolshape::Context::detached;
    let found = tools
        .call_json(&prices, "price", json!({"product": "tea"}), detached())
        .await
        .unwrap();
    assert_eq!(found.structured_content.unwrap()["data"], 350);
    let missing = tools
        .call_json(&prices, "price", json!({"product": "coffee"}), detached())
        .await
        .unwrap();
    assert_eq!(check_error(&missing), "Error: no product is named `coffee`");
    // an input schema without `additionalProperties: false` passes other arguments on
    let extra = tools
        .call_json(
            &prices,
            "price",
            json!({"product": "tea", "note": 1}),
            detached(),
        )
        .await
        .unwrap();
    assert_eq!(extra.is_error, Some(false));
}

/// List the numbers up to `n`.
#[tool(format = "json")]
fn numbers(
    /// The last number.
    n: u32,
) -> Vec<u32> {
    (1..=n).collect()
}

fn numbers_at_run_time() -> ToolDef<()> {
    ToolDef::dynamic("numbers")
        .description("List the numbers up to `n`.")
        .version(env!("CARGO_PKG_VERSION"))
        .input_schema(json!({
            "type": "object",
            "properties": {
                "n": {"type": "integer", "format": "uint32", "minimum": 0, "description": "The last number."}
            },
            "required": ["n"],
            "additionalProperties": false
        }))
        .output_schema(json!({"type": "array", "items": {"type": "integer", "format": "uint32", "minimum": 0}}))
        .handler(|_: &(), args, _| {
            Box::pin(async move {
                let n = args["n"].as_u64().unwrap_or_default();
                Ok::<_, ToolError>(Value::from((1..=n).collect::<Vec<u64>>()))
            })
        })
        .build()
        .unwrap()
}

/// A layer treats a run-time tool as it treats its `#[tool]` twin: a budget rewrites both
/// listings alike and pages both results alike.
#[tokio::test]
async fn a_budget_pages_a_run_time_tool_as_its_twin() {
    use toolshape::budget::{Budget, Cap};
    let budget = || Budget::new(Cap::items(10));
    let declared = ToolSet::<()>::new(tools![numbers]).unwrap().layer(budget());
    let at_run_time = ToolSet::new([numbers_at_run_time()])
        .unwrap()
        .layer(budget());
    assert_eq!(
        serde_json::to_string(&declared.list()).unwrap(),
        serde_json::to_string(&at_run_time.list()).unwrap()
    );
    for arguments in [
        json!({"n": 25}),
        json!({"n": 25, "cursor": "10"}),
        json!({"n": 3}),
    ] {
        let detached = toolshape::Context::detached;
        let result = declared
            .call_json(&(), "numbers", arguments.clone(), detached())
            .await
            .unwrap();
        let twin = at_run_time
            .call_json(&(), "numbers", arguments.clone(), detached())
            .await
            .unwrap();
        assert_eq!(normalised(&result), normalised(&twin), "{arguments}");
    }
    let first = at_run_time
        .call_json(
            &(),
            "numbers",
            json!({"n": 25}),
            toolshape::Context::detached(),
        )
        .await
        .unwrap();
    assert_eq!(
        first.structured_content.unwrap()["page"]["next_cursor"],
        "10"
    );
}
