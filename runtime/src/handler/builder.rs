//! The six `with_*` methods of [`Server`], each taking one value: its handler, what it says of
//! itself ([`About`]), its tasks ([`TaskSettings`]), its shared store, which tools each caller
//! sees ([`Access`]), and tool search.

use std::sync::Arc;
use std::time::Duration;

use rmcp::ServerHandler;
use rmcp::model::ServerCapabilities;

use crate::handler::about::About;
use crate::handler::access::Access;
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
            reachable: self.reachable,
            info: self.info,
            handler: Arc::new(handler),
            tasks: self.tasks,
            task_ttl: self.task_ttl,
            task_limit: self.task_limit,
            instance_id: self.instance_id,
            journal: self.journal,
            log_level: self.log_level,
            access: self.access,
            record_caller: self.record_caller,
            cache: self.cache,
            search: self.search,
            skills: self.skills,
        }
    }

    /// What the server says of itself: its name and version (an rmcp [`Implementation`](rmcp::model::Implementation)
    /// converts), and optionally its instructions, the capabilities it advertises besides its
    /// tools, and whether each result's provenance names the caller. See [`About`]: each part
    /// given replaces the server's, each left out keeps it.
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
    pub fn with_info(mut self, about: impl Into<About>) -> Self {
        let About {
            implementation,
            instructions,
            capabilities,
            caller_in_provenance,
            cache_hints,
            skills,
        } = about.into();
        if let Some(implementation) = implementation {
            Arc::make_mut(&mut self.info).server_info = implementation;
        }
        if let Some(instructions) = instructions {
            let info = Arc::make_mut(&mut self.info);
            *info = info.clone().with_instructions(instructions);
        }
        if let Some(capabilities) = capabilities {
            self.set_capabilities(capabilities);
        }
        self.record_caller |= caller_in_provenance;
        if let Some(hints) = cache_hints {
            self.cache = hints;
        }
        if let Some(skills) = skills {
            self.set_skills(&skills);
        }
        self
    }

    /// How the calls of its task tools (`#[tool(task = "...")]`) run: their time to live, how
    /// many at once, the store that keeps them, the replica's name on their spans. See
    /// [`TaskSettings`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use toolshape::serve::TaskSettings;
    /// use toolshape::{Server, ToolSet};
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
    /// [`redis`](crate::store::redis) for what lives where, and what stays per replica.
    #[cfg(feature = "redis")]
    pub fn with_store(mut self, store: &crate::store::redis::RedisStore) -> Self {
        self.tasks = Arc::new(store.tasks());
        self.journal = Some(Arc::new(store.journal("undo")));
        self
    }

    /// [`About::with_capabilities`]: `capabilities`, with the tools capability and the tasks
    /// extension kept.
    fn set_capabilities(&mut self, mut capabilities: ServerCapabilities) {
        let ours = &Arc::make_mut(&mut self.info).capabilities;
        if capabilities.tools.is_none() {
            capabilities.tools = ours.tools.clone();
        }
        if self.tools.runs_tasks() || self.skills.is_some() {
            let kept = ours.extensions.clone().unwrap_or_default();
            capabilities
                .extensions
                .get_or_insert_with(Default::default)
                .extend(kept);
        }
        if self.skills.is_some() && capabilities.resources.is_none() {
            capabilities.resources = ours.resources.clone();
        }
        Arc::make_mut(&mut self.info).capabilities = capabilities;
    }

    /// [`About::with_skills`]: the skills checked against the tools (and the guide written
    /// from them), the skills extension and the resources capability advertised.
    fn set_skills(&mut self, skills: &crate::skills::Skills) {
        let lines = (self.tools.list().iter())
            .map(|tool| {
                let info = self.tools.info(&tool.name);
                crate::skills::ToolLine {
                    name: tool.name.to_string(),
                    summary: crate::skills::summary(tool.description.as_deref().unwrap_or("")),
                    kind: info.as_ref().and_then(|info| info.kind()),
                    undoable: info.as_ref().is_some_and(|info| info.undo()),
                }
            })
            .collect::<Vec<_>>();
        let undo = lines.iter().any(|line| line.name == crate::undo::UNDO_TOOL);
        let tools = crate::skills::Tools {
            server: &self.info.server_info.name,
            lines,
            search: self.search.is_some(),
            undo,
        };
        let served = skills
            .serve(&tools)
            .map_err(|error| error.to_string().into());
        self.skills = Some((skills.clone(), served));
        let info = Arc::make_mut(&mut self.info);
        let skills = (ServerCapabilities::builder())
            .enable_skills_with_directory_read()
            .build();
        (info
            .capabilities
            .extensions
            .get_or_insert_with(Default::default))
        .extend(skills.extensions.unwrap_or_default());
        if info.capabilities.resources.is_none() {
            info.capabilities.resources = ServerCapabilities::builder()
                .enable_resources()
                .build()
                .resources;
        }
    }

    /// Which tools a caller sees in `tools/list` and may call: their scopes (always), a
    /// [`ToolSwitch`](crate::serve::ToolSwitch) that turns tools off and on while the server
    /// runs, a filter on the tool, the caller and the client's capabilities. See [`Access`].
    /// With a switch, the server advertises `capabilities.tools.listChanged`.
    pub fn with_access(mut self, access: Access) -> Self {
        if let Some(switch) = &access.switch {
            switch.know(
                self.tools
                    .list()
                    .into_iter()
                    .map(|tool| tool.name.into_owned()),
            );
        }
        self.access = access;
        self
    }

    /// How the server presents its tools, when not as one listing: through search, through
    /// code mode, or both.
    ///
    /// With code mode (feature `code`), `execute` is listed too and runs a script of tool
    /// calls: `.with_tool_search(CodeMode::new())` alone (every tool, or the pinned ones,
    /// then `call_tool` and `execute`), or `.with_tool_search(ToolSearch::new().with_code_mode(CodeMode::new()))`
    /// with search. See the `code` module.
    ///
    /// A pinned name that names no tool, or a tool named `search_tools`, `call_tool` (or
    /// `execute`, with code mode), is an error the `serve_*` methods return before serving.
    pub fn with_tool_search(mut self, search: impl Into<crate::search::ToolSearch>) -> Self {
        let tools = self.tools.list();
        let declared = (tools.iter())
            .map(|tool| {
                let words = self.tools.keywords(&tool.name);
                (
                    tool.name.to_string(),
                    words.iter().map(|w| w.to_string()).collect(),
                )
            })
            .collect();
        let served = crate::search::served::Served::new(search.into(), tools, declared);
        self.search = Some(Arc::new(served));
        // the tool guide says to search first
        if let Some((skills, _)) = self.skills.take() {
            self.set_skills(&skills);
        }
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
    /// `TaskManager`: see [`tasks`](crate::store::tasks).
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
