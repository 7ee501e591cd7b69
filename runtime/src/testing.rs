//! Testing a server as a client sees it: rmcp's own client, connected to the server over an
//! in-memory pipe, with the whole protocol in between (the handshake, `tools/list`,
//! `tools/call`, resources, prompts, notifications), each request in its span as the
//! transports serve it ([`serve::Traced`](crate::serve::Traced)). Needs the `testing` feature, which
//! enables rmcp's client: add `toolshape = { version = "…", features = ["testing"] }` to
//! your `[dev-dependencies]`.
//!
//! ```
//! use serde_json::json;
//! use toolshape::rmcp::model::CallToolRequestParams;
//! use toolshape::{Server, ToolSet, testing, tool, tools};
//!
//! /// Add two numbers.
//! #[tool(format = "json")]
//! fn add(a: i64, b: i64) -> i64 { a + b }
//!
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
//! let client = testing::connect(Server::new((), ToolSet::new(tools![add])?)).await?;
//! assert_eq!(client.list_all_tools().await?[0].name, "add");
//! let arguments = json!({"a": 2, "b": 3}).as_object().cloned();
//! let call = CallToolRequestParams::new("add").with_arguments(arguments.unwrap());
//! let result = client.call_tool(call).await?;
//! assert_eq!(result.structured_content.unwrap()["data"], 5);
//! client.cancel().await?;
//! # Ok(()) }
//! ```
//!
//! [`connect_with_client`] connects a client handler of your own instead: one that answers
//! the server's questions or records its notifications.
//!
//! A test of a tool alone, without a client, calls it through the tool set instead:
//! [`ToolSet::call_json`](crate::ToolSet::call_json) returns exactly what a client would
//! receive, and [`Context::detached`](crate::Context::detached) gives a tool that takes a
//! context one to run with; [`Context::answering`](crate::Context::answering) one whose
//! questions to the client get the answers a test gives.

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation, ProtocolVersion};
use rmcp::service::{ClientInitializeError, RoleClient, RunningService};
use rmcp::{
    ClientHandler, ClientLifecycleMode, ClientServiceExt as _, ServerHandler, ServiceExt as _,
};
use tokio::io::DuplexStream;

/// rmcp's client, connected to a server in the same process: with no handler of its own
/// (`Client`, from [`connect`]), or with the one given to [`connect_with_client`]
/// (`Client<MyHandler>`).
pub type Client<C = ClientConfig> = RunningService<RoleClient, C>;

/// Serves `server` on one end of an in-memory pipe and connects rmcp's client to the other,
/// speaking the newest protocol version rmcp knows.
pub async fn connect<H: ServerHandler>(server: H) -> Result<Client, ClientInitializeError> {
    connect_with_version(server, ProtocolVersion::LATEST).await
}

/// Like [`connect`], with the client speaking `version`: `server/discover` for 2026-07-28
/// and later, the `initialize` handshake before. Test both when your tools ask the client
/// for input, which the two eras answer differently.
pub async fn connect_with_version<H: ServerHandler>(
    server: H,
    version: ProtocolVersion,
) -> Result<Client, ClientInitializeError> {
    let config = ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("toolshape-testing", crate::VERSION),
    )
    .with_protocol_version(version);
    connect_with_client(server, config).await
}

/// Like [`connect`], with a client handler of your own: one that answers the server's
/// questions (elicitation, sampling, roots), records its notifications (progress, log
/// messages), or declares capabilities. The client speaks the protocol version and declares
/// the capabilities its [`get_info`](ClientHandler::get_info) states: `server/discover` for
/// 2026-07-28 and later, the `initialize` handshake before.
///
/// ```
/// use toolshape::rmcp::model::{ClientCapabilities, ClientConfig, ElicitRequestParams};
/// use toolshape::rmcp::model::{ElicitResult, ElicitationAction, ElicitationCapability};
/// use toolshape::rmcp::model::{Implementation, ProtocolVersion};
/// use toolshape::rmcp::service::{RequestContext, RoleClient};
/// use toolshape::rmcp::{ClientHandler, ErrorData};
/// use schemars::JsonSchema;
/// use serde::Deserialize;
/// use serde_json::json;
/// use toolshape::rmcp::model::CallToolRequestParams;
/// use toolshape::{Context, context::Elicitation, Server, ToolError, ToolSet, testing, tool, tools};
///
/// #[derive(Deserialize, JsonSchema)]
/// struct Name { name: String }
///
/// /// Greet the user by the name they give.
/// #[tool(format = "text")]
/// async fn greet(#[context] cx: Context) -> Result<String, ToolError> {
///     match cx.elicit::<Name>("Your name?").await? {
///         Elicitation::Accepted(Name { name }) => Ok(format!("Hello, {name}!")),
///         _ => Ok("Hello!".into()),
///     }
/// }
///
/// /// A client whose user always answers "Ada".
/// struct Ada;
///
/// impl ClientHandler for Ada {
///     async fn create_elicitation(
///         &self,
///         _: ElicitRequestParams,
///         _: RequestContext<RoleClient>,
///     ) -> Result<ElicitResult, ErrorData> {
///         Ok(ElicitResult::new(ElicitationAction::Accept).with_content(json!({"name": "Ada"})))
///     }
///
///     fn get_info(&self) -> ClientConfig {
///         let mut capabilities = ClientCapabilities::default();
///         capabilities.elicitation = Some(ElicitationCapability::default());
///         ClientConfig::new(capabilities, Implementation::new("ada", "1.0"))
///             .with_protocol_version(ProtocolVersion::V_2025_11_25)
///     }
/// }
///
/// # #[tokio::main(flavor = "current_thread")]
/// # async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
/// let server = Server::new((), ToolSet::new(tools![greet])?);
/// let client = testing::connect_with_client(server, Ada).await?;
/// let result = client.call_tool(CallToolRequestParams::new("greet")).await?;
/// assert_eq!(result.content[0].as_text().unwrap().text, "Hello, Ada!");
/// client.cancel().await?;
/// # Ok(()) }
/// ```
pub async fn connect_with_client<H: ServerHandler, C: ClientHandler>(
    server: H,
    client: C,
) -> Result<Client<C>, ClientInitializeError> {
    client_on(serve_in_memory(server), client).await
}

/// Serves `server` on one end of an in-memory pipe, as [`connect`] does, and returns the
/// other end: the bytes a client would exchange with it, for a test that speaks JSON-RPC
/// itself (one message a line) or connects a client of its own with [`client_on`].
pub fn serve_in_memory<H: ServerHandler>(server: H) -> DuplexStream {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(running) = crate::serve::Traced::new(server).serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    client_io
}

/// The server's end of an in-memory pipe served by toolshape's line transport, as
/// [`Server::serve_stdio`](crate::Server::serve_stdio) serves stdin and stdout: the serving
/// (to spawn, or to await for how it ends) and the client's end of the pipe (for
/// [`client_on`]). The serving ends with the server's error at start-up, or when the
/// client's end is dropped.
#[cfg(feature = "stdio")]
pub fn serve_lines_in_memory<S: Send + Sync + 'static, H: ServerHandler>(
    server: crate::handler::Server<S, H>,
) -> (
    impl std::future::Future<Output = Result<(), crate::serve::Error>> + Send + 'static,
    DuplexStream,
) {
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    let serving = async move {
        let (read, write) = tokio::io::split(server_io);
        let limits = crate::serve::Limits::default();
        server
            .serve_lines(tokio::io::BufReader::new(read), write, &limits)
            .await
    };
    (serving, client_io)
}

/// Connects `client` to a server at the other end of `io` ([`serve_in_memory`],
/// [`serve_lines_in_memory`]), speaking the protocol version its
/// [`get_info`](ClientHandler::get_info) states: `server/discover` for 2026-07-28 and
/// later, the `initialize` handshake before.
pub async fn client_on<C: ClientHandler>(
    io: DuplexStream,
    client: C,
) -> Result<Client<C>, ClientInitializeError> {
    let version = client.get_info().protocol_version;
    let lifecycle = if version >= ProtocolVersion::V_2026_07_28 {
        ClientLifecycleMode::Discover {
            preferred_versions: vec![version],
        }
    } else {
        ClientLifecycleMode::Initialize
    };
    client.serve_with_lifecycle(io, lifecycle).await
}
