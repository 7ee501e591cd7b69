//! The transports as methods of [`Server`]: stdio, and streamable HTTP as a router, a tower
//! service, or a listener of its own.

#[cfg(feature = "http")]
use std::sync::Arc;

use rmcp::ServerHandler;

use crate::Server;
use crate::serve;

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// Serves one client over stdin and stdout until it disconnects: [`serve::stdio`].
    ///
    /// # Errors
    /// When the transport fails to start or the session ends with an error.
    #[cfg(feature = "stdio")]
    pub async fn serve_stdio(self) -> Result<(), serve::Error> {
        serve::stdio(self).await
    }

    /// The server at `/mcp` as an axum router, with toolshape's HTTP checks (foreign origins
    /// refused, JSON-RPC errors for unreadable bodies, size limits, unknown sessions):
    /// [`serve::router`]. Merge or nest it into your application.
    ///
    /// ```no_run
    /// # async fn run(server: toolshape::Server<()>) -> std::io::Result<()> {
    /// use toolshape::serve::HttpOptions;
    ///
    /// let app = server
    ///     .http_router(&HttpOptions::default())
    ///     .route("/health", axum::routing::get(|| async { "ok" }));
    /// let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
    /// axum::serve(listener, app).await
    /// # }
    /// # let _ = run;
    /// ```
    ///
    /// With OAuth ([`HttpOptions::with_oauth`](serve::HttpOptions::with_oauth)), a
    /// `tools/call` whose caller lacks a scope of the tool is answered `403` with
    /// `error="insufficient_scope"` naming the tool's scopes, and the metadata's
    /// `scopes_supported` lists every tool's scopes. Without OAuth, every caller is the local
    /// user and has every scope (a warning says so when a tool declares scopes).
    #[cfg(feature = "http")]
    pub fn http_router(&self, options: &serve::HttpOptions) -> axum::Router {
        let all = self.tools().all_scopes();
        #[cfg(feature = "oauth")]
        let protected = options.oauth.is_some();
        #[cfg(not(feature = "oauth"))]
        let protected = false;
        if !all.is_empty() && !protected {
            tracing::warn!(
                "tools declare scopes ({}) but the HTTP endpoint has no OAuth: every caller is the local user, with every scope",
                all.join(", ")
            );
        }
        let tools = self.tools_arc();
        let scopes = serve::ToolScopes {
            of: Arc::new(move |name: &str| tools.scopes(name)),
            all,
        };
        serve::router_with(self.clone(), options, Some(scopes))
    }

    /// The server as rmcp's streamable HTTP tower service alone, **without** toolshape's
    /// checks: [`serve::http_service`]. For an application that does its own origin and
    /// body checks; otherwise use [`Server::http_router`].
    #[cfg(feature = "http")]
    pub fn http_service(&self) -> serve::HttpService<Self> {
        serve::http_service(self.clone(), Default::default())
    }

    /// Serves streamable HTTP at `http://ADDR/mcp` until the process ends: [`serve::http`].
    ///
    /// # Errors
    /// When the address cannot be bound or the server fails.
    #[cfg(feature = "http")]
    pub async fn serve_http(
        self,
        addr: impl tokio::net::ToSocketAddrs,
    ) -> Result<(), serve::Error> {
        self.serve_http_with(addr, &serve::HttpOptions::default())
            .await
    }

    /// [`Server::serve_http`] with options: allowed hosts and origins, limits, OAuth.
    ///
    /// # Errors
    /// When the address cannot be bound or the server fails.
    #[cfg(feature = "http")]
    pub async fn serve_http_with(
        self,
        addr: impl tokio::net::ToSocketAddrs,
        options: &serve::HttpOptions,
    ) -> Result<(), serve::Error> {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        serve::app_on(self.http_router(options), listener).await
    }
}
