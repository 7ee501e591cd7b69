//! Undo as a layer: every action that sets what a state tool reads can be undone, with no
//! code per tool.
//!
//! The rule is the one that keeps state tools usable by programs: **a setter's parameters are
//! named like the fields of what the state tool returns.** A `kind = "state"` tool
//! (`get_volume_configuration(volume_uuid)`) returns the configuration; a `kind = "action"`
//! tool that takes the same key and a value (`cluster_resize_volume(volume_uuid, size)`) sets
//! part of it. So [`Undo`]:
//!
//! * **captures** — before such an action runs, it calls the state tool with the action's own
//!   arguments (by name) and keeps the `data` it returns;
//! * **records** — if the action succeeds, an entry goes to the journal ([`JournalStore`]);
//! * **restores** — `undo_last_action` calls the action again, with each argument taken from
//!   the field of the same name in the captured state, and reads the state tool again to say
//!   whether the state is back as it was.
//!
//! [`Undo::for_tools`] checks the names when the server starts: an action paired with a state
//! tool whose parameter names no field of the state is an error that says which, so a rename
//! on one side cannot silently break undo.
//!
//! ```
//! use schemars::JsonSchema;
//! use serde::Serialize;
//! use toolshape::undo::Undo;
//! use toolshape::{ToolError, ToolSet, tool, tools};
//!
//! #[derive(Serialize, JsonSchema)]
//! struct Volume { volume_uuid: String, size: u64 }
//!
//! /// Read a volume's configuration.
//! #[tool(format = "json", kind = "state")]
//! fn get_volume(volume_uuid: String) -> Volume {
//!     Volume { volume_uuid, size: 100 }
//! }
//!
//! /// Resize a volume.
//! #[tool(format = "json", kind = "action")]
//! fn resize_volume(volume_uuid: String, size: u64) -> Result<Volume, ToolError> {
//!     Ok(Volume { volume_uuid, size })
//! }
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let tools: ToolSet<()> = ToolSet::new(tools![get_volume, resize_volume])?;
//! let undo = Undo::for_tools(&tools)?;
//! assert_eq!(undo.undoable().collect::<Vec<_>>(), [("resize_volume", "get_volume")]);
//! let tools = tools.layer(undo);
//! // listed beside the tools: `undo_last_action` and `list_undo_history`
//! assert!(tools.get("undo_last_action").is_some());
//! # Ok(()) }
//! ```
//!
//! Actions and undos are serialised (an action's capture, run and record happen with no
//! other recorded action in between). The journal is in memory ([`MemoryJournal`]) unless
//! [`UndoBuilder::store`] gives another [`JournalStore`], or the server has a shared store
//! (`Server::with_store`, feature `redis`), whose journal then replaces the layer's own;
//! its entries are plain serialisable records, so a store shared by several server
//! processes can hold them.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::call::spec::{BoxFuture, Kind, TOOL_META_KEY, ToolSpec};
use crate::formats::facts::error_result;
use crate::formats::{Json, Render};
use crate::layer::{Call, Layer, Next};
pub use crate::store::journal::{JournalEntry, JournalStore, MemoryJournal, StoreError};
use crate::toolset::ToolSet;

/// The tool that undoes the last recorded action.
pub const UNDO_TOOL: &str = "undo_last_action";
/// The tool that lists the recorded actions.
pub const HISTORY_TOOL: &str = "list_undo_history";

/// What `undo_last_action` did.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Undone {
    /// The journal entry undone.
    pub id: u64,
    /// The action undone.
    pub action: String,
    /// The arguments the action had run with.
    pub undone_arguments: JsonObject,
    /// The arguments it was called with to restore the state, taken by name from the state
    /// captured before it.
    pub restore_arguments: JsonObject,
    /// Whether the state tool now reads exactly what it read before the action.
    pub state_restored: bool,
}

/// The result of `undo_last_action`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UndoOutcome {
    /// The action undone; `null` when there was nothing to undo.
    pub undone: Option<Undone>,
    /// How many actions are left to undo.
    pub remaining: usize,
}

/// The result of `list_undo_history`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct UndoHistory {
    /// How many actions can be undone.
    pub total_count: usize,
    /// The actions, newest first: `undo_last_action` undoes the first.
    pub entries: Vec<JournalEntry>,
}

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

/// Undo over a tool set: see the [module docs](self). Install it with
/// [`ToolSet::layer`](crate::ToolSet::layer).
pub struct Undo<J = MemoryJournal> {
    /// Each undoable action and the state tool that captures what it sets.
    plan: BTreeMap<String, Pairing>,
    store: J,
    /// Held from capture to record, and through an undo.
    serial: tokio::sync::Mutex<()>,
}

/// An action and the state tool that captures what it sets.
#[derive(Debug, Clone)]
struct Pairing {
    state_tool: String,
    /// The state tool's required parameters: taken from the action's arguments.
    keys: Vec<String>,
}

impl<J> std::fmt::Debug for Undo<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Undo")
            .field("plan", &self.plan)
            .finish_non_exhaustive()
    }
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
    pub fn for_tools<S: Send + Sync + 'static>(tools: &ToolSet<S>) -> Result<Undo, UndoSetupError> {
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
    pub fn for_tools<S: Send + Sync + 'static>(
        self,
        tools: &ToolSet<S>,
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
            plan,
            store: self.store,
            serial: tokio::sync::Mutex::new(()),
        })
    }
}

impl<J: JournalStore> Undo<J> {
    /// The undoable actions, each with the state tool that captures what it sets.
    pub fn undoable(&self) -> impl Iterator<Item = (&str, &str)> {
        self.plan
            .iter()
            .map(|(action, pairing)| (action.as_str(), pairing.state_tool.as_str()))
    }

    /// The journal's store.
    pub fn store(&self) -> &J {
        &self.store
    }

    /// Runs an undoable action: captures the state, runs it, records it if it succeeded.
    async fn record<'a, S: Send + Sync + 'static>(
        &'a self,
        pairing: &'a Pairing,
        call: Call<'a, S>,
        next: Next<'a, S>,
    ) -> Result<CallToolResult, ErrorData> {
        let _serial = self.serial.lock().await;
        let lent = lent_journal(call.context());
        let journal = lent.as_deref().unwrap_or(&self.store);
        let mut state_arguments = JsonObject::new();
        for key in &pairing.keys {
            match call.arguments.get(key) {
                Some(value) => state_arguments.insert(key.clone(), value.clone()),
                // the call is wrong; the tool says how
                None => return next.run(call).await,
            };
        }
        let captured = next
            .call_tool(&call, &pairing.state_tool, state_arguments.clone())
            .await?;
        let Some(before) = data_of(&captured) else {
            // nothing to restore from (the volume does not exist, say): the action answers
            return next.run(call).await;
        };
        let action = call.name().to_owned();
        let arguments = call.arguments.clone();
        let result = next.run(call).await?;
        if result.is_error != Some(true) {
            let entry = JournalEntry {
                id: 0,
                action,
                arguments,
                state_tool: pairing.state_tool.clone(),
                state_arguments,
                before,
                at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            };
            if let Err(error) = journal.push(entry).await {
                tracing::error!(%error, "an action ran but could not be recorded for undo");
            }
        }
        Ok(result)
    }

    /// `undo_last_action`.
    async fn undo_last<'a, S: Send + Sync + 'static>(
        &'a self,
        call: Call<'a, S>,
        next: Next<'a, S>,
    ) -> Result<UndoOutcome, String> {
        let _serial = self.serial.lock().await;
        let lent = lent_journal(call.context());
        let journal = lent.as_deref().unwrap_or(&self.store);
        let Some(entry) = journal.last().await.map_err(|e| e.to_string())? else {
            return Ok(UndoOutcome {
                undone: None,
                remaining: 0,
            });
        };
        let action = next
            .tool(&entry.action)
            .ok_or_else(|| format!("the tool `{}` is gone", entry.action))?;
        let restore = restore_arguments(
            &action.listing().input_schema,
            &Value::Object(entry.before.clone()),
        )?;
        let result = next
            .call_tool(&call, &entry.action, restore.clone())
            .await
            .map_err(|e| e.message.to_string())?;
        if result.is_error == Some(true) {
            return Err(format!(
                "`{}` refused to restore the state: {}",
                entry.action,
                text_of(&result)
            ));
        }
        let after = next
            .call_tool(&call, &entry.state_tool, entry.state_arguments.clone())
            .await
            .ok()
            .as_ref()
            .and_then(data_of);
        journal.remove(entry.id).await.map_err(|e| e.to_string())?;
        let remaining = journal.entries().await.map_err(|e| e.to_string())?.len();
        Ok(UndoOutcome {
            undone: Some(Undone {
                id: entry.id,
                action: entry.action,
                undone_arguments: entry.arguments,
                restore_arguments: restore,
                state_restored: after.as_ref() == Some(&entry.before),
            }),
            remaining,
        })
    }
}

static UNDO_SPEC: ToolSpec = ToolSpec {
    name: UNDO_TOOL,
    title: Some("Undo last action"),
    description: "Undo the last recorded action by calling it again with the state captured \
                  just before it. Answers with `undone: null` when there is nothing to undo.",
    kind: Some(Kind::Action),
    ..ToolSpec::DEFAULT
};

static HISTORY_SPEC: ToolSpec = ToolSpec {
    name: HISTORY_TOOL,
    title: Some("Undo history"),
    description: "List the actions `undo_last_action` can undo, newest first, each with its \
                  arguments and the state captured before it.",
    kind: Some(Kind::Read),
    ..ToolSpec::DEFAULT
};

/// The listing entry of a tool the layer serves: no parameters, a json result.
fn listing<T: JsonSchema + Serialize>(spec: &'static ToolSpec, read_only: bool) -> Tool {
    let mut input = JsonObject::new();
    input.insert("type".into(), "object".into());
    input.insert("properties".into(), JsonObject::new().into());
    input.insert("additionalProperties".into(), false.into());
    let mut tool = Tool::new(spec.name, spec.description, input);
    if let Some(title) = spec.title {
        tool = tool.with_title(title);
    }
    let mut annotations = ToolAnnotations::new();
    annotations.read_only_hint = Some(read_only);
    annotations.destructive_hint = Some(!read_only);
    annotations.idempotent_hint = Some(read_only);
    annotations.open_world_hint = Some(false);
    tool = tool.with_annotations(annotations);
    if let Some(schema) = <Json as Render<T>>::output_schema() {
        tool = tool.with_raw_output_schema(std::sync::Arc::new(schema));
    }
    let mut about = JsonObject::new();
    about.insert("format".into(), "json".into());
    if let Some(kind) = spec.kind {
        about.insert("kind".into(), kind.as_str().into());
    }
    let mut meta = JsonObject::new();
    meta.insert(TOOL_META_KEY.into(), about.into());
    tool.with_meta(rmcp::model::MetaObject(meta))
}

impl<S: Send + Sync + 'static, J: JournalStore> Layer<S> for Undo<J> {
    fn call<'a>(
        &'a self,
        call: Call<'a, S>,
        next: Next<'a, S>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(async move {
            let served = match call.name() {
                UNDO_TOOL => Some(&UNDO_SPEC),
                HISTORY_TOOL => Some(&HISTORY_SPEC),
                _ => None,
            };
            if let Some(spec) = served
                && let Some(unknown) = call.arguments.keys().next()
            {
                let facts = spec.facts(std::time::Instant::now(), None);
                return Ok(error_result(
                    format!(
                        "Error: unknown argument `{unknown}`: `{}` takes no arguments",
                        spec.name
                    ),
                    &facts,
                ));
            }
            match call.name() {
                UNDO_TOOL => {
                    let facts = UNDO_SPEC.facts(std::time::Instant::now(), None);
                    Ok(match self.undo_last(call, next).await {
                        Ok(outcome) => <Json as Render<UndoOutcome>>::render(outcome, &facts),
                        Err(why) => error_result(format!("Error: cannot undo: {why}"), &facts),
                    })
                }
                HISTORY_TOOL => {
                    let facts = HISTORY_SPEC.facts(std::time::Instant::now(), None);
                    let lent = lent_journal(call.context());
                    let journal = lent.as_deref().unwrap_or(&self.store);
                    Ok(match journal.entries().await {
                        Ok(mut entries) => {
                            entries.reverse();
                            let history = UndoHistory {
                                total_count: entries.len(),
                                entries,
                            };
                            <Json as Render<UndoHistory>>::render(history, &facts)
                        }
                        Err(error) => error_result(format!("Error: {error}"), &facts),
                    })
                }
                name => match self.plan.get(name) {
                    Some(pairing) => self.record(pairing, call, next).await,
                    None => next.run(call).await,
                },
            }
        })
    }

    fn tools(&self) -> Vec<Tool> {
        vec![
            listing::<UndoOutcome>(&UNDO_SPEC, false),
            listing::<UndoHistory>(&HISTORY_SPEC, true),
        ]
    }
}

/// The journal a shared store gave the server serving the call ([`Server::with_store`]),
/// which replaces the layer's own.
///
/// [`Server::with_store`]: crate::Server
fn lent_journal(context: &crate::Context) -> Option<Arc<dyn JournalStore>> {
    context.lent()?.journal.clone()
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

/// The `data` of a successful structured result, when it is an object.
fn data_of(result: &CallToolResult) -> Option<JsonObject> {
    if result.is_error == Some(true) {
        return None;
    }
    result
        .structured_content
        .as_ref()?
        .get("data")?
        .as_object()
        .cloned()
}

fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}
