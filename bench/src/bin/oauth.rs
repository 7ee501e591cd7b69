//! The per-call cost of checking OAuth access tokens: the same 200 B `tools/call` on two
//! keep-alive connections, interleaved call by call, to toolshape's HTTP server without
//! OAuth and with it (a JWT from a real authorization server, RS256, the JWKS cached after
//! the first call); then `OAuth::verify` alone on the same token.
//!
//! Starts the authorization server of the tests (`node tests/oauth/server.mjs`; run
//! `npm ci --prefix tests/oauth` first) and stops it by its PID.
//!
//! `cargo run -p toolshape-bench --release --bin oauth [CALLS]`

use std::io::BufRead as _;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt as _, Full};
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use toolshape::serve::HttpOptions;
use toolshape::serve::oauth::OAuth;
use toolshape_bench::toolshape_server;

/// One keep-alive connection in an MCP session, with a bearer token or none.
struct Connection {
    sender: SendRequest<Full<Bytes>>,
    address: SocketAddr,
    session: Option<String>,
    token: Option<String>,
}

impl Connection {
    async fn open(address: SocketAddr, token: Option<String>) -> Self {
        let stream = tokio::net::TcpStream::connect(address).await.unwrap();
        let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .unwrap();
        tokio::spawn(connection);
        let mut connection = Connection {
            sender,
            address,
            session: None,
            token,
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

    async fn post(&mut self, message: &Value) -> Option<Value> {
        let mut request = hyper::Request::post(format!("http://{}/mcp", self.address))
            .header("host", format!("127.0.0.1:{}", self.address.port()))
            .header("accept", "application/json, text/event-stream")
            .header("content-type", "application/json")
            .header("mcp-protocol-version", "2025-11-25");
        if let Some(session) = &self.session {
            request = request.header("mcp-session-id", session);
        }
        if let Some(token) = &self.token {
            request = request.header("authorization", format!("Bearer {token}"));
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
        .unwrap_or(2000);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/oauth");
    let mut node = std::process::Command::new("node")
        .arg(format!("{dir}/server.mjs"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("node, and `npm ci --prefix tests/oauth`");
    let mut stdout = std::io::BufReader::new(node.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
    let issuer = serde_json::from_str::<Value>(&line).unwrap()["issuer"]
        .as_str()
        .unwrap()
        .to_owned();

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let plain = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let plain_address = plain.local_addr().unwrap();
        tokio::spawn(toolshape::serve::app_on(
            toolshape_server().http_router(&HttpOptions::default()),
            plain,
        ));

        let guarded = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let guarded_address = guarded.local_addr().unwrap();
        let resource = format!("http://{guarded_address}/mcp");
        let oauth = OAuth::new(&resource, &issuer);
        oauth.fetch_keys().await.unwrap();
        let app = toolshape_server().http_router(&HttpOptions::default().with_oauth(oauth.clone()));
        tokio::spawn(toolshape::serve::app_on(app, guarded));

        let token: Value = reqwest::Client::new()
            .post(format!("{issuer}/token"))
            .basic_auth("reader", Some("reader-secret"))
            .form(&[
                ("grant_type", "client_credentials"),
                ("scope", "users:read"),
                ("resource", resource.as_str()),
            ])
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let token = token["access_token"].as_str().unwrap().to_owned();

        let names = ["no OAuth", "OAuth (JWT, cached JWKS)"];
        let mut connections = [
            Connection::open(plain_address, None).await,
            Connection::open(guarded_address, Some(token.clone())).await,
        ];
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!(
            "{calls} calls per server, interleaved; load at start: {}",
            load.trim()
        );
        let mut samples = vec![Vec::with_capacity(calls); names.len()];
        for round in 0..calls + 20 {
            for k in 0..names.len() {
                let i = (round + k) % names.len();
                let time = connections[i].call(round as u64 + 1).await;
                if round >= 20 {
                    samples[i].push(time);
                }
            }
        }
        let mut p50s = Vec::new();
        println!("| server | p50 | p90 |");
        println!("| --- | ---: | ---: |");
        for (name, mut samples) in names.iter().zip(samples) {
            let p50 = percentile(&mut samples, 0.5);
            let p90 = percentile(&mut samples, 0.9);
            println!(
                "| {name} | {:.3} ms | {:.3} ms |",
                p50.as_secs_f64() * 1e3,
                p90.as_secs_f64() * 1e3
            );
            p50s.push(p50);
        }
        println!(
            "p50 ratio: {:.3}x, difference {:.1} µs",
            p50s[1].as_secs_f64() / p50s[0].as_secs_f64(),
            (p50s[1].as_secs_f64() - p50s[0].as_secs_f64()) * 1e6
        );

        let mut verify = Vec::with_capacity(calls);
        for _ in 0..calls {
            let start = Instant::now();
            oauth.verify(&token).await.unwrap();
            verify.push(start.elapsed());
        }
        println!(
            "OAuth::verify alone (cached JWKS): p50 {:.1} µs, p90 {:.1} µs",
            percentile(&mut verify, 0.5).as_secs_f64() * 1e6,
            percentile(&mut verify, 0.9).as_secs_f64() * 1e6
        );
        let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
        println!("load at end: {}", load.trim());
    });
    let _ = node.kill();
    let _ = node.wait();
}
