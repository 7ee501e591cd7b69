//! Setting undo up over a tool set: which actions it can undo, each paired with the state
//! tool that reads what it sets, and the names checked once, at start-up; and the rule that
//! turns a captured state back into an action's arguments ([`restore_arguments`]).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rmcp::model::{JsonObject, Tool};
use serde_json::Value;

use super::{JournalStore, MemoryJournal, Undo};
use crate::{Kind, ToolSet};

/// Why undo cannot be set up over a tool set: the names of a setter and its state tool do
/// not line up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoSetupError {
    problems: Vec<String>,
}

impl std::fmt::Display for UndoSetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("undo cannot restore every action:")?;
        for problem in &self.problems {
            write!(f, "\n- {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for UndoSetupError {}

/// An action and the state tool that captures what it sets.
#[derive(Debug, Clone)]
pub(super) struct Pairing {
    pub(super) state_tool: String,
    /// The state tool's required parameters: taken from the action's arguments.
    pub(super) keys: Vec<String>,
    /// The action's input schema: what [`restore_arguments`] fills from the captured state.
    pub(super) input: Arc<JsonObject>,
}

/// Settings of [`Undo`] before it is checked against a tool set.
#[derive(Debug)]
pub struct UndoBuilder<J = MemoryJournal> {
    skip: BTreeSet<String>,
    store: J,
}

impl Undo {
    /// Undo over `tools`, with the journal in memory: every `kind = "action"` tool that takes
    /// the required parameters of a `kind = "state"` tool and at least one more (a setter)
    /// becomes undoable, restored from that state tool's result.
    ///
    /// # Errors
    /// A setter's required parameter that names no field of its state tool's output.
    pub fn for_tools<State: Send + Sync + 'static>(
        tools: &ToolSet<State>,
    ) -> Result<Undo, UndoSetupError> {
        Undo::builder().for_tools(tools)
    }

    /// Settings first: actions to leave out, another journal store.
    pub fn builder() -> UndoBuilder {
        UndoBuilder {
            skip: BTreeSet::new(),
            store: MemoryJournal::default(),
        }
    }
}

impl<J: JournalStore> UndoBuilder<J> {
    /// Leaves the action `name` out: it is not captured, and not checked.
    pub fn skip(mut self, name: impl Into<String>) -> Self {
        self.skip.insert(name.into());
        self
    }

    /// Keeps the journal in `store` instead of memory.
    pub fn store<K: JournalStore>(self, store: K) -> UndoBuilder<K> {
        UndoBuilder {
            skip: self.skip,
            store,
        }
    }

    /// Checks the names of every setter against its state tool and builds the layer.
    ///
    /// # Errors
    /// See [`Undo::for_tools`].
    pub fn for_tools<State: Send + Sync + 'static>(
        self,
        tools: &ToolSet<State>,
    ) -> Result<Undo<J>, UndoSetupError> {
        let listing = tools.list();
        let kind_of = |tool: &Tool| tools.info(&tool.name).and_then(|info| info.kind());
        let state_tools: Vec<&Tool> = listing
            .iter()
            .filter(|tool| kind_of(tool) == Some(Kind::State))
            .collect();
        let mut plan = BTreeMap::new();
        let mut problems = Vec::new();
        for action in listing
            .iter()
            .filter(|tool| kind_of(tool) == Some(Kind::Action))
        {
            if self.skip.contains(&*action.name) {
                continue;
            }
            let params = property_names(&action.input_schema);
            let Some((state_tool, keys)) = state_tools.iter().find_map(|state| {
                let keys = required_of(&state.input_schema);
                let covers = !keys.is_empty()
                    && keys.iter().all(|key| params.contains(key))
                    && params.len() > keys.len();
                covers.then_some((*state, keys))
            }) else {
                continue;
            };
            let fields = state_tool
                .output_schema
                .as_deref()
                .map(data_field_names)
                .unwrap_or_default();
            let missing: Vec<String> = required_of(&action.input_schema)
                .into_iter()
                .filter(|param| !fields.contains(param))
                .collect();
            if missing.is_empty() {
                plan.insert(
                    action.name.to_string(),
                    Pairing {
                        state_tool: state_tool.name.to_string(),
                        keys,
                        input: action.input_schema.clone(),
                    },
                );
            } else {
                let missing: Vec<String> = missing.iter().map(|m| format!("`{m}`")).collect();
                problems.push(format!(
                    "`{action}` sets what `{state}` reads, but its parameter {missing} names no \
                     field of `{state}`'s result (fields: {fields}); name the parameter like the \
                     field (`#[arg(rename = \"...\")]`), or leave the action out with \
                     `Undo::builder().skip(\"{action}\")`",
                    action = action.name,
                    state = state_tool.name,
                    missing = missing.join(", "),
                    fields = fields
                        .iter()
                        .map(String::as_str)
                        .collect::<Vec<_>>()
                        .join(", "),
                ));
            }
        }
        if !problems.is_empty() {
            return Err(UndoSetupError { problems });
        }
        Ok(Undo {
            plan: Arc::new(plan),
            store: Arc::new(self.store),
            serial: Arc::new(tokio::sync::Mutex::new(())),
        })
    }
}

/// The arguments that restore `before`: for each property of `input_schema`, the one field of
/// that name anywhere in `before` (in objects, not inside arrays).
///
/// # Errors
/// A required parameter with no field of its name, or any parameter with two.
pub fn restore_arguments(input_schema: &JsonObject, before: &Value) -> Result<JsonObject, String> {
    let required = required_of(input_schema);
    let mut arguments = JsonObject::new();
    for name in property_names(input_schema) {
        let mut found = Vec::new();
        find_fields(before, &name, "", &mut found);
        match found.as_slice() {
            [] if required.contains(&name) => {
                return Err(format!(
                    "the captured state has no field `{name}`, a required parameter"
                ));
            }
            [] => {}
            [(_, value)] => {
                arguments.insert(name, (*value).clone());
            }
            several => {
                let paths: Vec<&str> = several.iter().map(|(path, _)| path.as_str()).collect();
                return Err(format!(
                    "the captured state has several fields `{name}` ({}): rename them so each \
                     parameter has one",
                    paths.join(", ")
                ));
            }
        }
    }
    Ok(arguments)
}

fn find_fields<'a>(value: &'a Value, name: &str, path: &str, found: &mut Vec<(String, &'a Value)>) {
    if let Value::Object(object) = value {
        for (key, child) in object {
            let here = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            if key == name {
                found.push((here.clone(), child));
            }
            find_fields(child, name, &here, found);
        }
    }
}

fn property_names(schema: &JsonObject) -> Vec<String> {
    match schema.get("properties") {
        Some(Value::Object(properties)) => properties.keys().cloned().collect(),
        _ => Vec::new(),
    }
}

fn required_of(schema: &JsonObject) -> Vec<String> {
    match schema.get("required") {
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(|n| n.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    }
}

/// Every property name reachable from the envelope's `data` in an output schema, through
/// `$ref`s into `$defs`, nested objects and `anyOf`/`oneOf`/`allOf` (not into arrays, as
/// [`restore_arguments`] does not look there).
fn data_field_names(output_schema: &JsonObject) -> BTreeSet<String> {
    let defs = output_schema.get("$defs").and_then(Value::as_object);
    let mut names = BTreeSet::new();
    let mut seen = BTreeSet::new();
    if let Some(data) = output_schema.get("properties").and_then(|p| p.get("data")) {
        collect_fields(data, defs, &mut names, &mut seen);
    }
    names
}

fn collect_fields(
    schema: &Value,
    defs: Option<&JsonObject>,
    names: &mut BTreeSet<String>,
    seen: &mut BTreeSet<String>,
) {
    let Value::Object(schema) = schema else {
        return;
    };
    if let Some(Value::String(reference)) = schema.get("$ref")
        && let Some(name) = reference.strip_prefix("#/$defs/")
        && seen.insert(name.to_owned())
        && let Some(target) = defs.and_then(|defs| defs.get(name))
    {
        collect_fields(target, defs, names, seen);
    }
    if let Some(Value::Object(properties)) = schema.get("properties") {
        for (name, property) in properties {
            names.insert(name.clone());
            collect_fields(property, defs, names, seen);
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = schema.get(key) {
            for branch in branches {
                collect_fields(branch, defs, names, seen);
            }
        }
    }
}
