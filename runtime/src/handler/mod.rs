//! A ready-made MCP server over a [`ToolSet`]: stdio, streamable HTTP, or any rmcp transport.
//!
//! [`Server`] is the one place that implements rmcp's [`ServerHandler`]: `tools/list` and
//! `tools/call` are the [`ToolSet`]'s (with its layers); every other method of the protocol
//! goes to the server's *handler* ([`Server::with_handler`]), an rmcp `ServerHandler` that
//! serves resources, prompts, completions or anything else. Nothing is forwarded by hand, so
//! nothing can be forgotten.
//!
//! The files: the server and its state here; `builder` (the six `with_*` methods), `about`
//! (what the server says of itself), `access` (which tools a caller sees), `switch` (tools
//! turned off and on), `methods` (rmcp's `ServerHandler`, method by method), `dispatch` (a
//! `tools/call`: whether the caller is offered the tool, and whether it runs as a task),
//! `task_work` (what a task runs), `protocol` (the checks the transports share with the
//! handler), `spans` (the spans toolshape opens, without a source location), `search` (tool
//! search: the listing, `search_tools`, `call_tool` turned into the call it names), `code`
//! (code mode, feature `code`: `execute`, and each call of its script dispatched as a
//! client's).

mod about;
pub use about::About;
mod cache;
pub use cache::CacheHints;
mod access;
pub use access::{Access, ToolFilter};
mod builder;
pub use builder::TaskSettings;
#[cfg(feature = "code")]
mod code;
mod dispatch;
mod methods;
pub(crate) mod protocol;
mod search;
pub(crate) mod spans;
mod switch;
pub use switch::ToolSwitch;
mod task_work;

use std::sync::Arc;

use rmcp::ServerHandler;
use rmcp::model::{Implementation, ServerCapabilities, ServerConfig};
use rmcp::task_manager::TaskManager;

use crate::context::SessionLogLevel;
use crate::store::tasks::TaskStore;
use crate::toolset::ToolSet;

/// An MCP server that serves a [`ToolSet`] with a state `S`.
///
/// Cloning is cheap (the state and tools are shared), which is what rmcp's HTTP transport
/// needs to serve each session.
///
/// ```no_run
/// use toolshape::rmcp::model::Implementation;
/// use toolshape::{Server, ToolSet, tool, tools};
///
/// /// Add two numbers.
/// #[tool(format = "json")]
/// fn add(a: i64, b: i64) -> i64 { a + b }
///
/// # async fn run() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
/// let server = Server::new((), ToolSet::new(tools![add])?).with_info(Implementation::new("calculator", "1.0.0"));
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
    /// The state and tools again, as what a tool's `Context::call_tool` reaches.
    reachable: Arc<dyn crate::context::CallTools>,
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
    /// [`Server::with_access`].
    access: Access,
    /// [`About::with_caller_in_provenance`].
    record_caller: bool,
    /// [`About::with_cache_hints`].
    cache: CacheHints,
    /// [`Server::with_tool_search`]: its settings, its index, its start-up problem.
    search: Option<Arc<crate::search::served::Served>>,
    /// [`About::with_skills`]: the skills given, and those served (or why the server cannot
    /// start).
    skills: Option<(
        crate::skills::Skills,
        Result<crate::skills::Served, Arc<str>>,
    )>,
}

/// The handler of a [`Server`] that has none: it serves no resources, prompts or
/// completions, so the server answers their `list` methods with empty lists.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoHandler;

impl ServerHandler for NoHandler {}

impl<S, H> Clone for Server<S, H> {
    fn clone(&self) -> Self {
        Server {
            state: self.state.clone(),
            tools: self.tools.clone(),
            reachable: self.reachable.clone(),
            info: self.info.clone(),
            handler: self.handler.clone(),
            tasks: self.tasks.clone(),
            task_ttl: self.task_ttl,
            task_limit: self.task_limit,
            instance_id: self.instance_id.clone(),
            journal: self.journal.clone(),
            log_level: SessionLogLevel::default(),
            access: self.access.clone(),
            record_caller: self.record_caller,
            cache: self.cache,
            search: self.search.clone(),
            skills: self.skills.clone(),
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
        let (state, tools) = (Arc::new(state), Arc::new(tools));
        Server {
            reachable: dispatch::reachable(&state, &tools),
            state,
            tools,
            info: Arc::new(info),
            handler: Arc::new(NoHandler),
            tasks: Arc::new(TaskManager::new()),
            task_ttl: Some(DEFAULT_TASK_TTL),
            task_limit: DEFAULT_TASK_LIMIT,
            instance_id: None,
            journal: None,
            log_level: SessionLogLevel::default(),
            access: Access::default(),
            record_caller: false,
            cache: CacheHints::default(),
            search: None,
            skills: None,
        }
    }
}
impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// The handler that serves everything but tools ([`Server::with_handler`]).
    pub fn handler(&self) -> &H {
        &self.handler
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

/// A task's time to live unless [`TaskSettings::with_ttl`] says otherwise.
const DEFAULT_TASK_TTL: std::time::Duration = std::time::Duration::from_secs(300);

/// How many tasks may run at once unless [`TaskSettings::with_limit`] says otherwise.
const DEFAULT_TASK_LIMIT: usize = 1024;
