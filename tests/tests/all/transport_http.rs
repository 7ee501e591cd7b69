//! Streamable HTTP through a raw TCP socket (hyper's bare HTTP/1.1 connection, no MCP client):
//! bodies that are not JSON-RPC, malformed params, foreign origins, unknown sessions.

use std::net::SocketAddr;

use http_body_util::{BodyExt as _, Full};
use hyper::Request;
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use toolshape::{Server, serve};
use toolshape_examples::quickstart::{Directory, toolset};

async fn start() -> SocketAddr {
    start_with(Default::default()).await
}

async fn start_with(options: serve::HttpOptions) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let server = Server::new(Directory::default(), toolset());
    tokio::spawn(serve::app_on(server.http_router(&options), listener));
    address
}

struct Answer {
    status: u16,
    headers: hyper::HeaderMap,
    body: String,
}

impl Answer {
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// One request to `/mcp` on a fresh keep-alive connection: its response, body unread.
async fn request(
    address: SocketAddr,
    method: &str,
    headers: &[(&str, &str)],
    body: impl Into<Bytes>,
) -> hyper::Response<hyper::body::Incoming> {
    let stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap();
    tokio::spawn(connection);
    let mut request = Request::builder()
        .method(method)
        .uri(format!("http://{address}/mcp"))
        .header("host", format!("127.0.0.1:{}", address.port()))
        .header("accept", "application/json, text/event-stream")
        .header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    sender
        .send_request(request.body(Full::new(body.into())).unwrap())
        .await
        .unwrap()
}

/// One request on a fresh keep-alive connection; the body is read to its end unless the
/// answer is an event stream (whose headers are all a test needs).
async fn send(
    address: SocketAddr,
    method: &str,
    headers: &[(&str, &str)],
    body: impl Into<Bytes>,
) -> Answer {
    let response = request(address, method, headers, body).await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let is_stream = headers
        .get("content-type")
        .is_some_and(|v| v.as_bytes().starts_with(b"text/event-stream"));
    let body = if is_stream {
        String::new()
    } else {
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        String::from_utf8_lossy(&bytes).into_owned()
    };
    Answer {
        status,
        headers,
        body,
    }
}

/// The JSON-RPC message answering a request, whether sent as a JSON body or as an event
/// of a stream (read until that event: a session's stream may stay open).
async fn message_of(
    address: SocketAddr,
    headers: &[(&str, &str)],
    body: impl Into<Bytes>,
) -> (u16, Value) {
    let response = request(address, "POST", headers, body).await;
    let status = response.status().as_u16();
    let mut body = response.into_body();
    let mut text = String::new();
    let read = async {
        while let Some(frame) = body.frame().await {
            if let Ok(data) = frame.unwrap().into_data() {
                text.push_str(&String::from_utf8_lossy(&data));
            }
            let event = text
                .lines()
                .filter_map(|line| line.strip_prefix("data:"))
                .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
                .find(|message| message.get("id").is_some());
            if let Some(message) = event {
                return message;
            }
        }
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
    };
    let message = tokio::time::timeout(std::time::Duration::from_secs(10), read)
        .await
        .expect("an answer within 10 s");
    (status, message)
}

fn initialize() -> Vec<u8> {
    serde_json::to_vec(
        &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"}}}),
    )
    .unwrap()
}

#[tokio::test]
async fn unreadable_bodies_are_json_rpc_parse_errors() {
    let address = start().await;
    let deep = "[".repeat(100_000);
    let bodies: Vec<Vec<u8>> = vec![
        b"NaN".to_vec(),
        b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}".to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\ud800"}}"#.to_vec(),
        br#"{"jsonrpc":"2.0","id":1,"#.to_vec(),
        deep.into_bytes(),
    ];
    for body in bodies {
        let answer = send(address, "POST", &[], body).await;
        assert_eq!(answer.status, 400, "{}", answer.body);
        let error = answer.json();
        assert_eq!(error["error"]["code"], -32700, "{error}");
        assert_eq!(error["id"], Value::Null, "{error}");
    }
    let answer = send(
        address,
        "POST",
        &[],
        br#"{"jsonrpc":"1.0","id":8,"method":"ping"}"#.to_vec(),
    )
    .await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.json()["error"]["code"], -32600);
    assert_eq!(answer.json()["id"], 8);
}

#[tokio::test]
async fn params_of_the_wrong_json_type_and_numbers_out_of_range_keep_the_id() {
    let address = start().await;
    for (body, id, names) in [
        (
            &br#"{"jsonrpc":"2.0","id":30,"method":"tools/list","params":[1]}"#[..],
            json!(30),
            "Invalid params for `tools/list`: `params`: expected an object, found an array",
        ),
        (
            br#"{"jsonrpc":"2.0","id":"b","method":"tools/call","params":{"name":"add","arguments":{"a":-1e999,"b":1}}}"#,
            json!("b"),
            "Invalid params for `tools/call`: `params.arguments.a`: number out of range",
        ),
    ] {
        let answer = send(address, "POST", &[], body.to_vec()).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let error = answer.json();
        assert_eq!(error["error"]["code"], -32602, "{error}");
        assert_eq!(error["id"], id, "{error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(message.starts_with(names), "{message}");
    }
}

#[tokio::test]
async fn malformed_tool_call_params_are_invalid_params_with_the_id() {
    let address = start().await;
    for (request, names) in [
        (
            json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
                   "params": {"name": "add", "arguments": "a=2"}}),
            "`params.arguments`",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call"}),
            "params",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": false}}),
            "`params.name`",
        ),
    ] {
        let answer = send(address, "POST", &[], serde_json::to_vec(&request).unwrap()).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let error = answer.json();
        assert_eq!(error["error"]["code"], -32602, "{error}");
        assert_eq!(error["id"], request["id"], "{error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(message.contains(names), "{message}");
    }
}

#[tokio::test]
async fn foreign_origins_are_forbidden_loopback_origins_pass() {
    let address = start().await;
    let answer = send(
        address,
        "POST",
        &[("origin", "https://evil.example")],
        initialize(),
    )
    .await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    let origin = format!("http://localhost:{}", address.port());
    let answer = send(address, "POST", &[("origin", &origin)], initialize()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    // Non-browser clients send no Origin at all.
    let answer = send(address, "POST", &[], initialize()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test]
async fn deleting_an_unknown_session_is_not_found_a_known_one_is_accepted() {
    let address = start().await;
    let answer = send(
        address,
        "DELETE",
        &[("mcp-session-id", "no-such-session")],
        Bytes::new(),
    )
    .await;
    assert_eq!(answer.status, 404, "{}", answer.body);

    let answer = send(address, "POST", &[], initialize()).await;
    assert_eq!(answer.status, 200);
    let session = answer.headers["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let answer = send(
        address,
        "DELETE",
        &[("mcp-session-id", &session)],
        Bytes::new(),
    )
    .await;
    // 204: the Python SDK takes only 200 or 204 for a session ended (rmcp says 202)
    assert_eq!(answer.status, 204, "{}", answer.body);
    // Once deleted, it is unknown.
    let answer = send(
        address,
        "DELETE",
        &[("mcp-session-id", &session)],
        Bytes::new(),
    )
    .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
}

/// At the session limit an `initialize` is refused with `503` and `Retry-After`, while the
/// open sessions and sessionless 2026-07-28 requests go on; a session ended makes room.
#[tokio::test]
async fn initialize_at_the_session_limit_is_service_unavailable() {
    let limits = serve::Limits::default().with_max_sessions(2);
    let address = start_with(serve::HttpOptions::default().with_limits(limits)).await;
    let mut sessions = Vec::new();
    for _ in 0..2 {
        let answer = send(address, "POST", &[], initialize()).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        sessions.push(
            answer.headers["mcp-session-id"]
                .to_str()
                .unwrap()
                .to_owned(),
        );
    }
    let refused = send(address, "POST", &[], initialize()).await;
    assert_eq!(refused.status, 503, "{}", refused.body);
    assert_eq!(refused.headers["retry-after"], "10");
    assert!(
        refused.body.contains("2 sessions are open"),
        "{}",
        refused.body
    );
    assert!(!refused.headers.contains_key("mcp-session-id"));
    // An `Mcp-Method` header naming another method lets a request past the limit without a
    // look at the sessions only where the body is held to it (protocol version 2026-07-28
    // on): with an earlier version, an `initialize` saying otherwise is still counted.
    let claims_a_call = send(
        address,
        "POST",
        &[
            ("mcp-method", "tools/call"),
            ("mcp-protocol-version", "2025-11-25"),
        ],
        initialize(),
    )
    .await;
    assert_eq!(claims_a_call.status, 503, "{}", claims_a_call.body);
    let held_to_headers = send(
        address,
        "POST",
        &[
            ("mcp-method", "tools/call"),
            ("mcp-protocol-version", "2026-07-28"),
        ],
        initialize(),
    )
    .await;
    assert_ne!(held_to_headers.status, 200, "{}", held_to_headers.body);
    assert!(!held_to_headers.headers.contains_key("mcp-session-id"));

    // An open session is served.
    let list =
        serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})).unwrap();
    let (status, message) = message_of(
        address,
        &[
            ("mcp-session-id", &sessions[0]),
            ("mcp-protocol-version", "2025-11-25"),
        ],
        list,
    )
    .await;
    assert_eq!(status, 200, "{message}");
    assert!(message["result"]["tools"].is_array(), "{message}");
    // A 2026-07-28 request opens no session: served at the limit.
    let call = serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list",
        "params": {"_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"}}}}))
    .unwrap();
    let (status, message) = message_of(
        address,
        &[
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", "tools/list"),
        ],
        call,
    )
    .await;
    assert_eq!(status, 200, "{message}");
    assert!(message["result"]["tools"].is_array(), "{message}");

    // A session ended makes room for one more.
    let ended = send(
        address,
        "DELETE",
        &[("mcp-session-id", &sessions[1])],
        Bytes::new(),
    )
    .await;
    assert_eq!(ended.status, 204, "{}", ended.body);
    let answer = send(address, "POST", &[], initialize()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.headers.contains_key("mcp-session-id"));
}

#[tokio::test]
async fn bodies_over_the_limit_are_refused() {
    let address = start().await;
    let mut body = br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":""#.to_vec();
    body.resize(20_000_000, b'x');
    body.extend_from_slice(br#""}}"#);
    let answer = send(address, "POST", &[], body).await;
    assert_eq!(answer.status, 413, "{}", answer.body);
}

/// A request rmcp reads as one of a method it does not know (a `tools/call` whose
/// `arguments` is a string) passes rmcp's parse and reaches the server, which answers the
/// same `-32602` naming the member: in a 2026-07-28 stateless request and in a session.
#[tokio::test]
async fn malformed_params_rmcp_reads_are_invalid_params_in_sessions_and_stateless() {
    let address = start().await;
    let stateless = json!({"jsonrpc": "2.0", "id": 21, "method": "tools/call", "params": {
    "name": "add", "arguments": "a=2",
    "_meta": {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"},
    }}});
    let (status, error) = message_of(
        address,
        &[
            ("mcp-protocol-version", "2026-07-28"),
            ("mcp-method", "tools/call"),
            ("mcp-name", "add"),
        ],
        serde_json::to_vec(&stateless).unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{error}");
    assert_eq!(error["id"], 21, "{error}");
    assert_eq!(error["error"]["code"], -32602, "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("Invalid params for `tools/call`: `params.arguments`: invalid type"),
        "{message}"
    );

    let answer = send(address, "POST", &[], initialize()).await;
    let session = answer.headers["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let in_session = [
        ("mcp-session-id", session.as_str()),
        ("mcp-protocol-version", "2025-11-25"),
    ];
    let answer = send(
        address,
        "POST",
        &in_session,
        br#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.to_vec(),
    )
    .await;
    assert_eq!(answer.status, 202, "{}", answer.body);
    let (status, error) = message_of(
        address,
        &in_session,
        br#"{"jsonrpc":"2.0","id":22,"method":"tools/call","params":{"name":"add","arguments":[1,2]}}"#.to_vec(),
    )
    .await;
    assert_eq!(status, 200, "{error}");
    assert_eq!(error["id"], 22, "{error}");
    assert_eq!(error["error"]["code"], -32602, "{error}");
    let message = error["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("Invalid params for `tools/call`: `params.arguments`: invalid type"),
        "{message}"
    );
    // A method nobody defines is still rmcp's `-32601`.
    let (_, error) = message_of(
        address,
        &in_session,
        br#"{"jsonrpc":"2.0","id":23,"method":"vendor/thing","params":{}}"#.to_vec(),
    )
    .await;
    assert_eq!(error["error"]["code"], -32601, "{error}");
}

/// A 2026-07-28 request of a method that revision removed (here with params the method
/// would refuse in a session) is "method not found", `404`, as the revision requires: rmcp
/// hands it to the server as a method it does not know, and the server does not take it
/// for malformed params.
#[tokio::test]
async fn methods_removed_in_2026_07_28_are_not_found_in_stateless_requests() {
    let address = start().await;
    for method in ["initialize", "logging/setLevel", "resources/subscribe"] {
        let request = json!({"jsonrpc": "2.0", "id": 31, "method": method, "params": {
        "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"},
        }}});
        let (status, error) = message_of(
            address,
            &[
                ("mcp-protocol-version", "2026-07-28"),
                ("mcp-method", method),
            ],
            serde_json::to_vec(&request).unwrap(),
        )
        .await;
        assert_eq!(status, 404, "{method}: {error}");
        assert_eq!(error["error"]["code"], -32601, "{method}: {error}");
        assert_eq!(error["id"], 31, "{method}: {error}");
    }
}

/// A connection that sends no request head in time is closed: one that sends nothing, one
/// that sends half a head and stops, and a keep-alive connection left idle after its
/// answer. A request sent in time is answered.
#[tokio::test]
async fn connections_without_a_request_head_in_time_are_closed() {
    use std::time::{Duration, Instant};
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let limits = serve::Limits::default().with_request_head_timeout(Duration::from_millis(300));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let server = Server::new(Directory::default(), toolset());
    tokio::spawn(serve::app_on_with(
        server.http_router(&Default::default()),
        listener,
        &limits,
    ));
    /// Reads until the server closes the connection; what it sent, and how long that took.
    async fn until_closed(stream: &mut tokio::net::TcpStream) -> (String, Duration) {
        let started = Instant::now();
        let mut text = Vec::new();
        let mut buffer = [0u8; 1024];
        let read = async {
            loop {
                match stream.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => text.extend_from_slice(&buffer[..n]),
                }
            }
        };
        tokio::time::timeout(Duration::from_secs(10), read)
            .await
            .expect("the server closes the connection");
        (
            String::from_utf8_lossy(&text).into_owned(),
            started.elapsed(),
        )
    }

    let mut silent = tokio::net::TcpStream::connect(address).await.unwrap();
    let (_, waited) = until_closed(&mut silent).await;
    assert!(
        waited >= Duration::from_millis(250),
        "closed after {waited:?}"
    );

    let mut slow = tokio::net::TcpStream::connect(address).await.unwrap();
    slow.write_all(b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        .await
        .unwrap();
    let (_, waited) = until_closed(&mut slow).await;
    assert!(
        waited >= Duration::from_millis(250),
        "closed after {waited:?}"
    );

    let mut idle = tokio::net::TcpStream::connect(address).await.unwrap();
    let request = format!(
        "DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nMcp-Session-Id: none\r\n\r\n",
        address.port()
    );
    idle.write_all(request.as_bytes()).await.unwrap();
    let (answer, _) = until_closed(&mut idle).await;
    assert!(answer.starts_with("HTTP/1.1 404"), "{answer}");
    assert!(answer.contains("no session `none`"), "{answer}");
}

#[tokio::test]
async fn an_address_in_use_is_an_error_that_reads_as_its_message() {
    let taken = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = taken.local_addr().unwrap();
    let server = Server::new(Directory::default(), toolset());
    let error = server.serve_http(address).await.unwrap_err();
    // what `main` prints when it returns the error: the message, not the error's fields
    let printed = format!("{error:?}");
    assert!(
        printed.starts_with("cannot listen for HTTP: Address already in use"),
        "{printed}"
    );
    assert!(!printed.contains("Os {"), "{printed}");
}

#[tokio::test]
async fn a_server_bound_to_port_0_says_where_it_listens_and_serves_there() {
    let server = Server::new(Directory::default(), toolset());
    let bound = server.bind_http("127.0.0.1:0").await.unwrap();
    let address = bound.local_addr();
    assert!(address.ip().is_loopback());
    assert_ne!(address.port(), 0, "the port the system chose");
    assert_eq!(
        bound.url(),
        format!("http://127.0.0.1:{}/mcp", address.port())
    );
    tokio::spawn(bound.serve());
    let (status, answer) = message_of(address, &[], initialize()).await;
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["result"]["protocolVersion"], "2025-11-25",
        "{answer}"
    );
}

/// A browser's CORS preflight for a page of `origin` asking to POST with these headers.
async fn preflight(address: SocketAddr, origin: &str, headers: &str) -> Answer {
    send(
        address,
        "OPTIONS",
        &[
            ("origin", origin),
            ("access-control-request-method", "POST"),
            ("access-control-request-headers", headers),
        ],
        Vec::new(),
    )
    .await
}

fn header<'a>(answer: &'a Answer, name: &str) -> Option<&'a str> {
    answer
        .headers
        .get(name)
        .map(|value| value.to_str().unwrap())
}

/// `Vary`, every value of it, lower case.
fn vary(answer: &Answer) -> String {
    answer
        .headers
        .get_all("vary")
        .iter()
        .map(|value| value.to_str().unwrap().to_ascii_lowercase())
        .collect::<Vec<_>>()
        .join(", ")
}

/// An origin on the CORS list: its preflight is answered as the Fetch standard asks (the
/// origin itself, the methods of `/mcp`, the MCP headers it asked for and nothing else it
/// asked for, a max age, `Vary`), and its requests' responses let the page read the
/// session id and the MCP headers.
#[tokio::test]
async fn a_preflight_from_an_origin_on_the_cors_list_is_answered_and_responses_expose_mcp_headers()
{
    let page = "https://inspector.example";
    let address =
        start_with(serve::HttpOptions::default().with_cors_origins([page, "http://localhost:*"]))
            .await;
    let answer = preflight(
        address,
        page,
        "content-type, mcp-protocol-version, mcp-session-id, authorization, mcp-param-region, x-unknown",
    )
    .await;
    assert_eq!(answer.status, 204, "{}", answer.body);
    assert_eq!(header(&answer, "access-control-allow-origin"), Some(page));
    let methods = header(&answer, "access-control-allow-methods").unwrap();
    for method in ["GET", "POST", "DELETE"] {
        assert!(methods.contains(method), "{methods}");
    }
    assert_eq!(
        header(&answer, "access-control-allow-headers"),
        Some("content-type, mcp-protocol-version, mcp-session-id, authorization, mcp-param-region")
    );
    assert!(header(&answer, "access-control-max-age").is_some());
    assert!(header(&answer, "access-control-allow-credentials").is_none());
    assert!(vary(&answer).contains("origin"), "{}", vary(&answer));

    // the request itself: the page may read the session it opened
    let answer = send(address, "POST", &[("origin", page)], initialize()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(header(&answer, "access-control-allow-origin"), Some(page));
    assert!(answer.headers.contains_key("mcp-session-id"));
    let exposed = header(&answer, "access-control-expose-headers")
        .unwrap()
        .to_ascii_lowercase();
    for name in ["mcp-session-id", "mcp-protocol-version", "www-authenticate"] {
        assert!(exposed.contains(name), "{exposed}");
    }
    assert!(vary(&answer).contains("origin"), "{}", vary(&answer));

    // a port wildcard, as in `allowed_origins`
    let local = "http://localhost:6274";
    let answer = preflight(address, local, "content-type").await;
    assert_eq!(answer.status, 204, "{}", answer.body);
    assert_eq!(header(&answer, "access-control-allow-origin"), Some(local));
}

/// The list never loosens the `Origin` check: an origin not on it gets no CORS header on
/// its preflight (which is not answered `2xx`) and its requests are still forbidden; a
/// client without `Origin` is unchanged; and without a list, a preflight is refused as
/// before.
#[tokio::test]
async fn origins_not_on_the_cors_list_get_no_cors_headers_and_stay_forbidden() {
    let address =
        start_with(serve::HttpOptions::default().with_cors_origins(["https://inspector.example"]))
            .await;
    let evil = "https://evil.example";
    let answer = preflight(address, evil, "content-type").await;
    assert!(!(200..300).contains(&answer.status), "{}", answer.status);
    assert!(
        !answer
            .headers
            .keys()
            .any(|name| name.as_str().starts_with("access-control-")),
        "{:?}",
        answer.headers
    );
    let answer = send(address, "POST", &[("origin", evil)], initialize()).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert!(header(&answer, "access-control-allow-origin").is_none());
    // a look-alike of a listed origin is another origin
    let answer = send(
        address,
        "POST",
        &[("origin", "https://inspector.example.evil")],
        initialize(),
    )
    .await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    let answer = send(address, "POST", &[], initialize()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(header(&answer, "access-control-allow-origin").is_none());

    // no list: no preflight is answered, not even a loopback page's
    let address = start().await;
    let origin = format!("http://localhost:{}", address.port());
    let answer = preflight(address, &origin, "content-type").await;
    assert!(!(200..300).contains(&answer.status), "{}", answer.status);
    assert!(header(&answer, "access-control-allow-origin").is_none());
}
