//! What `search_tools` answers: the tools found as their `tools/list` entries (for
//! programs, in `structuredContent`) and as a compact text for the model — each tool's name,
//! what it does, and each parameter with its type, whether it is required, its default and
//! what it is (its description's first sentence).

use std::fmt::Write as _;

use rmcp::model::{CallToolResult, ContentBlock, Tool};
use serde_json::{Map, Value, json};

use crate::tool::args::resolve;

/// The answer to a search for `query` that found `tools`, best first; `code` when the server
/// has code mode, whose scripts call each tool as a Python function.
pub(crate) fn answer(query: &str, tools: &[&Tool], code: bool) -> CallToolResult {
    let entries: Vec<Value> = tools.iter().map(|tool| entry(tool)).collect();
    let text = if code {
        answer_text(query, tools, true)
    } else {
        text(query, tools)
    };
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(json!({ "tools": entries }));
    result
}

/// A tool's entry in the answer: its `tools/list` entry without its icons (pictures for
/// people, which can be large).
fn entry(tool: &Tool) -> Value {
    let mut tool = tool.clone();
    tool.icons = None;
    serde_json::to_value(tool).unwrap_or(Value::Null)
}

/// The text `search_tools` answers a model for `query`, having found `tools` (best first):
/// each tool's name, its description, `(read-only)` or `(destructive)` from its annotations,
/// and a line per parameter: its name (`?` after an optional one), its type, its default and
/// its description's first sentence. A parameter written exactly so for a tool above is only
/// named, on one line ending `as above`. Then how to call one. When `tools` is empty, a line
/// saying that nothing matched and suggesting broader words. For a search tool of your own,
/// or to measure what a search costs a model.
///
/// ```
/// use std::sync::Arc;
/// use toolshape::rmcp::model::Tool;
///
/// let schema = serde_json::json!({
///     "type": "object",
///     "properties": {"id": {"type": "integer", "description": "The user's id. Not its name."}},
///     "required": ["id"],
/// });
/// let tool = Tool::new("get_user", "Read one user.", Arc::new(schema.as_object().unwrap().clone()));
/// assert_eq!(
///     toolshape::search::result_text("show a user", &[&tool]),
///     "get_user: Read one user.\n  id: integer. The user's id.\n\
///      ? marks an optional parameter. Call one with call_tool {\"name\": ..., \"arguments\": {...}}."
/// );
/// ```
pub fn text(query: &str, tools: &[&Tool]) -> String {
    answer_text(query, tools, false)
}

/// [`text`]; with `code`, each tool's first line is the Python function a code-mode script
/// calls (`name(param: type, …) -> shape`), and the last says how to call one in a script.
fn answer_text(query: &str, tools: &[&Tool], code: bool) -> String {
    if tools.is_empty() {
        return format!(
            "No tool matches \"{query}\". Search again with fewer or broader words: \
             the action (list, create, delete) or the thing it acts on."
        );
    }
    let mut out = String::new();
    let mut written: Vec<String> = Vec::new();
    for tool in tools {
        describe(&mut out, tool, &mut written, code);
    }
    if code {
        out.push_str(
            "? marks an optional parameter. In execute, `x = await name(key=value, ...)` \
             answers what follows `->`; or call one alone with call_tool \
             {\"name\": ..., \"arguments\": {...}}.",
        );
    } else {
        out.push_str(
            "? marks an optional parameter. Call one with call_tool {\"name\": ..., \"arguments\": {...}}.",
        );
    }
    out
}

/// One tool: `name: description (read-only)`, then a line per parameter, and one line
/// naming the parameters written the same way for a tool above (`written`: their lines).
fn describe(out: &mut String, tool: &Tool, written: &mut Vec<String>, code: bool) {
    #[cfg(feature = "code")]
    let head = if code {
        crate::code::signature(tool)
    } else {
        tool.name.to_string()
    };
    #[cfg(not(feature = "code"))]
    let head = {
        let _ = code;
        tool.name.to_string()
    };
    out.push_str(&head);
    let description = tool
        .description
        .as_deref()
        .map(one_line)
        .unwrap_or_default();
    if !description.is_empty() {
        let _ = write!(out, ": {description}");
    }
    if let Some(hints) = &tool.annotations {
        if hints.read_only_hint == Some(true) {
            out.push_str(" (read-only)");
        } else if hints.destructive_hint == Some(true) {
            out.push_str(" (destructive)");
        }
    }
    out.push('\n');
    let schema = &tool.input_schema;
    let definitions = schema
        .get("$defs")
        .or_else(|| schema.get("definitions"))
        .and_then(Value::as_object);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let Some(properties) = schema.get("properties").and_then(Value::as_object) else {
        return;
    };
    // the required parameters first, each group in name order (serde_json's)
    let (mut first, rest): (Vec<_>, Vec<_>) = properties
        .iter()
        .partition(|(name, _)| required.contains(&name.as_str()));
    first.extend(rest);
    let mut repeated: Vec<String> = Vec::new();
    for (name, property) in first {
        let resolved = resolve(property, definitions);
        let mut label = name.clone();
        if !required.contains(&name.as_str()) {
            label.push('?');
        }
        let mut line = format!("{label}: {}", type_of(property, definitions));
        if let Some(default) = property.get("default").or_else(|| resolved.get("default")) {
            let _ = write!(line, " (default {default})");
        }
        let description = property
            .get("description")
            .or_else(|| resolved.get("description"))
            .and_then(Value::as_str)
            .map(one_line)
            .unwrap_or_default();
        let description = first_sentence(&description);
        if !description.is_empty() {
            let _ = write!(line, ". {description}");
        }
        if written.contains(&line) {
            repeated.push(label);
        } else {
            let _ = writeln!(out, "  {line}");
            written.push(line);
        }
    }
    if !repeated.is_empty() {
        let _ = writeln!(out, "  {}: as above", repeated.join(", "));
    }
}

/// A description on one line: its lines joined by spaces, blank ones dropped.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A text's first sentence (up to the first `. `): what a parameter is. The rest of a
/// parameter's description (its conditions, its examples) is in the tool's `inputSchema`.
fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(end) => &text[..=end],
        None => text,
    }
}

/// A parameter's type in a few words: `string`, `integer 1 to 10`, `"a"|"b"`,
/// `array of string`, `string or integer`.
fn type_of(schema: &Value, definitions: Option<&Map<String, Value>>) -> String {
    let schema = resolve(schema, definitions);
    if let Some(values) = schema.get("enum").and_then(Value::as_array) {
        let values: Vec<String> = values
            .iter()
            .filter(|v| !v.is_null())
            .map(Value::to_string)
            .collect();
        return values.join("|");
    }
    if let Some(value) = schema.get("const") {
        return value.to_string();
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(choices) = schema.get(key).and_then(Value::as_array) {
            let mut kinds: Vec<String> = Vec::new();
            for choice in choices {
                if choice.get("type").and_then(Value::as_str) == Some("null") {
                    continue;
                }
                let kind = type_of(choice, definitions);
                if !kinds.contains(&kind) {
                    kinds.push(kind);
                }
            }
            return kinds.join(" or ");
        }
    }
    let kinds: Vec<&str> = match schema.get("type") {
        Some(Value::String(kind)) => vec![kind.as_str()],
        Some(Value::Array(kinds)) => kinds
            .iter()
            .filter_map(Value::as_str)
            .filter(|kind| *kind != "null")
            .collect(),
        _ => return "any".into(),
    };
    let mut out = kinds.join(" or ");
    if kinds == ["array"]
        && let Some(items) = schema.get("items")
    {
        out = format!("array of {}", type_of(items, definitions));
    }
    if let Some(format) = schema.get("format").and_then(Value::as_str) {
        let _ = write!(out, " {format}");
    }
    // The range of a Rust integer type (`u32`'s 0 to 4294967295, which the listed schema
    // states) is left unsaid, but for an unsigned type's 0: no value a model means to send
    // reaches it. A bound of the tool's own is said (one equal to its type's cannot be
    // told from it).
    let integer = kinds == ["integer"];
    let type_bound = |key: &str, value: &Value| {
        let Some(n) = value
            .as_i64()
            .map(i128::from)
            .or(value.as_u64().map(i128::from))
        else {
            return false;
        };
        integer
            && match key {
                "minimum" => [
                    i8::MIN.into(),
                    i16::MIN.into(),
                    i32::MIN.into(),
                    i64::MIN.into(),
                ]
                .contains(&n),
                _ => [
                    i8::MAX.into(),
                    u8::MAX.into(),
                    i16::MAX.into(),
                    u16::MAX.into(),
                    i32::MAX.into(),
                    u32::MAX.into(),
                    i64::MAX.into(),
                    u64::MAX.into(),
                ]
                .contains(&n),
            }
    };
    let bound = |key: &str| {
        schema
            .get(key)
            .filter(|v| v.is_number() && !type_bound(key, v))
    };
    match (bound("minimum"), bound("maximum")) {
        (Some(min), Some(max)) => {
            let _ = write!(out, " {min} to {max}");
        }
        (Some(min), None) => {
            let _ = write!(out, " ≥ {min}");
        }
        (None, Some(max)) => {
            let _ = write!(out, " ≤ {max}");
        }
        (None, None) => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &'static str, description: &'static str, schema: Value) -> Tool {
        let schema = schema.as_object().cloned().unwrap();
        Tool::new(name, description, std::sync::Arc::new(schema))
    }

    #[test]
    fn a_tool_reads_as_its_name_description_and_parameters() {
        let delete = tool(
            "delete_snapshot",
            "Delete a snapshot\nof a volume.",
            json!({
                "type": "object",
                "properties": {
                    "volume": {"type": "string", "description": "The volume's name."},
                    "keep": {"type": ["integer", "null"], "minimum": 0, "maximum": 9, "default": 1},
                    "mode": {"$ref": "#/$defs/Mode"},
                    "tags": {"type": "array", "items": {"type": "string"}},
                },
                "required": ["volume"],
                "$defs": {"Mode": {"enum": ["fast", "safe"], "description": "How."}},
            }),
        );
        assert_eq!(
            text("remove snapshot", &[&delete]),
            "delete_snapshot: Delete a snapshot of a volume.\n\
             \x20 volume: string. The volume's name.\n\
             \x20 keep?: integer 0 to 9 (default 1)\n\
             \x20 mode?: \"fast\"|\"safe\". How.\n\
             \x20 tags?: array of string\n\
             ? marks an optional parameter. Call one with call_tool {\"name\": ..., \"arguments\": {...}}."
        );
    }

    #[test]
    fn a_parameter_written_the_same_for_a_tool_above_is_only_named() {
        let owner = json!({"type": "string", "description": "Repository owner. A user or an org."});
        let schema = json!({
            "type": "object",
            "properties": {"owner": owner, "page": {"type": "integer"}},
            "required": ["owner"],
        });
        let list = tool("list_issues", "List issues.", schema.clone());
        let get = tool("get_issue", "Get an issue.", schema);
        assert_eq!(
            text("issues", &[&list, &get]),
            "list_issues: List issues.\n\
             \x20 owner: string. Repository owner.\n\
             \x20 page?: integer\n\
             get_issue: Get an issue.\n\
             \x20 owner, page?: as above\n\
             ? marks an optional parameter. Call one with call_tool {\"name\": ..., \"arguments\": {...}}."
        );
    }

    #[test]
    fn no_tool_found_says_so() {
        assert!(text("frobnicate", &[]).starts_with("No tool matches \"frobnicate\"."));
    }

    #[test]
    fn the_range_of_a_rust_integer_type_is_left_unsaid() {
        // As listed: `u32`, `i32`, `u8` with a minimum of the author's, `i16` within
        // -5 to 5, `u16` (whose 0 is said), a number.
        let schema = json!({
            "type": "object",
            "properties": {
                "id": {"type": "integer", "minimum": 0, "maximum": 4294967295_u64},
                "offset": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647},
                "floor": {"type": "integer", "minimum": 1, "maximum": 255},
                "tilt": {"type": "integer", "minimum": -5, "maximum": 5},
                "port": {"type": "integer", "minimum": 0, "maximum": 65535},
                "ratio": {"type": "number", "maximum": 255},
            },
            "required": ["id", "offset", "floor", "tilt", "port", "ratio"],
        });
        let lines: Vec<String> = text("rooms", &[&tool("find_room", "Find a room.", schema)])
            .lines()
            .skip(1)
            .take(6)
            .map(str::to_owned)
            .collect();
        assert_eq!(
            lines,
            [
                "  floor: integer ≥ 1",
                "  id: integer ≥ 0",
                "  offset: integer",
                "  port: integer ≥ 0",
                "  ratio: number ≤ 255",
                "  tilt: integer -5 to 5",
            ]
        );
    }
}
