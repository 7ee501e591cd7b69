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

use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A parameter as the macro saw it: its name on the wire and its `///` doc comment.
#[derive(Debug, Clone, Copy)]
pub struct ParamSpec {
    /// The property name in the input schema (the Rust name without `r#`).
    pub name: &'static str,
    /// The parameter's doc comment; empty when it has none.
    pub description: &'static str,
}

/// What the runtime knows of one parameter once its tool is registered.
#[doc(hidden)]
#[derive(Debug, Clone)]
pub struct ParamInfo {
    pub(crate) name: &'static str,
    /// A short description of the accepted JSON ("integer", "string or null", …), used in
    /// error messages so a model can correct its call.
    pub(crate) expected: String,
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
        message: String,
        expected: String,
    },
    Unknown {
        name: String,
    },
}

/// The parameters of a tool, as a tuple of their types in declaration order.
///
/// Implemented for tuples of up to 16 elements whose types are
/// `DeserializeOwned + JsonSchema + Send`.
#[diagnostic::on_unimplemented(
    message = "a tool parameter type must implement `serde::Deserialize` and `schemars::JsonSchema`",
    note = "derive both on your own types: `#[derive(serde::Deserialize, schemars::JsonSchema)]`; a tool takes at most 16 parameters"
)]
pub trait Params: Sized + Send + 'static {
    /// Reads every parameter, recording each problem; `None` when there was one.
    #[doc(hidden)]
    fn parse(
        params: &[ParamInfo],
        args: &mut JsonObject,
        problems: &mut Vec<ArgProblem>,
    ) -> Option<Self>;

    /// The schema of each parameter and whether it is required, in declaration order.
    #[doc(hidden)]
    fn describe(generator: &mut SchemaGenerator) -> Vec<(Schema, bool)>;
}

fn parse_one<T: DeserializeOwned>(
    param: &ParamInfo,
    args: &mut JsonObject,
    problems: &mut Vec<ArgProblem>,
) -> Option<T> {
    match args.remove(param.name) {
        Some(value) => match serde_path_to_error::deserialize::<_, T>(value) {
            Ok(value) => Some(value),
            Err(error) => {
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
                    expected: param.expected.clone(),
                });
                None
            }
        },
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

fn describe_one<T: DeserializeOwned + JsonSchema>(
    generator: &mut SchemaGenerator,
) -> (Schema, bool) {
    let required = T::deserialize(MissingValue).is_err();
    (generator.subschema_for::<T>(), required)
}

impl Params for () {
    fn parse(_: &[ParamInfo], _: &mut JsonObject, _: &mut Vec<ArgProblem>) -> Option<Self> {
        Some(())
    }
    fn describe(_: &mut SchemaGenerator) -> Vec<(Schema, bool)> {
        Vec::new()
    }
}

macro_rules! tuple_params {
    ($($T:ident $i:tt),+) => {
        impl<$($T: DeserializeOwned + JsonSchema + Send + 'static),+> Params for ($($T,)+) {
            fn parse(
                params: &[ParamInfo],
                args: &mut JsonObject,
                problems: &mut Vec<ArgProblem>,
            ) -> Option<Self> {
                // Read all of them before giving up, so every problem is reported at once.
                let parsed = ($(parse_one::<$T>(&params[$i], args, problems),)+);
                Some(($(parsed.$i?,)+))
            }
            fn describe(generator: &mut SchemaGenerator) -> Vec<(Schema, bool)> {
                vec![$(describe_one::<$T>(generator)),+]
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

/// A type a tool parameter can borrow (`name: &str`, `ids: &[u64]`): the argument is read
/// as its owned form and the function gets a reference to it.
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

/// [`Params`]' two functions as plain function pointers, taken where `P: Params` is known,
/// so that code after that point needs no trait bound (and a missing implementation is
/// reported once, where the parameters are declared).
#[doc(hidden)]
pub struct ParamsFns<P> {
    pub(crate) parse: fn(&[ParamInfo], &mut JsonObject, &mut Vec<ArgProblem>) -> Option<P>,
    pub(crate) describe: fn(&mut SchemaGenerator) -> Vec<(Schema, bool)>,
}

impl<P> Clone for ParamsFns<P> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<P> Copy for ParamsFns<P> {}

impl<P: Params> ParamsFns<P> {
    pub(crate) fn of() -> Self {
        ParamsFns {
            parse: P::parse,
            describe: P::describe,
        }
    }
}

/// The input schema of a tool: an object with one property per parameter, `required` for
/// those that do not accept a missing value, and no other properties.
pub(crate) fn input_schema(
    describe: fn(&mut SchemaGenerator) -> Vec<(Schema, bool)>,
    specs: &[ParamSpec],
) -> (JsonObject, Vec<ParamInfo>) {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let described = describe(&mut generator);
    debug_assert_eq!(described.len(), specs.len(), "one schema per parameter");

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
        properties.insert(spec.name.into(), schema);
        if is_required {
            required.push(Value::from(spec.name));
        }
        infos.push(ParamInfo {
            name: spec.name,
            expected,
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
            if inner.contains(',') || inner.contains(" or ") {
                let _ = write!(out, " of ({inner})");
            } else {
                let _ = write!(out, " of {inner}");
            }
        }
    }
    let format = object.get("format").and_then(Value::as_str);
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
    out
}

/// Parses a call's arguments against the tool's parameters; arguments the tool does not
/// take are a problem unless `ignore_unknown`.
pub(crate) fn parse<P>(
    fns: ParamsFns<P>,
    params: &[ParamInfo],
    mut args: JsonObject,
    ignore_unknown: bool,
) -> Result<P, Vec<ArgProblem>> {
    let mut problems = Vec::new();
    let parsed = (fns.parse)(params, &mut args, &mut problems);
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
            ArgProblem::Invalid {
                path,
                message,
                expected,
            } => {
                let _ = write!(out, "parameter `{path}` ({expected}): {message}");
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

    fn infos<P: Params>(specs: &[ParamSpec]) -> (JsonObject, Vec<ParamInfo>) {
        input_schema(P::describe, specs)
    }

    fn parse<P: Params>(params: &[ParamInfo], args: JsonObject) -> Result<P, Vec<ArgProblem>> {
        super::parse(ParamsFns::<P>::of(), params, args, false)
    }

    const SPECS: &[ParamSpec] = &[
        ParamSpec {
            name: "id",
            description: "The id.",
        },
        ParamSpec {
            name: "note",
            description: "",
        },
    ];

    #[test]
    fn option_is_optional_and_everything_else_required() {
        let (schema, _) = infos::<(u32, Option<String>)>(SPECS);
        assert_eq!(schema["required"], json!(["id"]));
        assert_eq!(schema["additionalProperties"], json!(false));
        assert_eq!(schema["properties"]["id"]["description"], json!("The id."));
        assert_eq!(schema["properties"]["id"]["type"], json!("integer"));
    }

    #[test]
    fn every_problem_is_reported_with_its_parameter() {
        let (_, params) = infos::<(u8, Option<String>)>(SPECS);
        let args = json!({"id": 300, "note": 5, "extra": true});
        let problems =
            parse::<(u8, Option<String>)>(&params, args.as_object().unwrap().clone()).unwrap_err();
        let text = describe_problems("t", &params, &problems);
        assert_eq!(
            text,
            "Error: invalid arguments for tool `t`:\n\
             - parameter `id` (integer, uint8, 0 to 255): invalid value: integer `300`, expected u8\n\
             - parameter `note` (string or null, optional): invalid type: integer `5`, expected a string\n\
             - unknown parameter `extra`; this tool takes `id`, `note`"
        );
    }

    #[test]
    fn missing_required_parameter_is_named() {
        let (_, params) = infos::<(u32, Option<String>)>(SPECS);
        let problems = parse::<(u32, Option<String>)>(&params, JsonObject::new()).unwrap_err();
        assert_eq!(
            problems,
            vec![ArgProblem::Missing {
                name: "id",
                expected: "integer, uint32, at least 0".into()
            }]
        );
        let ok = parse::<(Option<u32>, Option<String>)>(&params, JsonObject::new()).unwrap();
        assert_eq!(ok, (None, None));
    }
}
