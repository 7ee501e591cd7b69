//! The transports' options, limits and errors. A [`Server`](crate::Server) is served by its
//! own methods: [`serve_stdio`](crate::Server::serve_stdio),
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
    /// The most sessions a streamable HTTP server keeps at once. Only 2025-11-25 clients
    /// open sessions (with `initialize`); one ends with its client's `DELETE`, or after 5
    /// minutes without a request. An `initialize` while this many are open is answered
    /// `503 Service Unavailable` with `Retry-After`, so that clients opening sessions
    /// without end cannot exhaust the server's memory; requests in open sessions and
    /// 2026-07-28 requests are served as ever. Concurrent `initialize`s may pass the limit
    /// by their number. Default: 10,000.
    pub max_sessions: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_message_bytes: 16 * 1024 * 1024,
            max_sessions: 10_000,
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
pub use http::{HttpOptions, HttpService, app_on};
#[cfg(feature = "http")]
pub(crate) use http::{ToolScopes, router_with};
