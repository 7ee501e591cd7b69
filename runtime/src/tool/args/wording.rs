//! How the problems with a call's arguments read: what JSON a schema accepts (`a whole
//! number ≥ 0`, `a string`, `one of: asc, desc`), what was sent (`the string "80"`), counts with their
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
/// `a whole number`, `an array of strings`, `one of: a, b`.
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
/// JSON Schema's: `whole number ≥ 0`, `string`, `one of: asc, desc`, `object `Filter``. No
/// `uint32` or format names, and no `or null`: `null` where a value may be absent means
/// absent, and is not a value to offer. The range of a Rust integer type is left unsaid
/// (`whole number ≥ 0` for a `u32`, not `from 0 to 4294967295`): no value a model means to
/// send reaches it, and a range declared by the tool's author is said in full. For error
/// messages only.
pub(super) fn expected_of(schema: &Value, definitions: &serde_json::Map<String, Value>) -> String {
    describe(schema, definitions, TypeRange::Unsaid)
}

/// [`expected_of`] for a value out of its Rust integer type's range: the range is said
/// (`whole number from 0 to 255`), since it is what the value broke.
pub(super) fn expected_in_range_of(
    schema: &Value,
    definitions: &serde_json::Map<String, Value>,
) -> String {
    describe(schema, definitions, TypeRange::Said)
}

/// Whether a description says the range of a Rust integer type (`uint8`'s 0 to 255) or
/// only what a model needs of it (`≥ 0` for an unsigned type).
#[derive(Clone, Copy, PartialEq, Eq)]
enum TypeRange {
    Said,
    Unsaid,
}

/// `one of: low, normal, high`: a set of values, strings unquoted unless quotes are needed
/// to read them (empty, with a comma, or spaces at an end, or that reads as another JSON
/// value), others as JSON.
pub(super) fn choices<'a>(values: impl IntoIterator<Item = &'a Value>) -> String {
    let shown: Vec<String> = values.into_iter().map(choice).collect();
    format!("one of: {}", shown.join(", "))
}

/// One value of [`choices`].
fn choice(value: &Value) -> String {
    match value {
        Value::String(text)
            if !text.is_empty()
                && !text.contains(',')
                && text.trim() == text
                && serde_json::from_str::<Value>(text).is_err() =>
        {
            text.clone()
        }
        other => other.to_string(),
    }
}

fn describe(
    schema: &Value,
    definitions: &serde_json::Map<String, Value>,
    type_range: TypeRange,
) -> String {
    let Value::Object(object) = schema else {
        return "any JSON value".into();
    };
    if let Some(Value::String(reference)) = object.get("$ref") {
        let name = reference.rsplit('/').next().unwrap_or(reference);
        return match definitions.get(name) {
            Some(target) if !target.get("$ref").is_some_and(|r| r == reference) => {
                let inner = describe(target, definitions, type_range);
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
        return choices(
            values
                .iter()
                .filter(|value| !value.is_null() || values.len() == 1),
        );
    }
    if let Some(value) = object.get("const") {
        return format!("exactly {value}");
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(key) {
            // An enum whose variants carry doc comments: one `const` (or one-value `enum`)
            // per choice, read as one set.
            let constants: Option<Vec<&Value>> = options
                .iter()
                .map(|option| {
                    let option = option.as_object()?;
                    option.get("const").or_else(|| match option.get("enum") {
                        Some(Value::Array(values)) if values.len() == 1 => values.first(),
                        _ => None,
                    })
                })
                .collect();
            if let Some(constants) = constants
                && constants.iter().filter(|value| !value.is_null()).count() > 1
            {
                return choices(constants.into_iter().filter(|value| !value.is_null()));
            }
            let is_null = |o: &&Value| o.get("type").is_some_and(|t| t == "null");
            let shown: Vec<&Value> = if options.iter().all(|o| is_null(&o)) {
                options.iter().collect()
            } else {
                options.iter().filter(|o| !is_null(o)).collect()
            };
            let parts: Vec<String> = shown
                .iter()
                .map(|o| describe(o, definitions, type_range))
                .collect();
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
            let inner = describe(items, definitions, type_range);
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
        let (type_low, type_high) = if is_integer {
            integer_format_bounds(object.get("format"))
        } else {
            (None, None)
        };
        // A stated bound tighter than the type's is the author's; one equal to it is the
        // type's (schemars states `u8`'s and `i16`'s ranges as `minimum` and `maximum`).
        let stated = |key: &str, type_bound: &Option<Bound>, tighter: fn(f64, f64) -> bool| {
            let n = object.get(key).and_then(Value::as_f64)?;
            let tighter = type_bound.as_ref().is_none_or(|b| tighter(n, b.0));
            tighter.then(|| Bound(n, object[key].to_string()))
        };
        let declared_low = stated("minimum", &type_low, |n, bound| n > bound);
        let declared_high = stated("maximum", &type_high, |n, bound| n < bound);
        let low = declared_low.or(match type_range {
            TypeRange::Said => type_low,
            // Of a type's range, only an unsigned type's 0 is a bound a model may reach.
            TypeRange::Unsaid => type_low.filter(|bound| bound.0 == 0.0),
        });
        let high = declared_high.or(match type_range {
            TypeRange::Said => type_high,
            TypeRange::Unsaid => None,
        });
        match (low, high) {
            (Some(low), Some(high)) => {
                let _ = write!(out, " from {} to {}", low.1, high.1);
            }
            (Some(low), None) => {
                let _ = write!(out, " ≥ {}", low.1);
            }
            (None, Some(high)) => {
                let _ = write!(out, " ≤ {}", high.1);
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
