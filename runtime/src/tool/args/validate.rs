//! A value checked against its parameter's JSON Schema at every depth, before serde reads
//! it: types, integer ranges, what the user's own types state through schemars attributes
//! (`range`, `length`, `pattern` on nested fields), each problem recorded at its path
//! (`filter.tags[2]`).

use serde_json::Value;

use crate::tool::args::constraints::pattern_matches;
use crate::tool::args::problems::ArgProblem;
use crate::tool::args::wording::{expected_in_range_of, expected_of, sent, with_article};

/// Checks `value` against `schema`, recording each problem at its path (`filter.tags[2]`)
/// in JSON's words: what JSON was expected there, and what was sent.
pub(super) fn check(
    schema: &Value,
    value: &Value,
    path: String,
    definitions: &serde_json::Map<String, Value>,
    problems: &mut Vec<ArgProblem>,
) {
    let schema = resolve(schema, Some(definitions));
    let Value::Object(object) = schema else {
        if *schema == Value::Bool(false) {
            problems.push(ArgProblem::Invalid {
                path,
                message: format!("no value is accepted here, got {}", sent(value)),
            });
        }
        return;
    };
    let mismatch = |problems: &mut Vec<ArgProblem>, path: String| {
        problems.push(ArgProblem::Invalid {
            path,
            message: format!(
                "expected {}, got {}",
                with_article(expected_of(schema, definitions)),
                sent(value)
            ),
        });
    };
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(key) {
            let fits = |option: &Value| {
                let mut found = Vec::new();
                check(option, value, String::new(), definitions, &mut found);
                found.is_empty()
            };
            if options.iter().any(fits) {
                return;
            }
            // `T or null` with a value that is not null: the problems are `T`'s.
            let non_null: Vec<&Value> = options
                .iter()
                .filter(|option| {
                    resolve(option, Some(definitions)).get("type") != Some(&"null".into())
                })
                .collect();
            if non_null.len() == 1 && !value.is_null() {
                check(non_null[0], value, path, definitions, problems);
            } else {
                mismatch(problems, path);
            }
            return;
        }
    }
    if let Some(Value::Array(allowed)) = object.get("enum")
        && !allowed.contains(value)
    {
        return mismatch(problems, path);
    }
    if let Some(constant) = object.get("const")
        && constant != value
    {
        return mismatch(problems, path);
    }
    let types: Vec<&str> = match object.get("type") {
        Some(Value::String(ty)) => vec![ty.as_str()],
        Some(Value::Array(types)) => types.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    // An integer out of its type's range, or a whole float too large to be an exact integer
    // (see `MAX_EXACT_FLOAT_INTEGER`).
    if let Value::Number(number) = value
        && types.contains(&"integer")
        && !types.contains(&"number")
        && !fits_integer_format(number, object.get("format"))
    {
        let fraction = number.as_f64().is_some_and(|n| n.fract() != 0.0);
        if fraction {
            return mismatch(problems, path);
        }
        // The range of the type is what the value broke: said here, and only here (below an
        // unsigned type's 0, the `≥ 0` said always is enough).
        let below_zero = number.as_f64().is_some_and(|n| n < 0.0);
        let unsigned = object
            .get("format")
            .and_then(Value::as_str)
            .is_some_and(|format| format.starts_with("uint"));
        let expected = with_article(if below_zero && unsigned {
            expected_of(schema, definitions)
        } else {
            expected_in_range_of(schema, definitions)
        });
        let too_far = number.is_f64()
            && number
                .as_f64()
                .is_some_and(|n| n.abs() > MAX_EXACT_FLOAT_INTEGER);
        let message = if too_far {
            format!(
                "expected {expected}, got {}, which is too far from zero to be read exactly",
                sent(value),
            )
        } else {
            format!("expected {expected}, got {}", sent(value))
        };
        return problems.push(ArgProblem::Invalid { path, message });
    }
    if !types.is_empty() && !types.iter().any(|ty| is_of_type(value, ty)) {
        return mismatch(problems, path);
    }
    match value {
        Value::Number(number) => {
            let n = number.as_f64().unwrap_or(f64::NAN);
            let below = object
                .get("minimum")
                .and_then(Value::as_f64)
                .is_some_and(|min| n < min)
                || object
                    .get("exclusiveMinimum")
                    .and_then(Value::as_f64)
                    .is_some_and(|min| n <= min);
            let above = object
                .get("maximum")
                .and_then(Value::as_f64)
                .is_some_and(|max| n > max)
                || object
                    .get("exclusiveMaximum")
                    .and_then(Value::as_f64)
                    .is_some_and(|max| n >= max);
            if below || above {
                mismatch(problems, path);
            }
        }
        Value::String(text) => {
            let length = text.chars().count() as u64;
            let short = object
                .get("minLength")
                .and_then(Value::as_u64)
                .is_some_and(|min| length < min);
            let long = object
                .get("maxLength")
                .and_then(Value::as_u64)
                .is_some_and(|max| length > max);
            if short || long {
                return mismatch(problems, path);
            }
            if let Some(pattern) = object.get("pattern").and_then(Value::as_str) {
                match pattern_matches(pattern, text) {
                    Ok(true) => {}
                    Ok(false) => problems.push(ArgProblem::Invalid {
                        path,
                        message: format!(
                            "expected a string matching the pattern `{pattern}`, got {}",
                            sent(value)
                        ),
                    }),
                    // A pattern the `regex` crate cannot compile (JSON Schema's are ECMAScript
                    // regular expressions: lookaround, backreferences) is not checked here,
                    // rather than refusing every call; the type's own checks still apply.
                    Err(error) => tracing::warn!(
                        pattern,
                        %error,
                        "a pattern in an input schema is not checked: the regex crate cannot compile it"
                    ),
                }
            }
        }
        Value::Array(items) => {
            let count = items.len() as u64;
            let few = object
                .get("minItems")
                .and_then(Value::as_u64)
                .is_some_and(|min| count < min);
            let many = object
                .get("maxItems")
                .and_then(Value::as_u64)
                .is_some_and(|max| count > max);
            if few || many {
                mismatch(problems, path.clone());
            }
            if let Some(item_schema) = object.get("items") {
                for (i, item) in items.iter().enumerate() {
                    check(
                        item_schema,
                        item,
                        format!("{path}[{i}]"),
                        definitions,
                        problems,
                    );
                }
            }
        }
        Value::Object(fields) => {
            let properties = object.get("properties").and_then(Value::as_object);
            if let Some(Value::Array(required)) = object.get("required") {
                for name in required.iter().filter_map(Value::as_str) {
                    if !fields.contains_key(name) {
                        let expected = properties.and_then(|p| p.get(name)).map_or_else(
                            || "any JSON value".into(),
                            |s| with_article(expected_of(s, definitions)),
                        );
                        problems.push(ArgProblem::Invalid {
                            path: path.clone(),
                            message: format!("missing required field `{name}` ({expected})"),
                        });
                    }
                }
            }
            for (name, field) in fields {
                let field_path = format!("{path}.{name}");
                match properties.and_then(|p| p.get(name)) {
                    Some(field_schema) => {
                        check(field_schema, field, field_path, definitions, problems);
                    }
                    None => match object.get("additionalProperties") {
                        Some(Value::Bool(false)) => {
                            let known: Vec<String> = properties
                                .map(|p| p.keys().map(|k| format!("`{k}`")).collect())
                                .unwrap_or_default();
                            problems.push(ArgProblem::Invalid {
                                path: field_path,
                                message: if known.is_empty() {
                                    "unknown field; this object takes no fields".into()
                                } else {
                                    format!("unknown field; this object takes {}", known.join(", "))
                                },
                            });
                        }
                        Some(other @ Value::Object(_)) => {
                            check(other, field, field_path, definitions, problems);
                        }
                        _ => {}
                    },
                }
            }
        }
        _ => {}
    }
}

/// `schema`, or the definition its `$ref` names (`#/$defs/Name` or `#/definitions/Name`)
/// among `definitions`. Validation, search's signatures and code mode's read schemas
/// through this one function.
pub(crate) fn resolve<'a>(
    schema: &'a Value,
    definitions: Option<&'a serde_json::Map<String, Value>>,
) -> &'a Value {
    schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|reference| definitions?.get(reference.rsplit('/').next()?))
        .unwrap_or(schema)
}

/// Whether `value` is of the JSON Schema type `ty`.
fn is_of_type(value: &Value, ty: &str) -> bool {
    match ty {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        "number" => value.is_number(),
        "integer" => {
            value.is_i64()
                || value.is_u64()
                || value
                    .as_f64()
                    .is_some_and(|n| n.fract() == 0.0 && n.abs() <= MAX_EXACT_FLOAT_INTEGER)
        }
        _ => true,
    }
}

/// The largest "safe" integer, 2^53 − 1 (JavaScript's `Number.MAX_SAFE_INTEGER`): up to it
/// in magnitude, no other integer rounds to the same double, so a whole float is the integer
/// that was written. Past it, a float may not hold the digits sent (`9007199254740993.0`
/// reads as `9007199254740992`), and a number too large for 64 bits
/// (`-9223372036854775809`) arrives as the nearest float: neither is read as an integer.
pub(super) const MAX_EXACT_FLOAT_INTEGER: f64 = 9_007_199_254_740_991.0;

/// Whether an integer fits the range its schema's `format` states (`int8` … `int64`,
/// `uint8` … `uint64`, as schemars writes them for Rust's integer types), compared exactly;
/// a float here (one that is not an exact integer, see [`MAX_EXACT_FLOAT_INTEGER`]) does not.
fn fits_integer_format(number: &serde_json::Number, format: Option<&Value>) -> bool {
    let Some(n) = number
        .as_i64()
        .map(i128::from)
        .or_else(|| number.as_u64().map(i128::from))
    else {
        return false;
    };
    let (min, max): (i128, i128) = match format.and_then(Value::as_str) {
        Some("int8") => (i8::MIN.into(), i8::MAX.into()),
        Some("int16") => (i16::MIN.into(), i16::MAX.into()),
        Some("int32") => (i32::MIN.into(), i32::MAX.into()),
        Some("int64") => (i64::MIN.into(), i64::MAX.into()),
        Some("uint8") => (0, u8::MAX.into()),
        Some("uint16") => (0, u16::MAX.into()),
        Some("uint32") => (0, u32::MAX.into()),
        Some("uint64") => (0, u64::MAX.into()),
        _ => return true,
    };
    (min..=max).contains(&n)
}
