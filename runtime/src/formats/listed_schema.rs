//! The form in which a tool's schemas are listed: one every major host takes as it is
//! (Claude's `input_schema`, OpenAI's function `parameters`, Gemini's function declarations),
//! and as few tokens as say the same, since hosts send the listing to the model on every turn.
//! What each host takes, and why each rewrite below, is in `docs/wire-format.md` ("Schemas
//! every host takes").
//!
//! From what schemars generates: definitions are written where they are used (no `$ref`,
//! no `$defs`, but for a type that contains itself); no `$schema` (MCP's default dialect is
//! 2020-12); the integer `format`s schemars writes for Rust's types (`uint32`, `int64`,
//! `double`, …) become the `minimum`/`maximum` they mean; an output schema's root `title`
//! (the Rust type's name) goes. In an input schema, a member that may be absent says only
//! its type: `null` there means absent (see `tool::args::absent`), so it is no value to offer
//! (no `["integer", "null"]`, no `anyOf` with `null`, no `null` in an `enum`).
//!
//! Arguments are still checked against the schemas as schemars wrote them: nothing here
//! changes what a call accepts.

use std::collections::BTreeSet;

use rmcp::model::JsonObject;
use serde_json::{Map, Value};

/// Which schema of a tool is rewritten: an input schema's optional members lose `null`; an
/// output schema's keep it, since a value may be `null` there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    Input,
    Output,
}

/// Rewrites `schema` (a tool's input or output schema, as schemars wrote it) in the listed
/// form — unless it uses JSON Schema 2020-12 beyond what hosts take ([`FULL_DIALECT`]): such
/// a schema is listed as written, with its `$schema` and `$defs`, since rewriting it could
/// change what it means (an `$anchor` names a definition) and a host that takes only the
/// subset could not take it anyway.
pub(crate) fn listed(schema: &mut JsonObject, side: Side) {
    if schema
        .iter()
        .any(|(key, value)| uses_full_dialect(key, value))
    {
        return;
    }
    schema.remove("$schema");
    if side == Side::Output {
        schema.remove("title");
    }
    let definitions = match schema.remove("$defs") {
        Some(Value::Object(definitions)) => definitions,
        _ => Map::new(),
    };
    let mut kept = BTreeSet::new();
    let mut stack = Vec::new();
    for value in schema.values_mut() {
        inline(value, &definitions, &mut stack, &mut kept);
    }
    let mut root = Value::Object(std::mem::take(schema));
    plain_numbers(&mut root);
    plain_choices(&mut root);
    if side == Side::Input {
        absent_not_null(&mut root);
    }
    let Value::Object(root) = root else {
        unreachable!("an object stays an object")
    };
    *schema = root;
    // A type that contains itself cannot be written out: its definition stays, in the same
    // listed form.
    if !kept.is_empty() {
        let mut left = Map::new();
        for name in kept {
            if let Some(definition) = definitions.get(&name) {
                let mut definition = definition.clone();
                let mut stack = vec![name.clone()];
                inline(
                    &mut definition,
                    &definitions,
                    &mut stack,
                    &mut BTreeSet::new(),
                );
                plain_numbers(&mut definition);
                plain_choices(&mut definition);
                if side == Side::Input {
                    absent_not_null(&mut definition);
                }
                left.insert(name, definition);
            }
        }
        schema.insert("$defs".into(), Value::Object(left));
    }
}

/// The keywords of JSON Schema 2020-12 that no host's subset takes, and that a schema written
/// on purpose for the full dialect uses (the conformance suite's `json_schema_2020_12_tool`).
const FULL_DIALECT: &[&str] = &[
    "$anchor",
    "$dynamicAnchor",
    "$dynamicRef",
    "$id",
    "if",
    "then",
    "else",
    "dependentRequired",
    "dependentSchemas",
    "unevaluatedProperties",
    "unevaluatedItems",
    "prefixItems",
];

/// Whether the member `key: value` of a schema uses a [`FULL_DIALECT`] keyword, itself or in
/// the schemas it holds (the members of `properties` and `$defs` are names, not keywords).
fn uses_full_dialect(key: &str, value: &Value) -> bool {
    if FULL_DIALECT.contains(&key) {
        return true;
    }
    let schemas_in = |value: &Value| -> bool {
        match value {
            Value::Object(object) => object.iter().any(|(k, v)| uses_full_dialect(k, v)),
            Value::Array(items) => items.iter().any(|item| match item {
                Value::Object(object) => object.iter().any(|(k, v)| uses_full_dialect(k, v)),
                _ => false,
            }),
            _ => false,
        }
    };
    match (key, value) {
        ("properties" | "$defs" | "patternProperties", Value::Object(named)) => {
            named.values().any(schemas_in)
        }
        ("enum" | "const" | "default" | "examples" | "required", _) => false,
        (_, value) => schemas_in(value),
    }
}

/// Writes each `$ref` to a definition as the definition itself, the members beside the
/// `$ref` (a parameter's `description`) over the definition's own; a reference to a type
/// being written already (one that contains itself) stays, and its name goes to `kept`.
fn inline(
    value: &mut Value,
    definitions: &Map<String, Value>,
    stack: &mut Vec<String>,
    kept: &mut BTreeSet<String>,
) {
    match value {
        Value::Object(object) => {
            let target = object
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
                .map(str::to_owned);
            if let Some(name) = target
                && let Some(Value::Object(definition)) = definitions.get(&name)
            {
                if stack.contains(&name) {
                    kept.insert(name);
                    return;
                }
                object.remove("$ref");
                for (key, member) in definition {
                    if !object.contains_key(key) {
                        object.insert(key.clone(), member.clone());
                    }
                }
                stack.push(name);
                for member in object.values_mut() {
                    inline(member, definitions, stack, kept);
                }
                stack.pop();
                return;
            }
            for member in object.values_mut() {
                inline(member, definitions, stack, kept);
            }
        }
        Value::Array(items) => {
            for item in items {
                inline(item, definitions, stack, kept);
            }
        }
        _ => {}
    }
}

/// The integer and number `format`s schemars writes for Rust's types, as the bounds they
/// mean: hosts refuse formats they do not know (Gemini) or drop them (OpenAI's strict mode
/// takes string formats only). 64-bit bounds are left unsaid, but for an unsigned type's 0.
fn plain_numbers(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let is_number = |ty: &Value| ty == "integer" || ty == "number";
            let typed = match object.get("type") {
                Some(Value::Array(types)) => types.iter().any(is_number),
                Some(ty) => is_number(ty),
                None => false,
            };
            if typed
                && let Some(Value::String(format)) = object.get("format")
                && let Some((low, high)) = format_bounds(format)
            {
                object.remove("format");
                if let Some(low) = low {
                    tighten(object, "minimum", low, |stated, bound| stated < bound);
                }
                if let Some(high) = high {
                    tighten(object, "maximum", high, |stated, bound| stated > bound);
                }
            }
            for (key, member) in object.iter_mut() {
                // `properties` and `$defs` hold names, each with a schema
                if key == "properties" || key == "$defs" {
                    if let Value::Object(named) = member {
                        named.values_mut().for_each(plain_numbers);
                    }
                } else if !matches!(key.as_str(), "enum" | "const" | "default" | "examples") {
                    plain_numbers(member);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(plain_numbers),
        _ => {}
    }
}

/// Choices in the form every host takes: `oneOf` (which schemars writes for an enum) as
/// `anyOf` (Gemini and OpenAI's strict mode take no `oneOf`; an enum's options exclude each
/// other, so both accept the same values), a choice of constant strings (an enum whose
/// variants have doc comments) as one `enum`, their descriptions joined into the choice's,
/// and a lone `const` string (an internally tagged enum's tag) as a one-value `enum`
/// (Gemini takes no `const`).
fn plain_choices(value: &mut Value) {
    match value {
        Value::Object(object) => {
            if let Some(options) = object.remove("oneOf") {
                object.insert("anyOf".into(), options);
            }
            let constants: Option<Vec<(Value, Option<String>)>> = object
                .get("anyOf")
                .and_then(Value::as_array)
                .and_then(|options| {
                    options
                        .iter()
                        .map(|option| {
                            let option = option.as_object()?;
                            let constant = option.get("const").filter(|c| c.is_string())?;
                            let plain = option
                                .keys()
                                .all(|k| matches!(k.as_str(), "const" | "type" | "description"));
                            plain.then(|| {
                                let doc = option.get("description").and_then(Value::as_str);
                                (constant.clone(), doc.map(str::to_owned))
                            })
                        })
                        .collect()
                });
            if let Some(constants) = constants {
                object.remove("anyOf");
                let docs: Vec<String> = constants
                    .iter()
                    .filter_map(|(c, doc)| Some(format!("{}: {}", c.as_str()?, doc.as_deref()?)))
                    .collect();
                if !docs.is_empty() {
                    let joined = docs.join("; ");
                    let description = match object.get("description").and_then(Value::as_str) {
                        Some(own) => format!("{own} ({joined})"),
                        None => joined,
                    };
                    object.insert("description".into(), description.into());
                }
                object.insert("type".into(), "string".into());
                let values = constants.into_iter().map(|(c, _)| c).collect();
                object.insert("enum".into(), Value::Array(values));
            }
            if let Some(constant @ Value::String(_)) = object.get("const").cloned() {
                object.remove("const");
                object.insert("type".into(), "string".into());
                object.insert("enum".into(), Value::Array(vec![constant]));
            }
            for (key, member) in object.iter_mut() {
                if key == "properties" || key == "$defs" {
                    if let Value::Object(named) = member {
                        named.values_mut().for_each(plain_choices);
                    }
                } else if !matches!(key.as_str(), "enum" | "const" | "default" | "examples") {
                    plain_choices(member);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(plain_choices),
        _ => {}
    }
}

/// Sets `key` to `bound` unless the schema states a tighter one already.
fn tighten(object: &mut JsonObject, key: &str, bound: i64, looser: fn(f64, f64) -> bool) {
    let stated = object.get(key).and_then(Value::as_f64);
    if stated.is_none_or(|stated| looser(stated, bound as f64)) {
        object.insert(key.into(), bound.into());
    }
}

/// The bounds a numeric `format` states, `None` for a format that is not one of schemars'
/// numeric formats (kept as it is); inside, `None` for a bound left unsaid.
#[allow(clippy::type_complexity)]
fn format_bounds(format: &str) -> Option<(Option<i64>, Option<i64>)> {
    Some(match format {
        "int8" => (Some(i8::MIN.into()), Some(i8::MAX.into())),
        "int16" => (Some(i16::MIN.into()), Some(i16::MAX.into())),
        "int32" => (Some(i32::MIN.into()), Some(i32::MAX.into())),
        "uint8" => (Some(0), Some(u8::MAX.into())),
        "uint16" => (Some(0), Some(u16::MAX.into())),
        "uint32" => (Some(0), Some(u32::MAX.into())),
        "uint64" | "uint" | "uint128" => (Some(0), None),
        "int64" | "int" | "int128" | "double" | "float" => (None, None),
        _ => return None,
    })
}

/// In every object schema, the members that are not required say only their type: no
/// `null` in their `type`, `anyOf`/`oneOf` or `enum`, no `"default": null`.
fn absent_not_null(value: &mut Value) {
    match value {
        Value::Object(object) => {
            let required: Vec<String> = object
                .get("required")
                .and_then(Value::as_array)
                .map(|r| {
                    r.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default();
            if let Some(Value::Object(properties)) = object.get_mut("properties") {
                for (name, property) in properties.iter_mut() {
                    if !required.contains(name) {
                        without_null(property);
                    }
                }
            }
            for (key, member) in object.iter_mut() {
                if key == "properties" {
                    if let Value::Object(named) = member {
                        named.values_mut().for_each(absent_not_null);
                    }
                } else if !matches!(key.as_str(), "enum" | "const" | "default" | "examples") {
                    absent_not_null(member);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(absent_not_null),
        _ => {}
    }
}

/// `schema` without `null` among the values it offers.
fn without_null(schema: &mut Value) {
    let Value::Object(object) = schema else {
        return;
    };
    let is_null_type = |option: &Value| option.get("type").is_some_and(|t| t == "null");
    if let Some(Value::Array(types)) = object.get_mut("type") {
        types.retain(|t| t != "null");
        if types.len() == 1 {
            let only = types.remove(0);
            object.insert("type".into(), only);
        }
    }
    if let Some(Value::Array(values)) = object.get_mut("enum")
        && values.len() > 1
    {
        values.retain(|v| !v.is_null());
    }
    if object.get("default").is_some_and(Value::is_null) {
        object.remove("default");
    }
    for key in ["anyOf", "oneOf"] {
        let Some(Value::Array(options)) = object.get_mut(key) else {
            continue;
        };
        if !options.iter().any(is_null_type) || options.iter().all(is_null_type) {
            continue;
        }
        options.retain(|option| !is_null_type(option));
        if options.len() == 1 {
            let Some(Value::Object(only)) = options.pop() else {
                continue;
            };
            object.remove(key);
            for (member, value) in only {
                if !object.contains_key(&member) {
                    object.insert(member, value);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn listed_as(schema: Value, side: Side) -> Value {
        let Value::Object(mut schema) = schema else {
            panic!("an object")
        };
        listed(&mut schema, side);
        Value::Object(schema)
    }

    #[test]
    fn definitions_are_written_where_they_are_used() {
        let schema = json!({
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "type": "object",
            "properties": {
                "filter": {"anyOf": [{"$ref": "#/$defs/Filter"}, {"type": "null"}], "description": "Which."},
                "count": {"type": ["integer", "null"], "format": "uint32", "minimum": 0},
                "order": {"type": ["string", "null"], "enum": ["asc", "desc", null]},
                "id": {"type": "integer", "format": "int64"},
                "small": {"type": "integer", "format": "uint8", "minimum": 1, "maximum": 255}
            },
            "required": ["id", "small"],
            "$defs": {"Filter": {"type": "object", "description": "A filter.", "properties": {
                "owner": {"type": ["string", "null"]},
                "tree": {"$ref": "#/$defs/Tree"}
            }, "required": ["tree"]},
            "Tree": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}, "required": ["children"]}}
        });
        assert_eq!(
            listed_as(schema.clone(), Side::Input),
            json!({
                "type": "object",
                "properties": {
                    "filter": {"type": "object", "description": "Which.", "properties": {
                        "owner": {"type": "string"},
                        "tree": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}, "required": ["children"]}
                    }, "required": ["tree"]},
                    "count": {"type": "integer", "minimum": 0, "maximum": 4294967295_u64},
                    "order": {"type": "string", "enum": ["asc", "desc"]},
                    "id": {"type": "integer"},
                    "small": {"type": "integer", "minimum": 1, "maximum": 255}
                },
                "required": ["id", "small"],
                "$defs": {"Tree": {"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Tree"}}}, "required": ["children"]}}
            })
        );
        // An output keeps `null` where a value may be null.
        let output = listed_as(schema, Side::Output);
        assert_eq!(
            output["properties"]["count"]["type"],
            json!(["integer", "null"])
        );
        assert_eq!(
            output["properties"]["filter"]["anyOf"][1],
            json!({"type": "null"})
        );
    }
}
