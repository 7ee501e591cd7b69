//! The transports, as methods of [`Server`]: stdio (or any line-delimited stream), and
//! streamable HTTP as a listener of its own, an axum router, or rmcp's tower service.
//!
//! They are the server's methods, not free functions over any rmcp handler, because the
//! [`Server`] knows its tools: the HTTP router refuses a `tools/call` whose caller lacks the
//! tool's OAuth scopes with `403 insufficient_scope`, and lists every tool's scopes in the
//! OAuth metadata. A handler of your own is served as the server's
//! [handler](Server::with_handler), a middleware around calls as a [layer](crate::layer).

#[cfg(feature = "http")]
use std::sync::Arc;

use rmcp::ServerHandler;

use crate::handler::Server;
use crate::serve;

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// Serves one client over stdin and stdout until it disconnects, with the default
    /// [`Limits`](serve::Limits).
    ///
    /// Logs (tracing) must go to stderr: stdout carries the protocol.
    ///
    /// # Errors
    /// When a tool's MCP Apps view is not registered ([`ToolSet::check_views`](crate::ToolSet::check_views)),
    /// the transport fails to start or the session ends with an error.
    #[cfg(feature = "stdio")]
    pub async fn serve_stdio(self) -> Result<(), serve::Error> {
        let (stdin, stdout) = rmcp::transport::io::stdio_pipes();
        self.serve_lines(
            tokio::io::BufReader::with_capacity(64 * 1024, stdin),
            stdout,
            &serve::Limits::default(),
        )
        .await
    }

    /// Serves one client over any line-delimited byte stream (a pipe, a socket, an in-memory
    /// duplex in tests) until it disconnects: what [`Server::serve_stdio`] does on stdin and
    /// stdout.
    ///
    /// # Errors
    /// When a tool's MCP Apps view is not registered ([`ToolSet::check_views`](crate::ToolSet::check_views))
    /// or the session ends with an error.
    #[cfg(feature = "stdio")]
    pub async fn serve_lines<R, W>(
        self,
        reader: R,
        writer: W,
        limits: &serve::Limits,
    ) -> Result<(), serve::Error>
    where
        R: tokio::io::AsyncBufRead + Unpin + Send + 'static,
        W: tokio::io::AsyncWrite + Unpin + Send + 'static,
    {
        use rmcp::ServiceExt as _;
        if let Some(problem) = self.setup_problem() {
            return Err(serve::failure(problem, None));
        }
        use rmcp::service::ServerInitializeError;
        self.tools().check_views()?;
        let running = match serve::Traced::over_pipe(self)
            .serve(serve::LineTransport::new(reader, writer, limits))
            .await
        {
            Ok(running) => running,
            // The client went away before it began: not a failure of the server.
            Err(ServerInitializeError::ConnectionClosed(_)) => return Ok(()),
            Err(error) => {
                let message = format!("the MCP session could not start: {error}");
                return Err(serve::failure(message, Some(error.into())));
            }
        };
        running.waiting().await.map_err(|error| {
            let message = format!("the MCP session ended with an error: {error}");
            serve::failure(message, Some(error.into()))
        })?;
        Ok(())
    }

    /// The server at `/mcp` as an axum router, behind toolshape's HTTP checks. Merge or nest
    /// it into your application, and serve it with axum or [`serve::app_on`].
    ///
    /// - A body that is not JSON: `400` with a JSON-RPC `-32700` error, `id: null`; JSON that
    ///   is not a JSON-RPC message: `400` with `-32600`; a request of an MCP method with
    ///   params that do not fit it: a JSON-RPC `-32602` error naming the member, with the
    ///   request's id.
    /// - `DELETE` with an `Mcp-Session-Id` the server does not know: `404`; of one it knows:
    ///   `204 No Content`, the session ended.
    /// - A foreign `Origin`: `403`. A body over
    ///   [`Limits::max_message_bytes`](serve::Limits::max_message_bytes): `413`. An
    ///   `initialize` while [`Limits::max_sessions`](serve::Limits::max_sessions) sessions
    ///   are open: `503` with `Retry-After`.
    /// - Each request refused before the handler sees it (all of the above, and rmcp's own
    ///   refusals: a `Host` not allowed, an unknown session) is a `tracing` span like the one
    ///   [`Traced`](serve::Traced) opens for the others, with `error.type`: the JSON-RPC error
    ///   code, the OAuth error (`invalid_token`, `insufficient_scope`, `invalid_request`), or
    ///   else the HTTP status code; and `http.response.status_code`. A `traceparent` header
    ///   continues the caller's trace, and the request is timed in
    ///   `mcp.server.operation.duration` (feature `otel`).
    ///
    /// With OAuth ([`HttpOptions::with_oauth`](serve::HttpOptions::with_oauth), feature
    /// `oauth`), before any of these:
    /// - the Protected Resource Metadata at `/.well-known/oauth-protected-resource` and at its
    ///   path-suffixed form for the resource (`…/oauth-protected-resource/mcp`), whose
    ///   `scopes_supported` lists every tool's scopes;
    /// - a request without a bearer token: `401` with
    ///   `WWW-Authenticate: Bearer resource_metadata="…"`; with a token that is refused:
    ///   `401` with `error="invalid_token"` and why; an access token in the query string:
    ///   `400` with `error="invalid_request"`;
    /// - a token without the scopes the server requires, or without the scopes of the tool a
    ///   `tools/call` names: `403` with `error="insufficient_scope"` and `scope="…"`, the tool
    ///   not run;
    /// - the `Authorization` header is taken off the request once checked, so nothing after
    ///   (rmcp, logs) sees the token; the tools see the [`Caller`](crate::context::Caller);
    /// - a 2025-11-25 session belongs to the subject whose token started it: a request with
    ///   its `Mcp-Session-Id` and another subject's token is answered `404` as for a session
    ///   that does not exist (MCP's security best practices: a session id is no credential),
    ///   and the session goes on for its owner.
    ///
    /// Without OAuth, every caller is the local user and has every scope (a warning says so
    /// when a tool declares scopes).
    ///
    /// ```no_run
    /// # async fn run(server: toolshape::Server<()>) -> Result<(), toolshape::serve::Error> {
    /// use toolshape::serve::{self, HttpOptions};
    ///
    /// let app = server
    ///     .http_router(&HttpOptions::default())
    ///     .route("/health", axum::routing::get(|| async { "ok" }));
    /// let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
    /// serve::app_on(app, listener).await
    /// # }
    /// # let _ = run;
    /// ```
    #[cfg(feature = "http")]
    pub fn http_router(&self, options: &serve::HttpOptions) -> axum::Router {
        if let Some(problem) = self.setup_problem() {
            tracing::error!("every tool request will fail: {problem}");
        }
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
        if let Err(error) = self.tools().check_views() {
            // `serve_http` refuses to start; a router the application serves itself says so
            tracing::error!(%error, "a tool's MCP Apps view is not served");
        }
        let tools = self.tools_arc();
        let scopes = serve::ToolScopes {
            of: Arc::new(move |name: &str| tools.scopes(name).to_vec()),
            all,
            through_call_tool: self.searches(),
        };
        serve::router_with(self.clone(), options, Some(scopes))
    }

    /// The server as rmcp's streamable HTTP tower service alone, **without** toolshape's
    /// checks, for an application that makes its own; otherwise use
    /// [`Server::http_router`]. The default `config` accepts only loopback `Host` headers
    /// (rmcp's DNS-rebinding protection); set its allowed hosts to serve others.
    #[cfg(feature = "http")]
    pub fn http_service(
        &self,
        config: rmcp::transport::streamable_http_server::StreamableHttpServerConfig,
    ) -> serve::HttpService<Self> {
        if let Some(problem) = self.setup_problem() {
            tracing::error!("every tool request will fail: {problem}");
        }
        let server = self.clone();
        serve::HttpService::new(
            move || Ok(serve::Traced::new(server.clone())),
            Default::default(),
            config,
        )
    }

    /// Serves streamable HTTP at `http://ADDR/mcp` until the process ends, with the default
    /// [`HttpOptions`](serve::HttpOptions): [`Server::http_router`] on a listener of its own
    /// whose connections get `TCP_NODELAY` and a time limit on each request's head
    /// ([`serve::app_on`]).
    ///
    /// Bind to a loopback address (`127.0.0.1:PORT`) unless you mean to expose the server;
    /// the examples do. The bound address is logged (at `info`, seen with a tracing
    /// subscriber); to print it yourself, or to pick a free port with port 0, use
    /// [`Server::bind_http`].
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
    /// When a tool's MCP Apps view is not registered ([`ToolSet::check_views`](crate::ToolSet::check_views)),
    /// the address cannot be bound or the server fails.
    #[cfg(feature = "http")]
    pub async fn serve_http_with(
        self,
        addr: impl tokio::net::ToSocketAddrs,
        options: &serve::HttpOptions,
    ) -> Result<(), serve::Error> {
        self.bind_http_with(addr, options).await?.serve().await
    }

    /// Binds the address [`Server::serve_http`] would serve, and stops there: the
    /// [`BoundHttp`](serve::BoundHttp) says where it listens
    /// ([`local_addr`](serve::BoundHttp::local_addr), [`url`](serve::BoundHttp::url)) and
    /// serves when asked. Port 0 picks a free port: what a test binds.
    ///
    /// ```no_run
    /// # async fn run(server: toolshape::Server<()>) -> Result<(), toolshape::serve::Error> {
    /// let bound = server.bind_http("127.0.0.1:8080").await?;
    /// eprintln!("MCP server at {}", bound.url()); // http://127.0.0.1:8080/mcp
    /// bound.serve().await
    /// # }
    /// # let _ = run;
    /// ```
    ///
    /// # Errors
    /// When a tool's MCP Apps view is not registered, or the address cannot be bound.
    #[cfg(feature = "http")]
    pub async fn bind_http(
        self,
        addr: impl tokio::net::ToSocketAddrs,
    ) -> Result<serve::BoundHttp, serve::Error> {
        self.bind_http_with(addr, &serve::HttpOptions::default())
            .await
    }

    /// [`Server::bind_http`] with options, as [`Server::serve_http_with`] takes them.
    ///
    /// # Errors
    /// When a tool's MCP Apps view is not registered, or the address cannot be bound.
    #[cfg(feature = "http")]
    pub async fn bind_http_with(
        self,
        addr: impl tokio::net::ToSocketAddrs,
        options: &serve::HttpOptions,
    ) -> Result<serve::BoundHttp, serve::Error> {
        if let Some(problem) = self.setup_problem() {
            return Err(serve::failure(problem, None));
        }
        self.tools().check_views()?;
        let listener = tokio::net::TcpListener::bind(addr).await.map_err(|error| {
            serve::failure(
                format!("cannot listen for HTTP: {error}"),
                Some(error.into()),
            )
        })?;
        serve::BoundHttp::new(self.http_router(options), listener, options.limits.clone())
    }
}
