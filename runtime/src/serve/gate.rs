//! The OAuth steps of the `/mcp` endpoint, in the order a request meets them: its access
//! token ([`auth`](super::auth)), its 2025-11-25 session's owner, a `tools/call`'s scopes,
//! and, once rmcp has answered, the owner of a session opened or ended. Without the `oauth`
//! feature, or on a server without OAuth, every step lets the request through, and the
//! endpoint (`http.rs`) reads the same either way.

use axum::extract::Request;
use axum::http::request::Parts;
use axum::response::Response;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

use super::options::HttpOptions;
use super::scopes::ToolScopes;

/// The OAuth steps of one endpoint.
pub(super) struct Gate {
    /// Who started each 2025-11-25 session.
    #[cfg(feature = "oauth")]
    owners: super::auth::Owners,
    #[cfg(feature = "oauth")]
    auth: Option<super::auth::Auth>,
}

/// What a request the gate let through leaves to settle once rmcp has answered it: the
/// session's owner, to note or forget.
pub(super) struct Ticket {
    #[cfg(feature = "oauth")]
    owner: Option<super::auth::Pass>,
}

impl Gate {
    /// The steps `options` ask for, knowing the scopes of each tool.
    pub(super) fn new(
        options: &HttpOptions,
        #[cfg_attr(not(feature = "oauth"), allow(unused_variables))] tool_scopes: Option<
            ToolScopes,
        >,
    ) -> Self {
        #[cfg(not(feature = "oauth"))]
        let _ = options;
        Gate {
            #[cfg(feature = "oauth")]
            owners: super::auth::Owners::default(),
            #[cfg(feature = "oauth")]
            auth: options
                .oauth
                .clone()
                .map(|oauth| super::auth::Auth::new(oauth, tool_scopes)),
        }
    }

    /// `router` with the routes OAuth adds beside `/mcp` (the protected resource's
    /// metadata).
    pub(super) fn with_routes(&self, router: axum::Router) -> axum::Router {
        #[cfg(feature = "oauth")]
        if let Some(auth) = &self.auth {
            return router.merge(super::auth::metadata_routes(auth));
        }
        router
    }

    /// The request's access token, then its session's owner. `Err`: the refusal.
    pub(super) async fn admit(&self, request: Request) -> Result<(Request, Ticket), Response> {
        #[cfg(feature = "oauth")]
        if let Some(auth) = &self.auth {
            // boxed: a server without OAuth never makes these futures, and holds no room
            // for them in each request's
            let request = Box::pin(super::auth::admit(auth, request)).await?;
            let (request, pass) = Box::pin(self.owners.admit(request)).await?;
            return Ok((request, Ticket { owner: Some(pass) }));
        }
        Ok((
            request,
            Ticket {
                #[cfg(feature = "oauth")]
                owner: None,
            },
        ))
    }

    /// A `tools/call` (in `body`) whose tool needs scopes the caller lacks: the `403` to
    /// answer before anything runs. The body is read here only with OAuth.
    pub(super) fn refuse_call(&self, parts: &Parts, body: &[u8]) -> Option<Response> {
        #[cfg(feature = "oauth")]
        if let Some(auth) = &self.auth
            && let crate::handler::protocol::Incoming::Message(message) =
                crate::handler::protocol::classify(body)
        {
            return auth.refuse_call(parts, &message);
        }
        #[cfg(not(feature = "oauth"))]
        let _ = (parts, body);
        None
    }

    /// Notes the owner of a session rmcp opened, or forgets the owner of one it `ended`.
    pub(super) async fn settle(
        &self,
        sessions: &LocalSessionManager,
        ticket: Ticket,
        ended: bool,
        headers: &axum::http::HeaderMap,
    ) {
        #[cfg(feature = "oauth")]
        if let Some(owner) = ticket.owner {
            self.owners.settle(sessions, owner, ended, headers).await;
        }
        #[cfg(not(feature = "oauth"))]
        let _ = (sessions, ticket, ended, headers);
    }
}
