//! The arguments of a tool declared at run time, read against the input schema it was given
//! rather than typed parameters: one parameter per property of the schema, each value
//! checked against its property's schema at every depth ([`validate`](super::validate)), in
//! the same steps and with the same words as a `#[tool]`'s parameters ([`parse`](super::parse)),
//! and kept as JSON for the handler.

use std::sync::Arc;

use rmcp::model::JsonObject;
use serde_json::{Map, Value};

use crate::tool::args::constraints::{Constraints, ParamInfo};
use crate::tool::args::parse::{prepare, refuse_unknown};
use crate::tool::args::problems::ArgProblem;
use crate::tool::args::validate::check;
use crate::tool::args::wording::{expected_of, with_article};

/// What a given input schema says of the arguments beyond its properties.
#[derive(Debug, Clone)]
pub(crate) struct Extra {
    /// `additionalProperties` when it is not `false`: the schema an argument no property
    /// names is checked against (`true` for any), and kept for the handler. `None` when it is
    /// `false`: such an argument is refused, or dropped by a reading that ignores unknown
    /// arguments.
    schema: Option<Value>,
    definitions: Arc<Map<String, Value>>,
}

/// The parameters of a given input schema (an object schema, checked well-formed): one per
/// member of `properties`, required when `required` names it; and what the schema says of the
/// other arguments.
pub(crate) fn params_of(schema: &JsonObject) -> (Vec<ParamInfo>, Extra) {
    let definitions = ["$defs", "definitions"]
        .iter()
        .find_map(|key| schema.get(*key).and_then(Value::as_object))
        .cloned()
        .unwrap_or_default();
    let definitions = Arc::new(definitions);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    // The required parameters in the order `required` lists them (the order a `#[tool]`
    // declares its parameters in, for its listing), then the others by name (JSON objects
    // keep no order of their members).
    let mut properties: Vec<(&String, &Value)> = schema
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .collect();
    properties.sort_by_key(|(name, _)| {
        required
            .iter()
            .position(|r| r == name)
            .unwrap_or(usize::MAX)
    });
    let params = properties
        .into_iter()
        .map(|(name, property)| ParamInfo {
            name: name.clone().into(),
            required: required.contains(&name.as_str()),
            expected: with_article(expected_of(property, &definitions)),
            schema: property.clone(),
            definitions: definitions.clone(),
            constraints: Constraints::NONE,
        })
        .collect();
    let extra = match schema.get("additionalProperties") {
        Some(Value::Bool(false)) => None,
        Some(other) => Some(other.clone()),
        // JSON Schema's default: any other member is accepted
        None => Some(Value::Bool(true)),
    };
    (
        params,
        Extra {
            schema: extra,
            definitions,
        },
    )
}

/// Reads a call's arguments against `params` and `extra`: every problem at its path, as a
/// `#[tool]`'s parameters report them, or the arguments the handler receives (whole floats
/// written as integers, `null` for an optional parameter left out, arguments no property
/// names kept when the schema accepts them).
pub(crate) fn read(
    params: &[ParamInfo],
    extra: &Extra,
    ignore_unknown: bool,
    mut args: JsonObject,
) -> Result<JsonObject, Vec<ArgProblem>> {
    prepare(params, &mut args);
    let mut problems = Vec::new();
    let mut values = JsonObject::new();
    for param in params {
        match args.remove(&*param.name) {
            Some(value) => {
                let before = problems.len();
                check(
                    &param.schema,
                    &value,
                    param.name.to_string(),
                    &param.definitions,
                    &mut problems,
                );
                if problems.len() == before {
                    values.insert(param.name.to_string(), value);
                }
            }
            None if param.required => problems.push(ArgProblem::Missing {
                name: param.name.to_string(),
                expected: param.expected.clone(),
            }),
            None => {}
        }
    }
    match &extra.schema {
        Some(schema) => {
            for (name, value) in args {
                let before = problems.len();
                check(
                    schema,
                    &value,
                    name.clone(),
                    &extra.definitions,
                    &mut problems,
                );
                if problems.len() == before {
                    values.insert(name, value);
                }
            }
        }
        None if !ignore_unknown => refuse_unknown(&args, &mut problems),
        None => {}
    }
    if problems.is_empty() {
        Ok(values)
    } else {
        Err(problems)
    }
}

/// Checks a value a tool declared at run time returned against the schema it declared for
/// it: each problem as `path: what was expected, what was sent` (`result.items[2].id: expected
/// an integer, got the string "7"`). Its handler's values have no Rust type to guarantee their
/// shape, as a `#[tool]`'s have; a client checks `structuredContent` against `outputSchema`.
pub(crate) fn output_problems(schema: &Value, value: &Value) -> Vec<String> {
    let definitions = ["$defs", "definitions"]
        .iter()
        .find_map(|key| schema.get(*key).and_then(Value::as_object))
        .cloned()
        .unwrap_or_default();
    let mut problems = Vec::new();
    check(
        schema,
        value,
        "result".to_owned(),
        &definitions,
        &mut problems,
    );
    problems
        .into_iter()
        .map(|problem| match problem {
            ArgProblem::Invalid { path, message } => format!("{path}: {message}"),
            ArgProblem::Missing { name, expected } => format!("{name}: missing ({expected})"),
            ArgProblem::Unknown { name } => format!("{name}: unknown"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn object(value: Value) -> JsonObject {
        let Value::Object(object) = value else {
            unreachable!("an object")
        };
        object
    }

    #[test]
    fn arguments_are_read_as_typed_parameters_are() {
        let schema = object(json!({
            "type": "object",
            "properties": {
                "id": {"type": "integer", "minimum": 0},
                "tags": {"type": "array", "items": {"type": "string"}},
                "note": {"type": "string"}
            },
            "required": ["id"],
            "additionalProperties": false
        }));
        let (params, extra) = params_of(&schema);
        assert_eq!(params.len(), 3);
        let read = |args: Value| read(&params, &extra, false, object(args));
        assert_eq!(
            read(json!({"id": 3.0, "note": null})).unwrap(),
            object(json!({"id": 3}))
        );
        assert_eq!(
            read(json!({"tags": ["a", 2], "other": 1})).unwrap_err(),
            vec![
                ArgProblem::Missing {
                    name: "id".into(),
                    expected: "a whole number ≥ 0".into()
                },
                ArgProblem::Invalid {
                    path: "tags[1]".into(),
                    message: "expected a string, got the number 2".into()
                },
                ArgProblem::Unknown {
                    name: "other".into()
                },
            ]
        );
    }

    #[test]
    fn other_arguments_follow_additional_properties() {
        let schema = object(json!({
            "type": "object",
            "properties": {"id": {"type": "integer"}},
            "additionalProperties": {"type": "string"}
        }));
        let (params, extra) = params_of(&schema);
        assert_eq!(
            read(&params, &extra, false, object(json!({"id": 1, "x": "y"}))).unwrap(),
            object(json!({"id": 1, "x": "y"}))
        );
        assert_eq!(
            read(&params, &extra, false, object(json!({"x": 2}))).unwrap_err(),
            vec![ArgProblem::Invalid {
                path: "x".into(),
                message: "expected a string, got the number 2".into()
            }]
        );
    }

    #[test]
    fn an_output_is_checked_at_its_paths() {
        let schema = json!({
            "type": "object",
            "properties": {"items": {"type": "array", "items": {"$ref": "#/$defs/Item"}}},
            "$defs": {"Item": {"type": "object", "properties": {"id": {"type": "integer"}}}}
        });
        assert!(output_problems(&schema, &json!({"items": [{"id": 1}]})).is_empty());
        assert_eq!(
            output_problems(&schema, &json!({"items": [{"id": "7"}]})),
            ["result.items[0].id: expected a whole number, got the string \"7\""]
        );
    }
}
