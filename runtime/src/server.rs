//! A ready-made MCP server over a [`ToolSet`]: stdio, streamable HTTP, or any rmcp transport.

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

#[cfg(any(feature = "stdio", feature = "http"))]
use crate::serve;
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
pub struct Server<S> {
    state: Arc<S>,
    tools: Arc<ToolSet<S>>,
    info: Arc<ServerConfig>,
}

impl<S> Clone for Server<S> {
    fn clone(&self) -> Self {
        Server {
            state: self.state.clone(),
            tools: self.tools.clone(),
            info: self.info.clone(),
        }
    }
}

impl<S> std::fmt::Debug for Server<S> {
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
        #[allow(deprecated)] // logging capability: deprecated by SEP-2577, still in 2025-11-25
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_prompts()
            .enable_completions()
            .enable_logging()
            .build();
        let info = ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("toolshape-server", crate::VERSION));
        Server {
            state: Arc::new(state),
            tools: Arc::new(tools),
            info: Arc::new(info),
        }
    }

    /// Names the server in its `initialize` answer (`serverInfo.name` and `.version`).
    /// Pass your crate's: `with_info(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"))`.
    pub fn with_info(mut self, name: impl Into<String>, version: impl Into<String>) -> Self {
        let info = Arc::make_mut(&mut self.info);
        info.server_info = Implementation::new(name, version);
        self
    }

    /// Seals the request state of input-required results with these keys instead of a
    /// random key of this process: see [`StateKeys`](crate::StateKeys).
    pub fn with_state_keys(mut self, keys: crate::StateKeys) -> Self {
        let tools = Arc::make_mut(&mut self.tools);
        *tools = std::mem::take(tools).with_state_keys(keys);
        self
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

    /// Serves one client over stdin and stdout until it disconnects: [`serve::stdio`].
    ///
    /// # Errors
    /// When the transport fails to start or the session ends with an error.
    #[cfg(feature = "stdio")]
    pub async fn serve_stdio(self) -> Result<(), serve::Error> {
        serve::stdio(self).await
    }

    /// The server as a tower service speaking rmcp's streamable HTTP: [`serve::http_service`].
    #[cfg(feature = "http")]
    pub fn http_service(&self) -> serve::HttpService<Self> {
        serve::http_service(self.clone(), Default::default())
    }

    /// Serves streamable HTTP at `http://ADDR/mcp` until the process ends: [`serve::http`].
    ///
    /// # Errors
    /// When the address cannot be bound or the server fails.
    #[cfg(feature = "http")]
    pub async fn serve_http(
        self,
        addr: impl tokio::net::ToSocketAddrs,
    ) -> Result<(), serve::Error> {
        serve::http(self, addr).await
    }
}

impl<S: Send + Sync + 'static> ServerHandler for Server<S> {
    fn get_info(&self) -> ServerConfig {
        (*self.info).clone()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.list()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.tools.respond(&self.state, request, context).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.get(name).cloned()
    }

    /// No resource is declared, so every URI is unknown: invalid params naming it, as the
    /// protocol asks of a resource that does not exist.
    async fn read_resource(
        &self,
        request: rmcp::model::ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ReadResourceResponse, ErrorData> {
        Err(ErrorData::invalid_params(
            format!("no resource `{}`", request.uri),
            Some(serde_json::json!({"uri": request.uri})),
        ))
    }

    /// Accepts any level: toolshape servers log to stderr through `tracing` and send no log
    /// notifications, so there is nothing to filter.
    #[allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25
    async fn set_level(
        &self,
        _request: rmcp::model::SetLevelRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        Ok(())
    }
}
