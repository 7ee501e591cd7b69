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
//! `undo_last_action` and `list_undo_history` are ordinary `#[tool]` functions the layer
//! adds to the set ([`Layer::tools`]); the layer lends them the journal, and calls the
//! action and state tools for them through the layers after it, while it runs them. Undo is
//! built only on what the crate offers every user of [`layer`](crate::layer): a layer of
//! your own can do what it does.
//!
//! Actions and undos are serialised (an action's capture, run and record happen with no
//! other recorded action in between). A call an action makes itself while it runs (with
//! [`Context::call_tool`](crate::Context::call_tool)) is part of it: not recorded on its
//! own. The journal is in memory ([`MemoryJournal`]) unless
//! [`UndoBuilder::store`] gives another [`JournalStore`], or the server has a shared store
//! (`Server::with_store`, feature `redis`), whose journal then replaces the layer's own;
//! its entries are plain serialisable records, so a store shared by several server
//! processes can hold them.

mod setup;
mod tools;

use std::collections::BTreeMap;
use std::sync::Arc;

use futures::StreamExt;
use futures::channel::mpsc;
use futures::future::{Either, select};
use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject};

use crate::layer::{Call, Layer, Next};
pub use crate::store::journal::{JournalEntry, JournalStore, MemoryJournal, StoreError};
use crate::{tool::BoxFuture, tool::ToolDef};
use setup::Pairing;
pub use setup::{UndoBuilder, UndoSetupError, restore_arguments};
use tools::{UNDOING, Undoing, data_of};
pub use tools::{UndoHistory, UndoOutcome, Undone};

/// The tool that undoes the last recorded action.
pub const UNDO_TOOL: &str = "undo_last_action";
/// The `_meta` key of a result whose call the journal recorded: `{"id": N, "tool":
/// "undo_last_action"}`, the entry's id and the tool that undoes it (what a view's Undo
/// button calls).
pub const RECORDED_META_KEY: &str = "dev.toolshape/undo";
/// The tool that lists the recorded actions.
pub const HISTORY_TOOL: &str = "list_undo_history";

/// Undo over a tool set: see the [module docs](self). Install it with
/// [`ToolSet::layer`](crate::ToolSet::layer).
pub struct Undo<J = MemoryJournal> {
    /// Each undoable action and the state tool that captures what it sets.
    plan: Arc<BTreeMap<String, Pairing>>,
    /// The actions declared `#[tool(undo = false)]`: not undoable, and not recorded.
    left_out: Arc<std::collections::BTreeSet<String>>,
    store: Arc<J>,
    /// Held from capture to record, and through an undo.
    serial: Arc<tokio::sync::Mutex<()>>,
}

impl<J> std::fmt::Debug for Undo<J> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Undo")
            .field("plan", &self.plan)
            .finish_non_exhaustive()
    }
}

tokio::task_local! {
    /// Set while this task holds undo's lock: a call that reaches the layer then is part of
    /// the action or undo holding it, and passes.
    static HOLDING: ();
}

impl<J: JournalStore> Undo<J> {
    /// The undoable actions, each with the state tool that captures what it sets.
    pub fn undoable(&self) -> impl Iterator<Item = (&str, &str)> {
        self.plan
            .iter()
            .map(|(action, pairing)| (action.as_str(), pairing.state_tool.as_str()))
    }

    /// The actions declared `#[tool(kind = "action", undo = false)]`: ones that set nothing
    /// a state tool reads (`add_comment(ticket_id, author, text)` beside
    /// `get_ticket(ticket_id)`), which calling again could not take back. Undo does not
    /// record them, nor check their names.
    pub fn left_out(&self) -> impl Iterator<Item = &str> {
        self.left_out.iter().map(String::as_str)
    }

    /// The journal's store.
    pub fn store(&self) -> &J {
        &self.store
    }

    /// Runs an undoable action: captures the state, runs it, records it if it succeeded.
    async fn record<'a, State: Send + Sync + 'static>(
        &'a self,
        pairing: &'a Pairing,
        call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> Result<CallToolResult, ErrorData> {
        let _serial = self.serial.lock().await;
        HOLDING
            .scope((), self.record_held(pairing, call, next))
            .await
    }

    async fn record_held<'a, State: Send + Sync + 'static>(
        &'a self,
        pairing: &'a Pairing,
        call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> Result<CallToolResult, ErrorData> {
        let lent = call.shared_journal();
        let journal: &dyn JournalStore = lent.as_deref().unwrap_or(&*self.store);
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
        let script = match call.origin() {
            crate::layer::Origin::Script { run } => Some(run),
            _ => None,
        };
        let mut result = next.run(call).await?;
        if result.is_error != Some(true) {
            let entry = JournalEntry {
                id: 0,
                action,
                arguments,
                state_tool: pairing.state_tool.clone(),
                state_arguments,
                before,
                at: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
                script,
            };
            match journal.push(entry).await {
                Ok(id) => mark_recorded(&mut result, id),
                Err(error) => {
                    tracing::error!(%error, "an action ran but could not be recorded for undo");
                }
            }
        }
        Ok(result)
    }

    /// Runs one of undo's tools, lending it the journal and serving the calls it makes.
    async fn lend<'a, State: Send + Sync + 'static>(
        &'a self,
        call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> Result<CallToolResult, ErrorData> {
        let (calls, mut nested) = mpsc::unbounded();
        let journal = call
            .shared_journal()
            .unwrap_or_else(|| self.store.clone() as Arc<dyn JournalStore>);
        let undoing = Undoing {
            journal,
            serial: self.serial.clone(),
            plan: self.plan.clone(),
            calls,
        };
        let like = call.clone();
        let mut running = std::pin::pin!(UNDOING.scope(undoing, next.run(call)));
        loop {
            match select(running.as_mut(), nested.next()).await {
                Either::Left((result, _)) => return result,
                Either::Right((Some((name, arguments, reply)), _)) => {
                    // the tool holds the lock: what this call leads to is part of the undo
                    let result = HOLDING
                        .scope((), next.call_tool(&like, &name, arguments))
                        .await;
                    let _ = reply.send(result.map_err(Into::into));
                }
                Either::Right((None, _)) => return running.await,
            }
        }
    }
}

impl<State: Send + Sync + 'static, J: JournalStore> Layer<State> for Undo<J> {
    fn call<'a>(
        &'a self,
        call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(async move {
            match call.name() {
                UNDO_TOOL | HISTORY_TOOL => self.lend(call, next).await,
                name => match self.plan.get(name) {
                    Some(pairing) if HOLDING.try_with(|_| ()).is_err() => {
                        self.record(pairing, call, next).await
                    }
                    _ => next.run(call).await,
                },
            }
        })
    }

    fn tools(&self) -> Vec<ToolDef<State>> {
        tools::defs()
    }
}

/// Says on the result that the journal recorded its call as entry `id`
/// ([`RECORDED_META_KEY`]).
fn mark_recorded(result: &mut CallToolResult, id: u64) {
    let meta = result.meta.get_or_insert_with(Default::default);
    meta.0.insert(
        RECORDED_META_KEY.to_owned(),
        serde_json::json!({ "id": id, "tool": UNDO_TOOL }),
    );
}
