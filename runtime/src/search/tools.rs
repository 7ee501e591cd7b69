//! The two tools a server with tool search lists: `search_tools` and `call_tool` — their
//! `tools/list` entries, and the reading of their arguments (a bad one is a tool error
//! naming it, worded as a tool's own argument errors are).

use std::sync::Arc;

use rmcp::model::ToolAnnotations;
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, JsonObject, Tool};
use serde_json::{Value, json};

/// The name of the tool that searches the others.
pub const SEARCH_TOOLS: &str = "search_tools";
/// The name of the tool that calls another by name.
pub const CALL_TOOL: &str = "call_tool";
/// The most tools one search answers: a call's `limit` may be 1 to this.
pub const MAX_LIMIT: usize = 50;

/// `search_tools`' `tools/list` entry; `limit` is the server's default result count.
pub(crate) fn search_tools_entry(limit: usize) -> Tool {
    let input = json!({
        "type": "object",
        "properties": {
            "query": {
                "type": "string",
                "description": "What you want to do, in a few words.",
            },
            "limit": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_LIMIT,
                "default": limit,
                "description": "How many tools to answer at most.",
            },
        },
        "required": ["query"],
        "additionalProperties": false,
    });
    let output = json!({
        "type": "object",
        "properties": {
            "tools": {"type": "array", "items": {"type": "object"}},
            "fits": {"type": "boolean"},
        },
        "required": ["tools", "fits"],
    });
    let mut annotations = ToolAnnotations::new();
    annotations.read_only_hint = Some(true);
    Tool::new(
        SEARCH_TOOLS,
        "Find this server's tools for a task, best match first, with their parameters. \
         Use it before call_tool when no listed tool fits.",
        object(input),
    )
    .with_raw_output_schema(object(output))
    .with_annotations(annotations)
}

/// `call_tool`'s `tools/list` entry.
pub(crate) fn call_tool_entry() -> Tool {
    let input = json!({
        "type": "object",
        "properties": {
            "name": {
                "type": "string",
                "description": "A tool's name, as search_tools gave it.",
            },
            "arguments": {
                "type": "object",
                "description": "The tool's parameters.",
            },
        },
        "required": ["name"],
        "additionalProperties": false,
    });
    Tool::new(
        CALL_TOOL,
        "Call a tool that search_tools found, by name; answers what the tool answers.",
        object(input),
    )
}

fn object(value: Value) -> Arc<JsonObject> {
    match value {
        Value::Object(object) => Arc::new(object),
        _ => Arc::default(),
    }
}

/// A `search_tools` call's arguments, read.
#[derive(Debug, PartialEq)]
pub(crate) struct Query {
    pub(crate) words: String,
    pub(crate) limit: usize,
}

/// Reads `search_tools`' arguments; `default_limit` when the call gives no `limit`. A bad
/// argument is the tool error to answer.
pub(crate) fn read_query(
    arguments: Option<&JsonObject>,
    default_limit: usize,
) -> Result<Query, CallToolResult> {
    let empty = JsonObject::new();
    let arguments = arguments.unwrap_or(&empty);
    let mut problems = unknown(arguments, &["query", "limit"]);
    let words = match arguments.get("query") {
        None => {
            problems.push("missing required parameter `query` (a string)".into());
            String::new()
        }
        Some(Value::String(words)) if words.trim().is_empty() => {
            problems.push(
                "parameter `query`: expected the words to search for, got an empty string".into(),
            );
            String::new()
        }
        Some(Value::String(words)) => words.clone(),
        Some(other) => {
            problems.push(format!(
                "parameter `query`: expected a string, got {}",
                what(other)
            ));
            String::new()
        }
    };
    let limit = match arguments.get("limit") {
        None | Some(Value::Null) => default_limit,
        Some(value) => match value.as_u64() {
            Some(n) if (1..=MAX_LIMIT as u64).contains(&n) => n as usize,
            _ => {
                problems.push(format!(
                    "parameter `limit`: expected an integer, 1 to {MAX_LIMIT}, got {}",
                    what(value)
                ));
                default_limit
            }
        },
    };
    if problems.is_empty() {
        Ok(Query { words, limit })
    } else {
        Err(refusal(SEARCH_TOOLS, &problems))
    }
}

/// A `call_tool` request turned into the request of the tool it names: the same request
/// (its `_meta`, its answers to earlier questions, its request state) with the name and
/// arguments replaced. A bad argument of `call_tool` itself is the tool error to answer.
pub(crate) fn unwrap_call(
    mut request: CallToolRequestParams,
) -> Result<CallToolRequestParams, CallToolResult> {
    let mut arguments = request.arguments.take().unwrap_or_default();
    let mut problems = unknown(&arguments, &["name", "arguments"]);
    let name = match arguments.remove("name") {
        Some(Value::String(name)) if name == CALL_TOOL => {
            problems.push(format!(
                "parameter `name`: `{CALL_TOOL}` calls other tools; call them through it"
            ));
            None
        }
        Some(Value::String(name)) => Some(name),
        None => {
            problems.push("missing required parameter `name` (a string)".into());
            None
        }
        Some(other) => {
            problems.push(format!(
                "parameter `name`: expected a string, got {}",
                what(&other)
            ));
            None
        }
    };
    let inner = match arguments.remove("arguments") {
        None | Some(Value::Null) => Some(JsonObject::new()),
        Some(Value::Object(inner)) => Some(inner),
        Some(other) => {
            problems.push(format!(
                "parameter `arguments`: expected an object, got {}",
                what(&other)
            ));
            None
        }
    };
    match (name, inner) {
        (Some(name), Some(inner)) if problems.is_empty() => {
            request.name = name.into();
            request.arguments = Some(inner);
            Ok(request)
        }
        _ => Err(refusal(CALL_TOOL, &problems)),
    }
}

/// The name of the tool a `tools/call` reaches: the tool `call_tool` names, else the
/// request's own. For checks that run before the call (the HTTP router's scopes).
#[cfg_attr(not(feature = "oauth"), allow(dead_code))]
pub(crate) fn target(request: &CallToolRequestParams) -> &str {
    if request.name == CALL_TOOL
        && let Some(Value::String(name)) = request.arguments.as_ref().and_then(|a| a.get("name"))
    {
        return name;
    }
    &request.name
}

/// One line per argument the tool does not take.
fn unknown(arguments: &JsonObject, known: &[&str]) -> Vec<String> {
    let takes: Vec<String> = known.iter().map(|name| format!("`{name}`")).collect();
    arguments
        .keys()
        .filter(|key| !known.contains(&key.as_str()))
        .map(|key| {
            format!(
                "unknown parameter `{key}`; this tool takes {}",
                takes.join(", ")
            )
        })
        .collect()
}

/// The tool error for bad arguments, in the words of a tool's own.
fn refusal(tool: &str, problems: &[String]) -> CallToolResult {
    let mut text = format!("Error: invalid arguments for tool `{tool}`:");
    for problem in problems {
        text.push_str("\n- ");
        text.push_str(problem);
    }
    CallToolResult::error(vec![ContentBlock::text(text)])
}

/// A JSON value named for an error message: its kind and, when short, itself.
fn what(value: &Value) -> String {
    let kind = match value {
        Value::Null => "null",
        Value::Bool(_) => "the boolean",
        Value::Number(_) => "the number",
        Value::String(_) => "the string",
        Value::Array(_) => return "an array".into(),
        Value::Object(_) => return "an object".into(),
    };
    if value.is_null() {
        kind.into()
    } else {
        format!("{kind} {value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(value: Value) -> JsonObject {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn a_query_is_read_with_its_limit_or_the_default() {
        let query = read_query(Some(&args(json!({"query": "delete"}))), 5).unwrap();
        assert_eq!(query.limit, 5);
        let query = read_query(Some(&args(json!({"query": "delete", "limit": 2}))), 5).unwrap();
        assert_eq!(query.limit, 2);
    }

    #[test]
    fn bad_arguments_name_the_parameter() {
        let text = |result: CallToolResult| {
            assert_eq!(result.is_error, Some(true));
            result.content[0].as_text().unwrap().text.clone()
        };
        assert_eq!(
            text(read_query(None, 5).unwrap_err()),
            "Error: invalid arguments for tool `search_tools`:\n\
             - missing required parameter `query` (a string)"
        );
        assert_eq!(
            text(read_query(Some(&args(json!({"query": "x", "limit": 0}))), 5).unwrap_err()),
            "Error: invalid arguments for tool `search_tools`:\n\
             - parameter `limit`: expected an integer, 1 to 50, got the number 0"
        );
        let call = CallToolRequestParams::new(CALL_TOOL)
            .with_arguments(args(json!({"name": "add", "arguments": [1]})));
        assert_eq!(
            text(unwrap_call(call).unwrap_err()),
            "Error: invalid arguments for tool `call_tool`:\n\
             - parameter `arguments`: expected an object, got an array"
        );
    }

    #[test]
    fn a_call_keeps_its_request_with_the_name_and_arguments_replaced() {
        let mut call = CallToolRequestParams::new(CALL_TOOL)
            .with_arguments(args(json!({"name": "add", "arguments": {"a": 1}})));
        call.request_state = Some("state".into());
        let inner = unwrap_call(call).unwrap();
        assert_eq!(inner.name, "add");
        assert_eq!(inner.arguments, Some(args(json!({"a": 1}))));
        assert_eq!(inner.request_state.as_deref(), Some("state"));
    }
}
