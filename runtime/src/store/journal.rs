//! The undo journal's records and where they live: [`JournalEntry`], the [`JournalStore`]
//! trait a shared store implements, and [`MemoryJournal`], the one in the process. The undo
//! layer ([`Undo`](crate::undo::Undo)) writes and reads them; a call's context lends a
//! server's shared journal to it.

use std::sync::Mutex;

use futures::future::BoxFuture;
use rmcp::model::JsonObject;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One recorded action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct JournalEntry {
    /// Sequence number given by the store, from 1.
    pub id: u64,
    /// The action tool that ran.
    pub action: String,
    /// The arguments it ran with.
    pub arguments: JsonObject,
    /// The state tool that captured the state before it.
    pub state_tool: String,
    /// The arguments the state tool was called with (the action's, by name).
    pub state_arguments: JsonObject,
    /// The state tool's `data` before the action: what undo restores.
    pub before: JsonObject,
    /// When the action ran, RFC 3339 UTC.
    pub at: String,
    /// The run of the code-mode script that made the call, if a script made it
    /// ([`Origin::Script`](crate::layer::Origin::Script)): `undo_last_action` undoes a script's
    /// actions together.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64")]
    pub script: Option<u64>,
}

/// A failure of the journal's store.
#[derive(Clone, PartialEq, Eq)]
pub struct StoreError(pub String);

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "the undo journal's store failed: {}", self.0)
    }
}

impl std::error::Error for StoreError {}

debug_as_message!(StoreError);

/// Where the journal's entries live. [`MemoryJournal`] keeps them in the process; a store
/// shared by several server processes (a database table, say) implements the same four
/// operations on serialised [`JournalEntry`]s.
pub trait JournalStore: Send + Sync + 'static {
    /// Appends `entry`, giving it the next id (its `id` field is ignored); returns the id.
    fn push(&self, entry: JournalEntry) -> BoxFuture<'_, Result<u64, StoreError>>;
    /// The newest entry.
    fn last(&self) -> BoxFuture<'_, Result<Option<JournalEntry>, StoreError>>;
    /// Removes the entry `id` (once undone).
    fn remove(&self, id: u64) -> BoxFuture<'_, Result<(), StoreError>>;
    /// Every entry, oldest first.
    fn entries(&self) -> BoxFuture<'_, Result<Vec<JournalEntry>, StoreError>>;
}

/// The journal in the server's memory: lost when it stops.
#[derive(Debug, Default)]
pub struct MemoryJournal {
    entries: Mutex<(u64, Vec<JournalEntry>)>,
}

impl JournalStore for MemoryJournal {
    fn push(&self, mut entry: JournalEntry) -> BoxFuture<'_, Result<u64, StoreError>> {
        let mut guard = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        guard.0 += 1;
        entry.id = guard.0;
        guard.1.push(entry);
        let id = guard.0;
        Box::pin(std::future::ready(Ok(id)))
    }

    fn last(&self) -> BoxFuture<'_, Result<Option<JournalEntry>, StoreError>> {
        let guard = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        Box::pin(std::future::ready(Ok(guard.1.last().cloned())))
    }

    fn remove(&self, id: u64) -> BoxFuture<'_, Result<(), StoreError>> {
        let mut guard = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        guard.1.retain(|entry| entry.id != id);
        Box::pin(std::future::ready(Ok(())))
    }

    fn entries(&self) -> BoxFuture<'_, Result<Vec<JournalEntry>, StoreError>> {
        let guard = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        Box::pin(std::future::ready(Ok(guard.1.clone())))
    }
}
