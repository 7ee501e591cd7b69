//! Undo's two tools, `undo_last_action` and `list_undo_history`: ordinary `#[tool]`
//! functions the [`Undo`](super::Undo) layer adds to the set. They reach the journal, and
//! call the action and state tools, through what the layer lends them while it runs them
//! (a tokio task-local).

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::channel::{mpsc, oneshot};
use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::setup::{Pairing, restore_arguments};
use super::{JournalEntry, JournalStore};
use crate::{ToolError, tool};

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
    /// When the action undone was made by a code-mode script: the script's other actions,
    /// undone with it as one step, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also_undone: Vec<Undone>,
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

/// A call of another tool one of undo's tools asks the layer to make, with where the
/// answer goes.
pub(super) type Nested = (
    String,
    JsonObject,
    oneshot::Sender<Result<CallToolResult, ErrorData>>,
);

/// What the undo layer lends its tools while it runs one of them.
#[derive(Clone)]
pub(super) struct Undoing {
    pub(super) journal: Arc<dyn JournalStore>,
    pub(super) serial: Arc<tokio::sync::Mutex<()>>,
    pub(super) plan: Arc<BTreeMap<String, Pairing>>,
    /// Calls of other tools, made by the layer through the rest of the chain.
    pub(super) calls: mpsc::UnboundedSender<Nested>,
}

tokio::task_local! {
    /// Set by the undo layer around a call of one of its tools.
    pub(super) static UNDOING: Undoing;
}

/// What the undo layer lent the tool running now.
fn lent(tool: &str) -> Result<Undoing, ToolError> {
    UNDOING.try_with(Undoing::clone).map_err(|_| {
        ToolError::new(format!(
            "`{tool}` runs only through the undo layer that added it to the set"
        ))
    })
}

/// Undo the last recorded action by calling it again with the state captured just before it.
/// Answers with `undone: null` when there is nothing to undo.
#[tool(crate = crate, format = "json", kind = "action", title = "Undo last action")]
async fn undo_last_action(
    /// The journal entry to undo (its `id` in `list_undo_history`, or in the action's result):
    /// refused unless it is still the newest, so that an undo never takes back another action
    /// than the one meant. Without it, the newest entry is undone.
    id: Option<u64>,
) -> Result<UndoOutcome, ToolError> {
    let undoing = lent("undo_last_action")?;
    let _serial = undoing.serial.lock().await;
    undoing
        .undo_last(id)
        .await
        .map_err(|why| ToolError::new(format!("cannot undo: {why}")))
}

/// List the actions `undo_last_action` can undo, newest first, each with its arguments and
/// the state captured before it.
#[tool(crate = crate, format = "json", kind = "read", title = "Undo history")]
async fn list_undo_history() -> Result<UndoHistory, ToolError> {
    let undoing = lent("list_undo_history")?;
    let mut entries = undoing
        .journal
        .entries()
        .await
        .map_err(|error| ToolError::new(error.to_string()))?;
    entries.reverse();
    Ok(UndoHistory {
        total_count: entries.len(),
        entries,
    })
}

/// Undo's tools, for [`Layer::tools`](crate::layer::Layer::tools).
pub(super) fn defs<State: Send + Sync + 'static>() -> Vec<crate::tool::ToolDef<State>> {
    crate::tools![undo_last_action, list_undo_history].into()
}

impl Undoing {
    /// Calls the tool `name` through the layers after undo, then the tool.
    async fn call(&self, name: &str, arguments: JsonObject) -> Result<CallToolResult, String> {
        let (reply, answer) = oneshot::channel();
        self.calls
            .unbounded_send((name.to_owned(), arguments, reply))
            .map_err(|_| "the undo layer stopped".to_owned())?;
        let result = answer
            .await
            .map_err(|_| "the undo layer stopped".to_owned())?;
        result.map_err(|error| error.message.to_string())
    }

    /// Restores the state before the newest entry of the journal and removes the entry; an
    /// entry a code-mode script made goes with the script's other entries before it, newest
    /// first (as long as no other call's entry came between them), as one step. When `meant`
    /// names an entry, only if it is that one.
    async fn undo_last(&self, meant: Option<u64>) -> Result<UndoOutcome, String> {
        let journal = &*self.journal;
        let last = journal.last().await.map_err(|e| e.to_string())?;
        match (meant, &last) {
            (Some(meant), Some(entry)) if entry.id != meant => {
                let entries = journal.entries().await.map_err(|e| e.to_string())?;
                return Err(match entries.iter().find(|e| e.id == meant) {
                    Some(older) => format!(
                        "entry {meant} (`{}`) is no longer the newest: `{}` (entry {}) ran after \
                         it; undo that first, or leave it",
                        older.action, entry.action, entry.id
                    ),
                    None => format!(
                        "there is no entry {meant} in the journal (undone already, or never \
                         recorded); the newest is entry {} (`{}`)",
                        entry.id, entry.action
                    ),
                });
            }
            (Some(meant), None) => {
                return Err(format!(
                    "there is no entry {meant} in the journal (undone already, or never \
                     recorded); it is empty"
                ));
            }
            _ => {}
        }
        let Some(entry) = last else {
            return Ok(UndoOutcome {
                undone: None,
                also_undone: Vec::new(),
                remaining: 0,
            });
        };
        let mut step = vec![entry];
        if let Some(run) = step[0].script {
            let entries = journal.entries().await.map_err(|e| e.to_string())?;
            let newest = step[0].id;
            let older = entries.into_iter().rev().filter(|e| e.id != newest);
            step.extend(older.take_while(|e| e.script == Some(run)));
        }
        let mut undone = Vec::with_capacity(step.len());
        for entry in step {
            match self.undo_entry(entry).await {
                Ok(done) => undone.push(done),
                Err(why) if undone.is_empty() => return Err(why),
                Err(why) => {
                    return Err(format!(
                        "{why} (after undoing {} of the script's actions: {})",
                        undone.len(),
                        undone
                            .iter()
                            .map(|done: &Undone| format!("`{}` #{}", done.action, done.id))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
            }
        }
        let remaining = journal.entries().await.map_err(|e| e.to_string())?.len();
        let mut undone = undone.into_iter();
        Ok(UndoOutcome {
            undone: undone.next(),
            also_undone: undone.collect(),
            remaining,
        })
    }

    /// Restores the state before `entry` and removes it from the journal.
    async fn undo_entry(&self, entry: JournalEntry) -> Result<Undone, String> {
        let journal = &*self.journal;
        let action = self
            .plan
            .get(&entry.action)
            .ok_or_else(|| format!("`{}` is not an action undo knows", entry.action))?;
        let restore = restore_arguments(&action.input, &Value::Object(entry.before.clone()))?;
        let result = self.call(&entry.action, restore.clone()).await?;
        if result.is_error == Some(true) {
            return Err(format!(
                "`{}` refused to restore the state: {}",
                entry.action,
                text_of(&result)
            ));
        }
        let after = self
            .call(&entry.state_tool, entry.state_arguments.clone())
            .await
            .ok()
            .as_ref()
            .and_then(data_of);
        journal.remove(entry.id).await.map_err(|e| e.to_string())?;
        Ok(Undone {
            id: entry.id,
            action: entry.action,
            undone_arguments: entry.arguments,
            restore_arguments: restore,
            state_restored: after.as_ref() == Some(&entry.before),
        })
    }
}

/// The `data` of a successful structured result, when it is an object.
pub(super) fn data_of(result: &CallToolResult) -> Option<JsonObject> {
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
