//! Fuzz targets, as bounded loops that run with the tests (cargo-fuzz needs a nightly
//! compiler): the argument parser (arbitrary JSON arguments to every quickstart tool, through
//! rmcp's client) and the text renderer (arbitrary strings in every field of a record).
//!
//! Each target first replays its corpus, `tests/fuzz/corpus/<target>/*.json` (hand-written
//! hostile inputs; add a file to keep a case that once failed), then generated inputs
//! (proptest; a failure is shrunk and saved in `fuzz.proptest-regressions`). The properties:
//! the server answers every call with a result (never a protocol error, never a hang) that is
//! either valid against the tool's `outputSchema` or a tool error starting `Error: `, and goes
//! on serving; the renderer never panics and writes one fenced code block and nothing else.

use toolshape_test_support as common;

use std::path::PathBuf;

use common::{Client, connect, validate, versions};
use proptest::prelude::*;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use rmcp::model::{CallToolRequestParams, Tool};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use toolshape::{Server, ToolText};
use toolshape_examples::quickstart::{Directory, toolset};

fn corpus(target: &str) -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus")
        .join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "an empty corpus: {}", dir.display());
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let value =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (path.display().to_string(), value)
        })
        .collect()
}

// ---------------------------------------------------------------------------------------
// The argument parser
// ---------------------------------------------------------------------------------------

struct Target {
    runtime: tokio::runtime::Runtime,
    client: Client,
    tools: Vec<Tool>,
}

impl Target {
    fn new() -> Self {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let client = runtime.block_on(connect(
            Server::new(Directory::default(), toolset()),
            versions()[0].clone(),
        ));
        let tools = runtime.block_on(client.list_all_tools()).unwrap();
        Target {
            runtime,
            client,
            tools,
        }
    }

    /// The property for one call: an answer, valid or a tool error.
    fn check(&self, label: &str, tool: &str, arguments: Map<String, Value>) {
        let request = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
        let result = self
            .runtime
            .block_on(async {
                tokio::time::timeout(
                    std::time::Duration::from_secs(20),
                    self.client.call_tool(request),
                )
                .await
            })
            .unwrap_or_else(|_| panic!("{label}: no answer"))
            .unwrap_or_else(|e| panic!("{label}: a protocol error: {e}"));
        let text = result
            .content
            .first()
            .and_then(|block| block.as_text())
            .map(|t| t.text.clone())
            .unwrap_or_default();
        if result.is_error == Some(true) {
            assert!(text.starts_with("Error: "), "{label}: {text}");
            assert!(result.structured_content.is_none(), "{label}");
            if text.starts_with("Error: invalid arguments") {
                assert!(
                    text.lines().skip(1).all(|line| line.starts_with("- ")),
                    "{label}: one problem per line: {text}"
                );
            }
        } else {
            let tool = self.tools.iter().find(|t| t.name == tool).unwrap();
            if tool.output_schema.is_some() {
                validate(tool, result.structured_content.as_ref().unwrap());
            }
            assert!(!text.is_empty(), "{label}");
        }
    }
}

#[test]
fn arguments_corpus() {
    let target = Target::new();
    for (file, case) in corpus("arguments") {
        let tool = case["tool"].as_str().expect("a tool name");
        let arguments = case["arguments"].as_object().expect("arguments").clone();
        target.check(&file, tool, arguments);
    }
}

fn arb_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("JSON numbers are finite", |f| f.is_finite())
            .prop_map(Value::from),
        (0u32..200).prop_map(Value::from),
        any::<String>().prop_map(Value::String),
        "[0-9a-z@. ]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            proptest::collection::btree_map("[a-z]{0,6}", inner, 0..6)
                .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn arb_arguments() -> impl Strategy<Value = Map<String, Value>> {
    let key = prop_oneof![
        Just("id".to_owned()),
        Just("query".to_owned()),
        Just("limit".to_owned()),
        Just("a".to_owned()),
        Just("b".to_owned()),
        any::<String>(),
    ];
    proptest::collection::btree_map(key, arb_value(), 0..5)
        .prop_map(|map| map.into_iter().collect())
}

#[test]
fn arguments_generated() {
    let target = Target::new();
    let names: Vec<String> = target.tools.iter().map(|t| t.name.to_string()).collect();
    let mut runner = proptest::test_runner::TestRunner::new(ProptestConfig {
        cases: 600,
        failure_persistence: Some(Box::new(
            proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
        )),
        ..ProptestConfig::default()
    });
    runner
        .run(&(0..names.len(), arb_arguments()), |(tool, arguments)| {
            target.check("generated", &names[tool], arguments);
            Ok(())
        })
        .unwrap();
    // Still serving after all of it.
    target.check(
        "after",
        "add",
        json!({"a": 1, "b": 2}).as_object().unwrap().clone(),
    );
}

// ---------------------------------------------------------------------------------------
// The text renderer
// ---------------------------------------------------------------------------------------

#[derive(Debug, Clone, Deserialize, ToolText)]
#[text(noun = "user", empty = "No users found matching your criteria.")]
struct User {
    #[text(label = "User ID")]
    id: u64,
    name: String,
    surname: String,
    email: String,
    phone: Option<String>,
    company: Option<String>,
    about: Option<String>,
    tags: Vec<String>,
}

/// The property: exactly one fenced code block, nothing outside it.
fn check_text(label: &str, user: &User) {
    let text = toolshape::formats::text::render(user);
    let mut blocks = 0;
    let mut inside = false;
    for event in Parser::new(&text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_))) => {
                assert!(!inside, "{label}: nested block in {text:?}");
                inside = true;
                blocks += 1;
            }
            Event::End(TagEnd::CodeBlock) => inside = false,
            Event::Text(_) if inside => {}
            other => panic!("{label}: {other:?} outside the block in {text:?}"),
        }
    }
    assert_eq!(blocks, 1, "{label}: {text:?}");
    assert!(!inside, "{label}: unclosed block in {text:?}");
}

#[test]
fn text_corpus() {
    for (file, case) in corpus("text") {
        let user: User = serde_json::from_value(case).unwrap_or_else(|e| panic!("{file}: {e}"));
        check_text(&file, &user);
    }
}

/// Strings decoded from arbitrary bytes (lossily, as a server might from a database).
fn arb_text() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..80)
            .prop_map(|bytes| String::from_utf8_lossy(&bytes).into_owned()),
        any::<String>(),
        "[`~|,\\\\\n\r]{0,20}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn text_generated(
        id in any::<u64>(),
        fields in proptest::collection::vec(arb_text(), 3),
        optional in proptest::collection::vec(proptest::option::of(arb_text()), 3),
        tags in proptest::collection::vec(arb_text(), 0..4),
    ) {
        let user = User {
            id,
            name: fields[0].clone(),
            surname: fields[1].clone(),
            email: fields[2].clone(),
            phone: optional[0].clone(),
            company: optional[1].clone(),
            about: optional[2].clone(),
            tags,
        };
        check_text("generated", &user);
    }
}
