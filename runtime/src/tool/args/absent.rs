//! `null` where a value may be absent means "absent": clients in strict structured-output
//! modes send `null` for every optional member they do not fill. A parameter that is not
//! required (an `Option`, a default) and a member of a nested record that is not required
//! (an `Option` field, a `#[serde(default)]` field) are removed from the call when they are
//! `null`, before the value is checked and read, so that they take their default. Where a
//! value is required, `null` stays and is refused, named by its path.

use serde_json::{Map, Value};

use crate::tool::args::validate::{check, resolve};

/// Removes, at every depth of `value`, the members that are `null` and that `schema` does not
/// require. A member whose schema is a choice (`anyOf`, `oneOf`: an `Option<Record>`, an
/// enum of records) is read with the first option the value then fits.
pub(super) fn nulls_as_absent(schema: &Value, value: &mut Value, definitions: &Map<String, Value>) {
    if !has_null(value) {
        return;
    }
    let schema = resolve(schema, Some(definitions));
    let Value::Object(object) = schema else {
        return;
    };
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = object.get(key) {
            let fitting = options.iter().find_map(|option| {
                let mut candidate = value.clone();
                nulls_as_absent(option, &mut candidate, definitions);
                let mut problems = Vec::new();
                check(
                    option,
                    &candidate,
                    String::new(),
                    definitions,
                    &mut problems,
                );
                problems.is_empty().then_some(candidate)
            });
            if let Some(fitting) = fitting {
                *value = fitting;
            }
            return;
        }
    }
    match value {
        Value::Object(members) => {
            let properties = object.get("properties").and_then(Value::as_object);
            let required = |name: &str| {
                object
                    .get("required")
                    .and_then(Value::as_array)
                    .is_some_and(|required| required.iter().any(|r| r == name))
            };
            members.retain(|name, member| {
                !(member.is_null() && properties.is_some_and(|p| p.contains_key(name)))
                    || required(name)
            });
            for (name, member) in members.iter_mut() {
                if let Some(member_schema) = properties.and_then(|p| p.get(name)) {
                    nulls_as_absent(member_schema, member, definitions);
                } else if let Some(other @ Value::Object(_)) = object.get("additionalProperties") {
                    nulls_as_absent(other, member, definitions);
                }
            }
        }
        Value::Array(items) => {
            if let Some(item_schema) = object.get("items") {
                for item in items {
                    nulls_as_absent(item_schema, item, definitions);
                }
            }
        }
        _ => {}
    }
}

/// Whether `value` holds a `null` at any depth below its root (a `null` root is the
/// parameter's own business, see `parse`).
fn has_null(value: &Value) -> bool {
    match value {
        Value::Array(items) => items.iter().any(|item| item.is_null() || has_null(item)),
        Value::Object(members) => members
            .values()
            .any(|member| member.is_null() || has_null(member)),
        _ => false,
    }
}
