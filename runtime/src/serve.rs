//! Transports for any [`rmcp::ServerHandler`]: a [`Server`](crate::Server), or a handler that
//! wraps one (a middleware around `tools/call`, say), is served the same way.

#[cfg(any(feature = "stdio", feature = "http"))]
use rmcp::ServerHandler;

/// The error of a transport that failed to start or a session that ended with an error.
pub type Error = Box<dyn std::error::Error + Send + Sync>;

/// rmcp's streamable HTTP tower service for a handler, one handler clone per session.
#[cfg(feature = "http")]
pub type HttpService<H> = rmcp::transport::streamable_http_server::StreamableHttpService<
    H,
    rmcp::transport::streamable_http_server::session::local::LocalSessionManager,
>;

/// Serves one client over stdin and stdout until it disconnects.
///
/// Logs (tracing) must go to stderr: stdout carries the protocol.
///
/// # Errors
/// When the transport fails to start or the session ends with an error.
#[cfg(feature = "stdio")]
pub async fn stdio<H: ServerHandler>(handler: H) -> Result<(), Error> {
    use rmcp::ServiceExt as _;
    let running = handler.serve(rmcp::transport::stdio()).await?;
    running.waiting().await?;
    Ok(())
}

/// The handler as a tower service speaking rmcp's streamable HTTP, to nest in your own axum
/// (or other tower) application, e.g. under `/mcp`.
///
/// The default `config` accepts only loopback `Host` headers (rmcp's DNS-rebinding
/// protection); set its allowed hosts to serve others.
#[cfg(feature = "http")]
pub fn http_service<H: ServerHandler + Clone>(
    handler: H,
    config: rmcp::transport::streamable_http_server::StreamableHttpServerConfig,
) -> HttpService<H> {
    HttpService::new(move || Ok(handler.clone()), Default::default(), config)
}

/// Serves streamable HTTP at `http://ADDR/mcp` until the process ends.
///
/// Bind to a loopback address (`127.0.0.1:PORT`) unless you mean to expose the server; the
/// examples do. The bound address is logged.
///
/// # Errors
/// When the address cannot be bound or the server fails.
#[cfg(feature = "http")]
pub async fn http<H: ServerHandler + Clone>(
    handler: H,
    addr: impl tokio::net::ToSocketAddrs,
) -> Result<(), Error> {
    http_on(handler, tokio::net::TcpListener::bind(addr).await?).await
}

/// [`http`] on a listener you have bound (port 0 picks a free port).
///
/// # Errors
/// When the server fails.
#[cfg(feature = "http")]
pub async fn http_on<H: ServerHandler + Clone>(
    handler: H,
    listener: tokio::net::TcpListener,
) -> Result<(), Error> {
    let address = listener.local_addr()?;
    let app = axum::Router::new().nest_service("/mcp", http_service(handler, Default::default()));
    tracing::info!("serving MCP over streamable HTTP at http://{address}/mcp");
    axum::serve(listener, app).await?;
    Ok(())
}
