//! From a call's JSON arguments to typed parameters, and from parameter types to the
//! input schema.
//!
//! Each parameter is read on its own, by name, so that every problem can be reported with
//! the parameter it concerns. Whether a parameter is required is not guessed from its type's
//! name: a parameter is optional exactly when its type accepts a missing value (as
//! `Option<T>` does), the same rule serde applies to struct fields.

use std::fmt::Write as _;

use rmcp::model::JsonObject;
use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};
use std::borrow::Cow;
use std::marker::PhantomData;
use std::sync::Arc;

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

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
    fn annotate(&self, schema: &mut JsonObject) {
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
    fn problem(&self, value: &Value) -> Option<String> {
        match value {
            Value::Number(number) => {
                let n = number.as_f64()?;
                let below = self.minimum.is_some_and(|min| n < min);
                let above = self.maximum.is_some_and(|max| n > max);
                (below || above).then(|| {
                    let bounds = match (self.minimum, self.maximum) {
                        (Some(min), Some(max)) => format!("from {min} to {max}"),
                        (Some(min), None) => format!("at least {min}"),
                        (None, Some(max)) => format!("at most {max}"),
                        (None, None) => String::new(),
                    };
                    format!("expected a number {bounds}, got {number}")
                })
            }
            Value::String(text) => {
                if !self.one_of.is_empty() && !self.one_of.contains(&text.as_str()) {
                    let choices: Vec<String> =
                        self.one_of.iter().map(|c| format!("{c:?}")).collect();
                    return Some(format!(
                        "expected one of {}, got {text:?}",
                        choices.join(", ")
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
                        "expected a string matching the pattern `{pattern}`, got {text:?}"
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

/// `1 item`, `2 items`: a count and its unit, singular or plural as English has it.
fn counted(count: u64, unit: &str) -> String {
    if count == 1 {
        format!("1 {unit}")
    } else {
        format!("{count} {unit}s")
    }
}

/// Whether `text` matches `pattern`; the compiled expressions are kept, one per pattern
/// (those of `#[arg(pattern)]` and those a parameter's schema states at any depth).
fn pattern_matches(pattern: &str, text: &str) -> Result<bool, String> {
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
    pub(crate) name: &'static str,
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

/// How a tool reads a call's arguments: its parameters, and whether arguments it does not
/// take are dropped (`unknown_arguments = "ignore"`, or `ToolSet::ignore_unknown_arguments`
/// for every tool of a set) rather than refused.
#[derive(Debug, Clone)]
pub(crate) struct Reading {
    pub(crate) params: Vec<ParamInfo>,
    pub(crate) ignore_unknown: bool,
}

/// One problem with a call's arguments.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgProblem {
    Missing {
        name: &'static str,
        expected: String,
    },
    Invalid {
        /// `name`, or `name.path.inside` when the problem is nested.
        path: String,
        /// What was expected there and what was sent, in JSON's words.
        message: String,
    },
    Unknown {
        name: String,
    },
}

/// One parameter's reading and description, made where the parameter's type is known to
/// implement what a parameter needs: generated code calls [`param`] once per parameter,
/// spanned at its type, so a missing implementation is reported there, once per parameter.
#[doc(hidden)]
pub struct One<T> {
    parse: fn(&ParamInfo, &mut JsonObject, &mut Vec<ArgProblem>) -> Option<T>,
    describe: fn(&mut SchemaGenerator) -> (Schema, bool),
}

impl<T> Clone for One<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for One<T> {}

/// The parameter of type `T`: read from its JSON value, described by its JSON Schema.
#[doc(hidden)]
pub fn param<T>() -> One<T>
where
    // `Deserialize` itself rather than `DeserializeOwned`, so that serde's own hint
    // ("consider adding `#[derive(serde::Deserialize)]`") is the one shown.
    T: for<'de> Deserialize<'de> + JsonSchema + Send + 'static,
{
    One {
        parse: parse_one::<T>,
        describe: describe_one::<T>,
    }
}

/// The parameters of a tool: a tuple of [`One`]s in declaration order (up to 16), which
/// reads a call's arguments into the tuple of their values.
#[doc(hidden)]
pub trait ParamList: Copy + Send + Sync + 'static {
    /// The parameters' values, in declaration order.
    type Values: Send + 'static;

    /// Reads every parameter, recording each problem; `None` when there was one.
    fn parse(
        &self,
        params: &[ParamInfo],
        args: &mut JsonObject,
        problems: &mut Vec<ArgProblem>,
    ) -> Option<Self::Values>;

    /// The schema of each parameter and whether it is required, in declaration order.
    fn describe(&self, generator: &mut SchemaGenerator) -> Vec<(Schema, bool)>;
}

fn parse_one<T: DeserializeOwned>(
    param: &ParamInfo,
    args: &mut JsonObject,
    problems: &mut Vec<ArgProblem>,
) -> Option<T> {
    match args.remove(param.name) {
        Some(value)
            if param.constraints != Constraints::NONE
                && let Some(message) = param.constraints.problem(&value) =>
        {
            problems.push(ArgProblem::Invalid {
                path: param.name.to_owned(),
                message,
            });
            None
        }
        Some(value) => {
            // The value is checked against the parameter's schema first, at every depth: the
            // types, and what the user's own types state through schemars attributes
            // (`range`, `length`, `pattern` on nested fields), which serde does not check.
            // Every problem is recorded at its path (`house.area_m2`).
            let before = problems.len();
            check(
                &param.schema,
                &value,
                param.name.to_owned(),
                &param.definitions,
                problems,
            );
            if problems.len() > before {
                return None;
            }
            match serde_path_to_error::deserialize::<_, T>(&value) {
                Ok(parsed) => Some(parsed),
                Err(error) => {
                    // serde's first problem, when the schema sees none (a type with its own
                    // checks).
                    let inner = error.path().to_string();
                    let path = if inner == "." {
                        param.name.to_owned()
                    } else if inner.starts_with('[') {
                        format!("{}{inner}", param.name)
                    } else {
                        format!("{}.{inner}", param.name)
                    };
                    problems.push(ArgProblem::Invalid {
                        path,
                        message: error.into_inner().to_string(),
                    });
                    None
                }
            }
        }
        None => match T::deserialize(MissingValue) {
            Ok(value) => Some(value),
            Err(_) => {
                problems.push(ArgProblem::Missing {
                    name: param.name,
                    expected: param.expected.clone(),
                });
                None
            }
        },
    }
}

/// Checks `value` against `schema`, recording each problem at its path (`filter.tags[2]`)
/// in JSON's words: what JSON was expected there, and what was sent.
fn check(
    schema: &Value,
    value: &Value,
    path: String,
    definitions: &serde_json::Map<String, Value>,
    problems: &mut Vec<ArgProblem>,
) {
    let schema = resolve(schema, definitions);
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
                .filter(|option| resolve(option, definitions).get("type") != Some(&"null".into()))
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
        let whole_float = number.is_f64() && number.as_f64().is_some_and(|n| n.fract() == 0.0);
        if !whole_float {
            return mismatch(problems, path);
        }
        return problems.push(ArgProblem::Invalid {
            path,
            message: format!(
                "expected {}, got {}, which is not an exact 64-bit integer",
                with_article(expected_of(schema, definitions)),
                sent(value),
            ),
        });
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
                            |s| expected_of(s, definitions),
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

/// `expected`, a description from [`expected_of`], as the object of "expected":
/// `an integer`, `a string or null`, `one of "a", "b"`.
fn with_article(expected: String) -> String {
    let starts = |prefix: &str| expected.starts_with(prefix);
    if starts("one of") || starts("exactly") || starts("any ") {
        expected
    } else if starts("integer") || starts("array") || starts("object") {
        format!("an {expected}")
    } else {
        format!("a {expected}")
    }
}

/// `schema`, or the definition its `$ref` names.
fn resolve<'a>(schema: &'a Value, definitions: &'a serde_json::Map<String, Value>) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap_or(reference);
            definitions.get(name).unwrap_or(schema)
        }
        None => schema,
    }
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
const MAX_EXACT_FLOAT_INTEGER: f64 = 9_007_199_254_740_991.0;

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

/// What was sent, in JSON's words: `the string "80"`, `the number 300`, `an array`.
fn sent(value: &Value) -> String {
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

fn describe_one<T: DeserializeOwned + JsonSchema>(
    generator: &mut SchemaGenerator,
) -> (Schema, bool) {
    let required = T::deserialize(MissingValue).is_err();
    (generator.subschema_for::<T>(), required)
}

impl ParamList for () {
    type Values = ();
    fn parse(&self, _: &[ParamInfo], _: &mut JsonObject, _: &mut Vec<ArgProblem>) -> Option<()> {
        Some(())
    }
    fn describe(&self, _: &mut SchemaGenerator) -> Vec<(Schema, bool)> {
        Vec::new()
    }
}

macro_rules! tuple_params {
    ($($T:ident $i:tt),+) => {
        impl<$($T: Send + 'static),+> ParamList for ($(One<$T>,)+) {
            type Values = ($($T,)+);
            fn parse(
                &self,
                params: &[ParamInfo],
                args: &mut JsonObject,
                problems: &mut Vec<ArgProblem>,
            ) -> Option<Self::Values> {
                // Read all of them before giving up, so every problem is reported at once.
                let parsed = ($((self.$i.parse)(&params[$i], args, problems),)+);
                Some(($(parsed.$i?,)+))
            }
            fn describe(&self, generator: &mut SchemaGenerator) -> Vec<(Schema, bool)> {
                vec![$((self.$i.describe)(generator)),+]
            }
        }
    };
}

tuple_params!(A 0);
tuple_params!(A 0, B 1);
tuple_params!(A 0, B 1, C 2);
tuple_params!(A 0, B 1, C 2, D 3);
tuple_params!(A 0, B 1, C 2, D 3, E 4);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14, P 15);

/// A type a tool parameter can borrow (`name: &str`, `ids: &[u64]`, and these inside
/// `Option` or `Vec`): the argument is read as its owned form (`String`, `Vec<T>`) and the
/// function gets a reference to it.
#[diagnostic::on_unimplemented(
    message = "a tool parameter of type `&{Self}` cannot be read from the client's arguments",
    label = "parameters are read from JSON; only `&str` and `&[T]` are read by reference",
    note = "for the server's state, mark the parameter `#[state]`; for the call's context, `#[context]`",
    note = "otherwise take the value itself (`{Self}`), which must implement `serde::Deserialize` and `schemars::JsonSchema`"
)]
pub trait BorrowedParam {
    /// What the argument is read as.
    type Owned: DeserializeOwned + JsonSchema + Send + 'static;
}

impl BorrowedParam for str {
    type Owned = String;
}

impl<T: DeserializeOwned + JsonSchema + Send + 'static> BorrowedParam for [T] {
    type Owned = Vec<T>;
}

/// The value of a parameter declared with `#[arg(default)]` or `#[arg(default = expr)]`.
pub trait DefaultValue<T> {
    /// The value used when the argument is absent.
    fn value() -> T;
}

/// A parameter with a default: read as `T`, or `D`'s value when the argument is absent (or
/// `null`); its schema is `T`'s with the default shown, and it is not required.
#[derive(Debug)]
pub struct Defaulted<T, D>(pub T, PhantomData<fn() -> D>);

impl<'de, T: Deserialize<'de>, D: DefaultValue<T>> Deserialize<'de> for Defaulted<T, D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        let value = Option::<T>::deserialize(deserializer)?;
        Ok(Defaulted(value.unwrap_or_else(D::value), PhantomData))
    }
}

impl<T: JsonSchema + Serialize, D: DefaultValue<T>> JsonSchema for Defaulted<T, D> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut schema = generator.subschema_for::<T>();
        if let Ok(default) = serde_json::to_value(D::value()) {
            schema.insert("default".into(), default);
        }
        schema
    }
}

/// A deserializer for an argument that is absent: `Option<T>` (and any type that treats a
/// missing value as `None`) accepts it; everything else reports it missing.
struct MissingValue;

impl<'de> Deserializer<'de> for MissingValue {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("missing"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The input schema of a tool: an object with one property per parameter, `required` for
/// those that do not accept a missing value, and no other properties.
pub(crate) fn input_schema(
    describe: &dyn Fn(&mut SchemaGenerator) -> Vec<(Schema, bool)>,
    specs: &[ParamSpec],
) -> (JsonObject, Vec<ParamInfo>) {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let described = describe(&mut generator);
    debug_assert_eq!(described.len(), specs.len(), "one schema per parameter");
    let all_definitions = Arc::new(generator.definitions().clone());

    let mut properties = JsonObject::new();
    let mut required = Vec::new();
    let mut infos = Vec::with_capacity(specs.len());
    for (spec, (schema, is_required)) in specs.iter().zip(described) {
        let mut schema = schema.to_value();
        let definitions = generator.definitions();
        let mut expected = expected_of(&schema, definitions);
        if !is_required {
            expected.push_str(", optional");
        }
        if !spec.description.is_empty() {
            if let Value::Bool(true) = schema {
                schema = Value::Object(JsonObject::new());
            }
            if let Value::Object(object) = &mut schema {
                object.insert("description".into(), spec.description.into());
            }
        }
        if spec.constraints != Constraints::NONE {
            if let Value::Bool(true) = schema {
                schema = Value::Object(JsonObject::new());
            }
            if let Value::Object(object) = &mut schema {
                spec.constraints.annotate(object);
            }
        }
        properties.insert(spec.name.into(), schema);
        if is_required {
            required.push(Value::from(spec.name));
        }
        infos.push(ParamInfo {
            name: spec.name,
            expected,
            schema: properties[spec.name].clone(),
            definitions: all_definitions.clone(),
            constraints: spec.constraints,
        });
    }

    let mut root = JsonObject::new();
    root.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), properties.into());
    if !required.is_empty() {
        root.insert("required".into(), required.into());
    }
    root.insert("additionalProperties".into(), false.into());
    let definitions = generator.take_definitions(true);
    if !definitions.is_empty() {
        root.insert("$defs".into(), definitions.into());
    }
    (root, infos)
}

/// A few words saying what JSON a schema accepts: `integer, uint8, 0 to 255`,
/// `string or null`, `one of "asc", "desc"`, `object Filter`. For error messages only.
fn expected_of(schema: &Value, definitions: &serde_json::Map<String, Value>) -> String {
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

/// Parses a call's arguments against the tool's parameters; arguments the tool does not
/// take are a problem unless `ignore_unknown`.
pub(crate) fn parse<L: ParamList>(
    list: &L,
    params: &[ParamInfo],
    mut args: JsonObject,
    ignore_unknown: bool,
) -> Result<L::Values, Vec<ArgProblem>> {
    let mut problems = Vec::new();
    for value in args.values_mut() {
        whole_floats_as_integers(value);
    }
    let parsed = list.parse(params, &mut args, &mut problems);
    if !ignore_unknown {
        for name in args.keys() {
            problems.push(ArgProblem::Unknown { name: name.clone() });
        }
    }
    match parsed {
        Some(parsed) if problems.is_empty() => Ok(parsed),
        _ => Err(problems),
    }
}

/// Writes each number with a zero fraction (`3.0`) as the integer it is (`3`), inside arrays
/// and objects too. JSON Schema counts `3.0` as an integer, so a schema saying `integer`
/// accepts it, and clients send it (a JavaScript number, a float the model wrote); serde
/// reads an integer type only from an integer. A float parameter reads `3` as `3.0`.
///
/// Only up to 2^53 − 1 in magnitude, where a whole float is exactly the integer written: past it
/// the float stays a float, which an integer parameter refuses (see
/// [`MAX_EXACT_FLOAT_INTEGER`]).
fn whole_floats_as_integers(value: &mut Value) {
    match value {
        Value::Number(number) if number.is_f64() => {
            let Some(float) = number.as_f64() else {
                return;
            };
            if float.fract() != 0.0 || float.abs() > MAX_EXACT_FLOAT_INTEGER {
                return;
            }
            #[allow(clippy::cast_possible_truncation)] // whole and within 2^53 - 1: exact
            if float >= 0.0 {
                *number = serde_json::Number::from(float as u64);
            } else {
                *number = serde_json::Number::from(float as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_floats_as_integers),
        Value::Object(members) => members.values_mut().for_each(whole_floats_as_integers),
        _ => {}
    }
}

/// The text a caller receives for bad arguments: one line per problem, each naming the
/// parameter and what it accepts.
pub(crate) fn describe_problems(
    tool: &str,
    params: &[ParamInfo],
    problems: &[ArgProblem],
) -> String {
    let mut out = format!("Error: invalid arguments for tool `{tool}`:");
    for problem in problems {
        out.push_str("\n- ");
        match problem {
            ArgProblem::Missing { name, expected } => {
                let _ = write!(out, "missing required parameter `{name}` ({expected})");
            }
            ArgProblem::Invalid { path, message } => {
                let _ = write!(out, "parameter `{path}`: {message}");
            }
            ArgProblem::Unknown { name } => {
                let _ = write!(out, "unknown parameter `{name}`; ");
                if params.is_empty() {
                    out.push_str("this tool takes no parameters");
                } else {
                    out.push_str("this tool takes ");
                    for (i, param) in params.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let _ = write!(out, "`{}`", param.name);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn infos<L: ParamList>(list: L, specs: &[ParamSpec]) -> (JsonObject, Vec<ParamInfo>) {
        input_schema(&|generator| list.describe(generator), specs)
    }

    fn parse<L: ParamList>(
        list: L,
        params: &[ParamInfo],
        args: JsonObject,
    ) -> Result<L::Values, Vec<ArgProblem>> {
        super::parse(&list, params, args, false)
    }

    const SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "id",
            description: "The id.",
            constraints: Constraints::NONE,
        },
        ParamSpec {
            name: "note",
            description: "",
            constraints: Constraints::NONE,
        },
    ];

    #[test]
    fn option_is_optional_and_everything_else_required() {
        let (schema, _) = infos((param::<u32>(), param::<Option<String>>()), SPECS);
        assert_eq!(schema["required"], json!(["id"]));
        assert_eq!(schema["additionalProperties"], json!(false));
        assert_eq!(schema["properties"]["id"]["description"], json!("The id."));
        assert_eq!(schema["properties"]["id"]["type"], json!("integer"));
    }

    #[test]
    fn every_problem_is_reported_with_its_parameter() {
        let (_, params) = infos((param::<u8>(), param::<Option<String>>()), SPECS);
        let args = json!({"id": 300, "note": 5, "extra": true});
        let problems = parse(
            (param::<u8>(), param::<Option<String>>()),
            &params,
            args.as_object().unwrap().clone(),
        )
        .unwrap_err();
        let text = describe_problems("t", &params, &problems);
        assert_eq!(
            text,
            "Error: invalid arguments for tool `t`:\n\
             - parameter `id`: expected an integer, uint8, 0 to 255, got the number 300\n\
             - parameter `note`: expected a string or null, got the number 5\n\
             - unknown parameter `extra`; this tool takes `id`, `note`"
        );
    }

    #[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Filter {
        name: String,
        tags: Vec<String>,
        limit: Option<u8>,
        order: Order,
    }

    #[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
    #[serde(rename_all = "snake_case")]
    enum Order {
        Asc,
        Desc,
    }

    #[test]
    fn every_problem_inside_a_parameter_is_reported_at_its_path() {
        let specs = &[ParamSpec {
            name: "filter",
            description: "",
            constraints: Constraints::NONE,
        }];
        let (_, params) = infos((param::<Filter>(),), specs);
        let args = json!({"filter": {"tags": ["a", 2, "c", null], "limit": 300, "order": "up", "colour": "red"}});
        let problems = parse(
            (param::<Filter>(),),
            &params,
            args.as_object().unwrap().clone(),
        )
        .unwrap_err();
        assert_eq!(
            describe_problems("t", &params, &problems),
            "Error: invalid arguments for tool `t`:\n\
             - parameter `filter`: missing required field `name` (string)\n\
             - parameter `filter.colour`: unknown field; this object takes `limit`, `name`, `order`, `tags`\n\
             - parameter `filter.limit`: expected an integer or null, uint8, 0 to 255, got the number 300\n\
             - parameter `filter.order`: expected one of \"asc\", \"desc\", got the string \"up\"\n\
             - parameter `filter.tags[1]`: expected a string, got the number 2\n\
             - parameter `filter.tags[3]`: expected a string, got null"
        );
    }

    #[test]
    fn missing_required_parameter_is_named() {
        let (_, params) = infos((param::<u32>(), param::<Option<String>>()), SPECS);
        let problems = parse(
            (param::<u32>(), param::<Option<String>>()),
            &params,
            JsonObject::new(),
        )
        .unwrap_err();
        assert_eq!(
            problems,
            vec![ArgProblem::Missing {
                name: "id",
                expected: "integer, uint32, at least 0".into()
            }]
        );
        let ok = parse(
            (param::<Option<u32>>(), param::<Option<String>>()),
            &params,
            JsonObject::new(),
        )
        .unwrap();
        assert_eq!(ok, (None, None));
    }

    #[test]
    fn what_is_expected_reads_as_english() {
        #[derive(serde::Deserialize, JsonSchema)]
        #[allow(dead_code)]
        struct EditOperation {
            old_text: String,
        }
        let mut generator = SchemaSettings::draft2020_12().into_generator();
        let expected = |schema: Schema, generator: &SchemaGenerator| {
            expected_of(&schema.to_value(), generator.definitions())
        };
        let number = generator.subschema_for::<Option<f64>>();
        assert_eq!(expected(number, &generator), "number or null");
        let edits = generator.subschema_for::<Vec<EditOperation>>();
        assert_eq!(
            expected(edits, &generator),
            "array of `EditOperation` objects"
        );
        let small = generator.subschema_for::<u8>();
        assert_eq!(expected(small, &generator), "integer, uint8, 0 to 255");

        let one = Constraints {
            min_length: Some(1),
            ..Constraints::NONE
        };
        assert_eq!(
            one.problem(&json!([])).unwrap(),
            "expected an array of at least 1 item, got 0 items"
        );
        let two = Constraints {
            min_length: Some(2),
            ..Constraints::NONE
        };
        assert_eq!(
            two.problem(&json!("a")).unwrap(),
            "expected a string of at least 2 characters, got 1 character"
        );
    }

    #[test]
    fn whole_floats_are_integers_and_other_floats_stay() {
        let (_, params) = infos((param::<i64>(), param::<Option<String>>()), SPECS);
        let read = |value: Value| {
            let mut args = JsonObject::new();
            args.insert("id".into(), value);
            parse((param::<i64>(), param::<Option<String>>()), &params, args)
        };
        assert_eq!(read(json!(3.0)), Ok((3, None)));
        assert_eq!(read(json!(-2.0)), Ok((-2, None)));
        assert!(read(json!(1.5)).is_err());

        let mut nested = json!({"a": [1.0, 2.5, -0.0], "b": 1e300, "c": "4.0"});
        whole_floats_as_integers(&mut nested);
        assert_eq!(nested, json!({"a": [1, 2.5, 0], "b": 1e300, "c": "4.0"}));
        assert!(nested["a"][0].is_u64());

        let mut generator = SchemaSettings::draft2020_12().into_generator();
        let strings = generator.subschema_for::<Vec<String>>().to_value();
        assert_eq!(
            expected_of(&strings, generator.definitions()),
            "array of strings"
        );
    }

    /// The problems of one argument `id` read as `T` (with a `note` beside it), one line each.
    fn problems_of<T>(text: &str) -> Vec<String>
    where
        T: for<'de> Deserialize<'de> + JsonSchema + Send + std::fmt::Debug + 'static,
    {
        let (_, params) = infos((param::<T>(), param::<Option<String>>()), SPECS);
        let args: JsonObject = serde_json::from_str(&format!(r#"{{"id": {text}}}"#)).unwrap();
        match parse((param::<T>(), param::<Option<String>>()), &params, args) {
            Ok(values) => vec![format!("accepted {values:?}")],
            Err(problems) => describe_problems("t", &params, &problems)
                .lines()
                .skip(1)
                .map(str::to_owned)
                .collect(),
        }
    }

    #[test]
    fn integers_out_of_range_are_refused_by_name() {
        // Below i64::MIN: serde_json reads it as the float -2^63, which is i64::MIN exactly.
        assert_eq!(
            problems_of::<i64>("-9223372036854775809"),
            [
                "- parameter `id`: expected an integer, int64, got the number -9.223372036854776e+18, which is not an exact 64-bit integer"
            ]
        );
        assert_eq!(
            problems_of::<i64>("-9223372036854775808"),
            ["accepted (-9223372036854775808, None)"]
        );
        // Above u64::MAX, and past i64::MAX for an i64.
        assert_eq!(
            problems_of::<u64>("18446744073709551616"),
            [
                "- parameter `id`: expected an integer, uint64, at least 0, got the number 1.8446744073709552e+19, which is not an exact 64-bit integer"
            ]
        );
        assert_eq!(
            problems_of::<u64>("18446744073709551615"),
            ["accepted (18446744073709551615, None)"]
        );
        assert_eq!(
            problems_of::<i64>("9223372036854775808"),
            ["- parameter `id`: expected an integer, int64, got the number 9223372036854775808"]
        );
        assert_eq!(
            problems_of::<i32>("3000000000.0"),
            ["- parameter `id`: expected an integer, int32, got the number 3000000000"]
        );
        // Whole floats beyond the range, and past 2^53 where a float may not hold the digits.
        assert_eq!(
            problems_of::<i64>("1e19"),
            [
                "- parameter `id`: expected an integer, int64, got the number 1e+19, which is not an exact 64-bit integer"
            ]
        );
        assert_eq!(
            problems_of::<u64>("9007199254740993.0"),
            [
                "- parameter `id`: expected an integer, uint64, at least 0, got the number 9007199254740992.0, which is not an exact 64-bit integer"
            ]
        );
        assert_eq!(
            problems_of::<u64>("9007199254740991.0"),
            ["accepted (9007199254740991, None)"]
        );
        assert_eq!(
            problems_of::<i64>("-9007199254740991.0"),
            ["accepted (-9007199254740991, None)"]
        );
        // Inside a parameter too.
        assert_eq!(
            problems_of::<Vec<i64>>("[1, -9223372036854775809]"),
            [
                "- parameter `id[1]`: expected an integer, int64, got the number -9.223372036854776e+18, which is not an exact 64-bit integer"
            ]
        );
    }

    /// A house, with the constraints a user states through schemars attributes.
    #[derive(Debug, Deserialize, JsonSchema)]
    #[allow(dead_code)] // read by serde only
    struct House {
        #[schemars(range(min = 10.0, max = 10000.0))]
        area_m2: f64,
        #[schemars(length(min = 1, max = 3))]
        rooms: Vec<Room>,
        #[schemars(pattern(r"^[A-Z]{2}-[0-9]{4}$"))]
        postcode: String,
    }

    #[derive(Debug, Deserialize, JsonSchema)]
    #[allow(dead_code)] // read by serde only
    struct Room {
        #[schemars(length(min = 1, max = 8))]
        name: String,
        #[schemars(range(min = 1))]
        floor: u8,
    }

    /// A pattern the `regex` crate cannot compile (an ECMAScript lookahead).
    #[derive(Debug, Deserialize, JsonSchema)]
    #[allow(dead_code)] // read by serde only
    struct Code {
        #[schemars(pattern(r"^(?=[a-z])\w+$"))]
        code: String,
    }

    #[test]
    fn a_pattern_the_regex_crate_cannot_compile_is_not_checked() {
        assert_eq!(
            problems_of::<Code>(r#"{"code": "Abc"}"#),
            [r#"accepted (Code { code: "Abc" }, None)"#]
        );
    }

    #[test]
    fn nested_schemars_constraints_are_checked_at_every_depth() {
        let ok =
            r#"{"area_m2": 120.5, "rooms": [{"name": "hall", "floor": 1}], "postcode": "AB-1234"}"#;
        assert_eq!(problems_of::<House>(ok).len(), 1);
        assert!(problems_of::<House>(ok)[0].starts_with("accepted"));
        let bad = r#"{"area_m2": 1e308, "rooms": [{"name": "", "floor": 0}, {"name": "a very long name", "floor": 2}], "postcode": "ab-12"}"#;
        assert_eq!(
            problems_of::<House>(bad),
            [
                "- parameter `id.area_m2`: expected a number, 10.0 to 10000.0, got the number 1e+308",
                "- parameter `id.postcode`: expected a string matching the pattern `^[A-Z]{2}-[0-9]{4}$`, got the string \"ab-12\"",
                "- parameter `id.rooms[0].floor`: expected an integer, uint8, 1 to 255, got the number 0",
                "- parameter `id.rooms[0].name`: expected a string, 1 to 8 characters, got the string \"\"",
                "- parameter `id.rooms[1].name`: expected a string, 1 to 8 characters, got the string \"a very long name\"",
            ]
        );
        let many = r#"{"area_m2": 50, "rooms": [], "postcode": "AB-1234"}"#;
        assert_eq!(
            problems_of::<House>(many),
            [
                "- parameter `id.rooms`: expected an array of `Room` objects, 1 to 3 items, got an array of 0 items"
            ]
        );
    }
}
