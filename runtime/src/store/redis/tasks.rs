//! The tasks of a server in Redis ([`RedisTasks`]): the `tasks/*` methods on any replica, and
//! the replica that runs a task renewing its lease, writing its status and reading its cancel
//! and answers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ::redis::AsyncCommands as _;
use futures::future::BoxFuture;
use rmcp::ErrorData;
use rmcp::model::{
    CallToolResult, DetailedTask, InputRequest, InputRequests, InputResponses, Task, TaskPayload,
    TaskStatus,
};
use rmcp::task_manager::{TaskExit, TaskOptions};
use serde_json::Value;
use tokio::sync::{Notify, oneshot, watch};

use crate::store::redis::RedisStore;
use crate::store::redis::encoding::{
    WRITE, is_terminal, millis, now_ms, object_of, status_name, task_id, timestamp,
};
use crate::store::tasks::{TaskChannel, TaskHandle, TaskStore, TaskWork};

/// The longest a running replica waits between two reads of its tasks' cancel and answers.
const POLL: Duration = Duration::from_millis(100);

impl RedisStore {
    /// The tasks of a server, in this store.
    pub fn tasks(&self) -> RedisTasks {
        RedisTasks {
            store: self.clone(),
            local: Arc::default(),
        }
    }
}

/// The tasks of a server in Redis: see the [module docs](crate::store::redis). Made by
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
