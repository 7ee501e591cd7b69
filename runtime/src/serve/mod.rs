//! Serving: what a [`Server`](crate::Server) is given by its six builder methods
//! ([`About`], [`Access`] with its [`ToolSwitch`], [`TaskSettings`]), and the transports'
//! options, limits and errors. A server is served by its own methods: [`serve_stdio`](crate::Server::serve_stdio),
//! [`serve_lines`](crate::Server::serve_lines), [`serve_http`](crate::Server::serve_http),
//! [`serve_http_with`](crate::Server::serve_http_with),
//! [`http_router`](crate::Server::http_router) (with [`app_on`] or axum) and
//! [`http_service`](crate::Server::http_service).
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

mod observe;
#[cfg(feature = "stdio")]
mod stdio;
#[cfg(any(feature = "stdio", feature = "http"))]
mod transports;

pub use crate::handler::{
    About, Access, CacheHints, NoHandler, TaskSettings, ToolFilter, ToolSwitch,
};
pub use observe::Traced;
#[cfg(feature = "stdio")]
pub use stdio::LineTransport;

/// The error of a transport that failed to start or a session that ended with an error.
///
/// The errors toolshape's serving functions return read as their message in `{:?}` too
/// (what Rust prints when `main` returns an error), with their causes after it.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// An error that says what failed, over the error that made it fail.
#[cfg_attr(not(any(feature = "stdio", feature = "http")), allow(dead_code))]
struct Failure {
    message: String,
    source: Option<Error>,
}

/// `message`, caused by `source`, as an [`Error`] whose `Debug` reads as its message.
#[cfg_attr(not(any(feature = "stdio", feature = "http")), allow(dead_code))]
pub(crate) fn failure(message: impl Into<String>, source: Option<Error>) -> Error {
    Box::new(Failure {
        message: message.into(),
        source,
    })
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::fmt::Debug for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)?;
        let mut cause = self.source.as_deref().map(|e| e as &dyn std::error::Error);
        while let Some(error) = cause {
            write!(f, "\n  caused by: {error}")?;
            cause = error.source();
        }
        Ok(())
    }
}

impl std::error::Error for Failure {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.source
            .as_deref()
            .map(|e| e as &(dyn std::error::Error + 'static))
    }
}

/// The limits toolshape's transports apply, in one place.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// The longest message accepted, in bytes: a stdio line (without its `\n`) or an HTTP
    /// request body. A longer stdio line is skipped without being buffered and answered with
    /// `-32600` and `id: null`; a longer HTTP body is answered `413 Payload Too Large`.
    /// Default: 16 MiB (rmcp's limit for stdio lines).
    pub max_message_bytes: usize,
    /// The most sessions a streamable HTTP server keeps at once. Only 2025-11-25 clients
    /// open sessions (with `initialize`); one ends with its client's `DELETE`, or after 5
    /// minutes without a request. An `initialize` while this many are open is answered
    /// `503 Service Unavailable` with `Retry-After`, so that clients opening sessions
    /// without end cannot exhaust the server's memory; requests in open sessions and
    /// 2026-07-28 requests are served as ever. Concurrent `initialize`s may pass the limit
    /// by their number. Default: 10,000.
    pub max_sessions: usize,
    /// How long an HTTP connection has to send a request's head (its request line and
    /// headers), from when the server starts waiting for it: a new connection, or a
    /// keep-alive one after its last answer. Past it the connection is closed, so that
    /// connections held open without a request (idle, or sending a byte at a time) cannot
    /// use up the server's sockets. A request's body and a response's event stream are not
    /// limited by it. Default: 30 seconds (hyper's default, which takes effect only with
    /// the timer [`app_on`] gives it).
    pub request_head_timeout: std::time::Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 16 * 1024 * 1024,
            max_sessions: 10_000,
            request_head_timeout: std::time::Duration::from_secs(30),
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

    /// These limits with `max_sessions` set.
    #[must_use]
    pub fn with_max_sessions(mut self, sessions: usize) -> Self {
        self.max_sessions = sessions;
        self
    }

    /// These limits with `request_head_timeout` set.
    #[must_use]
    pub fn with_request_head_timeout(mut self, timeout: std::time::Duration) -> Self {
        self.request_head_timeout = timeout;
        self
    }
}

#[cfg(feature = "oauth")]
mod auth;
#[cfg(feature = "http")]
mod cors;
#[cfg(feature = "http")]
mod gate;
#[cfg(feature = "http")]
mod headers;
#[cfg(feature = "http")]
mod http;
#[cfg(feature = "oauth")]
pub mod oauth;
#[cfg(feature = "http")]
mod options;
#[cfg(feature = "http")]
mod refused;
#[cfg(feature = "http")]
pub(crate) use http::router_with;
#[cfg(feature = "http")]
pub use http::{BoundHttp, HttpService, app_on, app_on_with};
#[cfg(feature = "http")]
pub use options::HttpOptions;
mod scopes;
#[cfg(feature = "http")]
pub(crate) use scopes::ToolScopes;
