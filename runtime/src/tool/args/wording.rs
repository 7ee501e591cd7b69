//! How the problems with a call's arguments read: what JSON a schema accepts (`integer,
//! uint8, 0 to 255`, `string or null`), what was sent (`the string "80"`), counts with their
//! units. English for error messages only; nothing here decides whether a value is accepted.

use std::fmt::Write as _;

use serde_json::Value;

/// `1 item`, `2 items`: a count and its unit, singular or plural as English has it.
pub(super) fn counted(count: u64, unit: &str) -> String {
    if count == 1 {
        format!("1 {unit}")
    } else {
        format!("{count} {unit}s")
    }
}

/// `expected`, a description from [`expected_of`], as the object of "expected":
/// `an integer`, `a string or null`, `one of "a", "b"`.
pub(super) fn with_article(expected: String) -> String {
    let starts = |prefix: &str| expected.starts_with(prefix);
    if starts("one of") || starts("exactly") || starts("any ") {
        expected
    } else if starts("integer") || starts("array") || starts("object") {
        format!("an {expected}")
    } else {
        format!("a {expected}")
    }
}

/// What was sent, in JSON's words: `the string "80"`, `the number 300`, `an array`.
pub(super) fn sent(value: &Value) -> String {
    match value {
        Value::Null => "null".into(),
        Value::Bool(b) => format!("{b}"),
        Value::Number(n) => format!("the number {n}"),
        Value::String(text) => {
            let shown: String = text.chars().take(40).collect();
            let ellipsis = if shown.len() < text.len() { "…" } else { "" };
            format!("the string {}{ellipsis}", Value::String(shown))
        }
        Value::Array(items) => format!("an array of {}", counted(items.len() as u64, "item")),
        Value::Object(_) => "an object".into(),
    }
}

/// A few words saying what JSON a schema accepts: `integer, uint8, 0 to 255`,
/// `string or null`, `one of "asc", "desc"`, `object Filter`. For error messages only.
pub(super) fn expected_of(schema: &Value, definitions: &serde_json::Map<String, Value>) -> String {
    let Value::Object(object) = schema else {
        return "any JSON value".into();
    };
    if let Some(Value::String(reference)) = object.get("$ref") {
        let name = reference.rsplit('/').next().unwrap_or(reference);
        return match definitions.get(name) {
            Some(target) if !target.get("$ref").is_some_and(|r| r == reference) => {
                let inner = expected_of(target, definitions);
                if inner.starts_with("object") {
                    format!("object `{name}`")
                } else {
                    inner
                }
            }
            _ => format!("`{name}`"),
        };
    }
    if let Some(Value::Array(values)) = object.get("enum") {
        let mut out = String::from("one of ");
        for (i, value) in values.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{value}");
        }
        return out;
    }
    if let Some(value) = object.get("const") {
        return format!("exactly {value}");
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(key) {
            let parts: Vec<String> = options
                .iter()
                .map(|o| expected_of(o, definitions))
                .collect();
            return parts.join(" or ");
        }
    }
    let types: Vec<&str> = match object.get("type") {
        Some(Value::String(ty)) => vec![ty.as_str()],
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect(),
        _ => return "any JSON value".into(),
    };
    let mut out = String::new();
    for (i, ty) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(" or ");
        }
        out.push_str(ty);
        if *ty == "array"
            && let Some(items) = object.get("items")
        {
            let inner = expected_of(items, definitions);
            if let Some(name) = inner.strip_prefix("object ") {
                // `array of `EditOperation` objects`, not `array of object `EditOperation``
                let _ = write!(out, " of {name} objects");
            } else if matches!(
                inner.as_str(),
                "string" | "integer" | "number" | "boolean" | "object" | "array"
            ) {
                let _ = write!(out, " of {inner}s");
            } else if inner.contains(',') || inner.contains(" or ") {
                let _ = write!(out, " of ({inner})");
            } else {
                let _ = write!(out, " of {inner}");
            }
        }
    }
    // `double` and `float` say nothing `number` does not; `uint8`, `int64` say the range.
    let format = object
        .get("format")
        .and_then(Value::as_str)
        .filter(|format| !matches!(*format, "double" | "float"));
    let minimum = object.get("minimum");
    let maximum = object.get("maximum");
    if let Some(format) = format {
        out.push_str(", ");
        out.push_str(format);
    }
    match (minimum, maximum) {
        (Some(min), Some(max)) => {
            let _ = write!(out, ", {min} to {max}");
        }
        (Some(min), None) => {
            let _ = write!(out, ", at least {min}");
        }
        (None, Some(max)) => {
            let _ = write!(out, ", at most {max}");
        }
        (None, None) => {}
    }
    let (min_key, max_key, unit) = if types.contains(&"array") {
        ("minItems", "maxItems", "item")
    } else {
        ("minLength", "maxLength", "character")
    };
    match (
        object.get(min_key).and_then(Value::as_u64),
        object.get(max_key).and_then(Value::as_u64),
    ) {
        (Some(min), Some(max)) => {
            let _ = write!(out, ", {min} to {}", counted(max, unit));
        }
        (Some(min), None) => {
            let _ = write!(out, ", at least {}", counted(min, unit));
        }
        (None, Some(max)) => {
            let _ = write!(out, ", at most {}", counted(max, unit));
        }
        (None, None) => {}
    }
    out
}
