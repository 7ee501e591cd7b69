//! A round-robin HTTP/1.1 proxy in front of replicas, in the test's own process: what the
//! replicas tests need of a load balancer, as the deploying guide's haproxy configuration
//! does it (the outside checks keep using haproxy itself).
//!
//! - Each request goes to the next replica in turn, also on a kept-alive client connection
//!   (haproxy's `balance roundrobin` in `mode http`).
//! - A request with an `mcp-session-id` that a replica's answer set goes to that replica
//!   (`stick on req.hdr(mcp-session-id)` / `stick store-response`): 2025-11-25 sessions.
//! - A replica that refuses the connection (killed) is passed over for the next one (`retries`
//!   with `option redispatch`); when none answers, `503`.
//! - Every answer says which replica gave it in `x-replica` (the replica's name).
//!
//! Bodies stream through in both directions (event streams included). The proxy runs on the
//! test's runtime and ends with it.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use http_body_util::{Either, Full};
use hyper::body::{Bytes, Incoming};
use hyper::header::{CONNECTION, HeaderValue};
use hyper::{Request, Response, StatusCode};
use hyper_util::rt::TokioIo;

type Body = Either<Incoming, Full<Bytes>>;

struct Proxy {
    /// (name, address) of each replica, in round-robin order.
    replicas: Vec<(String, SocketAddr)>,
    next: AtomicUsize,
    /// session id → the index of the replica that created it
    sessions: Mutex<HashMap<String, usize>>,
}

/// Starts the proxy on a free loopback port in front of `replicas` (name, port), and gives
/// its address.
pub async fn start(replicas: &[(String, u16)]) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let front = listener.local_addr().unwrap();
    let proxy = Arc::new(Proxy {
        replicas: replicas
            .iter()
            .map(|(name, port)| (name.clone(), SocketAddr::from(([127, 0, 0, 1], *port))))
            .collect(),
        next: AtomicUsize::new(0),
        sessions: Mutex::new(HashMap::new()),
    });
    tokio::spawn(async move {
        loop {
            let Ok((stream, _)) = listener.accept().await else {
                continue;
            };
            let _ = stream.set_nodelay(true);
            let proxy = proxy.clone();
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |request| {
                    let proxy = proxy.clone();
                    async move { Ok::<_, hyper::Error>(proxy.forward(request).await) }
                });
                let _ = hyper::server::conn::http1::Builder::new()
                    .serve_connection(TokioIo::new(stream), service)
                    .await;
            });
        }
    });
    front
}

impl Proxy {
    async fn forward(&self, request: Request<Incoming>) -> Response<Body> {
        let session = request
            .headers()
            .get("mcp-session-id")
            .and_then(|id| id.to_str().ok())
            .map(str::to_owned);
        let sticky = session
            .as_deref()
            .and_then(|id| self.sessions.lock().unwrap().get(id).copied());
        let first = sticky.unwrap_or_else(|| self.next.fetch_add(1, Ordering::Relaxed));
        // The replica in turn, or the next one that accepts a connection.
        let mut request = Some(request);
        for attempt in 0..self.replicas.len() {
            let index = (first + attempt) % self.replicas.len();
            let (name, address) = &self.replicas[index];
            let Ok(stream) = tokio::net::TcpStream::connect(address).await else {
                continue;
            };
            let _ = stream.set_nodelay(true);
            let Ok((mut sender, connection)) =
                hyper::client::conn::http1::handshake(TokioIo::new(stream)).await
            else {
                continue;
            };
            tokio::spawn(connection);
            let mut response = match sender.send_request(request.take().unwrap()).await {
                Ok(response) => response,
                Err(error) => return failure(StatusCode::BAD_GATEWAY, &format!("{name}: {error}")),
            };
            if let Some(Ok(created)) = response
                .headers()
                .get("mcp-session-id")
                .map(|id| id.to_str())
            {
                self.sessions
                    .lock()
                    .unwrap()
                    .insert(created.to_owned(), index);
            }
            let headers = response.headers_mut();
            headers.remove(CONNECTION);
            headers.insert("x-replica", HeaderValue::from_str(name).unwrap());
            return response.map(Either::Left);
        }
        failure(
            StatusCode::SERVICE_UNAVAILABLE,
            "no replica accepts connections",
        )
    }
}

fn failure(status: StatusCode, text: &str) -> Response<Body> {
    let mut response = Response::new(Either::Right(Full::new(Bytes::from(text.to_owned()))));
    *response.status_mut() = status;
    response
}
