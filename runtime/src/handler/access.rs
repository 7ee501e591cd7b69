//! Which tools a caller sees and may call: [`Access`], built from the tools' scopes, a
//! [`ToolSwitch`] and a filter, and [`Admission`], the one decision `tools/list`,
//! `search_tools` and `tools/call` read for a caller and a tool.

use std::sync::Arc;

use rmcp::ServerHandler;
use rmcp::model::ClientCapabilities;

use crate::handler::Server;
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
    /// for them. A tool the caller lacks scopes for is never shown, whatever the filter
    /// says; a call of a tool the filter drops is refused as a call of an unknown tool.
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

/// What a caller may do with one tool of a [`Server`]: the one decision `tools/list`,
/// `search_tools` and `tools/call` read ([`Server::admission`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Admission {
    /// Switched off or dropped by the filter: not listed, not found, and a call is refused
    /// as a call of an unknown tool.
    Hidden,
    /// Offered, but the caller's token lacks one of the tool's scopes: not listed, not
    /// found, and a call is answered with a tool error naming the scopes.
    NotGranted,
    /// Listed, found and called.
    Granted,
}

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// What `caller` may do with the tool `name`: hidden when it is switched off
    /// ([`ToolSwitch`]) or the filter drops it, not granted when the caller's token lacks
    /// one of its scopes ([`ToolSet::grants`](crate::ToolSet)), granted otherwise.
    /// `capabilities` are the client's, read only when there is a filter.
    pub(crate) fn admission(
        &self,
        name: &str,
        caller: &crate::context::Caller,
        capabilities: Option<&ClientCapabilities>,
    ) -> Admission {
        self.admission_of(name, self.tools.found(name), caller, capabilities)
    }

    /// [`Server::admission`] of the tool `name` already found (`entry`, `None` when no tool
    /// has the name): the one rule every route of a call goes through.
    pub(crate) fn admission_of(
        &self,
        name: &str,
        entry: Option<&crate::toolset::Entry<S>>,
        caller: &crate::context::Caller,
        capabilities: Option<&ClientCapabilities>,
    ) -> Admission {
        let switched_on =
            (self.access.switch.as_ref()).is_none_or(|switch| switch.is_enabled(name));
        let kept = || {
            self.access.filter.as_ref().is_none_or(|filter| {
                entry.is_none_or(|entry| filter(&entry.info(), caller, capabilities))
            })
        };
        if !(switched_on && kept()) {
            Admission::Hidden
        } else if entry.is_none_or(|entry| entry.grants(caller)) {
            Admission::Granted
        } else {
            Admission::NotGranted
        }
    }
}
