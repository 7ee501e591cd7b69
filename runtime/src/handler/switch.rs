//! Tools turned off and on while a server runs: [`ToolSwitch`], and the
//! `notifications/tools/list_changed` it sends to each 2025-11-25 session when it does.

use std::collections::HashSet;
use std::sync::{Arc, Mutex, RwLock};

use rmcp::RoleServer;
use rmcp::service::Peer;

/// Turns tools of a [`Server`](crate::Server) off and on while it runs: a tool turned off is
/// not listed in `tools/list`, and a call of it is refused as a call of an unknown tool
/// (tasks it already runs go on). Each change that alters the list sends
/// `notifications/tools/list_changed` to every open 2025-11-25 session, so that its client
/// lists the tools again; 2026-07-28 clients have no session to notify, and see the new list
/// at their next `tools/list`.
///
/// Give it to the server with [`Server::with_tool_switch`](crate::Server::with_tool_switch),
/// which advertises `capabilities.tools.listChanged` (a server without a switch does not:
/// its tools never change). Clones share the switch: keep one to turn tools off and on.
///
/// ```
/// use toolshape::{Server, ToolSet, ToolSwitch, tool, tools};
///
/// /// Restart the billing service.
/// #[tool(format = "text", kind = "action")]
/// fn restart_billing() -> String { "restarted".into() }
///
/// let switch = ToolSwitch::new();
/// let server = Server::new((), ToolSet::new(tools![restart_billing]).unwrap())
///     .with_tool_switch(&switch);
/// // during a maintenance window
/// assert!(switch.disable("restart_billing"));
/// assert!(!switch.is_enabled("restart_billing"));
/// assert!(switch.enable("restart_billing"));
/// # let _ = server;
/// ```
#[derive(Clone, Default)]
pub struct ToolSwitch {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    /// The names of the tools of the servers given this switch.
    known: RwLock<HashSet<String>>,
    /// The tools turned off.
    off: RwLock<HashSet<String>>,
    /// The 2025-11-25 sessions to notify (closed ones are dropped at each notification).
    peers: Mutex<Vec<Peer<RoleServer>>>,
}

impl std::fmt::Debug for ToolSwitch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolSwitch")
            .field("off", &*self.inner.off.read().unwrap())
            .finish_non_exhaustive()
    }
}

impl ToolSwitch {
    /// A switch with every tool on.
    pub fn new() -> Self {
        ToolSwitch::default()
    }

    /// Turns the tool `name` off. Whether that changed the list: `false` when it was off
    /// already, or when no server given this switch has a tool of that name.
    pub fn disable(&self, name: &str) -> bool {
        if !self.inner.known.read().unwrap().contains(name) {
            return false;
        }
        let changed = self.inner.off.write().unwrap().insert(name.to_owned());
        if changed {
            self.notify();
        }
        changed
    }

    /// Turns the tool `name` back on. Whether that changed the list: `false` when it was on.
    pub fn enable(&self, name: &str) -> bool {
        let changed = self.inner.off.write().unwrap().remove(name);
        if changed {
            self.notify();
        }
        changed
    }

    /// Whether the tool `name` is on (a name the switch does not know is).
    pub fn is_enabled(&self, name: &str) -> bool {
        !self.inner.off.read().unwrap().contains(name)
    }

    /// The names of the tools it may turn off: those of the servers given it.
    pub(crate) fn know(&self, names: impl IntoIterator<Item = String>) {
        self.inner.known.write().unwrap().extend(names);
    }

    /// A 2025-11-25 session to notify of changes.
    pub(crate) fn register(&self, peer: Peer<RoleServer>) {
        let mut peers = self.inner.peers.lock().unwrap();
        peers.retain(|peer| !peer.is_transport_closed());
        peers.push(peer);
    }

    /// Sends `notifications/tools/list_changed` to every open session, without waiting
    /// (outside a Tokio runtime, nothing is sent).
    fn notify(&self) {
        let peers: Vec<Peer<RoleServer>> = {
            let mut peers = self.inner.peers.lock().unwrap();
            peers.retain(|peer| !peer.is_transport_closed());
            peers.clone()
        };
        if peers.is_empty() {
            return;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            tracing::warn!("tools changed outside a Tokio runtime: no session was notified");
            return;
        };
        runtime.spawn(async move {
            for peer in peers {
                if let Err(error) = peer.notify_tool_list_changed().await {
                    tracing::debug!(%error, "a session could not be told its tools changed");
                }
            }
        });
    }
}
