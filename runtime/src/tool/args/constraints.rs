//! What `#[arg(...)]` states about a parameter beyond its type (range, length, pattern,
//! choices, header): written into the input schema and checked when a call arrives. With the
//! parameter as the macro declared it ([`ParamSpec`]) and as the runtime registered it
//! ([`ParamInfo`]).

use std::sync::Arc;

use rmcp::model::JsonObject;
use serde_json::Value;

use crate::tool::args::wording::{choices, counted, sent};

/// A parameter as the macro saw it: its name on the wire, its `///` doc comment and the
/// constraints of its `#[arg(...)]`.
#[derive(Debug, Clone, Copy)]
pub struct ParamSpec {
    /// The property name in the input schema (the Rust name without `r#`).
    pub name: &'static str,
    /// The parameter's doc comment; empty when it has none.
    pub description: &'static str,
    /// `#[arg(range(..), length(..), pattern = "..", one_of(..), header = "..")]`.
    pub constraints: Constraints,
}

/// What `#[arg(...)]` states about a parameter's values beyond its type: shown in the
/// input schema (`minimum`, `maxLength`, `pattern`, `enum`, …) and checked when a call
/// arrives, before the value is read.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Constraints {
    /// `range(min = ..)`: the smallest number accepted.
    pub minimum: Option<f64>,
    /// `range(max = ..)`: the largest number accepted.
    pub maximum: Option<f64>,
    /// `length(min = ..)`: the fewest characters of a string, or items of an array.
    pub min_length: Option<u64>,
    /// `length(max = ..)`: the most characters of a string, or items of an array.
    pub max_length: Option<u64>,
    /// `pattern = ".."`: a regular expression a string must match (anywhere, unless
    /// anchored with `^` and `$`), as JSON Schema's `pattern`.
    pub pattern: Option<&'static str>,
    /// `one_of("a", "b")`: the strings accepted.
    pub one_of: &'static [&'static str],
    /// `header = "Region"`: the argument is also sent as the HTTP header `Mcp-Param-Region`
    /// (the schema's `x-mcp-header`), which the HTTP transport checks against the body.
    pub header: Option<&'static str>,
}

impl Constraints {
    /// No constraint.
    pub const NONE: Constraints = Constraints {
        minimum: None,
        maximum: None,
        min_length: None,
        max_length: None,
        pattern: None,
        one_of: &[],
        header: None,
    };

    /// The constraints as JSON Schema keywords, added to `schema` (an object).
    pub(super) fn annotate(&self, schema: &mut JsonObject) {
        let is_array = match schema.get("type") {
            Some(Value::String(t)) => t == "array",
            Some(Value::Array(types)) => types.iter().any(|t| t == "array"),
            _ => false,
        };
        let number = |n: f64| -> Value {
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                Value::from(n as i64)
            } else {
                Value::from(n)
            }
        };
        if let Some(min) = self.minimum {
            schema.insert("minimum".into(), number(min));
        }
        if let Some(max) = self.maximum {
            schema.insert("maximum".into(), number(max));
        }
        let (min_key, max_key) = if is_array {
            ("minItems", "maxItems")
        } else {
            ("minLength", "maxLength")
        };
        if let Some(min) = self.min_length {
            schema.insert(min_key.into(), min.into());
        }
        if let Some(max) = self.max_length {
            schema.insert(max_key.into(), max.into());
        }
        if let Some(pattern) = self.pattern {
            schema.insert("pattern".into(), pattern.into());
        }
        if !self.one_of.is_empty() {
            let mut choices: Vec<Value> = self.one_of.iter().map(|&c| c.into()).collect();
            // `enum` applies to every type: an optional parameter's schema lists `null` too,
            // or a validator would refuse the `null` its type accepts.
            if admits_null(schema) {
                choices.push(Value::Null);
            }
            schema.insert("enum".into(), choices.into());
        }
        if let Some(header) = self.header {
            schema.insert("x-mcp-header".into(), header.into());
        }
    }

    /// What is wrong with `value` (the argument as sent), in JSON's words; `None` when it
    /// meets every constraint that applies to its type (`null` meets them all: whether it is
    /// accepted is its type's business).
    pub(super) fn problem(&self, value: &Value) -> Option<String> {
        match value {
            Value::Number(number) => {
                let n = number.as_f64()?;
                let below = self.minimum.is_some_and(|min| n < min);
                let above = self.maximum.is_some_and(|max| n > max);
                (below || above).then(|| {
                    let bounds = match (self.minimum, self.maximum) {
                        (Some(min), Some(max)) => format!("from {min} to {max}"),
                        (Some(min), None) => format!("≥ {min}"),
                        (None, Some(max)) => format!("≤ {max}"),
                        (None, None) => String::new(),
                    };
                    format!("expected a number {bounds}, got {}", sent(value))
                })
            }
            Value::String(text) => {
                if !self.one_of.is_empty() && !self.one_of.contains(&text.as_str()) {
                    let allowed: Vec<Value> = self.one_of.iter().map(|&c| c.into()).collect();
                    return Some(format!(
                        "expected {}, got {}",
                        choices(&allowed),
                        sent(value)
                    ));
                }
                let count = text.chars().count() as u64;
                if let Some(problem) = self.length_problem(count, "a string", "character") {
                    return Some(problem);
                }
                let pattern = self.pattern?;
                match pattern_matches(pattern, text) {
                    Ok(true) => None,
                    Ok(false) => Some(format!(
                        "expected a string matching the pattern `{pattern}`, got {}",
                        sent(value)
                    )),
                    Err(error) => Some(format!(
                        "the pattern `{pattern}` of this parameter is not a valid regular expression: {error}"
                    )),
                }
            }
            Value::Array(items) => self.length_problem(items.len() as u64, "an array", "item"),
            _ => None,
        }
    }

    /// `unit` is singular (`item`); [`counted`] makes it plural where the count asks for it.
    fn length_problem(&self, count: u64, what: &str, unit: &str) -> Option<String> {
        let short = self.min_length.is_some_and(|min| count < min);
        let long = self.max_length.is_some_and(|max| count > max);
        (short || long).then(|| {
            let bounds = match (self.min_length, self.max_length) {
                (Some(min), Some(max)) => format!("of {min} to {}", counted(max, unit)),
                (Some(min), None) => format!("of at least {}", counted(min, unit)),
                (None, Some(max)) => format!("of at most {}", counted(max, unit)),
                (None, None) => String::new(),
            };
            format!("expected {what} {bounds}, got {}", counted(count, unit))
        })
    }
}

/// Whether a schema's `type` (or one option of its `anyOf`/`oneOf`) is `null`.
fn admits_null(schema: &JsonObject) -> bool {
    let is_null = |ty: Option<&Value>| match ty {
        Some(Value::String(t)) => t == "null",
        Some(Value::Array(types)) => types.iter().any(|t| t == "null"),
        _ => false,
    };
    is_null(schema.get("type"))
        || ["anyOf", "oneOf"].iter().any(|key| {
            schema
                .get(*key)
                .and_then(Value::as_array)
                .is_some_and(|options| options.iter().any(|o| is_null(o.get("type"))))
        })
}

/// Whether `text` matches `pattern`; the compiled expressions are kept, one per pattern
/// (those of `#[arg(pattern)]` and those a parameter's schema states at any depth).
pub(super) fn pattern_matches(pattern: &str, text: &str) -> Result<bool, String> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static COMPILED: OnceLock<Mutex<HashMap<String, regex::Regex>>> = OnceLock::new();
    let compiled = COMPILED.get_or_init(Default::default);
    let regex = {
        let mut compiled = compiled.lock().unwrap_or_else(|e| e.into_inner());
        match compiled.get(pattern) {
            Some(regex) => regex.clone(),
            None => {
                let regex = regex::Regex::new(pattern).map_err(|e| e.to_string())?;
                compiled.insert(pattern.to_owned(), regex.clone());
                regex
            }
        }
    };
    Ok(regex.is_match(text))
}

/// What the runtime knows of one parameter once its tool is registered.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct ParamInfo {
    /// The property name: borrowed from `#[tool]`'s spec, owned for a schema given at run
    /// time.
    pub(crate) name: std::borrow::Cow<'static, str>,
    /// Whether the parameter must be sent: `null` for one that need not be means absent.
    pub(crate) required: bool,
    /// A short description of the accepted JSON ("integer", "string or null", …), used in
    /// error messages so a model can correct its call.
    pub(crate) expected: String,
    /// The parameter's schema, and the definitions its `$ref`s point to: what a rejected
    /// value is checked against, to name every problem in it.
    pub(crate) schema: Value,
    pub(crate) definitions: Arc<serde_json::Map<String, Value>>,
    /// What `#[arg(...)]` states about the values beyond their type.
    pub(crate) constraints: Constraints,
}
