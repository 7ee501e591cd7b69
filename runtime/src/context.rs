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

    /// A context for calling tools outside a client session: in unit tests, with
    /// [`ToolSet::call_json`](crate::ToolSet::call_json) or by calling a `#[context]` tool's
    /// function directly. It is never cancelled, and its [`peer`](Context::peer) is
    /// connected to no client, so a request or notification to the client fails (with an
    /// error, not a panic).
    ///
    /// Must be called inside a tokio runtime (`#[tokio::test]`).
    ///
    /// ```
    /// use toolshape::Context;
    ///
    /// /// Count to `n`, stopping early if the client cancels.
    /// #[toolshape::tool(format = "json")]
    /// async fn count(#[context] cx: Context, n: u32) -> u32 {
    ///     let mut i = 0;
    ///     while i < n && !cx.is_cancelled() { i += 1; }
    ///     i
    /// }
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// assert_eq!(count(Context::detached(), 3).await, 3);
    /// # }
    /// ```
    pub fn detached() -> Self {
        let (ours, theirs) = tokio::io::duplex(64);
        drop(theirs);
        let running = rmcp::service::serve_directly::<RoleServer, _, _, _, _>(
            crate::server::NoHandler,
            ours,
            None,
        );
        let peer = running.peer().clone();
        Context::new(RequestContext::new(rmcp::model::RequestId::Number(0), peer))
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
