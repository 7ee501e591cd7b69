//! Placeholders in a tool set's listing, filled once at start-up: `{key}` in descriptions,
//! titles and schema strings ([`ToolSet::fill`](crate::ToolSet::fill)).

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool};

pub(super) fn fill_tool(tool: &mut Tool, values: &[(&str, &str)]) {
    if let Some(description) = &tool.description
        && let Some(filled) = fill_text(description, values)
    {
        tool.description = Some(filled.into());
    }
    if let Some(title) = &tool.title
        && let Some(filled) = fill_text(title, values)
    {
        tool.title = Some(filled);
    }
    let mut input = (*tool.input_schema).clone();
    if fill_object(&mut input, values) {
        tool.input_schema = Arc::new(input);
    }
    if let Some(output) = &tool.output_schema {
        let mut output = (**output).clone();
        if fill_object(&mut output, values) {
            tool.output_schema = Some(Arc::new(output));
        }
    }
}

fn fill_object(object: &mut JsonObject, values: &[(&str, &str)]) -> bool {
    let mut changed = false;
    for value in object.values_mut() {
        changed |= fill_value(value, values);
    }
    changed
}

fn fill_value(value: &mut serde_json::Value, values: &[(&str, &str)]) -> bool {
    match value {
        serde_json::Value::String(text) => match fill_text(text, values) {
            Some(filled) => {
                *text = filled;
                true
            }
            None => false,
        },
        serde_json::Value::Array(items) => {
            let mut changed = false;
            for item in items {
                changed |= fill_value(item, values);
            }
            changed
        }
        serde_json::Value::Object(object) => fill_object(object, values),
        _ => false,
    }
}

/// `text` with each `{key}` replaced, or `None` when it has none.
fn fill_text(text: &str, values: &[(&str, &str)]) -> Option<String> {
    let mut filled: Option<String> = None;
    for (key, value) in values {
        let placeholder = format!("{{{key}}}");
        let current = filled.as_deref().unwrap_or(text);
        if current.contains(&placeholder) {
            filled = Some(current.replace(&placeholder, value));
        }
    }
    filled
}
