//! Whether a schema given at run time is one toolshape can list and check arguments and
//! results against: every keyword's value of the kind JSON Schema says (a `type` among JSON's
//! seven, `required` a list of names, `minimum` a number, …), every `pattern` one the `regex`
//! crate compiles, every `$ref` a definition of the schema. Each problem names where it is, as
//! a JSON Pointer into the schema (`/properties/tags/items/type`).
//!
//! Keywords this does not know (annotations, `x-…` extensions) are left as they are.

use serde_json::{Map, Value};

/// JSON Schema's types.
const TYPES: [&str; 7] = [
    "null", "boolean", "object", "array", "number", "integer", "string",
];

/// Keywords whose value is one schema.
const ONE_SCHEMA: [&str; 12] = [
    "items",
    "additionalProperties",
    "additionalItems",
    "not",
    "if",
    "then",
    "else",
    "contains",
    "propertyNames",
    "unevaluatedProperties",
    "unevaluatedItems",
    "contentSchema",
];

/// Keywords whose value is an object of schemas, by name.
const SCHEMAS_BY_NAME: [&str; 5] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
];

/// Keywords whose value is a list of schemas.
const LIST_OF_SCHEMAS: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];

/// Keywords whose value is a number.
const NUMBERS: [&str; 5] = [
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
];

/// Keywords whose value is a count: an integer ≥ 0.
const COUNTS: [&str; 8] = [
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "minContains",
    "maxContains",
];

/// Keywords whose value is a string.
const STRINGS: [&str; 6] = [
    "title",
    "description",
    "format",
    "$comment",
    "contentEncoding",
    "contentMediaType",
];

/// The problems of `schema` (a whole schema: its definitions are those of its root), each as
/// `at /pointer: what is wrong`.
pub(super) fn problems(schema: &Value) -> Vec<String> {
    let definitions = ["$defs", "definitions"]
        .iter()
        .filter_map(|key| schema.get(*key)?.as_object())
        .flat_map(|defs| defs.keys().cloned())
        .collect::<Vec<String>>();
    let mut found = Vec::new();
    walk(schema, "", &definitions, &mut found);
    found
}

/// The problems of an input schema: a schema, whose root is an object schema (MCP's tools
/// take one JSON object of arguments), each of whose `required` names a property (the
/// property says what the parameter takes).
pub(super) fn input_problems(schema: &Map<String, Value>) -> Vec<String> {
    let mut found = Vec::new();
    match schema.get("type") {
        None => {}
        Some(Value::String(ty)) if ty == "object" => {}
        Some(other) => found.push(format!(
            "at the root: an input schema's `type` is \"object\" (a tool takes one JSON object of \
             arguments), not {other}"
        )),
    }
    let properties = schema.get("properties").and_then(Value::as_object);
    if let Some(Value::Array(required)) = schema.get("required") {
        for name in required.iter().filter_map(Value::as_str) {
            if !properties.is_some_and(|p| p.contains_key(name)) {
                found.push(format!(
                    "at /required: `{name}` is required but `properties` does not define it (a \
                     parameter's property says what it takes)"
                ));
            }
        }
    }
    found.extend(problems(&Value::Object(schema.clone())));
    found
}

fn walk(schema: &Value, at: &str, definitions: &[String], found: &mut Vec<String>) {
    let object = match schema {
        Value::Object(object) => object,
        Value::Bool(_) => return,
        other => {
            found.push(format!(
                "at {}: a schema is a JSON object (or true, or false), not {other}",
                pointer(at)
            ));
            return;
        }
    };
    for (key, value) in object {
        let key = key.as_str();
        if key == "type" {
            let fine = match value {
                Value::String(ty) => TYPES.contains(&ty.as_str()),
                Value::Array(types) => {
                    !types.is_empty()
                        && types
                            .iter()
                            .all(|ty| ty.as_str().is_some_and(|ty| TYPES.contains(&ty)))
                }
                _ => false,
            };
            if !fine {
                push(
                    found,
                    at,
                    key,
                    format!(
                        "`type` is one of {} (or a list of them), not {value}",
                        TYPES.map(|t| format!("\"{t}\"")).join(", ")
                    ),
                );
            }
        } else if key == "required" {
            if !value
                .as_array()
                .is_some_and(|names| names.iter().all(Value::is_string))
            {
                push(
                    found,
                    at,
                    key,
                    format!("`required` is a list of names, not {value}"),
                );
            }
        } else if key == "enum" {
            if !value.is_array() {
                push(
                    found,
                    at,
                    key,
                    format!("`enum` is a list of values, not {value}"),
                );
            }
        } else if key == "pattern" {
            match value.as_str() {
                Some(pattern) => {
                    if let Err(error) = regex::Regex::new(pattern) {
                        push(
                            found,
                            at,
                            key,
                            format!(
                                "the pattern `{pattern}` does not compile (toolshape checks \
                                 patterns with the `regex` crate: no lookaround, no \
                                 backreferences): {error}"
                            ),
                        );
                    }
                }
                None => push(
                    found,
                    at,
                    key,
                    format!("`pattern` is a string, not {value}"),
                ),
            }
        } else if key == "$ref" {
            let target = value.as_str().and_then(|reference| {
                reference
                    .strip_prefix("#/$defs/")
                    .or_else(|| reference.strip_prefix("#/definitions/"))
            });
            match target {
                Some(name) if definitions.iter().any(|d| d == name) => {}
                Some(name) => push(
                    found,
                    at,
                    key,
                    format!(
                        "`$ref` names the definition `{name}`, which the schema's root does not define"
                    ),
                ),
                None => push(
                    found,
                    at,
                    key,
                    format!(
                        "`$ref` is resolved only to a definition of the schema's root \
                         (`#/$defs/Name`), not {value}"
                    ),
                ),
            }
        } else if ONE_SCHEMA.contains(&key) {
            // `items` as a list of schemas is the tuple form of drafts before 2020-12
            match value {
                Value::Array(items) if key == "items" => {
                    for (i, item) in items.iter().enumerate() {
                        walk(item, &format!("{at}/{key}/{i}"), definitions, found);
                    }
                }
                _ => walk(value, &format!("{at}/{key}"), definitions, found),
            }
        } else if SCHEMAS_BY_NAME.contains(&key) {
            match value {
                Value::Object(members) => {
                    for (name, member) in members {
                        let name = name.replace('~', "~0").replace('/', "~1");
                        walk(member, &format!("{at}/{key}/{name}"), definitions, found);
                    }
                }
                other => push(
                    found,
                    at,
                    key,
                    format!("`{key}` is an object of schemas, not {other}"),
                ),
            }
        } else if LIST_OF_SCHEMAS.contains(&key) {
            match value {
                Value::Array(items) if !items.is_empty() => {
                    for (i, item) in items.iter().enumerate() {
                        walk(item, &format!("{at}/{key}/{i}"), definitions, found);
                    }
                }
                other => push(
                    found,
                    at,
                    key,
                    format!("`{key}` is a non-empty list of schemas, not {other}"),
                ),
            }
        } else if NUMBERS.contains(&key) {
            let fine = value
                .as_f64()
                .is_some_and(|n| key != "multipleOf" || n > 0.0);
            if !fine {
                let what = if key == "multipleOf" {
                    "a number greater than 0"
                } else {
                    "a number"
                };
                push(found, at, key, format!("`{key}` is {what}, not {value}"));
            }
        } else if COUNTS.contains(&key) {
            if value.as_u64().is_none() {
                push(
                    found,
                    at,
                    key,
                    format!("`{key}` is a whole number ≥ 0, not {value}"),
                );
            }
        } else if STRINGS.contains(&key) && !value.is_string() {
            push(found, at, key, format!("`{key}` is a string, not {value}"));
        }
    }
}

/// Records the problem `what` with the keyword `key` of the schema at `at`.
fn push(found: &mut Vec<String>, at: &str, key: &str, what: String) {
    found.push(format!("at {}: {what}", pointer(&format!("{at}/{key}"))));
}

/// `at` as a JSON Pointer: the root is `/`.
fn pointer(at: &str) -> &str {
    if at.is_empty() { "/" } else { at }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_well_formed_schema_has_no_problem() {
        let schema = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 8},
                "tags": {"type": "array", "items": {"$ref": "#/$defs/Tag"}},
                "size": {"type": ["integer", "null"], "minimum": 0}
            },
            "required": ["name"],
            "additionalProperties": false,
            "$defs": {"Tag": {"enum": ["a", "b"]}}
        });
        assert_eq!(
            input_problems(schema.as_object().unwrap()),
            Vec::<String>::new()
        );
    }

    #[test]
    fn each_problem_says_where_it_is() {
        let schema = json!({
            "type": "object",
            "properties": {
                "name": {"type": "text", "pattern": "(?=a)"},
                "tags": {"type": "array", "items": {"$ref": "#/$defs/Missing"}},
                "size": {"minimum": "0", "maxLength": -1},
                "any": 3
            },
            "required": ["name", "id"]
        });
        assert_eq!(
            input_problems(schema.as_object().unwrap()),
            [
                "at /required: `id` is required but `properties` does not define it (a parameter's property says what it takes)",
                "at /properties/any: a schema is a JSON object (or true, or false), not 3",
                "at /properties/name/pattern: the pattern `(?=a)` does not compile (toolshape checks patterns with the `regex` crate: no lookaround, no backreferences): regex parse error:\n    (?=a)\n    ^^^\nerror: look-around, including look-ahead and look-behind, is not supported",
                "at /properties/name/type: `type` is one of \"null\", \"boolean\", \"object\", \"array\", \"number\", \"integer\", \"string\" (or a list of them), not \"text\"",
                "at /properties/size/maxLength: `maxLength` is a whole number ≥ 0, not -1",
                "at /properties/size/minimum: `minimum` is a number, not \"0\"",
                "at /properties/tags/items/$ref: `$ref` names the definition `Missing`, which the schema's root does not define",
            ]
        );
    }

    #[test]
    fn an_input_schema_is_an_object_schema() {
        let schema = json!({"type": "array"});
        assert_eq!(
            input_problems(schema.as_object().unwrap()),
            [
                "at the root: an input schema's `type` is \"object\" (a tool takes one JSON object of arguments), not \"array\""
            ]
        );
    }
}
