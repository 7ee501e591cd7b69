//! Transports for any [`rmcp::ServerHandler`]: a [`Server`](crate::Server), or a handler that
//! wraps one (a middleware around `tools/call`, say), is served the same way.
//!
//! Both transports answer what rmcp's own would leave unanswered or answer with the wrong
//! code: a message that is not JSON gets `-32700` with `id: null`; JSON that is not a
//! JSON-RPC message `-32600` (with the request's id when it can be read); a request of a
//! method MCP defines whose params do not fit it (`tools/call` with `arguments` that is not
//! an object, say) `-32602` naming the member that is wrong. The limits they apply are in
//! [`Limits`] and in `docs/wire-format.md` ("Limits").
//!
//! Each transport serves the handler through [`Traced`]: every request is a `tracing` span
//! named and described as OpenTelemetry's semantic conventions for MCP ask. Over HTTP, a
//! request refused before the handler sees it (a body that is not JSON-RPC, an unknown
//! session, a `Host` not allowed, an OAuth `401`/`403`) has a span too, with its
//! `error.type`.

#[cfg(feature = "stdio")]
use rmcp::ServerHandler;

mod observe;
#[cfg(any(feature = "stdio", feature = "http"))]
mod server;
#[cfg(feature = "stdio")]
mod stdio;

pub use observe::Traced;
#[cfg(feature = "stdio")]
pub use stdio::LineTransport;

/// The error of a transport that failed to start or a session that ended with an error.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// The limits toolshape's transports apply, in one place.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The longest message accepted, in bytes: a stdio line (without its `\n`) or an HTTP
    /// request body. A longer stdio line is skipped without being buffered and answered with
    /// `-32600` and `id: null`; a longer HTTP body is answered `413 Payload Too Large`.
    /// Default: 16 MiB (rmcp's limit for stdio lines).
    pub max_message_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 16 * 1024 * 1024,
        }
    }
}

impl Limits {
    /// These limits with `max_message_bytes` set.
    #[must_use]
    pub fn with_max_message_bytes(mut self, bytes: usize) -> Self {
        self.max_message_bytes = bytes;
        self
    }
}

/// Serves one client over stdin and stdout until it disconnects, with the default
/// [`Limits`].
///
/// Logs (tracing) must go to stderr: stdout carries the protocol.
///
/// # Errors
/// When the transport fails to start or the session ends with an error.
#[cfg(feature = "stdio")]
pub async fn stdio<H: ServerHandler>(handler: H) -> Result<(), Error> {
    let (stdin, stdout) = rmcp::transport::io::stdio_pipes();
    lines(
        handler,
        tokio::io::BufReader::with_capacity(64 * 1024, stdin),
        stdout,
        &Limits::default(),
    )
    .await
}

/// Serves one client over any line-delimited byte stream (a pipe, a socket, an in-memory
/// duplex in tests) until it disconnects: what [`stdio`] does on stdin and stdout.
///
/// # Errors
/// When the session ends with an error.
#[cfg(feature = "stdio")]
pub async fn lines<H, R, W>(handler: H, reader: R, writer: W, limits: &Limits) -> Result<(), Error>
where
    H: ServerHandler,
    R: tokio::io::AsyncBufRead + Unpin + Send + 'static,
    W: tokio::io::AsyncWrite + Unpin + Send + 'static,
{
    use rmcp::ServiceExt as _;
    let running = Traced::new(handler)
        .serve(LineTransport::new(reader, writer, limits))
        .await?;
    running.waiting().await?;
    Ok(())
}

#[cfg(feature = "oauth")]
mod auth;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "oauth")]
pub mod oauth;
#[cfg(feature = "http")]
mod refused;
#[cfg(feature = "http")]
pub use http::{HttpOptions, HttpService, app_on, http, http_on, http_service, router};
#[cfg(feature = "http")]
pub(crate) use http::{ToolScopes, router_with};
