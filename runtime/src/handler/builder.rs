//! The `with_*` methods of [`Server`]: its handler, its name, its tasks, its capabilities,
//! which tools each caller sees.

use std::sync::Arc;
use std::time::Duration;

use rmcp::ServerHandler;
use rmcp::model::{ClientCapabilities, Implementation, ServerCapabilities};

use crate::handler::{DEFAULT_TASK_LIMIT, DEFAULT_TASK_TTL, Server};
use crate::store::tasks::TaskStore;

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
            switch: self.switch,
            search: self.search,
        }
    }

    /// The server's `serverInfo` in its `initialize` answer: its name and version (pass your
    /// crate's), and optionally a title for people, a description, icons, a website.
    ///
    /// ```
    /// use toolshape::rmcp::model::Implementation;
    /// use toolshape::{Server, ToolSet};
    ///
    /// let server = Server::new((), ToolSet::default())
    ///     .with_info(Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION")));
    /// let server = server.with_info(
    ///     Implementation::new("everything", "2.0.0").with_title("Everything Reference Server"),
    /// );
    /// let info = rmcp::ServerHandler::get_info(&server).server_info;
    /// assert_eq!(info.title.as_deref(), Some("Everything Reference Server"));
    /// ```
    pub fn with_info(mut self, info: Implementation) -> Self {
        Arc::make_mut(&mut self.info).server_info = info;
        self
    }

    /// How the calls of its task tools (`#[tool(task = "...")]`) run: their time to live, how
    /// many at once, the store that keeps them, the replica's name on their spans. See
    /// [`TaskSettings`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use toolshape::{Server, TaskSettings, ToolSet};
    ///
    /// let server = Server::new((), ToolSet::default()).with_tasks(
    ///     TaskSettings::default()
    ///         .with_ttl(Some(Duration::from_secs(60)))
    ///         .with_limit(64),
    /// );
    /// # let _ = server;
    /// ```
    pub fn with_tasks(mut self, settings: TaskSettings) -> Self {
        let TaskSettings {
            ttl,
            limit,
            store,
            instance_id,
        } = settings;
        self.task_ttl = ttl;
        self.task_limit = limit;
        self.instance_id = instance_id;
        if let Some(store) = store {
            self.tasks = store;
        }
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

    /// Lets `switch` turn this server's tools off and on while it runs, and advertises
    /// `capabilities.tools.listChanged`: each change is sent to every 2025-11-25 session as
    /// `notifications/tools/list_changed`. See [`ToolSwitch`](crate::ToolSwitch).
    pub fn with_tool_switch(mut self, switch: &crate::ToolSwitch) -> Self {
        switch.know(
            self.tools
                .list()
                .into_iter()
                .map(|tool| tool.name.into_owned()),
        );
        self.switch = Some(switch.clone());
        self
    }

    /// Offers the tools through search: `tools/list` answers the pinned tools plus
    /// `search_tools` and `call_tool`. SCAFFOLD: stored only, until the tool-search work
    /// serves it. See [`ToolSearch`](crate::search::ToolSearch).
    pub fn with_tool_search(mut self, search: crate::search::ToolSearch) -> Self {
        self.search = Some(Arc::new(search));
        self
    }

    /// Sets the `instructions` the server gives clients at initialisation.
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        let info = Arc::make_mut(&mut self.info);
        *info = info.clone().with_instructions(instructions);
        self
    }
}

/// How a [`Server`] runs the calls of its task tools (`#[tool(task = "...")]`), given to
/// [`Server::with_tasks`] in one value. The default: a five-minute time to live, 1024 tasks
/// at once, rmcp's in-memory store (or the one [`Server::with_store`] gave), no replica
/// name.
#[derive(Clone)]
pub struct TaskSettings {
    ttl: Option<Duration>,
    limit: usize,
    store: Option<Arc<dyn TaskStore>>,
    instance_id: Option<Arc<str>>,
}

impl Default for TaskSettings {
    fn default() -> Self {
        TaskSettings {
            ttl: Some(DEFAULT_TASK_TTL),
            limit: DEFAULT_TASK_LIMIT,
            store: None,
            instance_id: None,
        }
    }
}

impl std::fmt::Debug for TaskSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TaskSettings")
            .field("ttl", &self.ttl)
            .field("limit", &self.limit)
            .field("store", &self.store.as_ref().map(|_| "a store of its own"))
            .field("instance_id", &self.instance_id)
            .finish()
    }
}

impl TaskSettings {
    /// How long a call running as a task may run before it is stopped and fails (`task
    /// expired`), and how long its result is kept for `tasks/get` once it has ended: the
    /// task's `ttlMs`. Five minutes unless set; `None` for no limit (ended tasks are then
    /// kept until the server stops).
    #[must_use]
    pub fn with_ttl(mut self, ttl: Option<Duration>) -> Self {
        self.ttl = ttl;
        self
    }

    /// How many calls may run as tasks at once (1024 unless set). Past it, a
    /// `task = "optional"` call runs as a plain call, and a `task = "required"` or
    /// `"deferred"` one that would start a task is answered with the protocol's internal
    /// error (-32603) saying so: a flood of calls cannot fill the server with tasks.
    #[must_use]
    pub fn with_limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
    }

    /// Keeps the calls running as tasks in `store` instead of rmcp's in-memory
    /// `TaskManager`: see [`tasks`](crate::tasks).
    #[must_use]
    pub fn with_store(mut self, store: impl TaskStore) -> Self {
        self.store = Some(Arc::new(store));
        self
    }

    /// Names this replica of the service (say, the host and port it serves on) on the span
    /// of each task it runs, as `service.instance.id` beside the task's `mcp.task.id`:
    /// with several replicas behind a load balancer, a trace shows which one ran the task.
    #[must_use]
    pub fn with_instance_id(mut self, id: impl Into<String>) -> Self {
        self.instance_id = Some(id.into().into());
        self
    }
}
