//! The scopes a server's tools need, as its HTTP router knows them: for the `403` of a
//! `tools/call` and the Protected Resource Metadata's `scopes_supported`.

use std::sync::Arc;

/// The scopes the tool of a name needs.
pub(crate) type ScopesOf = dyn Fn(&str) -> Vec<std::borrow::Cow<'static, str>> + Send + Sync;

/// The scopes of a server's tools: for the `403` of a `tools/call` over HTTP, and the
/// metadata's `scopes_supported`.
#[derive(Clone)]
#[cfg_attr(not(feature = "oauth"), allow(dead_code))]
pub(crate) struct ToolScopes {
    /// The scopes the tool of a name needs.
    pub(crate) of: Arc<ScopesOf>,
    /// Every scope a tool needs, once each.
    pub(crate) all: Vec<String>,
    /// Tool search is on: a `call_tool` needs the scopes of the tool it names.
    pub(crate) through_call_tool: bool,
}
