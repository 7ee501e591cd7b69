//! Tools read from a JSON file at start-up, declared without `#[tool]`
//! (`ToolDef::dynamic`): each entry of the file gives a tool's name, texts, kind, format and
//! schemas, and what it answers, one of three:
//!
//! - `{"template": "Welcome, {name}!"}`: a text with each `{argument}` filled in;
//! - `{"lookup": {"table": "offices", "key": "city"}}`: the record of a table (in the same
//!   file) whose key is the argument `key`;
//! - `{"update": {"table": "offices", "key": "city"}}`: sets the other arguments as fields of
//!   that record, and answers it.
//!
//! The tables live in the server's state, so a lookup reads what an update wrote; undo pairs
//! the update with the lookup as it would two `#[tool]`s (`kind` `state` and `action`).
//! `examples/tools.json` is the sample file.

use std::collections::BTreeMap;
use std::sync::RwLock;

use serde::Deserialize;
use serde_json::Value;
use toolshape::formats::Format;
use toolshape::tool::{Kind, ToolDef};
use toolshape::undo::Undo;
use toolshape::{ToolError, ToolSet};

/// The sample file: `examples/tools.json`.
pub const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tools.json");

/// The server's state: the file's tables, by name, each a map of records by key.
#[derive(Debug, Default)]
pub struct Tables(RwLock<BTreeMap<String, BTreeMap<String, Value>>>);

/// The file: tables, and tools.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    tables: BTreeMap<String, BTreeMap<String, Value>>,
    tools: Vec<Entry>,
}

/// One tool of the file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    name: String,
    title: Option<String>,
    description: String,
    kind: Option<String>,
    #[serde(default = "json")]
    format: String,
    #[serde(default)]
    keywords: Vec<String>,
    #[serde(default)]
    scopes: Vec<String>,
    input_schema: Option<Value>,
    output_schema: Option<Value>,
    answer: Answer,
}

fn json() -> String {
    "json".to_owned()
}

/// What a tool of the file answers.
#[derive(Deserialize, Clone)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum Answer {
    /// A text with each `{argument}` filled in.
    Template(String),
    /// The record of `table` whose key is the argument `key`.
    Lookup { table: String, key: String },
    /// The other arguments set as fields of that record, which it answers.
    Update { table: String, key: String },
}

/// The tools of the file at `path` (with undo over them), and the state they serve.
///
/// # Errors
/// The file cannot be read or is not this shape, or a tool cannot be declared (its error
/// names the tool and each problem, a malformed schema's place in it), or undo cannot pair
/// its actions.
pub fn load(path: &str) -> Result<(ToolSet<Tables>, Tables), Box<dyn std::error::Error>> {
    let text =
        std::fs::read_to_string(path).map_err(|error| format!("cannot read {path}: {error}"))?;
    let file: File = serde_json::from_str(&text)
        .map_err(|error| format!("{path} is not a tools file: {error}"))?;
    let mut tools = ToolSet::default();
    for (i, entry) in file.tools.into_iter().enumerate() {
        tools.add(declare(entry, &format!("{path}, tool {}", i + 1))?)?;
    }
    let undo = Undo::for_tools(&tools)?;
    Ok((tools.layer(undo), Tables(RwLock::new(file.tables))))
}

/// One entry of the file as a tool.
fn declare(entry: Entry, place: &str) -> Result<ToolDef<Tables>, Box<dyn std::error::Error>> {
    let format = match entry.format.as_str() {
        "json" => Format::Json,
        "text" => Format::Text,
        "hybrid" => Format::Hybrid,
        other => {
            return Err(format!("{place}: `format` is json, text or hybrid, not {other:?}").into());
        }
    };
    let mut tool = ToolDef::dynamic(entry.name)
        .declared_at(place.to_owned())
        .description(entry.description)
        .version(env!("CARGO_PKG_VERSION"))
        .format(format)
        .keywords(entry.keywords)
        .scopes(entry.scopes);
    if let Some(title) = entry.title {
        tool = tool.title(title);
    }
    if let Some(kind) = entry.kind {
        tool = tool.kind(match kind.as_str() {
            "read" => Kind::Read,
            "state" => Kind::State,
            "action" => Kind::Action,
            other => {
                return Err(
                    format!("{place}: `kind` is read, state or action, not {other:?}").into(),
                );
            }
        });
    }
    if let Some(schema) = entry.input_schema {
        tool = tool.input_schema(schema);
    }
    if let Some(schema) = entry.output_schema {
        tool = tool.output_schema(schema);
    }
    let tool = match entry.answer {
        Answer::Template(template) => tool.handler(move |_: &Tables, arguments, _| {
            let text = fill(&template, &arguments);
            Box::pin(async move { Ok::<_, ToolError>(text) })
        }),
        Answer::Lookup { table, key } => tool.handler(move |tables: &Tables, arguments, _| {
            let found = record(tables, &table, &key, &arguments);
            Box::pin(async move { found })
        }),
        Answer::Update { table, key } => tool.handler(move |tables: &Tables, arguments, _| {
            let updated = update(tables, &table, &key, arguments);
            Box::pin(async move { updated })
        }),
    };
    Ok(tool.build()?)
}

/// `template` with each `{name}` replaced by the argument `name` (a string as it is, another
/// value as JSON).
fn fill(template: &str, arguments: &serde_json::Map<String, Value>) -> String {
    arguments
        .iter()
        .fold(template.to_owned(), |text, (name, value)| {
            let value = match value {
                Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            text.replace(&format!("{{{name}}}"), &value)
        })
}

/// The record of `table` whose key is the argument `key`.
fn record(
    tables: &Tables,
    table: &str,
    key: &str,
    arguments: &serde_json::Map<String, Value>,
) -> Result<Value, ToolError> {
    let wanted = arguments
        .get(key)
        .and_then(Value::as_str)
        .unwrap_or_default();
    let tables = tables
        .0
        .read()
        .map_err(|_| ToolError::new("the tables are unusable"))?;
    tables
        .get(table)
        .and_then(|records| records.get(wanted))
        .cloned()
        .ok_or_else(|| ToolError::new(format!("no {key} `{wanted}` in {table}")))
}

/// Sets every argument but `key` as a field of the record whose key is the argument `key`,
/// and answers the record.
fn update(
    tables: &Tables,
    table: &str,
    key: &str,
    mut arguments: serde_json::Map<String, Value>,
) -> Result<Value, ToolError> {
    let wanted = arguments
        .remove(key)
        .and_then(|value| value.as_str().map(str::to_owned))
        .unwrap_or_default();
    let mut tables = tables
        .0
        .write()
        .map_err(|_| ToolError::new("the tables are unusable"))?;
    let record = tables
        .get_mut(table)
        .and_then(|records| records.get_mut(&wanted))
        .and_then(Value::as_object_mut)
        .ok_or_else(|| ToolError::new(format!("no {key} `{wanted}` in {table}")))?;
    record.extend(arguments);
    Ok(Value::Object(record.clone()))
}
