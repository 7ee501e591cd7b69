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
//! use toolshape::redis::RedisStore;
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

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ::redis::aio::{ConnectionManager, ConnectionManagerConfig};
use ::redis::{AsyncCommands as _, Script};
use rmcp::ErrorData;
use rmcp::model::{
    CallToolResult, DetailedTask, InputRequest, InputRequests, InputResponses, JsonObject, Task,
    TaskPayload, TaskStatus,
};
use rmcp::task_manager::{TaskExit, TaskOptions};
use serde_json::Value;
use tokio::sync::{Notify, oneshot, watch};

use crate::store::journal::{JournalEntry, JournalStore, StoreError};
use crate::store::tasks::{TaskChannel, TaskHandle, TaskStore, TaskWork};
use futures::future::BoxFuture;

/// The store's connection to Redis (redis-rs's `ConnectionManager`), for state of your own
/// in the same Redis: [`RedisStore::connection`].
pub type Connection = ConnectionManager;

/// How long a task's lease lasts unless [`RedisStore::with_lease`] says otherwise.
const DEFAULT_LEASE: Duration = Duration::from_secs(10);

/// The longest a running replica waits between two reads of its tasks' cancel and answers.
const POLL: Duration = Duration::from_millis(100);

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

    /// The tasks of a server, in this store.
    pub fn tasks(&self) -> RedisTasks {
        RedisTasks {
            store: self.clone(),
            local: Arc::default(),
        }
    }

    /// The undo journal `name` in this store (a server's journal is `undo`).
    pub fn journal(&self, name: &str) -> RedisJournal {
        RedisJournal {
            store: self.clone(),
            entries: self.key(&format!("journal:{name}")),
            seq: self.key(&format!("journal:{name}:seq")),
        }
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

/// A new task id: 128 random bits, in the form of a UUID (version 4).
fn task_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

fn now_ms() -> u64 {
    u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis(),
    )
    .unwrap_or(u64::MAX)
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

fn timestamp() -> String {
    chrono::Utc::now().to_rfc3339()
}

fn is_terminal(status: TaskStatus) -> bool {
    matches!(
        status,
        TaskStatus::Completed | TaskStatus::Failed | TaskStatus::Cancelled
    )
}

fn status_name(status: TaskStatus) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

fn object_of<T: serde::Serialize>(value: &T) -> JsonObject {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => map,
        _ => JsonObject::new(),
    }
}

/// Writes a task's hash unless it has already ended: what ends a task is written once.
/// KEYS: the task, the lease to drop (or the task again). ARGV: status, JSON, expiry in ms
/// (0 for none), whether to drop the lease.
static WRITE: std::sync::LazyLock<Script> = std::sync::LazyLock::new(|| {
    Script::new(
        r"
local s = redis.call('HGET', KEYS[1], 'status')
if s == 'completed' or s == 'failed' or s == 'cancelled' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'json', ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
if ARGV[4] == '1' then redis.call('DEL', KEYS[2]) end
return 1
",
    )
});

/// The tasks of a server in Redis: see the [module docs](self). Made by
/// [`RedisStore::tasks`].
#[derive(Clone, Debug)]
pub struct RedisTasks {
    store: RedisStore,
    /// The tasks this replica runs.
    local: Arc<Mutex<HashMap<String, Arc<Running>>>>,
}

/// A task this replica runs.
struct Running {
    id: String,
    state: Mutex<RunState>,
    cancel: watch::Sender<bool>,
    /// Wakes the task's loop: a write is due, or cancel or answers arrived here.
    poke: Notify,
    /// When the task was created, for its expiry.
    created: Instant,
    ttl: Option<Duration>,
}

impl std::fmt::Debug for Running {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Running").field("id", &self.id).finish()
    }
}

struct RunState {
    task: Task,
    /// Questions without an answer yet.
    pending: HashMap<String, (InputRequest, oneshot::Sender<Value>)>,
    /// Every key asked, to refuse a key used twice.
    used: std::collections::HashSet<String>,
    /// The hash in Redis is behind this state.
    dirty: bool,
}

impl RunState {
    fn detailed(&self) -> DetailedTask {
        let payload = if self.pending.is_empty() {
            TaskPayload::Working
        } else {
            TaskPayload::InputRequired {
                input_requests: self
                    .pending
                    .iter()
                    .map(|(key, (request, _))| (key.clone(), request.clone()))
                    .collect::<InputRequests>(),
            }
        };
        DetailedTask::new(self.task.clone(), payload)
    }
}

impl RedisTasks {
    fn task_key(&self, id: &str) -> String {
        self.store.key(&format!("task:{id}"))
    }

    fn lease_key(&self, id: &str) -> String {
        self.store.key(&format!("task:{id}:lease"))
    }

    fn cancel_key(&self, id: &str) -> String {
        self.store.key(&format!("task:{id}:cancel"))
    }

    fn answers_key(&self, id: &str) -> String {
        self.store.key(&format!("task:{id}:answers"))
    }

    fn running_key(&self) -> String {
        self.store.key("tasks:running")
    }

    /// How long the task's hash is kept from now while it runs: until twice its time to
    /// live after its creation (0: no expiry).
    fn running_expiry(run: &Running) -> u64 {
        run.ttl.map_or(0, |ttl| {
            millis((ttl * 2).saturating_sub(run.created.elapsed())).max(1)
        })
    }

    /// Writes `detailed` unless the task has ended; `Ok(false)` when it had.
    async fn write(
        &self,
        id: &str,
        detailed: &DetailedTask,
        expiry_ms: u64,
        drop_lease: bool,
    ) -> Result<bool, ::redis::RedisError> {
        let json = serde_json::to_string(detailed).unwrap_or_default();
        let mut connection = self.store.connection();
        let written: i64 = WRITE
            .key(self.task_key(id))
            .key(self.lease_key(id))
            .arg(status_name(detailed.status()))
            .arg(json)
            .arg(expiry_ms)
            .arg(if drop_lease { "1" } else { "0" })
            .invoke_async(&mut connection)
            .await?;
        Ok(written == 1)
    }

    /// Writes the running task's state if it changed.
    async fn flush(&self, run: &Running) -> Result<(), ::redis::RedisError> {
        let detailed = {
            let mut state = run.state.lock().unwrap_or_else(|e| e.into_inner());
            if !state.dirty {
                return Ok(());
            }
            state.dirty = false;
            state.detailed()
        };
        if let Err(error) = self
            .write(&run.id, &detailed, Self::running_expiry(run), false)
            .await
        {
            run.state.lock().unwrap_or_else(|e| e.into_inner()).dirty = true;
            return Err(error);
        }
        Ok(())
    }

    /// One turn of a running task's loop: renews the lease, reads cancel and answers,
    /// writes what changed.
    async fn tick(&self, run: &Running) -> Result<(), ::redis::RedisError> {
        let lease = millis(self.store.lease);
        let mut connection = self.store.connection();
        let (cancelled, answers): (Option<String>, HashMap<String, String>) = ::redis::pipe()
            .cmd("SET")
            .arg(self.lease_key(&run.id))
            .arg(&*self.store.replica)
            .arg("PX")
            .arg(lease)
            .ignore()
            .cmd("ZADD")
            .arg(self.running_key())
            .arg(now_ms() + lease)
            .arg(&run.id)
            .ignore()
            .cmd("GET")
            .arg(self.cancel_key(&run.id))
            .cmd("HGETALL")
            .arg(self.answers_key(&run.id))
            .query_async(&mut connection)
            .await?;
        if !answers.is_empty() {
            {
                let mut state = run.state.lock().unwrap_or_else(|e| e.into_inner());
                for (key, value) in &answers {
                    if let Some((_, sender)) = state.pending.remove(key) {
                        let value = serde_json::from_str(value).unwrap_or(Value::Null);
                        let _ = sender.send(value);
                        state.task.last_updated_at = timestamp();
                        state.dirty = true;
                    }
                }
            }
            let keys: Vec<&String> = answers.keys().collect();
            let _: () = connection.hdel(self.answers_key(&run.id), keys).await?;
        }
        if cancelled.is_some() && !*run.cancel.borrow() {
            {
                let mut state = run.state.lock().unwrap_or_else(|e| e.into_inner());
                // Parked questions end (their senders dropped): the work sees the cancel.
                state.pending.clear();
                state.task.last_updated_at = timestamp();
                state.dirty = true;
            }
            let _ = run.cancel.send(true);
        }
        self.flush(run).await
    }

    /// Runs the task's work to its end beside its loop, then writes how it ended.
    async fn drive(self, run: Arc<Running>, work: TaskWork) {
        let channel = Channel {
            run: run.clone(),
            tasks: self.clone(),
        };
        let mut future = work(TaskHandle::new(channel));
        let every = (self.store.lease / 3).min(POLL);
        let deadline = run.ttl;
        let looping = async {
            loop {
                tokio::select! {
                    () = tokio::time::sleep(every) => {}
                    () = run.poke.notified() => {}
                }
                if let Err(error) = self.tick(&run).await {
                    tracing::warn!(task = %run.id, %error, "cannot renew the task's lease");
                }
            }
        };
        let outcome = tokio::select! {
            outcome = async {
                match deadline {
                    Some(ttl) => tokio::time::timeout(ttl, &mut future).await.unwrap_or_else(|_| {
                        Err(TaskExit::Error(ErrorData::internal_error(
                            "task expired: TTL elapsed before completion",
                            None,
                        )))
                    }),
                    None => (&mut future).await,
                }
            } => outcome,
            () = looping => unreachable!("the loop never ends"),
        };
        drop(future);
        let payload = match outcome {
            Ok(result) => TaskPayload::Completed {
                result: object_of::<CallToolResult>(&result),
            },
            Err(TaskExit::Cancelled) => TaskPayload::Cancelled,
            Err(TaskExit::Error(error)) => TaskPayload::Failed {
                error: object_of(&error),
            },
        };
        let detailed = {
            let mut state = run.state.lock().unwrap_or_else(|e| e.into_inner());
            state.pending.clear();
            state.task.last_updated_at = timestamp();
            DetailedTask::new(state.task.clone(), payload)
        };
        let kept = run.ttl.map_or(0, millis);
        // Redis may be restarting: try for a while before giving the task up (its lease
        // then ends, and it is reported failed).
        for attempt in 0..20 {
            match self.write(&run.id, &detailed, kept, true).await {
                Ok(_) => break,
                Err(error) if attempt == 19 => {
                    tracing::error!(task = %run.id, %error, "cannot record how the task ended");
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(250)).await,
            }
        }
        let mut connection = self.store.connection();
        let _: Result<(), _> = ::redis::pipe()
            .cmd("ZREM")
            .arg(self.running_key())
            .arg(&run.id)
            .ignore()
            .cmd("DEL")
            .arg(self.cancel_key(&run.id))
            .arg(self.answers_key(&run.id))
            .ignore()
            .query_async(&mut connection)
            .await;
        self.local
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&run.id);
    }

    fn local(&self, id: &str) -> Option<Arc<Running>> {
        self.local
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
    }

    /// The task as stored, settled `failed` when it runs and its lease has expired.
    async fn read(&self, id: &str) -> Result<DetailedTask, ErrorData> {
        let mut connection = self.store.connection();
        for _ in 0..3 {
            let (json, leased): (Option<String>, bool) = ::redis::pipe()
                .atomic()
                .cmd("HGET")
                .arg(self.task_key(id))
                .arg("json")
                .cmd("EXISTS")
                .arg(self.lease_key(id))
                .query_async(&mut connection)
                .await
                .map_err(|e| self.store.unreachable(&e))?;
            let Some(json) = json else {
                return Err(ErrorData::invalid_params(
                    format!("unknown task: {id}"),
                    None,
                ));
            };
            let detailed: DetailedTask = serde_json::from_str(&json).map_err(|e| {
                ErrorData::internal_error(format!("task {id} is stored malformed: {e}"), None)
            })?;
            if is_terminal(detailed.status()) || leased {
                return Ok(detailed);
            }
            let mut task = detailed.task;
            task.last_updated_at = timestamp();
            let failed = DetailedTask::new(
                task.clone(),
                TaskPayload::Failed {
                    error: object_of(&ErrorData::internal_error(
                        format!(
                            "the replica running this task stopped: its lease ({} ms) expired \
                             without renewal, and its work is lost; start the task again",
                            millis(self.store.lease)
                        ),
                        None,
                    )),
                },
            );
            let kept = task.ttl_ms.unwrap_or(0);
            if self
                .write(id, &failed, kept, true)
                .await
                .map_err(|e| self.store.unreachable(&e))?
            {
                let _: Result<(), _> = connection.zrem(self.running_key(), id).await;
                return Ok(failed);
            }
            // It ended meanwhile: read how.
        }
        Err(ErrorData::internal_error(
            format!("task {id} changed too often to be read"),
            None,
        ))
    }
}

impl TaskStore for RedisTasks {
    fn spawn(
        &self,
        options: TaskOptions,
        work: TaskWork,
    ) -> BoxFuture<'_, Result<Task, ErrorData>> {
        Box::pin(async move {
            let id = task_id();
            let now = timestamp();
            let mut task = Task::new(id.clone(), TaskStatus::Working, now.clone(), now);
            task.ttl_ms = options.ttl_ms;
            task.poll_interval_ms = options.poll_interval_ms;
            task.status_message = options.status_message;
            let run = Arc::new(Running {
                id: id.clone(),
                state: Mutex::new(RunState {
                    task: task.clone(),
                    pending: HashMap::new(),
                    used: std::collections::HashSet::new(),
                    dirty: false,
                }),
                cancel: watch::channel(false).0,
                poke: Notify::new(),
                created: Instant::now(),
                ttl: options.ttl_ms.map(Duration::from_millis),
            });
            let detailed = DetailedTask::new(task.clone(), TaskPayload::Working);
            let json = serde_json::to_string(&detailed).unwrap_or_default();
            let lease = millis(self.store.lease);
            let mut pipe = ::redis::pipe();
            pipe.atomic()
                .cmd("HSET")
                .arg(self.task_key(&id))
                .arg("status")
                .arg("working")
                .arg("json")
                .arg(json)
                .ignore()
                .cmd("SET")
                .arg(self.lease_key(&id))
                .arg(&*self.store.replica)
                .arg("PX")
                .arg(lease)
                .ignore()
                .cmd("ZADD")
                .arg(self.running_key())
                .arg(now_ms() + lease)
                .arg(&id)
                .ignore();
            let expiry = Self::running_expiry(&run);
            if expiry > 0 {
                pipe.cmd("PEXPIRE")
                    .arg(self.task_key(&id))
                    .arg(expiry)
                    .ignore();
            }
            let mut connection = self.store.connection();
            let () = pipe
                .query_async(&mut connection)
                .await
                .map_err(|e| self.store.unreachable(&e))?;
            self.local
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(id, run.clone());
            tokio::spawn(self.clone().drive(run, work));
            Ok(task)
        })
    }

    fn get<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<DetailedTask, ErrorData>> {
        Box::pin(async move { self.read(task_id).await })
    }

    fn update<'a>(
        &'a self,
        task_id: &'a str,
        responses: InputResponses,
    ) -> BoxFuture<'a, Result<(), ErrorData>> {
        Box::pin(async move {
            let detailed = self.read(task_id).await?;
            if is_terminal(detailed.status()) || responses.is_empty() {
                return Ok(());
            }
            let fields: Vec<(String, String)> = responses
                .into_iter()
                .map(|(key, value)| (key, value.to_string()))
                .collect();
            let answers = self.answers_key(task_id);
            let mut connection = self.store.connection();
            let () = ::redis::pipe()
                .cmd("HSET")
                .arg(&answers)
                .arg(fields)
                .ignore()
                .cmd("PEXPIRE")
                .arg(&answers)
                .arg(detailed.task.ttl_ms.unwrap_or(86_400_000))
                .ignore()
                .query_async(&mut connection)
                .await
                .map_err(|e| self.store.unreachable(&e))?;
            if let Some(run) = self.local(task_id) {
                run.poke.notify_one();
            }
            Ok(())
        })
    }

    fn cancel<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<(), ErrorData>> {
        Box::pin(async move {
            let detailed = self.read(task_id).await?;
            if is_terminal(detailed.status()) {
                return Ok(());
            }
            let mut connection = self.store.connection();
            let () = connection
                .set_ex(
                    self.cancel_key(task_id),
                    "1",
                    detailed.task.ttl_ms.map_or(86_400, |ms| ms.div_ceil(1000)),
                )
                .await
                .map_err(|e| self.store.unreachable(&e))?;
            if let Some(run) = self.local(task_id) {
                run.poke.notify_one();
            }
            Ok(())
        })
    }

    fn running(&self) -> BoxFuture<'_, Result<Option<usize>, ErrorData>> {
        Box::pin(async move {
            let mut connection = self.store.connection();
            let ((), count): ((), usize) = ::redis::pipe()
                .cmd("ZREMRANGEBYSCORE")
                .arg(self.running_key())
                .arg("-inf")
                .arg(now_ms())
                .ignore()
                .cmd("ZCARD")
                .arg(self.running_key())
                .query_async(&mut connection)
                .await
                .map(|count: (usize,)| ((), count.0))
                .map_err(|e| self.store.unreachable(&e))?;
            Ok(Some(count))
        })
    }
}

/// What the work of a task this replica runs reaches its task through.
struct Channel {
    run: Arc<Running>,
    tasks: RedisTasks,
}

impl TaskChannel for Channel {
    fn request_input(
        &self,
        key: String,
        request: InputRequest,
    ) -> BoxFuture<'_, Result<Value, TaskExit>> {
        Box::pin(async move {
            if *self.run.cancel.borrow() {
                return Err(TaskExit::Cancelled);
            }
            let receiver = {
                let mut state = self.run.state.lock().unwrap_or_else(|e| e.into_inner());
                if !state.used.insert(key.clone()) {
                    return Err(TaskExit::Error(ErrorData::internal_error(
                        format!("inputRequests key {key:?} was already used for this task"),
                        None,
                    )));
                }
                let (sender, receiver) = oneshot::channel();
                state.pending.insert(key, (request, sender));
                state.task.last_updated_at = timestamp();
                state.dirty = true;
                receiver
            };
            // Written before the client can see it asked.
            if let Err(error) = self.tasks.flush(&self.run).await {
                tracing::warn!(task = %self.run.id, %error, "cannot record the task's question");
                self.run.poke.notify_one();
            }
            receiver.await.map_err(|_| TaskExit::Cancelled)
        })
    }

    fn set_status_message(&self, message: String) {
        let mut state = self.run.state.lock().unwrap_or_else(|e| e.into_inner());
        state.task.status_message = Some(message);
        state.task.last_updated_at = timestamp();
        state.dirty = true;
        drop(state);
        self.run.poke.notify_one();
    }

    fn cancelled(&self) -> BoxFuture<'_, ()> {
        let mut receiver = self.run.cancel.subscribe();
        Box::pin(async move {
            let _ = receiver.wait_for(|cancelled| *cancelled).await;
        })
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
