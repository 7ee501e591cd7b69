//! Where calls running as tasks live (`#[tool(task = "...")]`): a [`TaskStore`].
//!
//! A [`Server`](crate::Server) keeps its tasks in rmcp's in-memory
//! [`TaskManager`] unless it is given another store with
//! [`TaskSettings::with_store`](crate::serve::TaskSettings::with_store). The store answers the
//! protocol's `tasks/get`, `tasks/update` and `tasks/cancel`, and runs the work of each task
//! it creates; the running tool reaches its task through a [`TaskHandle`] (its questions,
//! its status message, its cancellation).
//!
//! The split is what a store shared by several server processes needs: the process that
//! created a task runs its work and writes its state through the handle, while `tasks/get`,
//! `tasks/update` and `tasks/cancel` may arrive at any process and go to the shared state.
//!
//! With the `redis` feature, [`RedisTasks`](crate::store::redis::RedisTasks) keeps them in Redis,
//! shared by every replica of a server: see [`redis`](crate::store::redis).
//!
//! The methods answer futures, as a store across the network needs. A store of your own can
//! wrap another:
//!
//! ```
//! use rmcp::ErrorData;
//! use rmcp::model::{DetailedTask, InputResponses, Task};
//! use rmcp::task_manager::{TaskManager, TaskOptions};
//! use toolshape::tool::BoxFuture;
//! use toolshape::store::tasks::{TaskStore, TaskWork};
//!
//! /// rmcp's store, with a log line for each task started.
//! struct Logged(TaskManager);
//!
//! impl TaskStore for Logged {
//!     fn spawn(&self, options: TaskOptions, work: TaskWork) -> BoxFuture<'_, Result<Task, ErrorData>> {
//!         Box::pin(async move {
//!             let task = TaskStore::spawn(&self.0, options, work).await?;
//!             eprintln!("task {} started", task.task_id);
//!             Ok(task)
//!         })
//!     }
//!     fn get<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<DetailedTask, ErrorData>> {
//!         TaskStore::get(&self.0, task_id)
//!     }
//!     fn update<'a>(
//!         &'a self,
//!         task_id: &'a str,
//!         responses: InputResponses,
//!     ) -> BoxFuture<'a, Result<(), ErrorData>> {
//!         TaskStore::update(&self.0, task_id, responses)
//!     }
//!     fn cancel<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<(), ErrorData>> {
//!         TaskStore::cancel(&self.0, task_id)
//!     }
//! }
//!
//! let server = toolshape::Server::new((), toolshape::ToolSet::<()>::default())
//!     .with_tasks(toolshape::serve::TaskSettings::default().with_store(Logged(TaskManager::new())));
//! # let _ = server;
//! ```

use std::sync::Arc;

use futures::future::BoxFuture;
use rmcp::ErrorData;
use rmcp::model::{DetailedTask, InputRequest, InputResponses, Task};
use rmcp::task_manager::{TaskContext, TaskExit, TaskFuture, TaskManager, TaskOptions};
use serde_json::Value;

/// The work of one task: given the task's handle, the future that runs the call to its end
/// (its result, a failure, or [`TaskExit::Cancelled`]).
pub type TaskWork = Box<dyn FnOnce(TaskHandle) -> TaskFuture + Send>;

/// Where a server's tasks live.
pub trait TaskStore: Send + Sync + 'static {
    /// Creates a task with `options` and runs `work` for it until it ends, recording the
    /// outcome. The task is found by [`get`](Self::get) when the future completes. An error
    /// (the store cannot be reached) is answered to the call that would have started it.
    fn spawn(&self, options: TaskOptions, work: TaskWork)
    -> BoxFuture<'_, Result<Task, ErrorData>>;

    /// `tasks/get`: the task and, by its status, its questions, result or error. An unknown
    /// id is the protocol's -32602.
    fn get<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<DetailedTask, ErrorData>>;

    /// `tasks/update`: answers to the task's questions, by key. Keys the task did not ask
    /// are ignored.
    fn update<'a>(
        &'a self,
        task_id: &'a str,
        responses: InputResponses,
    ) -> BoxFuture<'a, Result<(), ErrorData>>;

    /// `tasks/cancel`: asks the task to stop ([`TaskHandle::cancelled`] completes). Also
    /// acknowledged for a task that has ended.
    fn cancel<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<(), ErrorData>>;

    /// How many tasks are running, for [`TaskSettings::with_limit`](crate::serve::TaskSettings::with_limit);
    /// `Ok(None)` (the default) when the store does not count them, and no limit applies.
    fn running(&self) -> BoxFuture<'_, Result<Option<usize>, ErrorData>> {
        Box::pin(std::future::ready(Ok(None)))
    }
}

/// What a running task's work reaches its task through, for a [`TaskStore`] of your own.
pub trait TaskChannel: Send + Sync + 'static {
    /// Asks the client: the task reports `input_required` with `request` under `key` until
    /// [`TaskStore::update`] answers it; `Err(TaskExit::Cancelled)` when the task is
    /// cancelled first.
    fn request_input(
        &self,
        key: String,
        request: InputRequest,
    ) -> BoxFuture<'_, Result<Value, TaskExit>>;

    /// Sets the task's status message (what `tasks/get` shows while it works).
    fn set_status_message(&self, message: String);

    /// Completes when the task has been asked to stop.
    fn cancelled(&self) -> BoxFuture<'_, ()>;
}

/// A running task, as its work sees it: see [`TaskChannel`].
#[derive(Clone)]
pub struct TaskHandle(Arc<dyn TaskChannel>);

impl TaskHandle {
    /// A handle over a channel of your store.
    pub fn new(channel: impl TaskChannel) -> Self {
        TaskHandle(Arc::new(channel))
    }

    /// [`TaskChannel::request_input`].
    pub async fn request_input(
        &self,
        key: String,
        request: InputRequest,
    ) -> Result<Value, TaskExit> {
        self.0.request_input(key, request).await
    }

    /// [`TaskChannel::set_status_message`].
    pub fn set_status_message(&self, message: String) {
        self.0.set_status_message(message);
    }

    /// [`TaskChannel::cancelled`].
    pub async fn cancelled(&self) {
        self.0.cancelled().await;
    }
}

impl std::fmt::Debug for TaskHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TaskHandle")
    }
}

/// The default store: rmcp's, in this process's memory.
impl TaskStore for TaskManager {
    fn spawn(
        &self,
        options: TaskOptions,
        work: TaskWork,
    ) -> BoxFuture<'_, Result<Task, ErrorData>> {
        let task = TaskManager::spawn(self, options, move |context| work(TaskHandle::new(context)));
        Box::pin(std::future::ready(Ok(task)))
    }

    fn get<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<DetailedTask, ErrorData>> {
        Box::pin(std::future::ready(self.get_task(task_id)))
    }

    fn update<'a>(
        &'a self,
        task_id: &'a str,
        responses: InputResponses,
    ) -> BoxFuture<'a, Result<(), ErrorData>> {
        Box::pin(std::future::ready(self.update_task(task_id, responses)))
    }

    fn cancel<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<(), ErrorData>> {
        Box::pin(std::future::ready(self.cancel_task(task_id)))
    }

    fn running(&self) -> BoxFuture<'_, Result<Option<usize>, ErrorData>> {
        Box::pin(std::future::ready(Ok(Some(self.running_task_count()))))
    }
}

impl TaskChannel for TaskContext {
    fn request_input(
        &self,
        key: String,
        request: InputRequest,
    ) -> BoxFuture<'_, Result<Value, TaskExit>> {
        Box::pin(TaskContext::request_input(self, key, request))
    }

    fn set_status_message(&self, message: String) {
        TaskContext::set_status_message(self, message);
    }

    fn cancelled(&self) -> BoxFuture<'_, ()> {
        Box::pin(TaskContext::cancelled(self))
    }
}
