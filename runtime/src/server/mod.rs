//! A ready-made MCP server over a [`ToolSet`]: stdio, streamable HTTP, or any rmcp transport.
//!
//! [`Server`] is the one place that implements rmcp's [`ServerHandler`]: `tools/list` and
//! `tools/call` are the [`ToolSet`]'s (with its layers); every other method of the protocol
//! goes to the server's *handler* ([`Server::with_handler`]), an rmcp `ServerHandler` that
//! serves resources, prompts, completions or anything else. Nothing is forwarded by hand, so
//! nothing can be forgotten.

pub(crate) mod protocol;
mod task_work;

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
    ClientCapabilities, CompleteRequestParams, CompleteResult, CreateTaskResult,
    CustomNotification, CustomRequest, CustomResult, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, GetSkillRequestParams, GetSkillResult, GetTaskParams, GetTaskResult,
    Implementation, ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult,
    ListSkillsResult, ListToolsResult, PaginatedRequestParams, ProgressNotificationParam,
    ProtocolVersion, ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult,
    ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, ResultType,
    ServerCapabilities, ServerConfig, SubscribeRequestParams, SubscriptionFilter, Tool,
    UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::task_manager::{TaskManager, TaskOptions};
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::call::context::{CallTools, FromServer, LogLevel, SessionLogLevel, TaskStarter};
use crate::call::spec::TaskSupport;
use crate::store::tasks::TaskStore;
use crate::toolset::ToolSet;

/// An MCP server that serves a [`ToolSet`] with a state `S`.
///
/// Cloning is cheap (the state and tools are shared), which is what rmcp's HTTP transport
/// needs to serve each session.
///
/// ```no_run
/// use toolshape::{Server, ToolSet, tool, tools};
///
/// /// Add two numbers.
/// #[tool(format = "json")]
/// fn add(a: i64, b: i64) -> i64 { a + b }
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
/// let server = Server::new((), ToolSet::new(tools![add])?).with_info("calculator", "1.0.0");
/// server.serve_stdio().await?;
/// # Ok(()) }
/// # fn main() { let _ = run; }
/// ```
///
/// `H` is the handler that answers everything but tools: [`NoHandler`] until
/// [`Server::with_handler`] gives it one.
pub struct Server<S, H = NoHandler> {
    state: Arc<S>,
    tools: Arc<ToolSet<S>>,
    info: Arc<ServerConfig>,
    handler: Arc<H>,
    /// The calls running as tasks (`#[tool(task = "...")]`), shared by every clone.
    tasks: Arc<dyn TaskStore>,
    /// How long a task may run, and how long it is kept once ended.
    task_ttl: Option<std::time::Duration>,
    /// How many tasks may run at once.
    task_limit: usize,
    /// Which replica this is, on the spans of the tasks it runs.
    instance_id: Option<Arc<str>>,
    /// The undo journal a shared store gave the server ([`Server::with_store`]): the undo
    /// layer's, instead of its own.
    journal: Option<Arc<dyn crate::undo::JournalStore>>,
    /// The level a 2025-11-25 client set with `logging/setLevel`. Each clone is one
    /// session's server (rmcp's HTTP service clones the server per session), so a clone
    /// starts with none.
    log_level: SessionLogLevel,
    /// [`Server::with_tool_filter`].
    filter: Option<Arc<ToolFilter>>,
    /// [`Server::with_caller_in_provenance`].
    record_caller: bool,
}

/// Which tools a caller sees and may call, given the tool, the caller and the client's
/// declared capabilities: [`Server::with_tool_filter`].
pub type ToolFilter = dyn Fn(&crate::layer::ToolInfo<'_>, &crate::Caller, Option<&ClientCapabilities>) -> bool
    + Send
    + Sync;

/// The handler of a [`Server`] that has none: it serves no resources, prompts or
/// completions, so the server answers their `list` methods with empty lists.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHandler;

impl ServerHandler for NoHandler {}

/// The tools a tool of a [`Server`] can call through [`Context::call_tool`](crate::Context::call_tool).
struct Reachable<S> {
    state: Arc<S>,
    tools: Arc<ToolSet<S>>,
}

impl<S: Send + Sync + 'static> CallTools for Reachable<S> {
    fn call<'a>(
        &'a self,
        name: &'a str,
        arguments: rmcp::model::JsonObject,
        context: crate::Context,
    ) -> crate::BoxFuture<'a, Result<rmcp::model::CallToolResult, ErrorData>> {
        if self.tools.get(name).is_none() {
            return Box::pin(std::future::ready(Err(ErrorData::invalid_params(
                format!("no tool is named `{name}`"),
                None,
            ))));
        }
        self.tools
            .call_through_layers(name.to_owned(), &self.state, arguments, context)
    }
}

impl<S, H> Clone for Server<S, H> {
    fn clone(&self) -> Self {
        Server {
            state: self.state.clone(),
            tools: self.tools.clone(),
            info: self.info.clone(),
            handler: self.handler.clone(),
            tasks: self.tasks.clone(),
            task_ttl: self.task_ttl,
            task_limit: self.task_limit,
            instance_id: self.instance_id.clone(),
            journal: self.journal.clone(),
            log_level: SessionLogLevel::default(),
            filter: self.filter.clone(),
            record_caller: self.record_caller,
        }
    }
}

impl<S, H> std::fmt::Debug for Server<S, H> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server")
            .field("name", &self.info.server_info.name)
            .field("tools", &*self.tools)
            .finish_non_exhaustive()
    }
}

impl<S: Send + Sync + 'static> Server<S> {
    /// A server with this state and these tools. It reports itself as `toolshape-server`
    /// until [`Server::with_info`] names it.
    pub fn new(state: S, tools: ToolSet<S>) -> Self {
        // Resources, prompts and completions are advertised (as empty) because clients and
        // the conformance suite expect `resources/list` & co. to answer rather than fail with
        // "method not found"; logging because `logging/setLevel` is part of 2025-11-25.
        // The tasks extension when a tool can run as a task.
        #[allow(deprecated)] // logging capability: deprecated by SEP-2577, still in 2025-11-25
        let mut capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_prompts()
            .enable_completions()
            .enable_logging()
            .build();
        if tools.runs_tasks() {
            capabilities.extensions = ServerCapabilities::builder()
                .enable_tasks()
                .build()
                .extensions;
        }
        let info = ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("toolshape-server", crate::VERSION));
        Server {
            state: Arc::new(state),
            tools: Arc::new(tools),
            info: Arc::new(info),
            handler: Arc::new(NoHandler),
            tasks: Arc::new(TaskManager::new()),
            task_ttl: Some(DEFAULT_TASK_TTL),
            task_limit: DEFAULT_TASK_LIMIT,
            instance_id: None,
            journal: None,
            log_level: SessionLogLevel::default(),
            filter: None,
            record_caller: false,
        }
    }
}

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// Serves every method of the protocol other than `tools/list` and `tools/call` with
    /// `handler`, an rmcp [`ServerHandler`]: resources, prompts (rmcp's `#[prompt_router]`
    /// and `#[prompt_handler]` write one), completions, subscriptions, custom requests.
    ///
    /// Capabilities: the server always advertises tools, resources, prompts, completions
    /// and logging, so that a client listing resources or prompts gets an (empty) answer
    /// rather than "method not found"; what the handler's `get_info` advertises for
    /// resources, prompts, completions and logging replaces toolshape's default (with its
    /// `subscribe` and `listChanged` flags), and its `experimental` capabilities and
    /// extensions are added. A `list` method the handler does not serve is answered with an
    /// empty list; `logging/setLevel` is accepted when the handler does not advertise
    /// logging. Notifications (`notifications/roots/list_changed`, cancellation, progress)
    /// go to the handler. The server's name, version and instructions stay the server's own
    /// ([`Server::with_info`]); the handler's instructions are used when the server has none.
    /// A result the handler builds from JSON (without rmcp's constructors) is sent with
    /// `resultType: "complete"` to clients on 2026-07-28, which require it.
    ///
    /// ```
    /// use rmcp::handler::server::router::prompt::PromptRouter;
    /// use rmcp::model::{PromptMessage, Role};
    /// use rmcp::{ServerHandler, prompt, prompt_handler, prompt_router};
    /// use toolshape::{Server, ToolSet, tool, tools};
    ///
    /// /// Add two numbers.
    /// #[tool(format = "json")]
    /// fn add(a: i64, b: i64) -> i64 { a + b }
    ///
    /// struct Prompts { prompt_router: PromptRouter<Prompts> }
    ///
    /// #[prompt_router]
    /// impl Prompts {
    ///     /// Ask for a sum.
    ///     #[prompt]
    ///     fn sum(&self) -> Vec<PromptMessage> {
    ///         vec![PromptMessage::new_text(Role::User, "What is 2 + 2?")]
    ///     }
    /// }
    ///
    /// #[prompt_handler(router = self.prompt_router)]
    /// impl ServerHandler for Prompts {}
    ///
    /// # fn main() -> Result<(), toolshape::DuplicateTool> {
    /// let prompts = Prompts { prompt_router: Prompts::prompt_router() };
    /// let server = Server::new((), ToolSet::new(tools![add])?).with_handler(prompts);
    /// let capabilities = ServerHandler::get_info(&server).capabilities;
    /// assert!(capabilities.prompts.is_some() && capabilities.tools.is_some());
    /// # Ok(()) }
    /// ```
    pub fn with_handler<H2: ServerHandler>(self, handler: H2) -> Server<S, H2> {
        Server {
            state: self.state,
            tools: self.tools,
            info: self.info,
            handler: Arc::new(handler),
            tasks: self.tasks,
            task_ttl: self.task_ttl,
            task_limit: self.task_limit,
            instance_id: self.instance_id,
            journal: self.journal,
            log_level: self.log_level,
            filter: self.filter,
            record_caller: self.record_caller,
        }
    }

    /// The handler that serves everything but tools ([`Server::with_handler`]).
    pub fn handler(&self) -> &H {
        &self.handler
    }

    /// Names the server in its `initialize` answer (`serverInfo.name` and `.version`).
    /// Pass your crate's: `with_info(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))`.
    pub fn with_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        let info = Arc::make_mut(&mut self.info);
        info.server_info = Implementation::new(name, version);
        self
    }

    /// The whole `serverInfo` of the `initialize` answer, beyond name and version: a title
    /// for people, a description, icons, a website.
    ///
    /// ```
    /// use rmcp::model::Implementation;
    /// use toolshape::{Server, ToolSet};
    ///
    /// let server = Server::new((), ToolSet::default()).with_server_info(
    ///     Implementation::new("everything", "2.0.0").with_title("Everything Reference Server"),
    /// );
    /// let info = rmcp::ServerHandler::get_info(&server).server_info;
    /// assert_eq!(info.title.as_deref(), Some("Everything Reference Server"));
    /// ```
    pub fn with_server_info(mut self, server_info: Implementation) -> Self {
        Arc::make_mut(&mut self.info).server_info = server_info;
        self
    }

    /// Seals the request state of input-required results with these keys instead of a
    /// random key of this process: see [`StateKeys`](crate::StateKeys).
    pub fn with_state_keys(mut self, keys: crate::StateKeys) -> Self {
        let tools = Arc::make_mut(&mut self.tools);
        *tools = std::mem::take(tools).with_state_keys(keys);
        self
    }

    /// How long a call running as a task (`#[tool(task = "...")]`) may run before it is
    /// stopped and fails (`task expired`), and how long its result is kept for `tasks/get`
    /// once it has ended: the task's `ttlMs`. Five minutes unless set; `None` for no limit
    /// (ended tasks are then kept until the server stops).
    pub fn with_task_ttl(mut self, ttl: Option<std::time::Duration>) -> Self {
        self.task_ttl = ttl;
        self
    }

    /// How many calls may run as tasks at once (1024 unless set). Past it, a
    /// `task = "optional"` call runs as a plain call, and a `task = "required"` or
    /// `"deferred"` one that would start a task is answered with the protocol's internal
    /// error (-32603) saying so: a flood of calls cannot fill the server with tasks.
    pub fn with_task_limit(mut self, limit: usize) -> Self {
        self.task_limit = limit;
        self
    }

    /// Names this replica of the service (say, the host and port it serves on) on the span
    /// of each task it runs, as `service.instance.id` beside the task's `mcp.task.id`:
    /// with several replicas behind a load balancer, a trace shows which one ran the task.
    pub fn with_instance_id(mut self, id: impl Into<String>) -> Self {
        self.instance_id = Some(id.into().into());
        self
    }

    /// Keeps the calls running as tasks in `store` instead of rmcp's in-memory
    /// `TaskManager`: see [`tasks`](crate::tasks).
    pub fn with_task_store(mut self, store: impl TaskStore) -> Self {
        self.tasks = Arc::new(store);
        self
    }

    /// Keeps everything a client can see across requests in one shared store, for many
    /// replicas of the server behind a load balancer: its tasks, and the journal of its
    /// [undo layer](crate::undo) if it has one (instead of the layer's own). See
    /// [`redis`](crate::redis) for what lives where, and what stays per replica.
    #[cfg(feature = "redis")]
    pub fn with_store(mut self, store: &crate::redis::RedisStore) -> Self {
        self.tasks = Arc::new(store.tasks());
        self.journal = Some(Arc::new(store.journal("undo")));
        self
    }

    /// What the server advertises besides its tools, instead of toolshape's default
    /// (resources, prompts, completions and logging, answered empty when nothing serves
    /// them, so that clients which list them get an answer): for a server that must
    /// advertise exactly what another implementation did. The `tools` capability is kept
    /// (as given, or `{}`), and so is the tasks extension when a tool can run as a task; a
    /// handler given to [`Server::with_handler`] still adds what it advertises. Methods of
    /// capabilities left out are still answered (an empty list, a level accepted).
    ///
    /// ```
    /// use rmcp::model::ServerCapabilities;
    /// use toolshape::{Server, ToolSet};
    ///
    /// let server = Server::new((), ToolSet::default())
    ///     .with_capabilities(ServerCapabilities::builder().enable_prompts().build());
    /// let capabilities = rmcp::ServerHandler::get_info(&server).capabilities;
    /// assert!(capabilities.tools.is_some() && capabilities.prompts.is_some());
    /// assert!(capabilities.logging.is_none() && capabilities.resources.is_none());
    /// ```
    pub fn with_capabilities(mut self, mut capabilities: ServerCapabilities) -> Self {
        let ours = &Arc::make_mut(&mut self.info).capabilities;
        if capabilities.tools.is_none() {
            capabilities.tools = ours.tools.clone();
        }
        if self.tools.runs_tasks() {
            let tasks = ours.extensions.clone().unwrap_or_default();
            capabilities
                .extensions
                .get_or_insert_with(Default::default)
                .extend(tasks);
        }
        Arc::make_mut(&mut self.info).capabilities = capabilities;
        self
    }

    /// Decides, per request, which tools a caller sees in `tools/list` and may call: `keep`
    /// gets each tool (its name, kind, scopes, listing), the [`Caller`](crate::Caller) and
    /// the capabilities the client declared (when it did), and returns whether the tool is
    /// for them. It runs after the scope check (a tool the caller lacks scopes for is never
    /// shown). A call of a tool the filter hides is refused as a call of an unknown tool.
    ///
    /// To list a tool only to clients that can answer its questions:
    ///
    /// ```
    /// use toolshape::{Context, Server, ToolSet, tool, tools};
    ///
    /// /// Ask the user to confirm.
    /// #[tool(format = "text")]
    /// async fn confirm(#[context] cx: Context) -> String {
    ///     format!("can ask: {}", cx.can_elicit())
    /// }
    ///
    /// /// Add two numbers.
    /// #[tool(format = "json")]
    /// fn add(a: i64, b: i64) -> i64 { a + b }
    ///
    /// let server = Server::new((), ToolSet::new(tools![confirm, add]).unwrap())
    ///     .with_tool_filter(|tool, _caller, capabilities| {
    ///         tool.name() != "confirm" || capabilities.is_some_and(|c| c.elicitation.is_some())
    ///     });
    /// # let _ = server;
    /// ```
    pub fn with_tool_filter(
        mut self,
        keep: impl Fn(&crate::layer::ToolInfo<'_>, &crate::Caller, Option<&ClientCapabilities>) -> bool
        + Send
        + Sync
        + 'static,
    ) -> Self {
        self.filter = Some(Arc::new(keep));
        self
    }

    /// Records who asked in every result's provenance: `metadata.caller` (or
    /// `_meta["dev.toolshape/provenance"].caller`) is the subject of the caller's access
    /// token, or the local user's name over stdio. Off by default: the subject is personal
    /// data that not every audit trail should carry.
    pub fn with_caller_in_provenance(mut self) -> Self {
        self.record_caller = true;
        self
    }

    /// Whether the filter lets `caller` see and call the tool `name`.
    fn keeps(
        &self,
        name: &str,
        caller: &crate::Caller,
        capabilities: Option<&ClientCapabilities>,
    ) -> bool {
        match (&self.filter, self.tools.info(name)) {
            (Some(filter), Some(info)) => filter(&info, caller, capabilities),
            _ => true,
        }
    }

    /// Sets the `instructions` the server gives clients at initialisation.
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        let info = Arc::make_mut(&mut self.info);
        *info = info.clone().with_instructions(instructions);
        self
    }

    /// The state.
    pub fn state(&self) -> &S {
        &self.state
    }

    /// The tools.
    pub fn tools(&self) -> &ToolSet<S> {
        &self.tools
    }

    /// The tools, shared: for the transports, which outlive a borrow of the server.
    #[cfg(feature = "http")]
    pub(crate) fn tools_arc(&self) -> Arc<ToolSet<S>> {
        self.tools.clone()
    }
}

/// A task's time to live unless [`Server::with_task_ttl`] says otherwise.
const DEFAULT_TASK_TTL: std::time::Duration = std::time::Duration::from_secs(300);

/// How many tasks may run at once unless [`Server::with_task_limit`] says otherwise.
const DEFAULT_TASK_LIMIT: usize = 1024;

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// Runs the call as a task in the server's store: the task exists (`tasks/get` finds
    /// it) when this returns. Refused when the store already runs the server's limit.
    async fn start_task(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::Task, ErrorData> {
        if self.at_task_limit().await? {
            return Err(ErrorData::internal_error(
                format!(
                    "{} tasks are running, this server's limit: call again when one has ended",
                    self.task_limit
                ),
                None,
            ));
        }
        let ttl_ms = self
            .task_ttl
            .map(|ttl| u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX));
        let span = task_work::span(&request.name, self.instance_id.as_deref());
        let work = task_work::work(self.state.clone(), self.tools.clone(), request, context);
        let task = self
            .tasks
            .spawn(
                TaskOptions::new().with_ttl_ms(ttl_ms),
                task_work::traced(work, span.clone()),
            )
            .await?;
        span.record("mcp.task.id", task.task_id.as_str());
        Ok(task)
    }

    /// Whether the store runs as many tasks as the server allows (a store that does not
    /// count them never is); the store's error when it cannot say.
    async fn at_task_limit(&self) -> Result<bool, ErrorData> {
        Ok(self
            .tasks
            .running()
            .await?
            .is_some_and(|running| running >= self.task_limit))
    }

    /// What the handler advertises.
    fn theirs(&self) -> ServerCapabilities {
        self.handler.get_info().capabilities
    }
}

/// Every method of the protocol: tools from the [`ToolSet`], the rest from the handler.
/// Each method rmcp's trait has is written here, so a method the handler implements is
/// never left out (the handler's own defaults answer what it does not implement).
impl<S: Send + Sync + 'static, H: ServerHandler> ServerHandler for Server<S, H> {
    fn get_info(&self) -> ServerConfig {
        let mut info = (*self.info).clone();
        let theirs = self.handler.get_info();
        let ours = &mut info.capabilities;
        let caps = theirs.capabilities;
        ours.prompts = caps.prompts.or(ours.prompts.take());
        ours.resources = caps.resources.or(ours.resources.take());
        ours.completions = caps.completions.or(ours.completions.take());
        ours.logging = caps.logging.or(ours.logging.take());
        ours.experimental = caps.experimental.or(ours.experimental.take());
        match (&mut ours.extensions, caps.extensions) {
            (Some(ours), Some(theirs)) => ours.extend(theirs),
            (ours, theirs) => *ours = theirs.or(ours.take()),
        }
        if info.instructions.is_none() {
            info.instructions = theirs.instructions;
        }
        info
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.handler.supported_protocol_versions()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let caller = crate::Caller::of(&context);
        let mut tools = self.tools.list_for(&caller);
        if self.filter.is_some() {
            let capabilities = context.client_capabilities();
            tools.retain(|tool| self.keeps(&tool.name, &caller, capabilities.as_ref()));
        }
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.record_caller {
            context.extensions.insert(crate::call::caller::RecordCaller);
        }
        // A caller without the tool's scopes is refused before anything starts (a task too).
        let caller = crate::Caller::of(&context);
        if let Some(refusal) = self.tools.refuse_scopes(&request.name, &caller) {
            return Ok(CallToolResponse::Complete(refusal));
        }
        if self.filter.is_some()
            && !self.keeps(
                &request.name,
                &caller,
                context.client_capabilities().as_ref(),
            )
        {
            return Err(ErrorData::invalid_params(
                format!("no tool is named `{}`", request.name),
                None,
            ));
        }
        // what `Context::call_tool` reaches: this server's tools and state
        let tools = Arc::new(Reachable {
            state: self.state.clone(),
            tools: self.tools.clone(),
        });
        context.extensions.insert(FromServer {
            tools,
            log_level: self.log_level.clone(),
            journal: self.journal.clone(),
        });
        let task = self
            .tools
            .info(&request.name)
            .map_or(TaskSupport::Never, |tool| tool.task());
        if task == TaskSupport::Never {
            return self.tools.respond(&self.state, request, context).await;
        }
        // Read (and, on 2026-07-28, parsed from the request) only for a task tool.
        let client_runs_tasks = context
            .client_capabilities()
            .is_some_and(|capabilities| capabilities.supports_tasks());
        match task {
            TaskSupport::Deferred if client_runs_tasks => {
                // A plain call that the tool may turn into a task: the task runs the same
                // request again, with the answers of its last round.
                let (server, params, task_context) =
                    (self.clone(), request.clone(), context.clone());
                context.extensions.insert(TaskStarter::new(move || {
                    Box::pin(async move { server.start_task(params, task_context).await })
                }));
                self.tools.respond(&self.state, request, context).await
            }
            // At the limit (or when the store cannot say), a call that may run either way
            // runs as a plain call.
            TaskSupport::Optional
                if client_runs_tasks && self.at_task_limit().await.unwrap_or(true) =>
            {
                self.tools.respond(&self.state, request, context).await
            }
            TaskSupport::Optional | TaskSupport::Required if client_runs_tasks => {
                // Arguments that do not fit are refused now, as a plain call would refuse
                // them, not in a task the client would have to poll to learn it.
                let arguments = request.arguments.clone().unwrap_or_default();
                if let Some(refusal) = self.tools.check_arguments(&request.name, arguments) {
                    return Ok(CallToolResponse::Complete(refusal));
                }
                let task = self.start_task(request, context).await?;
                Ok(CallToolResponse::Task(CreateTaskResult::new(task)))
            }
            TaskSupport::Required => Err(ErrorData::missing_required_client_capability(
                ClientCapabilities::builder().enable_tasks().build(),
            )),
            _ => self.tools.respond(&self.state, request, context).await,
        }
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.get(name).cloned()
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        if self.theirs().completions.is_none() {
            return Ok(CompleteResult::default());
        }
        self.handler
            .complete(request, context)
            .await
            .map(SaysComplete::says_complete)
    }

    /// Kept for this session: a tool's `Context::log` below the level is not sent (a
    /// 2026-07-28 request states its level itself). Then the handler's, when it advertises
    /// logging.
    #[allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.log_level.set(LogLevel::from_rmcp(&request.level));
        if self.theirs().logging.is_none() {
            return Ok(());
        }
        self.handler.set_level(request, context).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        Ok(match self.handler.get_prompt(request, context).await? {
            GetPromptResponse::Complete(result) => {
                GetPromptResponse::Complete(result.says_complete())
            }
            other => other,
        })
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        if self.theirs().prompts.is_none() {
            return Ok(ListPromptsResult::default());
        }
        self.handler
            .list_prompts(request, context)
            .await
            .map(SaysComplete::says_complete)
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        if self.theirs().resources.is_none() {
            return Ok(ListResourcesResult::default());
        }
        self.handler
            .list_resources(request, context)
            .await
            .map(SaysComplete::says_complete)
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        if self.theirs().resources.is_none() {
            return Ok(ListResourceTemplatesResult::default());
        }
        self.handler
            .list_resource_templates(request, context)
            .await
            .map(SaysComplete::says_complete)
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        // No resource is declared: every URI is unknown, invalid params naming it, as the
        // protocol asks of a resource that does not exist.
        if self.theirs().resources.is_none() {
            return Err(ErrorData::invalid_params(
                format!("no resource `{}`", request.uri),
                Some(serde_json::json!({"uri": request.uri})),
            ));
        }
        Ok(match self.handler.read_resource(request, context).await? {
            ReadResourceResponse::Complete(result) => {
                ReadResourceResponse::Complete(result.says_complete())
            }
            other => other,
        })
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.handler.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.handler.listen(context).await
    }

    #[allow(deprecated)] // resources/subscribe: legacy, still in 2025-11-25
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.handler.subscribe(request, context).await
    }

    #[allow(deprecated)] // resources/unsubscribe: legacy, still in 2025-11-25
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.handler.unsubscribe(request, context).await
    }

    /// A request of a method MCP defines whose params do not fit it reaches here, read by
    /// rmcp as a method it does not know: answered `-32602` naming the member (what the
    /// transports answer for params they cannot read at all). Any other method is the
    /// handler's.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let revision = context.protocol_version();
        if let Some(problem) = protocol::custom_request_problem(
            &request.method,
            request.params.as_ref(),
            revision.as_ref().map(ProtocolVersion::as_str),
        ) {
            return Err(ErrorData::invalid_params(problem, None));
        }
        self.handler.on_custom_request(request, context).await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.handler.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.handler.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler
            .on_custom_notification(notification, context)
            .await;
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        // The tasks of toolshape's tools first; an id the store does not know goes to the
        // handler when it runs tasks of its own.
        match self.tasks.get(&request.task_id).await {
            Err(_) if self.theirs().supports_tasks() => {
                self.handler.get_task(request, context).await
            }
            found => found.map(GetTaskResult::new),
        }
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if self.theirs().supports_tasks() && self.tasks.get(&request.task_id).await.is_err() {
            return self.handler.update_task(request, context).await;
        }
        self.tasks
            .update(&request.task_id, request.input_responses)
            .await
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if self.theirs().supports_tasks() && self.tasks.get(&request.task_id).await.is_err() {
            return self.handler.cancel_task(request, context).await;
        }
        self.tasks.cancel(&request.task_id).await
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        self.handler.list_skills(request, context).await
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        self.handler.get_skill(request, context).await
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        self.handler.read_resource_directory(request, context).await
    }
}

/// A result the handler made says it is complete (`resultType: "complete"`), as protocol
/// 2026-07-28 requires: rmcp's constructors set it, but a result deserialised from JSON (a
/// handler that builds its answers from data, a proxy) has none, and a 2026-07-28 client
/// refuses it. rmcp removes the field again for clients on older versions.
trait SaysComplete {
    fn says_complete(self) -> Self;
}

macro_rules! says_complete {
    ($($result:ty),*) => {
        $(impl SaysComplete for $result {
            fn says_complete(mut self) -> Self {
                self.result_type.get_or_insert(ResultType::COMPLETE);
                self
            }
        })*
    };
}

says_complete!(
    CompleteResult,
    GetPromptResult,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ReadResourceResult
);
