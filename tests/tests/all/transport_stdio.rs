//! The stdio transport through real pipes: the quickstart server as a child process, fed raw
//! bytes (not rmcp's client, which never sends malformed traffic), every line answered.

use std::process::Stdio;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};

struct Session {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Session {
    async fn start() -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_servers"))
            .arg("quickstart")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("the quickstart server starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut session = Session {
            child,
            stdin,
            stdout,
        };
        session
            .send_json(
                &json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
                "protocolVersion": "2025-11-25", "capabilities": {},
                "clientInfo": {"name": "raw", "version": "0"}}}),
            )
            .await;
        let answer = session.read().await;
        assert_eq!(answer["id"], 0, "{answer}");
        assert!(answer["result"]["serverInfo"].is_object(), "{answer}");
        session
            .send_json(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}))
            .await;
        session
    }

    async fn send(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).await.unwrap();
        self.stdin.write_all(b"\n").await.unwrap();
        self.stdin.flush().await.unwrap();
    }

    async fn send_json(&mut self, value: &Value) {
        self.send(&serde_json::to_vec(value).unwrap()).await;
    }

    /// The next line the server writes, as JSON; a test fails rather than hang.
    async fn read(&mut self) -> Value {
        let mut line = String::new();
        tokio::time::timeout(Duration::from_secs(30), self.stdout.read_line(&mut line))
            .await
            .expect("the server answers")
            .unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    }

    /// Sends `bytes` as one line and expects a JSON-RPC error with `code` and `id`.
    async fn expect_error(&mut self, bytes: &[u8], code: i64, id: Value) -> String {
        self.send(bytes).await;
        let answer = self.read().await;
        assert_eq!(answer["jsonrpc"], "2.0", "{answer}");
        assert_eq!(answer["error"]["code"], code, "{answer}");
        assert_eq!(answer["id"], id, "{answer}");
        answer["error"]["message"].as_str().unwrap().to_owned()
    }

    /// A well-formed call still works: the server survived what came before.
    async fn still_serves(&mut self, id: i64) {
        self.send_json(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": "add", "arguments": {"a": 2, "b": 3}}}))
            .await;
        let answer = self.read().await;
        assert_eq!(answer["id"], id, "{answer}");
        assert_eq!(answer["result"]["structuredContent"]["data"], 5, "{answer}");
    }
}

#[tokio::test]
async fn unreadable_lines_are_answered_with_parse_errors() {
    let mut session = Session::start().await;
    let deep = "[".repeat(100_000);
    let lines: Vec<&[u8]> = vec![
        b"NaN",
        b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"x\":\"\xff\xfe\"}}",
        br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\ud800"}}"#,
        br#"{"jsonrpc":"2.0","id":1,"method":"tools/ca"#,
        deep.as_bytes(),
    ];
    for line in lines {
        let message = session.expect_error(line, -32700, Value::Null).await;
        assert!(message.starts_with("Parse error: "), "{message}");
    }
    session.still_serves(2).await;
}

#[tokio::test]
async fn a_line_over_the_limit_is_refused_and_skipped() {
    let mut session = Session::start().await;
    // 20 MB, over the 16 MiB limit; a request whose id could have been read, were it read.
    let mut line = br#"{"jsonrpc":"2.0","id":3,"method":"ping","params":{"pad":""#.to_vec();
    line.resize(20_000_000, b'x');
    line.extend_from_slice(br#""}}"#);
    let message = session.expect_error(&line, -32600, Value::Null).await;
    assert!(message.contains("longer than 16777216 bytes"), "{message}");
    session.still_serves(4).await;
}

#[tokio::test]
async fn malformed_params_of_known_methods_are_invalid_params_with_the_id() {
    let mut session = Session::start().await;
    for (request, names) in [
        (
            json!({"jsonrpc": "2.0", "id": 10, "method": "tools/call",
                   "params": {"name": "add", "arguments": "a=2"}}),
            "`params.arguments`",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 11, "method": "tools/call",
                   "params": {"name": "add", "arguments": [2, 3]}}),
            "`params.arguments`",
        ),
        (
            json!({"jsonrpc": "2.0", "id": "twelve", "method": "tools/call"}),
            "params",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 13, "method": "tools/call",
                   "params": {"name": 42, "arguments": {}}}),
            "`params.name`",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 15, "method": "tasks/get", "params": {"taskId": 7}}),
            "`params.taskId`",
        ),
        (
            json!({"jsonrpc": "2.0", "id": 16, "method": "tasks/update",
                   "params": {"taskId": "t"}}),
            "inputResponses",
        ),
    ] {
        let message = session
            .expect_error(
                &serde_json::to_vec(&request).unwrap(),
                -32602,
                request["id"].clone(),
            )
            .await;
        let method = request["method"].as_str().unwrap();
        assert!(
            message.starts_with(&format!("Invalid params for `{method}`: "))
                && message.contains(names),
            "{message}"
        );
    }
    session.still_serves(14).await;
}

#[tokio::test]
async fn params_of_the_wrong_json_type_and_numbers_out_of_range_keep_the_id() {
    let mut session = Session::start().await;
    for (line, id, names) in [
        (
            &br#"{"jsonrpc":"2.0","id":30,"method":"tools/list","params":[1]}"#[..],
            json!(30),
            "Invalid params for `tools/list`: `params`: expected an object, found an array",
        ),
        (
            br#"{"jsonrpc":"2.0","id":31,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":1e400}}}"#,
            json!(31),
            "Invalid params for `tools/call`: `params.arguments.b`: number out of range",
        ),
    ] {
        let message = session.expect_error(line, -32602, id).await;
        assert!(message.starts_with(names), "{message}");
    }
    // An id that cannot be given back exactly is not given back rounded.
    session
        .expect_error(
            br#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}"#,
            -32600,
            Value::Null,
        )
        .await;
    session.still_serves(32).await;
}

#[tokio::test]
async fn invalid_requests_keep_their_id() {
    let mut session = Session::start().await;
    session
        .expect_error(
            br#"{"jsonrpc":"1.0","id":20,"method":"ping"}"#,
            -32600,
            json!(20),
        )
        .await;
    session
        .expect_error(
            br#"{"jsonrpc":"2.0","id":"x","method":7}"#,
            -32600,
            json!("x"),
        )
        .await;
    session.expect_error(br#"[]"#, -32600, Value::Null).await;
    // An unknown method is rmcp's to answer, with the id.
    session
        .send_json(&json!({"jsonrpc": "2.0", "id": 21, "method": "no/such/method"}))
        .await;
    let answer = session.read().await;
    assert_eq!(answer["id"], 21, "{answer}");
    assert_eq!(answer["error"]["code"], -32601, "{answer}");
    session.still_serves(22).await;
    drop(session.stdin);
    let _ = session.child.wait().await;
}

#[tokio::test]
async fn a_client_that_goes_away_before_it_begins_is_not_a_failure() {
    // stdin closed at once: the server ends, with exit status 0 and nothing on stderr
    let output = Command::new(env!("CARGO_BIN_EXE_servers"))
        .arg("quickstart")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(Duration::from_secs(30), output)
        .await
        .expect("the server ends when its client is gone")
        .unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert!(!stderr.contains("Error"), "{stderr}");
}
