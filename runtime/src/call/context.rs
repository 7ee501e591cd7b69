//! What a tool can know about the request it is serving, and what it can ask of the client.

// rmcp marks sampling, roots and logging deprecated (SEP-2577); they are part of 2025-11-25,
// and 2026-07-28 still asks for samples and roots as the questions of an input-required result.
#![allow(deprecated)]

use std::collections::{BTreeMap, HashMap};
use std::fmt;
use std::future::IntoFuture;
use std::marker::PhantomData;
use std::sync::{Arc, Mutex};

use rmcp::model::{
    ClientCapabilities, CreateMessageRequestParams, CreateMessageResult, ElicitResult,
    ElicitationAction, ElicitationSchema, InputRequest, ListRootsResult, ProgressNotificationParam,
    ProtocolVersion, Root, SamplingMessage,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData, RoleServer};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::call::spec::BoxFuture;
use crate::store::tasks::TaskHandle;
use rmcp::task_manager::TaskExit;

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
/// # let _: [toolshape::ToolDef<()>; 1] = toolshape::tools![count];
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
/// server's key (see [`StateKeys`](crate::StateKeys)); state that fails the seal's check is
/// refused with a JSON-RPC error.
#[derive(Debug, Clone)]
pub struct Context {
    request: RequestContext<RoleServer>,
    inputs: Arc<Inputs>,
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
        let (ours, theirs) = tokio::io::duplex(64);
        drop(theirs);
        let running = rmcp::service::serve_directly::<RoleServer, _, _, _, _>(NoPeer, ours, None);
        let peer = running.peer().clone();
        let request = RequestContext::new(rmcp::model::RequestId::Number(0), peer);
        let inputs = Inputs::new(era_of(&request), Default::default());
        Context::with_inputs(request, Arc::new(inputs))
    }

    /// Who made the request: the subject, client and scopes of its access token over HTTP
    /// with OAuth, else the local user (over stdio, over HTTP without OAuth, and in a
    /// [`detached`](Context::detached) context). See [`Caller`](crate::Caller).
    ///
    /// ```
    /// use toolshape::Context;
    ///
    /// /// Who am I?
    /// #[toolshape::tool(format = "text")]
    /// fn whoami(#[context] cx: Context) -> String {
    ///     cx.caller().subject().unwrap_or("someone").to_owned()
    /// }
    /// # let _: [toolshape::ToolDef<()>; 1] = toolshape::tools![whoami];
    /// ```
    pub fn caller(&self) -> crate::Caller {
        crate::Caller::of(&self.request)
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
            Era::Requests => Some(
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

    /// Asks the user to fill in a form with `T`'s fields (its JSON Schema: an object of
    /// strings, numbers, booleans and enums, with their descriptions as labels).
    ///
    /// `.await` it for an [`Elicitation<T>`]: accepted with the values, declined or
    /// cancelled. Name the question with [`Ask::key`] if a client needs a stable name for it.
    ///
    /// ```
    /// use serde::Deserialize;
    /// use schemars::JsonSchema;
    /// use toolshape::{Context, Elicitation, ToolError};
    ///
    /// #[derive(Deserialize, JsonSchema)]
    /// struct Confirm {
    ///     /// Type the volume's name to confirm.
    ///     name: String,
    /// }
    ///
    /// /// Delete a volume, once the user has typed its name.
    /// #[toolshape::tool(format = "json")]
    /// async fn delete_volume(#[context] cx: Context, volume: String) -> Result<bool, ToolError> {
    ///     match cx.elicit::<Confirm>(format!("Delete {volume}?")).await? {
    ///         Elicitation::Accepted(confirm) if confirm.name == volume => Ok(true),
    ///         _ => Ok(false),
    ///     }
    /// }
    /// # let _: [toolshape::ToolDef<()>; 1] = toolshape::tools![delete_volume];
    /// ```
    pub fn elicit<T>(&self, message: impl Into<String>) -> Ask<'_, Elicitation<T>>
    where
        T: schemars::JsonSchema + DeserializeOwned + Send + 'static,
    {
        let request = ElicitationSchema::from_type::<T>()
            .map_err(|error| {
                InputError::Schema(format!(
                    "`{}` cannot be a form: {error}",
                    std::any::type_name::<T>()
                ))
            })
            .map(|schema| form_request(message.into(), schema));
        self.ask(Kind::Elicit, request)
    }

    /// Asks the user to fill in a form with this schema; the accepted values come as a JSON
    /// object. For forms whose shape is known only at run time.
    pub fn elicit_form(
        &self,
        message: impl Into<String>,
        schema: ElicitationSchema,
    ) -> Ask<'_, Elicitation<rmcp::model::JsonObject>> {
        self.ask(Kind::Elicit, Ok(form_request(message.into(), schema)))
    }

    /// Asks the user to visit `url` (to sign in, pay, or enter a secret the server must not
    /// see through the client), and to say when done. Accepted means the user went there.
    pub fn elicit_url(
        &self,
        message: impl Into<String>,
        url: impl Into<String>,
        elicitation_id: impl Into<String>,
    ) -> Ask<'_, Elicitation<()>> {
        let request = serde_json::json!({
            "method": "elicitation/create",
            "params": {
                "mode": "url",
                "message": message.into(),
                "url": url.into(),
                "elicitationId": elicitation_id.into(),
            }
        });
        self.ask(Kind::Elicit, Ok(request))
    }

    /// Asks the client's model for a completion of one user message (`max_tokens` at most).
    pub fn sample(&self, prompt: impl Into<String>, max_tokens: u32) -> Ask<'_, Sampled> {
        self.sample_with(CreateMessageRequestParams::new(
            vec![SamplingMessage::user_text(prompt)],
            max_tokens,
        ))
    }

    /// Asks the client's model for a completion: messages, system prompt, preferences.
    pub fn sample_with(&self, params: CreateMessageRequestParams) -> Ask<'_, Sampled> {
        let request = serde_json::to_value(&params)
            .map(|params| serde_json::json!({"method": "sampling/createMessage", "params": params}))
            .map_err(|error| InputError::Schema(error.to_string()));
        self.ask(Kind::Sample, request)
    }

    /// Asks the client for its roots: the directories or other places the user lets the
    /// server work in.
    pub fn roots(&self) -> Ask<'_, Vec<Root>> {
        self.ask(Kind::Roots, Ok(serde_json::json!({"method": "roots/list"})))
    }

    fn ask<T: Answer>(&self, kind: Kind, request: Result<Value, InputError>) -> Ask<'_, T> {
        Ask {
            context: self,
            kind,
            key: None,
            request,
            answer: PhantomData,
        }
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
    /// # fn main() { let _: [toolshape::ToolDef<()>; 2] = toolshape::tools![add, double_sum]; }
    /// ```
    ///
    /// # Errors
    /// Outside a [`Server`](crate::Server) (a [`Context::detached`], or a tool set called
    /// directly), and for a name no tool of the server has.
    pub async fn call_tool(
        &self,
        name: &str,
        arguments: Value,
    ) -> Result<rmcp::model::CallToolResult, crate::ToolError> {
        let Some(tools) = self
            .request
            .extensions
            .get::<FromServer>()
            .map(|server| server.tools.clone())
        else {
            return Err(crate::ToolError::new(format!(
                "cannot call the tool `{name}`: other tools are reachable only when the server serves the call"
            )));
        };
        let arguments = match arguments {
            Value::Object(arguments) => arguments,
            Value::Null => Default::default(),
            other => {
                return Err(crate::ToolError::new(format!(
                    "cannot call the tool `{name}`: its arguments must be a JSON object, not {other}"
                )));
            }
        };
        tools
            .call(name, arguments, self.clone())
            .await
            .map_err(|error| {
                crate::ToolError::new(format!("cannot call the tool `{name}`: {}", error.message))
            })
    }

    /// rmcp's whole request context: id, `_meta`, extensions, cancellation.
    pub fn request(&self) -> &RequestContext<RoleServer> {
        &self.request
    }
}

/// A question to the client, from [`Context::elicit`], [`Context::sample`] or
/// [`Context::roots`]: `.await` it for the answer.
#[must_use = "a question is asked when it is awaited"]
pub struct Ask<'a, T> {
    context: &'a Context,
    kind: Kind,
    key: Option<String>,
    request: Result<Value, InputError>,
    answer: PhantomData<fn() -> T>,
}

impl<T> fmt::Debug for Ask<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ask")
            .field("kind", &self.kind)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl<T> Ask<'_, T> {
    /// Names the question in an input-required result (`inputRequests`), where the client
    /// answers it under the same name. By default questions are named by kind and order:
    /// `elicit-1`, `sample-1`, `roots-1`, `elicit-2`, ...
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }
}

impl<'a, T: Answer + Send + 'a> IntoFuture for Ask<'a, T> {
    type Output = Result<T, InputError>;
    type IntoFuture = BoxFuture<'a, Result<T, InputError>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move {
            let Ask {
                context,
                kind,
                key,
                request,
                ..
            } = self;
            let key = context.inputs.key_for(kind, key);
            let request = request?;
            if !kind.supported_by(context) {
                if context.inputs.era == Era::Rounds {
                    // The request needs a capability its client did not declare: the
                    // protocol's own error (-32021, naming the capability) answers it.
                    context.inputs.stop(Stop::Refuse(
                        ErrorData::missing_required_client_capability(kind.required()),
                    ));
                    return std::future::pending().await;
                }
                return Err(InputError::Unsupported(kind.capability()));
            }
            match context.inputs.era {
                Era::Rounds => {
                    let answer = match context.inputs.answer(&key) {
                        Some(answer) => answer,
                        None => {
                            context.inputs.stop(Stop::Ask(key, request));
                            return std::future::pending().await;
                        }
                    };
                    match T::decode(answer) {
                        Ok(value) => Ok(value),
                        Err(expected) => {
                            context.inputs.stop(Stop::Refuse(ErrorData::invalid_params(
                                format!("the input response `{key}` is not {expected}"),
                                None,
                            )));
                            std::future::pending().await
                        }
                    }
                }
                Era::Task => {
                    // Answers given in input-required rounds before the call became a task.
                    if let Some(answer) = context.inputs.answer(&key) {
                        return T::decode(answer).map_err(|expected| {
                            InputError::Failed(format!("the client's answer is not {expected}"))
                        });
                    }
                    let Some(task) = context.request.extensions.get::<TaskHandle>() else {
                        return Err(InputError::Failed("the task is gone".into()));
                    };
                    let request = serde_json::from_value(request)
                        .map_err(|e| InputError::Failed(format!("not a valid question: {e}")))?;
                    let answer = task.request_input(key, request).await.map_err(|exit| {
                        InputError::Failed(match exit {
                            TaskExit::Cancelled => "the task was cancelled".to_owned(),
                            TaskExit::Error(error) => error.message.into_owned(),
                        })
                    })?;
                    T::decode(answer).map_err(|expected| {
                        InputError::Failed(format!("the client's answer is not {expected}"))
                    })
                }
                Era::Requests => {
                    let answer = send(&context.request.peer, kind, request).await?;
                    T::decode(answer).map_err(|expected| {
                        InputError::Failed(format!("the client's answer is not {expected}"))
                    })
                }
            }
        })
    }
}

/// The user's answer to a form or a URL: [`Context::elicit`], [`Context::elicit_url`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elicitation<T> {
    /// The user submitted the form (or went to the URL).
    Accepted(T),
    /// The user said no.
    Declined,
    /// The user dismissed the question without answering.
    Cancelled,
}

impl<T> Elicitation<T> {
    /// The values, if the user accepted.
    pub fn accepted(self) -> Option<T> {
        match self {
            Elicitation::Accepted(value) => Some(value),
            _ => None,
        }
    }
}

/// The client's model's answer to [`Context::sample`].
#[derive(Debug, Clone)]
pub struct Sampled {
    /// The answer's text (its first text block), if it has one.
    pub text: Option<String>,
    /// The model that answered, as the client names it.
    pub model: String,
    /// Why the model stopped (`endTurn`, `maxTokens`, ...), if the client says.
    pub stop_reason: Option<String>,
    result: CreateMessageResult,
}

impl Sampled {
    /// The whole answer as the client sent it (several content blocks, `_meta`).
    pub fn result(&self) -> &CreateMessageResult {
        &self.result
    }
}

/// Why a question to the client got no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// The client did not declare the capability the question needs (`elicitation`,
    /// `sampling`, `roots`). Only on 2025-11-25: a 2026-07-28 request that lacks it is
    /// answered with the protocol's missing-capability error (-32021) instead.
    Unsupported(&'static str),
    /// The question cannot be asked as written (a form type that is not a flat object, say).
    Schema(String),
    /// The client failed to answer, or answered with something else.
    Failed(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Unsupported(capability) => write!(
                f,
                "the client cannot answer this question: it does not support {capability}"
            ),
            InputError::Schema(message) => write!(f, "the question cannot be asked: {message}"),
            InputError::Failed(message) => write!(f, "the client did not answer: {message}"),
        }
    }
}

impl std::error::Error for InputError {}

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

/// The handler of a [`Context::detached`]'s closed connection: it serves nothing.
struct NoPeer;

impl rmcp::ServerHandler for NoPeer {}

impl From<InputError> for crate::ToolError {
    fn from(error: InputError) -> Self {
        crate::ToolError::new(error.to_string())
    }
}

/// The severity of a [`Context::log`] message, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum LogLevel {
    /// Detail for debugging.
    Debug,
    /// Normal progress.
    Info,
    /// Normal but significant.
    Notice,
    /// Something to look at.
    Warning,
    /// Something failed.
    Error,
    /// A component failed.
    Critical,
    /// Act now.
    Alert,
    /// The system is unusable.
    Emergency,
}

impl LogLevel {
    const ALL: [LogLevel; 8] = [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Notice,
        LogLevel::Warning,
        LogLevel::Error,
        LogLevel::Critical,
        LogLevel::Alert,
        LogLevel::Emergency,
    ];

    /// The level's name in MCP: `"debug"`, `"info"`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Error => "error",
            LogLevel::Critical => "critical",
            LogLevel::Alert => "alert",
            LogLevel::Emergency => "emergency",
        }
    }

    /// The level MCP names `level`.
    #[allow(deprecated)] // logging: deprecated by SEP-2577, still part of 2025-11-25
    pub(crate) fn from_rmcp(level: &rmcp::model::LoggingLevel) -> Option<LogLevel> {
        LogLevel::ALL.into_iter().find(|l| l.to_rmcp() == *level)
    }

    #[allow(deprecated)] // logging: deprecated by SEP-2577, still part of 2025-11-25
    fn to_rmcp(self) -> rmcp::model::LoggingLevel {
        use rmcp::model::LoggingLevel as L;
        match self {
            LogLevel::Debug => L::Debug,
            LogLevel::Info => L::Info,
            LogLevel::Notice => L::Notice,
            LogLevel::Warning => L::Warning,
            LogLevel::Error => L::Error,
            LogLevel::Critical => L::Critical,
            LogLevel::Alert => L::Alert,
            LogLevel::Emergency => L::Emergency,
        }
    }
}

/// The level a 2026-07-28 request asked for in its `_meta`, if any.
fn requested_log_level(request: &RequestContext<RoleServer>) -> Option<LogLevel> {
    LogLevel::from_rmcp(&request.meta.log_level()?)
}

/// The level a 2025-11-25 client set for its session with `logging/setLevel`, if any: the
/// server keeps it, and a call's [`Context::log`] sends nothing below it.
#[derive(Debug, Clone, Default)]
pub(crate) struct SessionLogLevel(std::sync::Arc<std::sync::atomic::AtomicU8>);

impl SessionLogLevel {
    /// Stored as 0 for none, else the level's place in [`LogLevel::ALL`] plus one.
    pub(crate) fn set(&self, level: Option<LogLevel>) {
        let stored = level.map_or(0, |level| level as u8 + 1);
        self.0.store(stored, std::sync::atomic::Ordering::Relaxed);
    }

    pub(crate) fn get(&self) -> Option<LogLevel> {
        let stored = self.0.load(std::sync::atomic::Ordering::Relaxed);
        LogLevel::ALL
            .get(usize::from(stored).checked_sub(1)?)
            .copied()
    }
}

/// How a request's questions are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Era {
    /// 2025-11-25 and before: as requests to the client while the call runs.
    Requests,
    /// 2026-07-28 and after: as an input-required result, answered by a new call.
    Rounds,
    /// A call running as a task: the task reports `input_required` with the question, and
    /// the client answers with `tasks/update`.
    Task,
}

pub(crate) fn era_of(request: &RequestContext<RoleServer>) -> Era {
    if request.extensions.get::<TaskHandle>().is_some() {
        return Era::Task;
    }
    match request.protocol_version() {
        Some(version) if version.as_str() >= ProtocolVersion::V_2026_07_28.as_str() => Era::Rounds,
        _ => Era::Requests,
    }
}

/// Why a run of a tool stopped before its result.
#[derive(Debug)]
pub(crate) enum Stop {
    /// It asked a question whose answer this round does not have.
    Ask(String, Value),
    /// The request cannot be served as sent (an answer that is not what its question takes,
    /// a capability the client did not declare): a protocol error.
    Refuse(ErrorData),
    /// It asked to go on as a task ([`Context::continue_as_task`]).
    Task,
}

/// How a round ended without the tool's result: [`Inputs::stopped`].
#[derive(Debug)]
pub(crate) enum Halt {
    /// A protocol error.
    Refuse(ErrorData),
    /// Questions for the client: an input-required result.
    Ask(BTreeMap<String, InputRequest>),
    /// The call goes on as a task.
    Task,
}

/// Starts the call being served as a task (it runs again, in the task, with the answers of
/// its rounds): put in the request's extensions by the server for a `task = "deferred"` tool
/// whose client supports tasks.
#[derive(Clone)]
pub(crate) struct TaskStarter(Arc<Mutex<Option<StartTask>>>);

/// What starts the task: the server, the request and its context, captured.
type StartTask = Box<dyn FnOnce() -> StartedTask + Send>;

/// The task being started, once the store has it.
pub(crate) type StartedTask = crate::BoxFuture<'static, Result<rmcp::model::Task, ErrorData>>;

impl TaskStarter {
    pub(crate) fn new(start: impl FnOnce() -> StartedTask + Send + 'static) -> Self {
        TaskStarter(Arc::new(Mutex::new(Some(Box::new(start)))))
    }

    /// Starts the task, once: `None` the second time.
    pub(crate) fn start(&self) -> Option<StartedTask> {
        let start = self
            .0
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .take()?;
        Some(start())
    }
}

/// The questions and answers of one call of a tool.
#[derive(Debug)]
pub(crate) struct Inputs {
    pub(crate) era: Era,
    /// The answers the client has given, this round and (from the sealed state) before.
    answers: BTreeMap<String, Value>,
    round: Mutex<Round>,
}

#[derive(Debug, Default)]
struct Round {
    asked: HashMap<Kind, usize>,
    /// Answers the tool has read: what the next round's state carries.
    used: BTreeMap<String, Value>,
    /// Questions without an answer yet.
    pending: BTreeMap<String, Value>,
    invalid: Option<ErrorData>,
    /// The tool asked to go on as a task.
    task: bool,
}

impl Inputs {
    pub(crate) fn new(era: Era, answers: BTreeMap<String, Value>) -> Self {
        Inputs {
            era,
            answers,
            round: Mutex::new(Round::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Round> {
        // The lock guards plain maps, never held across an await: a poisoned one is intact.
        self.round
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    fn key_for(&self, kind: Kind, key: Option<String>) -> String {
        let mut round = self.lock();
        let n = round.asked.entry(kind).or_default();
        *n += 1;
        key.unwrap_or_else(|| format!("{}-{n}", kind.as_str()))
    }

    fn answer(&self, key: &str) -> Option<Value> {
        let answer = self.answers.get(key)?.clone();
        self.lock().used.insert(key.to_owned(), answer.clone());
        Some(answer)
    }

    fn stop(&self, stop: Stop) {
        let mut round = self.lock();
        match stop {
            Stop::Ask(key, request) => {
                round.pending.insert(key, request);
            }
            Stop::Refuse(error) => {
                round.invalid.get_or_insert(error);
            }
            Stop::Task => round.task = true,
        }
    }

    /// Why the run cannot go on, if it cannot: a protocol error first, else the questions,
    /// else its wish to go on as a task.
    pub(crate) fn stopped(&self) -> Option<Halt> {
        let mut round = self.lock();
        if let Some(error) = round.invalid.take() {
            return Some(Halt::Refuse(error));
        }
        if round.pending.is_empty() {
            return round.task.then_some(Halt::Task);
        }
        let requests = std::mem::take(&mut round.pending)
            .into_iter()
            .map(|(key, request)| {
                serde_json::from_value::<InputRequest>(request)
                    .map(|request| (key.clone(), request))
                    .map_err(|error| {
                        ErrorData::internal_error(
                            format!("the question `{key}` could not be written: {error}"),
                            None,
                        )
                    })
            })
            .collect();
        Some(match requests {
            Ok(requests) => Halt::Ask(requests),
            Err(error) => Halt::Refuse(error),
        })
    }

    /// The answers the run has read, for the next round's state.
    pub(crate) fn used(&self) -> BTreeMap<String, Value> {
        self.lock().used.clone()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    Elicit,
    Sample,
    Roots,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Elicit => "elicit",
            Kind::Sample => "sample",
            Kind::Roots => "roots",
        }
    }

    fn capability(self) -> &'static str {
        match self {
            Kind::Elicit => "elicitation",
            Kind::Sample => "sampling",
            Kind::Roots => "roots",
        }
    }

    fn required(self) -> ClientCapabilities {
        let mut capabilities = ClientCapabilities::default();
        match self {
            Kind::Elicit => capabilities.elicitation = Some(Default::default()),
            Kind::Sample => capabilities.sampling = Some(Default::default()),
            Kind::Roots => capabilities.roots = Some(Default::default()),
        }
        capabilities
    }

    fn supported_by(self, context: &Context) -> bool {
        match self {
            Kind::Elicit => context.can_elicit(),
            Kind::Sample => context.can_sample(),
            Kind::Roots => context.can_list_roots(),
        }
    }
}

fn form_request(message: String, schema: ElicitationSchema) -> Value {
    serde_json::json!({
        "method": "elicitation/create",
        "params": {"mode": "form", "message": message, "requestedSchema": schema}
    })
}

/// Sends a question to a 2025-11-25 client as a request and returns its answer as JSON.
async fn send(peer: &Peer<RoleServer>, kind: Kind, request: Value) -> Result<Value, InputError> {
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    let failed = |error: &dyn fmt::Display| InputError::Failed(error.to_string());
    let answer = match kind {
        Kind::Elicit => {
            let params = serde_json::from_value(params).map_err(|e| failed(&e))?;
            serde_json::to_value(
                peer.create_elicitation(params)
                    .await
                    .map_err(|e| failed(&e))?,
            )
        }
        Kind::Sample => {
            let params = serde_json::from_value(params).map_err(|e| failed(&e))?;
            #[allow(deprecated)] // sampling: deprecated by SEP-2577, still part of 2025-11-25
            let result = peer.create_message(params).await.map_err(|e| failed(&e))?;
            serde_json::to_value(result)
        }
        Kind::Roots => {
            #[allow(deprecated)] // roots: deprecated by SEP-2577, still part of 2025-11-25
            let result = peer.list_roots().await.map_err(|e| failed(&e))?;
            serde_json::to_value(result)
        }
    };
    answer.map_err(|e| failed(&e))
}

/// What a question's answer decodes into. Sealed: the answers of [`Context`]'s questions.
pub trait Answer: Sized + sealed::Sealed {
    /// The answer from its JSON, or what was expected instead.
    #[doc(hidden)]
    fn decode(answer: Value) -> Result<Self, String>;
}

mod sealed {
    pub trait Sealed {}
    impl<T> Sealed for super::Elicitation<T> {}
    impl Sealed for super::Sampled {}
    impl Sealed for Vec<rmcp::model::Root> {}
}

impl<T: DeserializeOwned> Answer for Elicitation<T> {
    fn decode(answer: Value) -> Result<Self, String> {
        const EXPECTED: &str = "an elicitation result ({\"action\": \"accept\" | \"decline\" | \"cancel\", \"content\"?: {...}})";
        let result: ElicitResult =
            serde_json::from_value(answer).map_err(|error| format!("{EXPECTED}: {error}"))?;
        match result.action {
            ElicitationAction::Accept => {
                let decoded = match result.content {
                    Some(content) => serde_json::from_value(content),
                    // No values: an empty form, or a URL the user went to.
                    None => serde_json::from_value(Value::Object(Default::default()))
                        .or_else(|_| serde_json::from_value(Value::Null)),
                };
                decoded
                    .map(Elicitation::Accepted)
                    .map_err(|error| format!("the form's values ({error})"))
            }
            ElicitationAction::Decline => Ok(Elicitation::Declined),
            // `cancel`, and any action a later protocol adds: the user did not answer.
            _ => Ok(Elicitation::Cancelled),
        }
    }
}

impl Answer for Sampled {
    fn decode(answer: Value) -> Result<Self, String> {
        let result: CreateMessageResult = serde_json::from_value(answer)
            .map_err(|error| format!("a sampling result (role, content, model): {error}"))?;
        let text = result
            .message
            .content
            .first()
            .and_then(|content| content.as_text())
            .map(|text| text.text.clone());
        Ok(Sampled {
            text,
            model: result.model.clone(),
            stop_reason: result.stop_reason.clone(),
            result,
        })
    }
}

impl Answer for Vec<Root> {
    fn decode(answer: Value) -> Result<Self, String> {
        serde_json::from_value::<ListRootsResult>(answer)
            .map(|result| result.roots)
            .map_err(|error| format!("a roots result ({{\"roots\": [...]}}): {error}"))
    }
}
