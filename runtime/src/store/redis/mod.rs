//! Shared stores in Redis, for many replicas of one server behind a load balancer (feature
//! `redis`).
//!
//! One URL gives a server everything a client can see across requests that would otherwise
//! live in one process: [`RedisStore::connect`] opens it, [`Server::with_store`] hands the
//! server its tasks ([`RedisTasks`]) and the journal of its undo layer ([`RedisJournal`]),
//! if it has one. Any replica then answers any request: a task created on one is polled,
//! answered and cancelled on another, and an undo on one restores what an action on another
//! changed.
//!
//! ```no_run
//! use toolshape::store::redis::RedisStore;
//! use toolshape::{Server, ToolSet};
//!
//! # async fn run() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
//! let store = RedisStore::connect("redis://127.0.0.1:6379/0").await?;
//! let server = Server::new((), ToolSet::default()).with_store(&store);
//! # let _ = server; Ok(()) }
//! # fn main() { let _ = run; }
//! ```
//!
//! # The client crate
//!
//! [redis-rs](https://docs.rs/redis) (crate `redis`) with its `ConnectionManager`: one
//! multiplexed connection per replica that every request shares (Redis answers in order, so
//! requests pipeline on it without a pool), reconnecting by itself after Redis restarts. While Redis is
//! unreachable, each operation fails at once with an error that says so (a call that needs
//! the store is answered with that error; nothing waits for Redis to come back), and the
//! next operation after it is back succeeds. `fred` does the same with more machinery
//! (its own pool, a client per command), which a server that makes a few commands per call
//! does not need.
//!
//! # Tasks across replicas
//!
//! A task is a Redis hash (its status and its `tasks/get` answer), kept by Redis's own
//! expiry: while it runs, until twice its time to live after it was created; once it has
//! ended, one time to live more, for pollers to see its end (rmcp's in-memory store keeps
//! the same). The replica that created the task runs its work and alone writes the hash
//! while the task runs.
//!
//! - **Leases.** The running replica renews a lease key (expiring after
//!   [`RedisStore::with_lease`], 10 s by default) every third of the lease. `tasks/get` on
//!   any replica, for a task that is `working` or `input_required` and whose lease has
//!   expired, settles it `failed` with the message "the replica running this task stopped
//!   …": a task is never `working` forever. A replica cut from Redis for longer than the
//!   lease loses its tasks the same way, even if it comes back (its late result is not
//!   written over the failure).
//! - **Cancel and answers reach the running replica by a key it polls.** `tasks/cancel`
//!   sets a cancel key and `tasks/update` adds the answers to an answers hash, on whichever
//!   replica they arrive; the running replica reads both with its lease renewal, every 100 ms
//!   at most (at once when they arrive at the running replica itself). Polling a key rather
//!   than pub/sub: no second connection per replica, nothing lost while a replica
//!   reconnects (a message published then would be), and the cost is one pipelined round
//!   trip per running task per 100 ms.
//! - **The task limit counts across replicas**: the running tasks are a sorted set scored
//!   by their lease's end, so a task whose replica died stops counting when its lease ends.
//!   Two replicas starting a task at the same moment may both pass the limit's check: it
//!   can be exceeded by the number of replicas, never more.
//!
//! # The undo journal
//!
//! See [`RedisJournal`].
//!
//! # Sessions of 2025-11-25 clients
//!
//! These live in rmcp's session manager, in the replica that answered `initialize`; route
//! them with sticky sessions on the `Mcp-Session-Id` header at the load balancer (the
//! deploying guide has the haproxy configuration). Clients on 2026-07-28 have no session
//! and go to any replica.
//!
//! [`Server::with_store`]: crate::Server::with_store

mod encoding;
mod journal;
mod tasks;

use std::sync::Arc;
use std::time::Duration;

use ::redis::aio::{ConnectionManager, ConnectionManagerConfig};
use rmcp::ErrorData;

use crate::store::journal::StoreError;
pub use journal::RedisJournal;
pub use tasks::RedisTasks;

/// The store's connection to Redis (redis-rs's `ConnectionManager`), for state of your own
/// in the same Redis: [`RedisStore::connection`].
pub type Connection = ConnectionManager;

/// How long a task's lease lasts unless [`RedisStore::with_lease`] says otherwise.
const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// A Redis server holding the shared state of a fleet of replicas: see the [module
/// docs](self). Cloning is cheap (one connection, shared).
#[derive(Clone)]
pub struct RedisStore {
    connection: ConnectionManager,
    /// Where the store's keys start (`toolshape` unless [`RedisStore::with_prefix`]).
    prefix: Arc<str>,
    /// This replica, as its leases name it.
    replica: Arc<str>,
    lease: Duration,
    /// The URL, without password, for error messages.
    url: Arc<str>,
}

impl std::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisStore")
            .field("url", &self.url)
            .field("prefix", &self.prefix)
            .field("replica", &self.replica)
            .field("lease", &self.lease)
            .finish_non_exhaustive()
    }
}

impl RedisStore {
    /// Connects to the Redis server at `url` (`redis://HOST:PORT/DB`, `rediss://` for TLS
    /// when redis-rs is built with it).
    ///
    /// # Errors
    /// A malformed URL, or a Redis server that cannot be reached.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        let shown = match url.rsplit_once('@') {
            Some((_, host)) => format!("redis://…@{host}"),
            None => url.to_owned(),
        };
        let client = ::redis::Client::open(url)
            .map_err(|e| StoreError(format!("the store URL `{shown}` is not one: {e}")))?;
        // Fail fast while Redis is down: one attempt, short timeouts. The manager keeps
        // reconnecting in the background and the next command after Redis is back succeeds.
        let config = ConnectionManagerConfig::new()
            .set_number_of_retries(1)
            .set_max_delay(Duration::from_millis(500))
            .set_connection_timeout(Some(Duration::from_secs(2)))
            .set_response_timeout(Some(Duration::from_secs(5)));
        let connection = ConnectionManager::new_with_config(client, config)
            .await
            .map_err(|e| StoreError(format!("cannot reach Redis at {shown}: {e}")))?;
        Ok(RedisStore {
            connection,
            prefix: "toolshape".into(),
            replica: replica_id().into(),
            lease: DEFAULT_LEASE,
            url: shown.into(),
        })
    }

    /// Starts every key of the store with `prefix` (`toolshape` by default): for several
    /// services on one Redis database.
    #[must_use]
    pub fn with_prefix(mut self, prefix: impl Into<String>) -> Self {
        self.prefix = prefix.into().into();
        self
    }

    /// How long a task's lease lasts (10 s by default): a task whose replica stopped is
    /// reported `failed` at most this long after its last renewal. The running replica
    /// renews it every third of it.
    #[must_use]
    pub fn with_lease(mut self, lease: Duration) -> Self {
        self.lease = lease.max(Duration::from_millis(300));
        self
    }

    /// The name of this replica in its leases (host name, process id and a random part).
    pub fn replica(&self) -> &str {
        &self.replica
    }

    /// The connection, shared: for state of your own in the same Redis (the ontap example
    /// keeps its simulated cluster there).
    pub fn connection(&self) -> ConnectionManager {
        self.connection.clone()
    }

    /// The key `name` under the store's prefix.
    pub fn key(&self, name: &str) -> String {
        format!("{}:{name}", self.prefix)
    }

    fn unreachable(&self, error: &::redis::RedisError) -> ErrorData {
        ErrorData::internal_error(
            format!(
                "the shared store (Redis at {}) cannot be reached: {error}; try again",
                self.url
            ),
            None,
        )
    }
}

/// `host-pid-random`: unique among the replicas of a fleet.
fn replica_id() -> String {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .map(|h| h.trim().to_owned())
        .unwrap_or_else(|_| "replica".to_owned());
    let mut random = [0u8; 4];
    let _ = getrandom::fill(&mut random);
    format!(
        "{host}-{}-{:08x}",
        std::process::id(),
        u32::from_be_bytes(random)
    )
}
