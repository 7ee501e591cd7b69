//! What a tool can know about the request it is serving.

use rmcp::RoleServer;
use rmcp::service::{Peer, RequestContext};

/// The request a tool is serving. Take it with a `#[context]` parameter:
///
/// ```
/// # use toolshape::Context;
/// /// Count to `n`, stopping early if the client cancels.
/// #[toolshape::tool(format = "json")]
/// async fn count(#[context] cx: Context, n: u32) -> u32 {
///     let mut i = 0;
///     while i < n && !cx.is_cancelled() {
///         i += 1;
///     }
///     i
/// }
/// # let _: [toolshape::ToolDef<()>; 1] = toolshape::tools![count];
/// ```
#[derive(Debug, Clone)]
pub struct Context {
    request: RequestContext<RoleServer>,
}

impl Context {
    pub(crate) fn new(request: RequestContext<RoleServer>) -> Self {
        Context { request }
    }

    /// Whether the client has cancelled this request.
    pub fn is_cancelled(&self) -> bool {
        self.request.ct.is_cancelled()
    }

    /// Completes when the client cancels this request.
    pub async fn cancelled(&self) {
        self.request.ct.cancelled().await;
    }

    /// The client connection, for notifications (progress, logging) and requests to it.
    pub fn peer(&self) -> &Peer<RoleServer> {
        &self.request.peer
    }

    /// rmcp's whole request context: id, `_meta`, extensions, cancellation.
    pub fn request(&self) -> &RequestContext<RoleServer> {
        &self.request
    }
}
