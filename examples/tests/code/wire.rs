//! One way to call tools over each transport a test uses: rmcp's client (in memory or over
//! the `ontap` binary's stdio), or MCP 2026-07-28 requests over HTTP/1.1 to the binary, written
//! by hand as the streamable HTTP transport asks. Every answer is the JSON a client receives.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt as _, Full};
use hyper::Request;
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use toolshape_test_support as common;

use common::Client;

pub(crate) const ONTAP: &str = env!("CARGO_BIN_EXE_ontap");

/// A connected client.
pub(crate) enum Wire {
    Rmcp(Client, Option<tokio::process::Child>),
    Stdio(
        rmcp::service::RunningService<rmcp::RoleClient, ()>,
        tokio::process::Child,
    ),
    Http(SocketAddr, tokio::process::Child),
}

/// A `tools/call`'s answer: the result, or the JSON-RPC error's message.
pub(crate) type Answer = Result<Value, String>;

impl Wire {
    /// `ontap` with `args` over stdio.
    pub(crate) async fn stdio(args: &[&str]) -> Wire {
        use rmcp::ServiceExt;
        let mut child = tokio::process::Command::new(ONTAP)
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let transport = (child.stdout.take().unwrap(), child.stdin.take().unwrap());
        let client = ().serve(transport).await.unwrap();
        Wire::Stdio(client, child)
    }

    /// `ontap --http 127.0.0.1:PORT` and `args` after it.
    pub(crate) async fn http(args: &[&str]) -> Wire {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let address = format!("127.0.0.1:{port}");
        let mut child = tokio::process::Command::new(ONTAP)
            .args(["--http", &address])
            .args(args)
            .stdin(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let deadline = Instant::now() + Duration::from_secs(30);
        while tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_err()
        {
            assert!(child.try_wait().unwrap().is_none(), "ontap exited");
            assert!(Instant::now() < deadline, "ontap did not listen on {port}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Wire::Http(address.parse().unwrap(), child)
    }

    /// Whether the server process (if there is one) still runs.
    pub(crate) fn alive(&mut self) -> bool {
        match self {
            Wire::Rmcp(_, None) => true,
            Wire::Rmcp(_, Some(child)) | Wire::Stdio(_, child) | Wire::Http(_, child) => {
                child.try_wait().unwrap().is_none()
            }
        }
    }

    pub(crate) async fn list(&self) -> Vec<Value> {
        match self {
            Wire::Stdio(client, _) => client
                .list_all_tools()
                .await
                .unwrap()
                .into_iter()
                .map(|tool| serde_json::to_value(tool).unwrap())
                .collect(),
            Wire::Rmcp(client, _) => client
                .list_all_tools()
                .await
                .unwrap()
                .into_iter()
                .map(|tool| serde_json::to_value(tool).unwrap())
                .collect(),
            Wire::Http(address, _) => {
                let answer = request(*address, "tools/list", "", json!({}))
                    .await
                    .unwrap();
                answer["tools"].as_array().unwrap().clone()
            }
        }
    }

    pub(crate) async fn call(&self, name: &str, arguments: Value) -> Answer {
        match self {
            Wire::Rmcp(client, _) => match common::call(client, name, arguments).await {
                Ok(result) => Ok(serde_json::to_value(result).unwrap()),
                Err(error) => Err(error.to_string()),
            },
            Wire::Stdio(client, _) => {
                let Value::Object(arguments) = arguments else {
                    panic!("arguments are an object")
                };
                let request = rmcp::model::CallToolRequestParams::new(name.to_owned())
                    .with_arguments(arguments);
                match client.call_tool(request).await {
                    Ok(result) => Ok(serde_json::to_value(result).unwrap()),
                    Err(error) => Err(error.to_string()),
                }
            }
            Wire::Http(address, _) => {
                request(
                    *address,
                    "tools/call",
                    name,
                    json!({"name": name, "arguments": arguments}),
                )
                .await
            }
        }
    }

    pub(crate) async fn execute(&self, code: &str) -> Answer {
        self.call("execute", json!({ "code": code })).await
    }
}

/// The text of a result.
pub(crate) fn text(result: &Value) -> String {
    result["content"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|block| block["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

pub(crate) fn is_error(result: &Value) -> bool {
    result["isError"] == true
}

/// A 2026-07-28 request on a connection of its own.
async fn request(front: SocketAddr, method: &str, name: &str, mut params: Value) -> Answer {
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "code-test", "version": "0"}
    });
    let stream = tokio::net::TcpStream::connect(front).await.unwrap();
    stream.set_nodelay(true).unwrap();
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap();
    tokio::spawn(connection);
    let body = json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params});
    let mut builder = Request::post(format!("http://{front}/mcp"))
        .header("host", front.to_string())
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", method);
    if !name.is_empty() {
        builder = builder.header("mcp-name", name);
    }
    let request = builder
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap();
    let response = sender.send_request(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes);
    assert!(status.is_success(), "HTTP {status}: {text}");
    let message: Value = if text.trim_start().starts_with('{') {
        serde_json::from_str(&text).unwrap()
    } else {
        text.lines()
            .filter_map(|line| line.strip_prefix("data:"))
            .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .find(|message| message["id"] == 1)
            .unwrap_or_else(|| panic!("no answer in: {text}"))
    };
    match message.get("error") {
        Some(error) => Err(error["message"].as_str().unwrap_or_default().to_owned()),
        None => Ok(message["result"].clone()),
    }
}
