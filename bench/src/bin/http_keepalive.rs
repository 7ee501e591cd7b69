//! HTTP keep-alive latency: one `tools/call` after another on one connection, with an
//! ordinary HTTP/1.1 client (hyper's, on a plain `TcpStream`: no `TCP_QUICKACK`, Nagle as
//! the kernel sets it), against three servers of the same 200 B tool, interleaved call by
//! call:
//!
//! - `rmcp`: rmcp's own `#[tool]` server behind rmcp's `StreamableHttpService` served by
//!   `axum::serve`, as rmcp's examples do (its default);
//! - `toolshape`: `Server::http_router` on `toolshape::serve::app_on` (toolshape's layer,
//!   `TCP_NODELAY`);
//! - `toolshape_before`: toolshape's server served as it was before the HTTP layer
//!   (`Server::http_service` under `axum::serve`, no `TCP_NODELAY`).
//!
//! Prints p50, p90 and max per server.
//!
//! `cargo run -p toolshape-bench --release --bin http_keepalive [CALLS]`

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt as _, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use rmcp::transport::streamable_http_server::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use serde_json::{Value, json};
use toolshape_bench::{RmcpServer, toolshape_server};

async fn listener() -> (tokio::net::TcpListener, SocketAddr) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    (listener, address)
}

async fn start_rmcp() -> SocketAddr {
    let (listener, address) = listener().await;
    let service = StreamableHttpService::new(
        || Ok(RmcpServer::default()),
        LocalSessionManager::default().into(),
        Default::default(),
    );
    let app = axum::Router::new().nest_service("/mcp", service);
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

async fn start_toolshape() -> SocketAddr {
    let (listener, address) = listener().await;
    tokio::spawn(toolshape::serve::app_on(
        toolshape_server().http_router(&Default::default()),
        listener,
    ));
    address
}

async fn start_toolshape_before() -> SocketAddr {
    let (listener, address) = listener().await;
    let app = axum::Router::new()
        .nest_service("/mcp", toolshape_server().http_service(Default::default()));
    tokio::spawn(async move { axum::serve(listener, app).await });
    address
}

/// One keep-alive connection in an MCP session.
struct Connection {
    sender: SendRequest<Full<Bytes>>,
    address: SocketAddr,
    session: Option<String>,
}

impl Connection {
    async fn open(address: SocketAddr) -> Self {
        let stream = tokio::net::TcpStream::connect(address).await.unwrap();
        let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .unwrap();
        tokio::spawn(connection);
        let mut connection = Connection {
            sender,
            address,
            session: None,
        };
        connection
            .post(
                &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25", "capabilities": {},
                "clientInfo": {"name": "bench", "version": "0"}}}),
            )
            .await;
        connection
            .post(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        connection
    }

    /// POSTs one message and reads the whole answer; the JSON-RPC response in it, if any.
    async fn post(&mut self, message: &Value) -> Option<Value> {
        let mut request = hyper::Request::post(format!("http://{}/mcp", self.address))
            .header("host", format!("127.0.0.1:{}", self.address.port()))
            .header("accept", "application/json, text/event-stream")
            .header("content-type", "application/json")
            .header("mcp-protocol-version", "2025-11-25");
        if let Some(session) = &self.session {
            request = request.header("mcp-session-id", session);
        }
        let body = Full::new(Bytes::from(serde_json::to_vec(message).unwrap()));
        self.sender.ready().await.unwrap();
        let response = self
            .sender
            .send_request(request.body(body).unwrap())
            .await
            .unwrap();
        if let Some(session) = response.headers().get("mcp-session-id") {
            self.session = Some(session.to_str().unwrap().to_owned());
        }
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes);
        // An event stream: the response is the `data:` line holding an `id`.
        text.lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .find(|value| value.get("id").is_some())
            .or_else(|| serde_json::from_str(&text).ok())
    }

    async fn call(&mut self, id: u64) -> Duration {
        let start = Instant::now();
        let answer = self
            .post(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": "get_payload", "arguments": {"size": 0}}}))
            .await
            .expect("an answer");
        let elapsed = start.elapsed();
        assert!(answer["result"].is_object(), "{answer}");
        elapsed
    }
}

fn percentile(samples: &mut [Duration], p: f64) -> Duration {
    samples.sort();
    samples[((samples.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let calls: usize = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(300);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let names = ["rmcp", "toolshape", "toolshape_before"];
        let addresses = [
            start_rmcp().await,
            start_toolshape().await,
            start_toolshape_before().await,
        ];
        let mut connections = Vec::new();
        for address in addresses {
            connections.push(Connection::open(address).await);
        }
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!(
            "{calls} calls per server, interleaved; load at start: {}",
            load.trim()
        );
        let mut samples = vec![Vec::with_capacity(calls); names.len()];
        for round in 0..calls + 10 {
            for k in 0..names.len() {
                let i = (round + k) % names.len();
                let time = connections[i].call(round as u64 + 1).await;
                if round >= 10 {
                    samples[i].push(time);
                }
            }
        }
        println!("| server | p50 | p90 | max |");
        println!("| --- | ---: | ---: | ---: |");
        for (name, mut samples) in names.iter().zip(samples) {
            let ms = |d: Duration| format!("{:.2} ms", d.as_secs_f64() * 1e3);
            let p50 = percentile(&mut samples, 0.5);
            let p90 = percentile(&mut samples, 0.9);
            let max = percentile(&mut samples, 1.0);
            println!("| {name} | {} | {} | {} |", ms(p50), ms(p90), ms(max));
        }
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!("load at end: {}", load.trim());
    });
}
