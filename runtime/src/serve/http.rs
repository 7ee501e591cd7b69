//! Streamable HTTP: rmcp's service behind toolshape's layer (JSON-RPC errors for the bodies
//! rmcp refuses, `404` for a `DELETE` of an unknown session), on sockets with `TCP_NODELAY`,
//! accepting loopback origins only unless told otherwise.

use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use rmcp::ServerHandler;
use rmcp::transport::streamable_http_server::session::SessionManager as _;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

use super::headers;
use super::options::HttpOptions;
use super::scopes::ToolScopes;
use super::{Error, Limits, Traced};
use crate::handler::protocol::{self, INVALID_PARAMS, Incoming, Rejection};

/// rmcp's streamable HTTP tower service for a handler, one handler clone per session, each
/// request in its span ([`Traced`]).
pub type HttpService<H> =
    rmcp::transport::streamable_http_server::StreamableHttpService<Traced<H>, LocalSessionManager>;

/// The handler at `/mcp` behind toolshape's checks, knowing the scopes of each tool:
/// [`Server::http_router`](crate::Server::http_router).
pub(crate) fn router_with<H: ServerHandler + Clone>(
    handler: H,
    options: &HttpOptions,
    tool_scopes: Option<ToolScopes>,
) -> axum::Router {
    let sessions = Arc::new(LocalSessionManager::default());
    let service = HttpService::new(
        move || Ok(Traced::new(handler.clone())),
        sessions.clone(),
        options.rmcp_config(),
    );
    let gate = super::gate::Gate::new(options, tool_scopes);
    let router = gate.with_routes(axum::Router::new());
    let endpoint = Arc::new(Endpoint {
        service,
        sessions,
        max: options.limits.max_message_bytes,
        max_sessions: options.limits.max_sessions,
        gate,
    });
    let router = router.nest_service("/mcp", Mcp(endpoint));
    // a browser's preflight carries no token and is no request of MCP: answered first
    match super::cors::Cors::new(&options.cors_origins) {
        Some(cors) => router.layer(axum::middleware::from_fn_with_state(
            cors,
            super::cors::cors,
        )),
        None => router,
    }
}

/// Serves an axum application (a [`Server::http_router`](crate::Server::http_router),
/// perhaps with routes of yours) on a listener you have bound (port 0 picks a free port):
/// what [`Server::serve_http`](crate::Server::serve_http) does, with the default
/// [`Limits`]. The address is logged.
///
/// Each connection is HTTP/1.1 (hyper's), with two settings axum's own `serve` leaves out:
/// - `TCP_NODELAY`: without it every response after the first on a keep-alive connection
///   waits for the client's delayed ACK (about 40 ms on Linux);
/// - [`Limits::request_head_timeout`]: a connection that does not send a request's head in
///   time (one that sends it byte by byte, or a keep-alive connection left idle) is
///   closed, so that clients holding connections open cannot use up the server's sockets.
///
/// # Errors
/// When the listener fails.
pub async fn app_on(app: axum::Router, listener: tokio::net::TcpListener) -> Result<(), Error> {
    app_on_with(app, listener, &Limits::default()).await
}

/// A server bound to its HTTP address and not yet serving, from
/// [`Server::bind_http`](crate::Server::bind_http): the address is known before the first
/// request (port 0 picks a free one, for tests), and [`serve`](BoundHttp::serve) serves.
///
/// ```no_run
/// # async fn run(server: toolshape::Server<()>) -> Result<(), toolshape::serve::Error> {
/// let bound = server.bind_http("127.0.0.1:0").await?;
/// println!("MCP server at {}", bound.url()); // http://127.0.0.1:PORT/mcp
/// bound.serve().await
/// # }
/// # let _ = run;
/// ```
#[derive(Debug)]
pub struct BoundHttp {
    app: axum::Router,
    listener: tokio::net::TcpListener,
    address: std::net::SocketAddr,
    limits: Limits,
}

impl BoundHttp {
    pub(crate) fn new(
        app: axum::Router,
        listener: tokio::net::TcpListener,
        limits: Limits,
    ) -> Result<Self, Error> {
        let address = listener.local_addr()?;
        Ok(BoundHttp {
            app,
            listener,
            address,
            limits,
        })
    }

    /// The address the server listens on: the port the system chose for port 0.
    pub fn local_addr(&self) -> std::net::SocketAddr {
        self.address
    }

    /// Where a client connects: `http://ADDRESS/mcp`.
    pub fn url(&self) -> String {
        format!("http://{}/mcp", self.address)
    }

    /// Serves until the process ends, as [`app_on_with`] does: a future of its own, so it can
    /// be spawned (`tokio::spawn(bound.serve())`).
    ///
    /// # Errors
    /// When the listener fails.
    pub fn serve(self) -> impl Future<Output = Result<(), Error>> + Send + 'static {
        accept(self.app, self.listener, self.limits.request_head_timeout)
    }
}

/// [`app_on`] with these limits (its connections' [`Limits::request_head_timeout`]).
///
/// # Errors
/// When the listener fails.
pub fn app_on_with(
    app: axum::Router,
    listener: tokio::net::TcpListener,
    limits: &Limits,
) -> impl Future<Output = Result<(), Error>> + Send + 'static {
    // what it needs of `limits`, read now: the future can be spawned
    let head_timeout = limits.request_head_timeout;
    accept(app, listener, head_timeout)
}

/// [`app_on_with`]'s loop: accepts connections and serves each one in a task of its own.
async fn accept(
    app: axum::Router,
    listener: tokio::net::TcpListener,
    head_timeout: std::time::Duration,
) -> Result<(), Error> {
    let address = listener.local_addr()?;
    tracing::info!("serving MCP over streamable HTTP at http://{address}/mcp");
    loop {
        let socket = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, or a connection gone before it was accepted:
                // the server goes on (after a pause for the first, as axum's `serve` does).
                tracing::warn!(%error, "could not accept a connection");
                if !matches!(
                    error.kind(),
                    std::io::ErrorKind::ConnectionAborted
                        | std::io::ErrorKind::ConnectionReset
                        | std::io::ErrorKind::ConnectionRefused
                ) {
                    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                }
                continue;
            }
        };
        let (socket, peer) = socket;
        if let Err(error) = socket.set_nodelay(true) {
            tracing::warn!(%error, "could not set TCP_NODELAY on an accepted socket");
        }
        let service = WithPeer {
            service: hyper_util::service::TowerToHyperService::new(app.clone()),
            peer: axum::extract::ConnectInfo(peer),
        };
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(head_timeout)
                .serve_connection(hyper_util::rt::TokioIo::new(socket), service)
                .with_upgrades();
            if let Err(error) = connection.await {
                tracing::debug!(%error, "an HTTP connection ended with an error");
            }
        });
    }
}

/// A connection's service: the application, with the client's address in each request's
/// extensions (as axum's `ConnectInfo`, which a request's span reads as `client.address`
/// and `client.port`).
struct WithPeer {
    service: App,
    peer: axum::extract::ConnectInfo<std::net::SocketAddr>,
}

type HyperRequest = axum::http::Request<hyper::body::Incoming>;
type App = hyper_util::service::TowerToHyperService<axum::Router>;

impl hyper::service::Service<HyperRequest> for WithPeer {
    type Response = <App as hyper::service::Service<HyperRequest>>::Response;
    type Error = <App as hyper::service::Service<HyperRequest>>::Error;
    type Future = <App as hyper::service::Service<HyperRequest>>::Future;

    fn call(&self, mut request: HyperRequest) -> Self::Future {
        request.extensions_mut().insert(self.peer);
        self.service.call(request)
    }
}

/// The `/mcp` endpoint: each request runs through the OAuth checks, toolshape's own checks
/// and rmcp's service, and a request refused on the way still gets its span
/// ([`Watch`](super::refused::Watch)).
struct Endpoint<H: ServerHandler> {
    /// rmcp's service. It answers a request by reference: shared, it is not cloned (with
    /// its configuration's lists of hosts and origins) for each request.
    service: HttpService<H>,
    sessions: Arc<LocalSessionManager>,
    max: usize,
    /// [`Limits::max_sessions`].
    max_sessions: usize,
    /// The OAuth steps.
    gate: super::gate::Gate,
}

/// `/mcp` as the tower service axum routes to.
///
/// A request's whole answer is one future, boxed once: the checks run first, each to its
/// end, and only then is rmcp's (large) future made, in place, and awaited. Checks that
/// wrapped the call to rmcp would each hold a copy of its future, and a future boxed apart
/// from the endpoint's would be one more large allocation per request, which on several
/// worker threads contends for the allocator's locks.
struct Mcp<H: ServerHandler>(Arc<Endpoint<H>>);

impl<H: ServerHandler> Clone for Mcp<H> {
    fn clone(&self) -> Self {
        Mcp(self.0.clone())
    }
}

impl<H: ServerHandler + Clone> tower_service::Service<Request> for Mcp<H> {
    type Response = Response;
    type Error = std::convert::Infallible;
    type Future = futures::future::BoxFuture<'static, Result<Response, Self::Error>>;

    fn poll_ready(
        &mut self,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), Self::Error>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        Box::pin(self.0.clone().serve(request))
    }
}

/// A request the checks let through, and what follows rmcp's answer to it.
struct Admitted {
    request: Request,
    then: Then,
    /// What the OAuth steps leave to settle.
    ticket: super::gate::Ticket,
}

/// What is done with rmcp's answer to an admitted request.
enum Then {
    /// A `DELETE`: `202 Accepted` becomes `204 No Content`.
    Delete,
    /// A `POST` with this body: a refusal of a body that is no message of MCP becomes the
    /// JSON-RPC error it deserves.
    Post(axum::body::Bytes),
    /// Anything else: the answer as it is.
    Answer,
}

impl<H: ServerHandler + Clone> Endpoint<H> {
    /// A request to `/mcp`, answered (never an error: tower's signature asks for one).
    async fn serve(
        self: Arc<Self>,
        request: Request,
    ) -> Result<Response, std::convert::Infallible> {
        let watch = super::refused::Watch::of(&request);
        let admitted = match self.admit(request).await {
            Ok(admitted) => admitted,
            Err(refusal) => return Ok(watch.finish(refusal).await),
        };
        // rmcp's answer, its future made here, where it is awaited. While a subscriber
        // listens at `info`, polled without rmcp's connection span: a 2026-07-28 request is
        // a connection of its own, and that span would be a second trace beside the
        // request's. While none does, rmcp opens no span and nothing needs leaving out.
        let answer = if tracing::level_enabled!(tracing::Level::INFO) {
            use tracing::instrument::WithSubscriber as _;
            let dispatch = super::observe::without_connection_span();
            self.service
                .handle(admitted.request)
                .with_subscriber(dispatch)
                .await
        } else {
            self.service.handle(admitted.request).await
        }
        .into_response();
        let ended = matches!(admitted.then, Then::Delete) && answer.status().is_success();
        self.gate
            .settle(&self.sessions, admitted.ticket, ended, answer.headers())
            .await;
        Ok(watch.finish(settle(admitted.then, answer)).await)
    }

    /// toolshape's checks in front of rmcp's service: with OAuth the request's access
    /// token, then its session's owner; then the method's own. `Err`: the refusal.
    async fn admit(&self, request: Request) -> Result<Admitted, Response> {
        let (request, ticket) = self.gate.admit(request).await?;
        let admitted = |request, then| Admitted {
            request,
            then,
            ticket,
        };
        match *request.method() {
            Method::DELETE => {
                let session = request
                    .headers()
                    .get(headers::MCP_SESSION_ID)
                    .and_then(|v| v.to_str().ok())
                    .map(Arc::<str>::from);
                if let Some(session) = session
                    && !self.sessions.has_session(&session).await.unwrap_or(true)
                {
                    return Err((
                        StatusCode::NOT_FOUND,
                        format!("Not Found: no session `{session}`"),
                    )
                        .into_response());
                }
                Ok(admitted(request, Then::Delete))
            }
            Method::POST => {
                let (parts, body) = request.into_parts();
                let Ok(bytes) = axum::body::to_bytes(body, self.max).await else {
                    return Err((
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!("Payload Too Large: request body exceeds {} bytes", self.max),
                    )
                        .into_response());
                };
                if let Some(refusal) = self.refuse_a_session(&parts, &bytes) {
                    return Err(refusal);
                }
                // With OAuth, a `tools/call` is held against its tool's scopes before
                // anything runs.
                if let Some(refusal) = self.gate.refuse_call(&parts, &bytes) {
                    return Err(refusal);
                }
                let request = Request::from_parts(parts, Body::from(bytes.clone()));
                Ok(admitted(request, Then::Post(bytes)))
            }
            _ => Ok(admitted(request, Then::Answer)),
        }
    }
}

/// rmcp's answer to an admitted request, as [`Then`] says.
fn settle(then: Then, mut response: Response) -> Response {
    match then {
        // rmcp answers `202 Accepted`; the session is gone when it does, and the Python SDK
        // takes only 200 or 204 for a session ended (it warns otherwise)
        Then::Delete if response.status() == StatusCode::ACCEPTED => {
            *response.status_mut() = StatusCode::NO_CONTENT;
            *response.body_mut() = Body::empty();
            response
        }
        // rmcp reads the body first: a good message is parsed once. Only a body it refuses
        // is looked at here, and answered with the JSON-RPC error it deserves when it is not
        // a message of MCP. A refusal of who asks (a foreign origin or host, `403`) stands
        // whatever the body holds.
        Then::Post(bytes)
            if response.status().is_client_error()
                && response.status() != StatusCode::FORBIDDEN =>
        {
            match protocol::classify(&bytes) {
                Incoming::Message(_) => response,
                Incoming::Reply(rejection) => json_rpc_error(&rejection),
            }
        }
        _ => response,
    }
}

impl<H: ServerHandler> Endpoint<H> {
    /// The `503` of an `initialize` (which opens a session) while the server keeps
    /// [`Limits::max_sessions`] sessions. The body is looked at only at the limit. The
    /// sessions are counted without waiting: while one is being opened or closed (the map
    /// locked for writing), the request passes, as concurrent `initialize`s may.
    fn refuse_a_session(
        &self,
        parts: &axum::http::request::Parts,
        body: &[u8],
    ) -> Option<Response> {
        if parts.headers.contains_key(headers::MCP_SESSION_ID) {
            return None;
        }
        if names_another_method(&parts.headers) {
            return None;
        }
        let open = self.sessions.sessions.try_read().ok()?.len();
        if open < self.max_sessions || !opens_a_session(body) {
            return None;
        }
        let mut response = (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "Service Unavailable: {open} sessions are open, this server's limit; \
                 retry when one has ended"
            ),
        )
            .into_response();
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("10"));
        Some(response)
    }
}

/// Whether a request's headers say it is not an `initialize`, as rmcp holds the body to
/// them: from protocol version 2026-07-28 on (SEP-2243), rmcp refuses an `initialize` whose
/// first `Mcp-Method` header names another method, before any session is opened. Such a
/// request is let past the session limit without a look at the session map, which every
/// worker thread's requests would otherwise lock in turn.
fn names_another_method(head: &axum::http::HeaderMap) -> bool {
    let held_to_headers = head
        .get(headers::MCP_PROTOCOL_VERSION)
        .and_then(|version| version.to_str().ok())
        .is_some_and(|version| version >= rmcp::model::ProtocolVersion::STANDARD_HEADERS.as_str());
    held_to_headers
        && head
            .get(headers::MCP_METHOD)
            .is_some_and(|method| method.as_bytes() != b"initialize")
}

/// Whether a body is an `initialize` request: what opens a session.
fn opens_a_session(body: &[u8]) -> bool {
    #[derive(serde::Deserialize)]
    struct Method<'a> {
        #[serde(borrow)]
        method: Option<std::borrow::Cow<'a, str>>,
    }
    serde_json::from_slice::<Method<'_>>(body)
        .is_ok_and(|message| message.method.as_deref() == Some("initialize"))
}

/// A JSON-RPC error as an HTTP response: `400` for a body that is not a JSON-RPC message
/// (the transport specification's answer), `200` for a well-formed request whose params
/// are wrong (an ordinary JSON-RPC error response).
fn json_rpc_error(rejection: &Rejection) -> Response {
    let status = if rejection.code == INVALID_PARAMS {
        StatusCode::OK
    } else {
        StatusCode::BAD_REQUEST
    };
    let mut response = (status, rejection.to_json()).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response.extensions_mut().insert(super::refused::Refusal {
        error_type: rejection.code.to_string().into(),
        json_rpc: true,
        description: rejection.message.clone(),
        request_id: (!rejection.id.is_null()).then(|| match &rejection.id {
            serde_json::Value::String(id) => id.clone(),
            id => id.to_string(),
        }),
    });
    response
}
