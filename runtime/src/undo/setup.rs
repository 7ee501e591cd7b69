//! Setting undo up over a tool set: which actions it can undo, each paired with the state
//! tool that reads what it sets, and the names checked once, at start-up; and the rule that
//! turns a captured state back into an action's arguments ([`restore_arguments`]).

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rmcp::model::{JsonObject, Tool};
use serde_json::Value;

use super::{JournalStore, MemoryJournal, Undo};
use crate::{ToolSet, tool::Kind};

/// Why undo cannot be set up over a tool set: the names of a setter and its state tool do
/// not line up.
#[derive(Clone, PartialEq, Eq)]
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

debug_as_message!(UndoSetupError);

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
    /// Actions paired by name with their state tool ([`UndoBuilder::pair`]).
    pairs: BTreeMap<String, String>,
    store: J,
}

impl Undo {
    /// Undo over `tools`, with the journal in memory: every `kind = "action"` tool that takes
    /// the required parameters of a `kind = "state"` tool and a value named like a field of
    /// that tool's result (a setter) becomes undoable, restored from that state tool's result.
    /// An action declared `#[tool(kind = "action", undo = false)]` is left out
    /// ([`Undo::left_out`]): one that sets nothing a state tool reads (`add_comment(ticket_id,
    /// author, text)`), which calling again could not take back.
    ///
    /// # Errors
    /// A setter whose pairing would lose or refuse what it restores: a parameter that names
    /// no field of its state tool's output (an action that takes the key and names none is
    /// asked to say `undo = false`), two state tools that could each restore it, or a state
    /// field that can be empty (`null` or missing) restored into a parameter that requires a
    /// value. Each problem names the tools and says how to fix it.
    pub fn for_tools<State: Send + Sync + 'static>(
        tools: &ToolSet<State>,
    ) -> Result<Undo, UndoSetupError> {
        Undo::builder().for_tools(tools)
    }

    /// Settings first: actions to leave out, pairs to name, another journal store.
    pub fn builder() -> UndoBuilder {
        UndoBuilder {
            skip: BTreeSet::new(),
            pairs: BTreeMap::new(),
            store: MemoryJournal::default(),
        }
    }
}

impl<J: JournalStore> UndoBuilder<J> {
    /// Leaves the action `name` out: it is not captured, and not checked. For an action that
    /// sets nothing a state tool reads, `#[tool(kind = "action", undo = false)]` says the same
    /// where the action is declared.
    pub fn skip(mut self, name: impl Into<String>) -> Self {
        self.skip.insert(name.into());
        self
    }

    /// Restores the action `action` from the state tool `state_tool`, instead of the one
    /// state tool whose fields name all of its parameters: for an action two state tools
    /// could restore, or one with an optional parameter its state tool does not read (left
    /// out of the restoring call, so it takes its default).
    pub fn pair(mut self, action: impl Into<String>, state_tool: impl Into<String>) -> Self {
        self.pairs.insert(action.into(), state_tool.into());
        self
    }

    /// Keeps the journal in `store` instead of memory.
    pub fn store<K: JournalStore>(self, store: K) -> UndoBuilder<K> {
        UndoBuilder {
            skip: self.skip,
            pairs: self.pairs,
            store,
        }
    }

    /// Pairs every setter with its state tool, checks that undo can restore each one, and
    /// builds the layer.
    ///
    /// # Errors
    /// See [`Undo::for_tools`]; also a [`pair`](UndoBuilder::pair) that names no action or
    /// no state tool of `tools`.
    pub fn for_tools<State: Send + Sync + 'static>(
        self,
        tools: &ToolSet<State>,
    ) -> Result<Undo<J>, UndoSetupError> {
        let listing = tools.list();
        let kind_of = |tool: &Tool| tools.info(&tool.name).and_then(|info| info.kind());
        let of_kind = |kind| -> Vec<&Tool> {
            listing
                .iter()
                .filter(|tool| kind_of(tool) == Some(kind))
                .collect()
        };
        let (actions, state_tools) = (of_kind(Kind::Action), of_kind(Kind::State));
        let mut problems = Vec::new();
        for (action, state) in &self.pairs {
            if !actions.iter().any(|tool| tool.name == *action) {
                problems.push(format!(
                    "`pair(\"{action}\", \"{state}\")`: no `kind = \"action\"` tool is named \
                     `{action}`"
                ));
            }
            if !state_tools.iter().any(|tool| tool.name == *state) {
                problems.push(format!(
                    "`pair(\"{action}\", \"{state}\")`: no `kind = \"state\"` tool is named \
                     `{state}`"
                ));
            }
        }
        let mut plan = BTreeMap::new();
        let mut left_out = BTreeSet::new();
        for action in &actions {
            if self.skip.contains(&*action.name) {
                continue;
            }
            if tools.info(&action.name).is_some_and(|info| !info.undo()) {
                // `#[tool(undo = false)]`: declared at the tool, and not checked
                left_out.insert(action.name.to_string());
                continue;
            }
            let named = self.pairs.get(&*action.name);
            let candidates: Vec<&Tool> = match named {
                Some(name) => state_tools
                    .iter()
                    .copied()
                    .filter(|state| state.name == *name)
                    .collect(),
                None => state_tools
                    .iter()
                    .copied()
                    .filter(|state| is_setter_of(action, state))
                    .collect(),
            };
            match choose(action, &candidates, named.is_some()) {
                Ok(Some(state)) => {
                    plan.insert(
                        action.name.to_string(),
                        Pairing {
                            state_tool: state.name.to_string(),
                            keys: required_of(&state.input_schema),
                            input: action.input_schema.clone(),
                        },
                    );
                }
                Ok(None) => {}
                Err(problem) => problems.push(problem),
            }
        }
        if !problems.is_empty() {
            return Err(UndoSetupError { problems });
        }
        Ok(Undo {
            plan: Arc::new(plan),
            left_out: Arc::new(left_out),
            store: Arc::new(self.store),
            serial: Arc::new(tokio::sync::Mutex::new(())),
        })
    }
}

/// Whether `action` sets what `state` reads: it takes the state tool's required parameters
/// (at least one: the key) and at least one more (the value).
fn is_setter_of(action: &Tool, state: &Tool) -> bool {
    let params = property_names(&action.input_schema);
    let keys = required_of(&state.input_schema);
    !keys.is_empty() && keys.iter().all(|key| params.contains(key)) && params.len() > keys.len()
}

/// The fields of a state tool's result, from its output schema.
fn fields_of(state: &Tool) -> BTreeMap<String, Field> {
    state
        .output_schema
        .as_deref()
        .map(data_fields)
        .unwrap_or_default()
}

/// The state tool that restores `action`, out of the `candidates` that could (or the one
/// named for it, when `named`): `None` when there is none, an error when the choice is
/// ambiguous or would lose what a parameter holds.
fn choose<'t>(
    action: &Tool,
    candidates: &[&'t Tool],
    named: bool,
) -> Result<Option<&'t Tool>, String> {
    let params = property_names(&action.input_schema);
    let required = required_of(&action.input_schema);
    let unread = |state: &Tool| -> Vec<String> {
        let fields = fields_of(state);
        params
            .iter()
            .filter(|param| !fields.contains_key(*param))
            .cloned()
            .collect()
    };
    let complete: Vec<&Tool> = candidates
        .iter()
        .copied()
        .filter(|state| unread(state).is_empty())
        .collect();
    let state = match (complete.as_slice(), candidates) {
        (_, []) => return Ok(None),
        ([only], _) => *only,
        ([_, _, ..], _) => {
            let names: Vec<String> = complete.iter().map(|s| format!("`{}`", s.name)).collect();
            return Err(format!(
                "`{action}` could be restored from {names}: each reads all its parameters; name \
                 the one that captures what it sets with `Undo::builder().pair(\"{action}\", \
                 \"{first}\")`",
                action = action.name,
                names = names.join(" or "),
                first = complete[0].name,
            ));
        }
        ([], _) => {
            // The candidate that reads the most parameters is the one the action most likely
            // sets; a required parameter it does not read cannot be restored at all, an
            // optional one would be left out of the restoring call.
            let state = *candidates
                .iter()
                .min_by_key(|state| unread(state).len())
                .expect("candidates is not empty");
            let unread = unread(state);
            let lost_required = unread.iter().any(|param| required.contains(param));
            if !named || lost_required {
                let fields = fields_of(state);
                let fields = fields
                    .keys()
                    .map(String::as_str)
                    .collect::<Vec<_>>()
                    .join(", ");
                let keys = required_of(&state.input_schema);
                let values: Vec<String> = params
                    .iter()
                    .filter(|param| !keys.contains(param))
                    .cloned()
                    .collect();
                let leave_out = format!(
                    "`#[tool(kind = \"action\", undo = false)]` on `{}`",
                    action.name
                );
                if unread.len() == values.len() {
                    // Not one value named like a field: an action that takes the key and
                    // does something else (a comment, a notification), or a setter whose
                    // names went astray. Undo cannot tell which, so it asks.
                    let (parameter, names) = if values.len() == 1 {
                        ("parameter", "names")
                    } else {
                        ("parameters", "name")
                    };
                    return Err(format!(
                        "`{action}` takes the key of `{state}` ({keys}), but its other \
                         {parameter} {values} {names} no field of `{state}`'s result (fields: \
                         {fields}), so calling it again could not restore it: if it sets \
                         nothing `{state}` reads (a comment, a notification), leave it out of \
                         undo with {leave_out}; if it does, name its parameters like the fields \
                         (`#[arg(rename = \"...\")]`)",
                        action = action.name,
                        state = state.name,
                        keys = quoted(&keys),
                        values = quoted(&values),
                    ));
                }
                let mut fix = format!(
                    "name the parameter like the field (`#[arg(rename = \"...\")]`), or leave \
                     the action out of undo with {leave_out}"
                );
                if !lost_required {
                    fix.push_str(&format!(
                        ", or restore it without {} (which then take their defaults) with \
                         `Undo::builder().pair(\"{}\", \"{}\")`",
                        if unread.len() == 1 { "it" } else { "them" },
                        action.name,
                        state.name
                    ));
                }
                let (parameter, names) = if unread.len() == 1 {
                    ("parameter", "names")
                } else {
                    ("parameters", "name")
                };
                return Err(format!(
                    "`{action}` sets what `{state}` reads, but its {parameter} {unread} {names} \
                     no field of `{state}`'s result (fields: {fields}); {fix}",
                    action = action.name,
                    state = state.name,
                    unread = quoted(&unread),
                ));
            }
            state
        }
    };
    // A field the state can leave empty is restored as `null` (or not at all): the parameter
    // that takes it must accept that, or undo fails when it restores an empty state.
    let fields = fields_of(state);
    let refused: Vec<String> = params
        .iter()
        .filter(|param| fields.get(*param).is_some_and(|field| field.may_be_empty))
        .filter(|param| required.contains(param) && !accepts_null(&action.input_schema, param))
        .cloned()
        .collect();
    if !refused.is_empty() {
        let fields = format!(
            "{} {}",
            if refused.len() == 1 {
                "field"
            } else {
                "fields"
            },
            quoted(&refused)
        );
        return Err(format!(
            "`{action}` is restored from `{state}`, whose {fields} can be empty (`null` or \
             missing), but `{action}`'s parameter {refused} requires a value, so undoing it \
             from an empty state would fail; make the parameter optional (`{example}: \
             Option<...>`, where `None` empties the field) so that undo can restore the empty \
             state, or leave the action out of undo with `#[tool(kind = \"action\", undo = \
             false)]` on `{action}`",
            action = action.name,
            state = state.name,
            refused = quoted(&refused),
            example = refused[0],
        ));
    }
    Ok(Some(state))
}

/// `a`, `b` and `c`: names as a message lists them.
fn quoted(names: &[String]) -> String {
    let names: Vec<String> = names.iter().map(|name| format!("`{name}`")).collect();
    match names.as_slice() {
        [] => String::new(),
        [only] => only.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
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

/// What undo needs to know of a field of a state tool's result.
#[derive(Debug, Clone, Copy, Default)]
struct Field {
    /// The field can be `null`, or missing (not required, or inside an object that can be).
    may_be_empty: bool,
}

/// Every property reachable from the envelope's `data` in an output schema, through `$ref`s
/// into `$defs`, nested objects and `anyOf`/`oneOf`/`allOf` (not into arrays, as
/// [`restore_arguments`] does not look there), with whether it can be empty.
fn data_fields(output_schema: &JsonObject) -> BTreeMap<String, Field> {
    let defs = output_schema.get("$defs").and_then(Value::as_object);
    let mut fields = BTreeMap::new();
    let mut seen = BTreeSet::new();
    if let Some(data) = output_schema.get("properties").and_then(|p| p.get("data")) {
        collect_fields(data, defs, false, &mut fields, &mut seen);
    }
    fields
}

fn collect_fields(
    schema: &Value,
    defs: Option<&JsonObject>,
    empty: bool,
    fields: &mut BTreeMap<String, Field>,
    seen: &mut BTreeSet<String>,
) {
    let Value::Object(schema) = schema else {
        return;
    };
    let empty = empty || admits_null(schema);
    if let Some(Value::String(reference)) = schema.get("$ref")
        && let Some(name) = reference.strip_prefix("#/$defs/")
        && seen.insert(name.to_owned())
        && let Some(target) = defs.and_then(|defs| defs.get(name))
    {
        collect_fields(target, defs, empty, fields, seen);
    }
    if let Some(Value::Object(properties)) = schema.get("properties") {
        let required = required_of(schema);
        for (name, property) in properties {
            let field_empty =
                empty || !required.contains(name) || property.as_object().is_some_and(admits_null);
            fields.entry(name.clone()).or_default().may_be_empty |= field_empty;
            collect_fields(property, defs, field_empty, fields, seen);
        }
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(Value::Array(branches)) = schema.get(key) {
            for branch in branches {
                collect_fields(branch, defs, empty, fields, seen);
            }
        }
    }
}

/// Whether a schema admits `null`: `"type": "null"`, a type list with `"null"`, or an
/// `anyOf`/`oneOf` branch that does.
fn admits_null(schema: &JsonObject) -> bool {
    let by_type = match schema.get("type") {
        Some(Value::String(kind)) => kind == "null",
        Some(Value::Array(kinds)) => kinds.iter().any(|kind| kind == "null"),
        _ => false,
    };
    by_type
        || ["anyOf", "oneOf"].iter().any(|key| {
            schema
                .get(*key)
                .and_then(Value::as_array)
                .is_some_and(|branches| {
                    branches
                        .iter()
                        .filter_map(Value::as_object)
                        .any(admits_null)
                })
        })
}

/// Whether the parameter `name` of an input schema accepts `null`.
fn accepts_null(input_schema: &JsonObject, name: &str) -> bool {
    input_schema
        .get("properties")
        .and_then(|properties| properties.get(name))
        .and_then(Value::as_object)
        .is_some_and(admits_null)
}
