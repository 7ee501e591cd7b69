//! The HTTP header names of MCP that every request's path reads, parsed once: a name looked
//! up as a `&str` is parsed and checked again at each lookup.

use axum::http::HeaderName;

pub(crate) const MCP_METHOD: HeaderName = HeaderName::from_static("mcp-method");
pub(crate) const MCP_NAME: HeaderName = HeaderName::from_static("mcp-name");
pub(crate) const MCP_SESSION_ID: HeaderName = HeaderName::from_static("mcp-session-id");
pub(crate) const MCP_PROTOCOL_VERSION: HeaderName = HeaderName::from_static("mcp-protocol-version");
#[cfg(feature = "otel")]
pub(crate) const TRACEPARENT: HeaderName = HeaderName::from_static("traceparent");
#[cfg(feature = "otel")]
pub(crate) const TRACESTATE: HeaderName = HeaderName::from_static("tracestate");
