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
//! A test of a tool alone, without a client, calls it through the tool set instead:
//! [`ToolSet::call_json`](crate::ToolSet::call_json) returns exactly what a client would
//! receive, and [`Context::detached`](crate::Context::detached) gives a tool that takes a
//! context one to run with.

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation, ProtocolVersion};
use rmcp::service::{ClientInitializeError, RoleClient, RunningService};
use rmcp::{ClientLifecycleMode, ClientServiceExt as _, ServerHandler, ServiceExt as _};

/// rmcp's client, connected to a server in the same process.
pub type Client = RunningService<RoleClient, ClientConfig>;

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
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(running) = crate::serve::Traced::new(server).serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let config = ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("toolshape-testing", crate::VERSION),
    )
    .with_protocol_version(version.clone());
    let lifecycle = if version >= ProtocolVersion::V_2026_07_28 {
        ClientLifecycleMode::Discover {
            preferred_versions: vec![version],
        }
    } else {
        ClientLifecycleMode::Initialize
    };
    config.serve_with_lifecycle(client_io, lifecycle).await
}
