//! What a tool can know about the request it is serving: the [`Context`] a `#[context]`
//! parameter receives (cancellation, progress, logs, the caller, the client's capabilities,
//! other tools of the server), and what the server serving a call lends it.
//!
//! Beside it: who is calling (`caller`: [`Caller`]), the questions a tool asks the client
//! (`ask`: [`Ask`], [`Elicitation`], [`Sampled`]) and the answers a unit test gives them
//! (`answers`: [`Answers`]), the round engine that answers them (`inputs`) and the rounds of
//! a call that asks (`rounds`: [`StateKeys`]), log levels (`log`: [`LogLevel`]).

// rmcp marks sampling, roots and logging deprecated (SEP-2577); they are part of 2025-11-25,
// and 2026-07-28 still asks for samples and roots as the questions of an input-required result.
#![allow(deprecated)]

use std::sync::Arc;

use rmcp::model::{ClientCapabilities, ProgressNotificationParam};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData, RoleServer};
use serde_json::Value;

pub(crate) mod answers;
pub(crate) mod ask;
pub(crate) mod caller;
pub(crate) mod inputs;
pub(crate) mod log;
pub(crate) mod rounds;

use futures::future::BoxFuture;

use crate::context::inputs::{Era, Inputs, Stop, era_of};
use crate::store::tasks::TaskHandle;

// The server builds what it lends a call from these: their homes are beside this file.
pub(crate) use crate::context::inputs::TaskStarter;
pub(crate) use crate::context::log::SessionLogLevel;
use crate::context::log::requested_log_level;

pub use answers::Answers;
pub use ask::{Answer, Ask, Elicitation, InputError, Sampled};
pub use caller::Caller;
pub use log::LogLevel;
pub use rounds::{StateKeyError, StateKeys};

/// The request a tool is serving. Take it with a `#[context]` parameter:
///
/// ```
/// # use toolshape::Context;
/// /// Count to `n`, stopping early if the client cancels.
/// #[toolshape::tool(format = "json")]
/// async fn count(#[context] cx: Context, n: u32) -> u32 {
///     let mut i = 0;
///     while i < n && !cx.is_cancelled() {
///         i += 1;
///         cx.progress(f64::from(i), f64::from(n)).await;
///     }
///     i
/// }
/// # let _: [toolshape::tool::ToolDef<()>; 1] = toolshape::tools![count];
/// ```
///
/// Besides cancellation it reports progress ([`Context::progress`]), sends log messages
/// ([`Context::log`]), and asks the client for input: a form the user fills in
/// ([`Context::elicit`]), a page the user visits ([`Context::elicit_url`]), a completion from
/// the client's model ([`Context::sample`]) or the client's roots ([`Context::roots`]).
///
/// # Asking for input, in both protocol eras
///
/// A client on protocol 2025-11-25 answers such a question as a request the server sends it
/// while the call runs. A client on 2026-07-28 does not take requests from the server: the
/// call ends with an *input-required* result listing the questions, and the client calls
/// the tool again with the answers. The tool is written once for both: on the second call it
/// runs again from the start, and each question it asked before now has its answer at once.
/// So a tool asks its questions in the same order on every run with the same arguments, and
/// does what must happen once (a write, a payment) only after its last question.
///
/// The answers of earlier rounds travel with the client as request state, sealed with the
/// server's key (see [`StateKeys`]); state that fails the seal's check is
/// refused with a JSON-RPC error.
#[derive(Debug, Clone)]
pub struct Context {
    pub(crate) request: RequestContext<RoleServer>,
    pub(crate) inputs: Arc<Inputs>,
}

impl Context {
    pub(crate) fn with_inputs(request: RequestContext<RoleServer>, inputs: Arc<Inputs>) -> Self {
        Context { request, inputs }
    }

    /// A context for calling tools outside a client session: in unit tests, with
    /// [`ToolSet::call_json`](crate::ToolSet::call_json) or by calling a `#[context]` tool's
    /// function directly. It is never cancelled, and its [`peer`](Context::peer) is
    /// connected to no client, so a request or notification to the client fails (with an
    /// error, not a panic).
    ///
    /// Must be called inside a tokio runtime (`#[tokio::test]`).
    ///
    /// ```
    /// use toolshape::Context;
    ///
    /// /// Count to `n`, stopping early if the client cancels.
    /// #[toolshape::tool(format = "json")]
    /// async fn count(#[context] cx: Context, n: u32) -> u32 {
    ///     let mut i = 0;
    ///     while i < n && !cx.is_cancelled() { i += 1; }
    ///     i
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// assert_eq!(count(Context::detached(), 3).await, 3);
    /// # }
    /// ```
    pub fn detached() -> Self {
        let request = detached_request();
        let inputs = Inputs::new(era_of(&request), Default::default());
        Context::with_inputs(request, Arc::new(inputs))
    }

    /// Who made the request: the subject, client and scopes of its access token over HTTP
    /// with OAuth, else the local user (over stdio, over HTTP without OAuth, and in a
    /// [`detached`](Context::detached) context). See [`Caller`].
    ///
    /// ```
    /// use toolshape::Context;
    ///
    /// /// Who am I?
    /// #[toolshape::tool(format = "text")]
    /// fn whoami(#[context] cx: Context) -> String {
    ///     cx.caller().subject().unwrap_or("someone").to_owned()
    /// }
    /// # let _: [toolshape::tool::ToolDef<()>; 1] = toolshape::tools![whoami];
    /// ```
    pub fn caller(&self) -> crate::context::Caller {
        crate::context::Caller::of(&self.request).clone()
    }

    /// Whether the client has cancelled this request.
    pub fn is_cancelled(&self) -> bool {
        self.request.ct.is_cancelled()
    }

    /// Completes when the client cancels this request.
    pub async fn cancelled(&self) {
        self.request.ct.cancelled().await;
    }

    /// For a `#[tool(task = "deferred")]` tool: from here on, run as a task. The client (on
    /// protocol 2026-07-28, declaring the tasks extension) gets the task at once; the tool
    /// runs again inside it from the start, its earlier questions answered with what the
    /// client already gave, and this call returns at once there. Everywhere else (a client
    /// without tasks, protocol 2025-11-25, a tool without `task = "deferred"`, a call that is
    /// already a task) it returns at once and the call goes on as it is.
    ///
    /// Ask the questions that need the user first, then call this before the long work.
    pub async fn continue_as_task(&self) {
        if self.inputs.era == Era::Rounds && self.request.extensions.get::<TaskStarter>().is_some()
        {
            self.inputs.stop(Stop::Task);
            std::future::pending::<()>().await;
        }
    }

    /// Reports progress: `done` out of `total` (in any unit; `done` only grows).
    ///
    /// Sent as a progress notification when the request asked for progress (it carries a
    /// progress token); otherwise it does nothing, so a tool can report unconditionally. In a
    /// call running as a task it becomes the task's status message, which `tasks/get` shows.
    pub async fn progress(&self, done: f64, total: f64) {
        self.notify_progress(done, Some(total), None).await;
    }

    /// [`Context::progress`] with a message for the user (`"Fitted 3 of 8 models"`); `total`
    /// may be unknown.
    pub async fn progress_message(
        &self,
        done: f64,
        total: Option<f64>,
        message: impl Into<String>,
    ) {
        self.notify_progress(done, total, Some(message.into()))
            .await;
    }

    async fn notify_progress(&self, done: f64, total: Option<f64>, message: Option<String>) {
        if let Some(task) = self.request.extensions.get::<TaskHandle>() {
            task.set_status_message(message.unwrap_or_else(|| match total {
                Some(total) => format!("{done} of {total}"),
                None => done.to_string(),
            }));
            return;
        }
        let Some(token) = self.request.meta.get_progress_token() else {
            return;
        };
        let mut param = ProgressNotificationParam::new(token, done);
        param.total = total;
        param.message = message;
        if let Err(error) = self.request.peer.notify_progress(param).await {
            tracing::debug!(%error, "a progress notification could not be sent");
        }
    }

    /// Sends a log message to the client, and to this process's `tracing` log.
    ///
    /// A 2025-11-25 client receives those at or above the level it set for its session with
    /// `logging/setLevel` (every message until it sets one); a 2026-07-28
    /// client receives those at or above the level its request asked for, and none when it
    /// asked for none.
    pub async fn log(&self, level: LogLevel, message: impl Into<String>) {
        let message = message.into();
        tracing::debug!(level = level.as_str(), %message, "tool log message");
        let wanted = match self.inputs.era {
            Era::Requests | Era::Answered => Some(
                self.request
                    .extensions
                    .get::<FromServer>()
                    .and_then(|server| server.log_level.get())
                    .unwrap_or(LogLevel::Debug),
            ),
            Era::Rounds | Era::Task => requested_log_level(&self.request),
        };
        if wanted.is_none_or(|wanted| level < wanted) {
            return;
        }
        #[allow(deprecated)] // logging: deprecated by SEP-2577, still part of 2025-11-25
        let param = rmcp::model::LoggingMessageNotificationParam::new(
            level.to_rmcp(),
            Value::String(message),
        );
        #[allow(deprecated)]
        if let Err(error) = self.request.peer.notify_logging_message(param).await {
            tracing::debug!(%error, "a log notification could not be sent");
        }
    }

    /// The client's capabilities as this request states them (2026-07-28) or as the client
    /// declared them when it connected (2025-11-25).
    pub fn client_capabilities(&self) -> Option<ClientCapabilities> {
        self.request.client_capabilities()
    }

    /// Whether the client can answer [`Context::elicit`] (it declared elicitation).
    pub fn can_elicit(&self) -> bool {
        self.client_capabilities()
            .is_some_and(|c| c.elicitation.is_some())
    }

    /// Whether the client can answer [`Context::sample`] (it declared sampling).
    pub fn can_sample(&self) -> bool {
        self.client_capabilities()
            .is_some_and(|c| c.sampling.is_some())
    }

    /// Whether the client can answer [`Context::roots`] (it declared roots).
    pub fn can_list_roots(&self) -> bool {
        self.client_capabilities()
            .is_some_and(|c| c.roots.is_some())
    }

    /// The client connection, for notifications and requests to it.
    pub fn peer(&self) -> &Peer<RoleServer> {
        &self.request.peer
    }

    /// Calls the tool `name` of the same server with `arguments` (a JSON object), with the
    /// server's state and this request's context, and returns what a client calling it
    /// would receive. The call goes through every layer of the server's
    /// [`ToolSet`](crate::ToolSet), as a client's call does: a budget pages its result, undo
    /// records it (unless it runs inside an action undo is recording, which it is part of).
    /// A layer calls another tool with [`Next::call_tool`](crate::layer::Next::call_tool)
    /// instead, through the layers after it: see [calling another
    /// tool](crate::layer#calling-another-tool).
    ///
    /// ```
    /// use serde_json::json;
    /// use toolshape::{Context, ToolError, tool};
    ///
    /// /// The sum of two numbers.
    /// #[tool(format = "json")]
    /// fn add(a: i64, b: i64) -> i64 { a + b }
    ///
    /// /// Twice the sum of two numbers, from `add`.
    /// #[tool(format = "json")]
    /// async fn double_sum(#[context] cx: Context, a: i64, b: i64) -> Result<i64, ToolError> {
    ///     let sum = cx.call_tool("add", json!({"a": a, "b": b})).await?;
    ///     let data = &sum.structured_content.ok_or_else(|| ToolError::new("add failed"))?["data"];
    ///     Ok(2 * data.as_i64().unwrap_or_default())
    /// }
    /// # fn main() { let _: [toolshape::tool::ToolDef<()>; 2] = toolshape::tools![add, double_sum]; }
    /// ```
    ///
    /// # Errors
    /// Outside a [`Server`](crate::Server) (a [`Context::detached`], or a tool set called
    /// directly), and for a name no tool of the server has.
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: Value,
    ) -> Result<rmcp::model::CallToolResult, crate::error::CallError> {
        let Some(tools) = self
            .request
            .extensions
            .get::<FromServer>()
            .map(|server| server.tools.clone())
        else {
            return Err(crate::error::CallError::new(
                name,
                ErrorData::internal_error(
                    "other tools are reachable only when the server serves the call",
                    None,
                ),
            ));
        };
        let arguments = match arguments {
            Value::Object(arguments) => arguments,
            Value::Null => Default::default(),
            other => {
                return Err(crate::error::CallError::new(
                    name,
                    ErrorData::invalid_params(
                        format!("its arguments must be a JSON object, not {other}"),
                        None,
                    ),
                ));
            }
        };
        tools
            .call(name, arguments, self.clone())
            .await
            .map_err(|error| crate::error::CallError::new(name, error))
    }

    /// rmcp's whole request context: id, `_meta`, extensions, cancellation.
    pub fn request(&self) -> &RequestContext<RoleServer> {
        &self.request
    }
}

/// What the server serving a call lends it, put in the request's extensions by the server:
/// its tools, for [`Context::call_tool`], the session's log level, for [`Context::log`],
/// and the shared undo journal a store gave it (`Server::with_store`), for the undo layer.
#[derive(Clone)]
pub(crate) struct FromServer {
    pub(crate) tools: Arc<dyn CallTools>,
    pub(crate) log_level: SessionLogLevel,
    pub(crate) journal: Option<Arc<dyn crate::store::journal::JournalStore>>,
}

impl Context {
    /// What the server serving the call lends it, if a server serves it.
    pub(crate) fn lent(&self) -> Option<&FromServer> {
        self.request.extensions.get::<FromServer>()
    }
}

/// Calls a tool of a server by name, with the server's state.
pub(crate) trait CallTools: Send + Sync {
    fn call<'a>(
        &'a self,
        name: &'a str,
        arguments: rmcp::model::JsonObject,
        context: Context,
    ) -> BoxFuture<'a, Result<rmcp::model::CallToolResult, ErrorData>>;
}

/// The request of a [`Context::detached`]: number 0, on a connection to no client.
pub(crate) fn detached_request() -> RequestContext<RoleServer> {
    let (ours, theirs) = tokio::io::duplex(64);
    drop(theirs);
    let running = rmcp::service::serve_directly::<RoleServer, _, _, _, _>(NoPeer, ours, None);
    let peer = running.peer().clone();
    RequestContext::new(rmcp::model::RequestId::Number(0), peer)
}

/// The handler of a [`Context::detached`]'s closed connection: it serves nothing.
struct NoPeer;

impl rmcp::ServerHandler for NoPeer {}
