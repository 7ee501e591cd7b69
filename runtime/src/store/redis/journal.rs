//! The undo journal in Redis ([`RedisJournal`]), shared by every replica.

use ::redis::AsyncCommands as _;
use futures::future::BoxFuture;

use crate::store::journal::{JournalEntry, JournalStore, StoreError};
use crate::store::redis::RedisStore;

impl RedisStore {
    /// The undo journal `name` in this store (a server's journal is `undo`).
    pub fn journal(&self, name: &str) -> RedisJournal {
        RedisJournal {
            store: self.clone(),
            entries: self.key(&format!("journal:{name}")),
            seq: self.key(&format!("journal:{name}:seq")),
        }
    }
}

/// The undo journal in Redis, shared by every replica: made by [`RedisStore::journal`].
///
/// Ids come from `INCR` on one counter, so two actions journalled at the same moment on two
/// replicas get two ids, in the order Redis saw them, and neither is lost; the entries are
/// a sorted set scored by id, so the newest is the last.
///
/// The consistency model: the undo layer serialises the actions and undos of one replica;
/// across replicas, an undo reads the newest entry, restores it and removes it. Two undos
/// at the same moment on two replicas can read the same newest entry: both restore the
/// same captured state (the same call, with the same arguments, so the state ends as
/// captured), the entry is removed once, and both answer with that entry: one action is
/// undone, not two. A state that actions on several replicas change at once needs the
/// actions serialised across replicas, as the ontap example does with a lock in the same
/// Redis.
#[derive(Clone, Debug)]
pub struct RedisJournal {
    store: RedisStore,
    entries: String,
    seq: String,
}

impl RedisJournal {
    fn failed(&self, error: &::redis::RedisError) -> StoreError {
        StoreError(format!(
            "Redis at {} cannot be reached: {error}",
            self.store.url
        ))
    }
}

impl JournalStore for RedisJournal {
    fn push(&self, mut entry: JournalEntry) -> BoxFuture<'_, Result<u64, StoreError>> {
        Box::pin(async move {
            let mut connection = self.store.connection();
            let id: u64 = connection
                .incr(&self.seq, 1)
                .await
                .map_err(|e| self.failed(&e))?;
            entry.id = id;
            let json = serde_json::to_string(&entry).map_err(|e| StoreError(e.to_string()))?;
            let () = connection
                .zadd(&self.entries, json, id)
                .await
                .map_err(|e| self.failed(&e))?;
            Ok(id)
        })
    }

    fn last(&self) -> BoxFuture<'_, Result<Option<JournalEntry>, StoreError>> {
        Box::pin(async move {
            let mut connection = self.store.connection();
            let last: Vec<String> = connection
                .zrange(&self.entries, -1, -1)
                .await
                .map_err(|e| self.failed(&e))?;
            last.first()
                .map(|json| serde_json::from_str(json).map_err(|e| StoreError(e.to_string())))
                .transpose()
        })
    }

    fn remove(&self, id: u64) -> BoxFuture<'_, Result<(), StoreError>> {
        Box::pin(async move {
            let mut connection = self.store.connection();
            let () = connection
                .zrembyscore(&self.entries, id, id)
                .await
                .map_err(|e| self.failed(&e))?;
            Ok(())
        })
    }

    fn entries(&self) -> BoxFuture<'_, Result<Vec<JournalEntry>, StoreError>> {
        Box::pin(async move {
            let mut connection = self.store.connection();
            let all: Vec<String> = connection
                .zrange(&self.entries, 0, -1)
                .await
                .map_err(|e| self.failed(&e))?;
            all.iter()
                .map(|json| serde_json::from_str(json).map_err(|e| StoreError(e.to_string())))
                .collect()
        })
    }
}
