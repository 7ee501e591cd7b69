//! Which tools a caller sees and may call: [`Access`], one rule for `tools/list` and
//! `tools/call` ([`Server::offers`](crate::Server)), built from the tools' scopes, a
//! [`ToolSwitch`] and a filter.

use std::sync::Arc;

use rmcp::model::ClientCapabilities;

use crate::handler::switch::ToolSwitch;

/// Which tools a caller sees and may call, given the tool, the caller and the client's
/// declared capabilities: [`Access::with_filter`].
pub type ToolFilter = dyn Fn(&crate::layer::ToolInfo<'_>, &crate::context::Caller, Option<&ClientCapabilities>) -> bool
    + Send
    + Sync;

/// Which tools a caller of a [`Server`](crate::Server) sees in `tools/list` and may call,
/// given to [`Server::with_access`](crate::Server::with_access). One rule decides both: a
/// tool is offered to a caller when
///
/// 1. its `#[tool(scopes = [..])]` are all granted by the caller's token (always checked;
///    a call of a tool the caller lacks scopes for is answered with a tool error naming
///    them),
/// 2. it is switched on ([`Access::with_switch`]: tools turned off and on while the server
///    runs), and
/// 3. the filter keeps it ([`Access::with_filter`]: any rule on the tool, the caller and the
///    client's capabilities).
///
/// A call of a tool that is switched off or filtered out is refused as a call of an unknown
/// tool.
///
/// ```
/// use toolshape::serve::{Access, ToolSwitch};
/// use toolshape::{Context, Server, ToolSet, tool, tools};
///
/// /// Ask the user to confirm.
/// #[tool(format = "text")]
/// async fn confirm(#[context] cx: Context) -> String {
///     format!("can ask: {}", cx.can_elicit())
/// }
///
/// /// Add two numbers.
/// #[tool(format = "json")]
/// fn add(a: i64, b: i64) -> i64 { a + b }
///
/// let switch = ToolSwitch::new();
/// let server = Server::new((), ToolSet::new(tools![confirm, add]).unwrap()).with_access(
///     Access::new()
///         .with_switch(&switch)
///         // `confirm` only for clients that can answer its question
///         .with_filter(|tool, _caller, capabilities| {
///             tool.name() != "confirm" || capabilities.is_some_and(|c| c.elicitation.is_some())
///         }),
/// );
/// switch.disable("add");
/// # let _ = server;
/// ```
#[derive(Clone, Default)]
pub struct Access {
    pub(crate) filter: Option<Arc<ToolFilter>>,
    pub(crate) switch: Option<ToolSwitch>,
}

impl std::fmt::Debug for Access {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Access")
            .field("filter", &self.filter.as_ref().map(|_| "a filter"))
            .field("switch", &self.switch)
            .finish()
    }
}

impl Access {
    /// Every tool to every caller who has its scopes.
    pub fn new() -> Self {
        Access::default()
    }

    /// Decides, per request, which tools a caller sees in `tools/list` and may call: `keep`
    /// gets each tool (its name, kind, scopes, listing), the [`Caller`](crate::context::Caller) and
    /// the capabilities the client declared (when it did), and returns whether the tool is
    /// for them. It runs after the scope check (a tool the caller lacks scopes for is never
    /// shown).
    #[must_use]
    pub fn with_filter(
        mut self,
        keep: impl Fn(
            &crate::layer::ToolInfo<'_>,
            &crate::context::Caller,
            Option<&ClientCapabilities>,
        ) -> bool
        + Send
        + Sync
        + 'static,
    ) -> Self {
        self.filter = Some(Arc::new(keep));
        self
    }

    /// Lets `switch` turn the server's tools off and on while it runs; the server then
    /// advertises `capabilities.tools.listChanged`, and each change is sent to every
    /// 2025-11-25 session as `notifications/tools/list_changed`. See [`ToolSwitch`].
    #[must_use]
    pub fn with_switch(mut self, switch: &ToolSwitch) -> Self {
        self.switch = Some(switch.clone());
        self
    }
}
