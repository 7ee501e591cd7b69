//! A tool as the Python function a script calls: `name(param: type, …) -> shape`, its result's
//! shape read from the tool's output schema (the envelope's `data` for a json or hybrid tool;
//! `str` for a text tool), so that a model's first script calls it right.

use rmcp::model::Tool;
use serde_json::{Map, Value};

use crate::tool::args::resolve;

/// How many fields of an object a shape names before `…`.
const FIELDS: usize = 8;
/// How deep a shape spells out objects inside objects (deeper: `dict`).
const DEPTH: usize = 2;

/// The tool `tool` as the Python function a code-mode script calls: its keyword parameters
/// (the required first; an optional one `= None`, or `= its default`) and what the call
/// answers.
///
/// ```
/// use std::sync::Arc;
/// use toolshape::rmcp::model::Tool;
///
/// let input = serde_json::json!({
///     "type": "object",
///     "properties": {"volume_uuid": {"type": "string"}, "limit": {"type": "integer", "default": 5}},
///     "required": ["volume_uuid"],
/// });
/// let output = serde_json::json!({
///     "type": "object",
///     "properties": {"size": {"type": "integer"}, "tags": {"type": "array", "items": {"type": "string"}}},
/// });
/// let tool = Tool::new("get_volume_space", "Read a volume's space.", Arc::new(input.as_object().unwrap().clone()))
///     .with_raw_output_schema(Arc::new(output.as_object().unwrap().clone()));
/// assert_eq!(
///     toolshape::code::signature(&tool),
///     "get_volume_space(volume_uuid: str, limit: int = 5) -> {size: int, tags: list[str]}"
/// );
/// ```
pub fn signature(tool: &Tool) -> String {
    let input = Value::Object((*tool.input_schema).clone());
    let definitions = definitions(&input);
    let required: Vec<&str> = (input.get("required").and_then(Value::as_array))
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut parameters: Vec<String> = Vec::new();
    if let Some(properties) = input.get("properties").and_then(Value::as_object) {
        let (first, rest): (Vec<_>, Vec<_>) = properties
            .iter()
            .partition(|(name, _)| required.contains(&name.as_str()));
        for (name, property) in first.into_iter().chain(rest) {
            let kind = python_type(property, definitions, 0);
            if required.contains(&name.as_str()) {
                parameters.push(format!("{name}: {kind}"));
            } else {
                let default = property
                    .get("default")
                    .map_or_else(|| "None".to_owned(), python_value);
                parameters.push(format!("{name}: {kind} = {default}"));
            }
        }
    }
    format!(
        "{}({}) -> {}",
        tool.name,
        parameters.join(", "),
        result_shape(tool)
    )
}

/// What a call of the tool answers in a script.
fn result_shape(tool: &Tool) -> String {
    let Some(output) = &tool.output_schema else {
        return "str".into();
    };
    let output = Value::Object((**output).clone());
    let definitions = definitions(&output);
    let resolved = resolve(&output, definitions);
    let properties = resolved.get("properties").and_then(Value::as_object);
    // toolshape's envelope (as listed: `data` and what a hybrid adds beside it): the call
    // answers its data
    let envelope = [
        "status",
        "metadata",
        "grounded",
        "narrative",
        "attachments",
        "plots",
    ];
    match properties {
        Some(fields)
            if fields.contains_key("data")
                && fields
                    .keys()
                    .all(|key| key == "data" || envelope.contains(&key.as_str())) =>
        {
            python_type(&fields["data"], definitions, 0)
        }
        _ => python_type(&output, definitions, 0),
    }
}

/// A schema's definitions (`$defs`, or draft 7's `definitions`).
fn definitions(schema: &Value) -> Option<&Map<String, Value>> {
    schema
        .get("$defs")
        .or_else(|| schema.get("definitions"))
        .and_then(Value::as_object)
}

fn python_value(value: &Value) -> String {
    match value {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        other => other.to_string(),
    }
}

/// A schema as a Python type: `str`, `int`, `list[str]`, `{a: int, b: str, …}`, `"x"|"y"`,
/// `int | None`.
fn python_type(schema: &Value, definitions: Option<&Map<String, Value>>, depth: usize) -> String {
    let schema = resolve(schema, definitions);
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        return values
            .iter()
            .map(python_value)
            .collect::<Vec<_>>()
            .join("|");
    }
    if let Some(value) = schema.get("const") {
        return python_value(value);
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(choices) = schema.get(key).and_then(Value::as_array) {
            let mut kinds: Vec<String> = Vec::new();
            for choice in choices {
                let kind = python_type(choice, definitions, depth);
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
            return kinds.join(" | ");
        }
    }
    let kinds: Vec<&str> = match schema.get("type") {
        Some(Value::String(kind)) => vec![kind.as_str()],
        Some(Value::Array(kinds)) => kinds.iter().filter_map(Value::as_str).collect(),
        _ if schema.get("properties").is_some() => vec!["object"],
        _ => return "Any".into(),
    };
    let kinds: Vec<String> = kinds
        .into_iter()
        .map(|kind| match kind {
            "string" => "str".to_owned(),
            "integer" => "int".to_owned(),
            "number" => "float".to_owned(),
            "boolean" => "bool".to_owned(),
            "null" => "None".to_owned(),
            "array" => match schema.get("items") {
                Some(items) => format!("list[{}]", python_type(items, definitions, depth)),
                None => "list".to_owned(),
            },
            "object" => object(schema, definitions, depth),
            other => other.to_owned(),
        })
        .collect();
    kinds.join(" | ")
}

fn object(schema: &Value, definitions: Option<&Map<String, Value>>, depth: usize) -> String {
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return "dict".into();
    };
    if depth >= DEPTH || properties.is_empty() {
        return "dict".into();
    }
    let mut fields: Vec<String> = properties
        .iter()
        .take(FIELDS)
        .map(|(name, field)| format!("{name}: {}", python_type(field, definitions, depth + 1)))
        .collect();
    if properties.len() > FIELDS {
        fields.push("…".into());
    }
    format!("{{{}}}", fields.join(", "))
}
