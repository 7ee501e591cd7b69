//! How the problems with a call's arguments read: what JSON a schema accepts (`a whole
//! number from 0 to 255`, `a string`), what was sent (`the string "80"`), counts with their
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
/// `a whole number`, `an array of strings`, `one of "a", "b"`.
pub(super) fn with_article(expected: String) -> String {
    let starts = |prefix: &str| expected.starts_with(prefix);
    if starts("one of") || starts("exactly") || starts("any ") || starts("true or false") {
        expected
    } else if starts("array") || starts("object") {
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

/// A few words saying what JSON a schema accepts, in words a model can act on rather than
/// JSON Schema's: `whole number from 0 to 255`, `string`, `one of "asc", "desc"`,
/// `object `Filter``. No `uint32` or format names, and no `or null`: `null` where a value may
/// be absent means absent, and is not a value to offer. For error messages only.
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
        let shown: Vec<String> = values
            .iter()
            .filter(|value| !value.is_null() || values.len() == 1)
            .map(Value::to_string)
            .collect();
        return format!("one of {}", shown.join(", "));
    }
    if let Some(value) = object.get("const") {
        return format!("exactly {value}");
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(key) {
            let is_null = |o: &&Value| o.get("type").is_some_and(|t| t == "null");
            let shown: Vec<&Value> = if options.iter().all(|o| is_null(&o)) {
                options.iter().collect()
            } else {
                options.iter().filter(|o| !is_null(o)).collect()
            };
            let parts: Vec<String> = shown.iter().map(|o| expected_of(o, definitions)).collect();
            return parts.join(" or ");
        }
    }
    let types: Vec<&str> = match object.get("type") {
        Some(Value::String(ty)) => vec![ty.as_str()],
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect(),
        _ => return "any JSON value".into(),
    };
    let types: Vec<&str> = if types.iter().all(|ty| *ty == "null") {
        types
    } else {
        types.into_iter().filter(|ty| *ty != "null").collect()
    };
    let mut out = String::new();
    for (i, ty) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(" or ");
        }
        out.push_str(type_words(ty, object.get("format")));
        if *ty == "array"
            && let Some(items) = object.get("items")
        {
            let inner = expected_of(items, definitions);
            if let Some(name) = inner.strip_prefix("object ") {
                // `array of `EditOperation` objects`, not `array of object `EditOperation``
                let _ = write!(out, " of {name} objects");
            } else if let Some(plural) = plural(&inner) {
                let _ = write!(out, " of {plural}");
            } else if inner.contains(',') || inner.contains(" or ") {
                let _ = write!(out, " of ({inner})");
            } else {
                let _ = write!(out, " of {inner}");
            }
        }
    }
    let is_integer = types.contains(&"integer") && !types.contains(&"number");
    if is_integer || types.contains(&"number") {
        let (mut low, mut high) = if is_integer {
            integer_format_bounds(object.get("format"))
        } else {
            (None, None)
        };
        let tighter =
            |bound: Option<Bound>, stated: Option<&Value>, keep: fn(f64, f64) -> bool| match (
                bound,
                stated.and_then(|v| v.as_f64().map(|n| (n, v.to_string()))),
            ) {
                (Some(bound), Some((n, text))) if !keep(bound.0, n) => Some(Bound(n, text)),
                (None, Some((n, text))) => Some(Bound(n, text)),
                (bound, _) => bound,
            };
        low = tighter(low, object.get("minimum"), |bound, n| bound >= n);
        high = tighter(high, object.get("maximum"), |bound, n| bound <= n);
        match (low, high) {
            (Some(low), Some(high)) => {
                let _ = write!(out, " from {} to {}", low.1, high.1);
            }
            (Some(low), None) => {
                let _ = write!(out, " of at least {}", low.1);
            }
            (None, Some(high)) => {
                let _ = write!(out, " of at most {}", high.1);
            }
            (None, None) => {}
        }
    }
    let (min_key, max_key, unit, joint) = if types.contains(&"array") {
        ("minItems", "maxItems", "item", " with")
    } else {
        ("minLength", "maxLength", "character", " of")
    };
    match (
        object.get(min_key).and_then(Value::as_u64),
        object.get(max_key).and_then(Value::as_u64),
    ) {
        (Some(min), Some(max)) => {
            let _ = write!(out, "{joint} {min} to {}", counted(max, unit));
        }
        (Some(min), None) => {
            let _ = write!(out, "{joint} at least {}", counted(min, unit));
        }
        (None, Some(max)) => {
            let _ = write!(out, "{joint} at most {}", counted(max, unit));
        }
        (None, None) => {}
    }
    out
}

/// A bound of a number: its value, and how it is written.
struct Bound(f64, String);

/// The words for a JSON type, with what a string's `format` says in plain words (`date-time`
/// is "a date and time such as …"); other formats say nothing a model can act on.
fn type_words(ty: &str, format: Option<&Value>) -> &'static str {
    match (ty, format.and_then(Value::as_str)) {
        ("string", Some("date-time")) => {
            "string holding a date and time such as \"2024-05-01T09:30:00Z\""
        }
        ("string", Some("date")) => "string holding a date such as \"2024-05-01\"",
        ("string", Some("time")) => "string holding a time of day such as \"09:30:00\"",
        ("string", Some("uuid")) => "string holding a UUID",
        ("string", Some("email")) => "string holding an email address",
        ("string", Some("uri")) => "string holding a URI",
        ("string", Some("ipv4")) => "string holding an IPv4 address",
        ("string", Some("ipv6")) => "string holding an IPv6 address",
        ("string", _) => "string",
        ("integer", _) => "whole number",
        ("number", _) => "number",
        ("boolean", _) => "true or false",
        ("array", _) => "array",
        ("object", _) => "object",
        ("null", _) => "null",
        _ => "JSON value",
    }
}

/// The plural of a description that starts with a simple noun, for the items of an array:
/// `whole numbers from 0 to 255`, `strings of at most 8 characters`.
fn plural(inner: &str) -> Option<String> {
    if inner.contains(" or ") && !inner.starts_with("true or false") {
        return None;
    }
    if let Some(rest) = inner.strip_prefix("true or false") {
        return Some(format!("true or false values{rest}"));
    }
    ["whole number", "number", "string", "object", "array"]
        .iter()
        .find(|noun| inner == **noun || inner.starts_with(&format!("{noun} ")))
        .map(|noun| format!("{noun}s{}", &inner[noun.len()..]))
}

/// The range an integer `format` states (`uint8` is 0 to 255), as schemars writes them for
/// Rust's integer types; a 64-bit type's bounds are left unsaid but for `uint64`'s 0.
fn integer_format_bounds(format: Option<&Value>) -> (Option<Bound>, Option<Bound>) {
    let bound = |n: i128| Some(Bound(n as f64, n.to_string()));
    match format.and_then(Value::as_str) {
        Some("int8") => (bound(i8::MIN.into()), bound(i8::MAX.into())),
        Some("int16") => (bound(i16::MIN.into()), bound(i16::MAX.into())),
        Some("int32") => (bound(i32::MIN.into()), bound(i32::MAX.into())),
        Some("uint8") => (bound(0), bound(u8::MAX.into())),
        Some("uint16") => (bound(0), bound(u16::MAX.into())),
        Some("uint32") => (bound(0), bound(u32::MAX.into())),
        Some("uint64") => (bound(0), None),
        _ => (None, None),
    }
}
