//! The quickstart example's `--otlp URL`, as an operator runs it: the binary serving HTTP,
//! an OTLP/HTTP receiver standing in for the collector, a `tools/call` sent with a
//! `traceparent` in `_meta`, then Ctrl-C (SIGINT). What reaches the receiver: the call's
//! span, in the client's trace, and the duration histogram. And a command line it does not
//! know is an error.

use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::Uri;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

type Received = Arc<Mutex<Vec<(String, Bytes)>>>;

/// An OTLP/HTTP receiver on a loopback port: every POST's path and body.
async fn receiver() -> (SocketAddr, Received) {
    let received = Received::default();
    let app = axum::Router::new()
        .fallback(
            |State(received): State<Received>, uri: Uri, body: Bytes| async move {
                received.lock().unwrap().push((uri.path().to_owned(), body));
                ""
            },
        )
        .with_state(received.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    (address, received)
}

/// One POST of `body` to `http://address/mcp`, on a connection of its own; the answer.
async fn post(address: SocketAddr, session: Option<&str>, body: &str) -> String {
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let session = session.map_or(String::new(), |id| format!("mcp-session-id: {id}\r\n"));
    let request = format!(
        "POST /mcp HTTP/1.1\r\nhost: {address}\r\ncontent-type: application/json\r\n\
         accept: application/json, text/event-stream\r\nconnection: close\r\n{session}\
         content-length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    answer
}

fn free_port() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn otlp_exports_the_calls_span_in_the_clients_trace_and_the_histogram() {
    let (collector, received) = receiver().await;
    let address = free_port();
    let mut child = Command::new(env!("CARGO_BIN_EXE_quickstart"))
        .args(["--http", &address.to_string()])
        .args(["--otlp", &format!("http://{collector}")])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the quickstart starts");
    let mut up = false;
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(address).await.is_ok() {
            up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert!(up, "the quickstart serves at {address}");

    let answer = post(
        address,
        None,
        r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"otlp-test","version":"0"}}}"#,
    )
    .await;
    let session = answer
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("mcp-session-id")
                .then(|| value.trim().to_owned())
        })
        .unwrap_or_else(|| panic!("a session: {answer}"));
    post(
        address,
        Some(&session),
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    )
    .await;
    let answer = post(
        address,
        Some(&session),
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add","arguments":{"a":2,"b":3},"_meta":{"traceparent":"00-5bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}}}"#,
    )
    .await;
    assert!(answer.contains(r#""data":5"#), "{answer}");

    // Ctrl-C: the server stops and its exporters send what they hold.
    let interrupted = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(interrupted.success());
    let status = child.wait().unwrap();
    assert!(status.success(), "{status}");

    let received = received.lock().unwrap();
    let traces: Vec<&Bytes> = received
        .iter()
        .filter(|(path, _)| path == "/v1/traces")
        .map(|(_, body)| body)
        .collect();
    // OTLP protobuf: names and attribute values as bytes, ids as 16 and 8 raw bytes
    let trace_id = [
        0x5b, 0xf9, 0x2f, 0x35, 0x77, 0xb3, 0x4d, 0xa6, 0xa3, 0xce, 0x92, 0x9d, 0x0e, 0x0e, 0x47,
        0x36,
    ];
    let contains = |body: &Bytes, part: &[u8]| body.windows(part.len()).any(|w| w == part);
    assert!(
        traces
            .iter()
            .any(|body| contains(body, b"tools/call add") && contains(body, &trace_id)),
        "the call's span, in the client's trace, among {} trace exports",
        traces.len()
    );
    assert!(
        traces
            .iter()
            .any(|body| contains(body, address.to_string().as_bytes())),
        "the replica's address as service.instance.id"
    );
    assert!(
        received.iter().any(|(path, body)| path == "/v1/metrics"
            && contains(body, b"mcp.server.operation.duration")),
        "the duration histogram"
    );
}

#[test]
fn an_unknown_argument_is_an_error() {
    for args in [&["--store", "redis://127.0.0.1/0"][..], &["--otlp"][..]] {
        let output = Command::new(env!("CARGO_BIN_EXE_quickstart"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("usage: quickstart"), "{args:?}: {stderr}");
    }
}
