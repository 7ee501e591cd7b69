//! OpenTelemetry, as a collector would see a toolshape server: requests sent by rmcp's
//! client (over toolshape's line transport, and over streamable HTTP), the spans and the
//! `mcp.server.operation.duration` histogram read back from the SDK's in-memory exporters.
//! Span names and attributes of OpenTelemetry's semantic conventions for MCP, the trace a
//! client sends in `_meta` continued by the server's span, `error.type` on failures, the
//! session of a 2025-11-25 HTTP client, a task's span with its id and the replica, and
//! the spans of HTTP requests refused before the handler sees them.
//!
//! The tracer and meter providers are the process's (a `tracing` subscriber and
//! OpenTelemetry's globals), shared by the tests of this file: each test finds its own spans
//! by their trace or their tool. That is why this is a test binary of its own, not a
//! module of `all/`: one process can install those only once.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Duration;

use opentelemetry::trace::{SpanKind, Status, TracerProvider as _};
use opentelemetry::{KeyValue, Value as OtelValue};
use opentelemetry_sdk::metrics::data::{AggregatedMetrics, MetricData};
use opentelemetry_sdk::metrics::{InMemoryMetricExporter, PeriodicReader, SdkMeterProvider};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use rmcp::ClientHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig, GetTaskParams,
    Implementation, ProtocolVersion, RequestMetaObject, TaskStatus,
};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};
use toolshape::{Server, ToolError, ToolSet, tool, tools};
use tracing_subscriber::layer::SubscriberExt as _;

/// A user by id; id 0 is a tool error.
#[tool(format = "json")]
fn get_user(id: u32) -> Result<Value, ToolError> {
    if id == 0 {
        return Err(ToolError::new("no user has id 0"));
    }
    Ok(json!({"id": id, "name": "Ada"}))
}

/// Sums 1..=n, slowly, as a task.
#[tool(format = "json", task = "required")]
async fn slow_sum(n: u64) -> u64 {
    tokio::time::sleep(Duration::from_millis(20)).await;
    (1..=n).sum()
}

/// The trace a test client continues: trace id and its span, as in the conventions' example.
const TRACE_ID: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
const CLIENT_SPAN: &str = "00f067aa0ba902b7";

struct Telemetry {
    spans: InMemorySpanExporter,
    metrics: InMemoryMetricExporter,
    meters: SdkMeterProvider,
}

/// The process's tracer and meter providers, exporting to memory (set once).
fn telemetry() -> &'static Telemetry {
    static TELEMETRY: OnceLock<Telemetry> = OnceLock::new();
    TELEMETRY.get_or_init(|| {
        let spans = InMemorySpanExporter::default();
        let tracers = SdkTracerProvider::builder()
            .with_simple_exporter(spans.clone())
            .build();
        let subscriber = tracing_subscriber::registry()
            .with(tracing_opentelemetry::layer().with_tracer(tracers.tracer("otel_e2e")));
        tracing::subscriber::set_global_default(subscriber).expect("one subscriber");
        opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
        let metrics = InMemoryMetricExporter::default();
        let meters = SdkMeterProvider::builder()
            .with_reader(PeriodicReader::builder(metrics.clone()).build())
            .build();
        opentelemetry::global::set_meter_provider(meters.clone());
        Telemetry {
            spans,
            metrics,
            meters,
        }
    })
}

fn server() -> Server<()> {
    Server::new((), ToolSet::new(tools![get_user, slow_sum]).unwrap())
        .with_tasks(toolshape::serve::TaskSettings::default().with_instance_id("replica-7"))
}

/// A client that runs tasks, on the given protocol version.
#[derive(Clone)]
struct TestClient(ProtocolVersion);

impl ClientHandler for TestClient {
    fn get_info(&self) -> ClientConfig {
        let capabilities = ClientCapabilities::builder().enable_tasks().build();
        ClientConfig::new(capabilities, Implementation::new("otel-tests", "0.0.0"))
            .with_protocol_version(self.0.clone())
    }
}

type Client = RunningService<RoleClient, TestClient>;

/// rmcp's client on the 2026-07-28 protocol, talking to [`server`] over toolshape's line
/// transport (what `Server::serve_stdio` runs) in memory.
async fn connect() -> Client {
    connect_to(server()).await
}

/// [`connect`] to this server.
async fn connect_to<H: rmcp::ServerHandler>(server: Server<(), H>) -> Client {
    let (serving, client_io) = toolshape::testing::serve_lines_in_memory(server);
    tokio::spawn(serving);
    toolshape::testing::client_on(client_io, TestClient(ProtocolVersion::V_2026_07_28))
        .await
        .expect("connects")
}

/// `tools/call name arguments`, in the trace `trace_id` when given.
fn call(name: &str, arguments: Value, trace_id: Option<&str>) -> CallToolRequestParams {
    let mut params = CallToolRequestParams::new(name.to_owned())
        .with_arguments(arguments.as_object().unwrap().clone());
    if let Some(trace_id) = trace_id {
        let mut meta = RequestMetaObject::default();
        meta.set_traceparent(format!("00-{trace_id}-{CLIENT_SPAN}-01"));
        meta.set_tracestate("rojo=00f067aa0ba902b7");
        params.meta = Some(meta);
    }
    params
}

fn attribute<'a>(span: &'a SpanData, key: &str) -> Option<&'a OtelValue> {
    span.attributes
        .iter()
        .find(|kv| kv.key.as_str() == key)
        .map(|kv| &kv.value)
}

fn text(span: &SpanData, key: &str) -> Option<String> {
    attribute(span, key).map(|value| value.as_str().into_owned())
}

/// The spans exported so far in trace `trace_id`.
fn spans_of(trace_id: &str) -> Vec<SpanData> {
    telemetry()
        .spans
        .get_finished_spans()
        .unwrap()
        .into_iter()
        .filter(|span| span.span_context.trace_id().to_string() == trace_id)
        .collect()
}

/// The one exported span named `name` in trace `trace_id`.
fn span_named(trace_id: &str, name: &str) -> SpanData {
    let spans = spans_of(trace_id);
    let mut found: Vec<SpanData> = spans.iter().filter(|s| s.name == name).cloned().collect();
    assert_eq!(
        found.len(),
        1,
        "one span `{name}` in {trace_id}, among {:?}",
        spans.iter().map(|s| &s.name).collect::<Vec<_>>()
    );
    found.remove(0)
}

#[tokio::test]
async fn a_call_is_a_server_span_in_the_clients_trace() {
    telemetry();
    let client = connect().await;
    let result = client
        .call_tool(call("get_user", json!({"id": 7}), Some(TRACE_ID)))
        .await
        .unwrap();
    assert_ne!(result.is_error, Some(true), "{result:?}");

    let span = span_named(TRACE_ID, "tools/call get_user");
    assert_eq!(span.span_kind, SpanKind::Server);
    assert_eq!(span.parent_span_id.to_string(), CLIENT_SPAN);
    assert!(span.parent_span_is_remote);
    assert_eq!(
        span.span_context.trace_state().header(),
        "rojo=00f067aa0ba902b7"
    );
    assert_eq!(
        text(&span, "mcp.method.name").as_deref(),
        Some("tools/call")
    );
    assert_eq!(text(&span, "gen_ai.tool.name").as_deref(), Some("get_user"));
    assert_eq!(
        text(&span, "gen_ai.operation.name").as_deref(),
        Some("execute_tool")
    );
    assert_eq!(
        text(&span, "mcp.protocol.version").as_deref(),
        Some("2026-07-28")
    );
    let id = text(&span, "jsonrpc.request.id").expect("the request's id");
    assert!(id.parse::<u64>().is_ok(), "{id}");
    assert_eq!(attribute(&span, "error.type"), None);
    assert_eq!(span.status, Status::Unset);
    // stdio-like transports have no session; they are a pipe
    assert_eq!(attribute(&span, "mcp.session.id"), None);
    assert_eq!(text(&span, "network.transport").as_deref(), Some("pipe"));
    assert_eq!(attribute(&span, "network.protocol.name"), None);
    // no source location of the machine that built the server
    for key in [
        "code.file.path",
        "code.line.number",
        "code.filepath",
        "code.lineno",
    ] {
        assert_eq!(attribute(&span, key), None, "{key}");
    }
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn failures_have_an_error_type() {
    telemetry();
    let client = connect().await;
    let trace = "0af7651916cd43dd8448eb211c80319c";
    let result = client
        .call_tool(call("get_user", json!({"id": 0}), Some(trace)))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true), "{result:?}");
    let span = span_named(trace, "tools/call get_user");
    assert_eq!(text(&span, "error.type").as_deref(), Some("tool_error"));
    assert!(
        matches!(span.status, Status::Error { .. }),
        "{:?}",
        span.status
    );

    // A tool no server has: the protocol's error, its code as error.type.
    let trace = "1af7651916cd43dd8448eb211c80319c";
    let error = client
        .call_tool(call("no_such_tool", json!({}), Some(trace)))
        .await
        .expect_err("an unknown tool is an error");
    let code = match &error {
        rmcp::ServiceError::McpError(error) => error.code.0,
        other => panic!("a JSON-RPC error, got {other:?}"),
    };
    assert_eq!(code, -32602);
    // named by its method alone: the tool's name is the client's, and a span's name is one
    // of few; the attribute keeps it
    let span = span_named(trace, "tools/call");
    assert_eq!(
        text(&span, "gen_ai.tool.name").as_deref(),
        Some("no_such_tool")
    );
    assert_eq!(text(&span, "error.type").as_deref(), Some("-32602"));
    assert_eq!(
        text(&span, "rpc.response.status_code").as_deref(),
        Some("-32602")
    );
    match &span.status {
        Status::Error { description } => assert!(
            description.contains("no_such_tool"),
            "the error's message: {description}"
        ),
        other => panic!("an error status, got {other:?}"),
    }
    client.cancel().await.unwrap();
}

/// One prompt, `greet` (rmcp's `#[prompt_router]`), served beside the tools.
struct Prompts {
    prompt_router: rmcp::handler::server::router::prompt::PromptRouter<Prompts>,
}

#[rmcp::prompt_router]
impl Prompts {
    /// Greet the user.
    #[rmcp::prompt]
    fn greet(&self) -> Vec<rmcp::model::PromptMessage> {
        vec![rmcp::model::PromptMessage::new_text(
            rmcp::model::Role::User,
            "Say hello.",
        )]
    }
}

#[rmcp::prompt_handler(router = self.prompt_router)]
impl rmcp::ServerHandler for Prompts {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(
            rmcp::model::ServerCapabilities::builder()
                .enable_prompts()
                .build(),
        )
    }
}

#[tokio::test]
async fn a_prompt_names_its_span_only_when_the_server_has_it() {
    telemetry();
    let server = server().with_handler(Prompts {
        prompt_router: Prompts::prompt_router(),
    });
    let client = connect_to(server).await;
    let get = |name: &str, trace_id: &str| {
        let mut meta = RequestMetaObject::default();
        meta.set_traceparent(format!("00-{trace_id}-{CLIENT_SPAN}-01"));
        let mut params = rmcp::model::GetPromptRequestParams::new(name);
        params.meta = Some(meta);
        params
    };

    let trace = "2af7651916cd43dd8448eb211c80319c";
    client.get_prompt(get("greet", trace)).await.unwrap();
    let span = span_named(trace, "prompts/get greet");
    assert_eq!(text(&span, "gen_ai.prompt.name").as_deref(), Some("greet"));
    assert_eq!(
        text(&span, "mcp.method.name").as_deref(),
        Some("prompts/get")
    );

    // A prompt the server does not have: named by the method alone (the name is the
    // client's, and a span's name is one of few); the attribute keeps it.
    let trace = "3af7651916cd43dd8448eb211c80319c";
    client
        .get_prompt(get("made_up_prompt", trace))
        .await
        .expect_err("an unknown prompt is an error");
    let span = span_named(trace, "prompts/get");
    assert_eq!(
        text(&span, "gen_ai.prompt.name").as_deref(),
        Some("made_up_prompt")
    );
    assert!(text(&span, "error.type").is_some(), "{span:?}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_task_span_names_its_task_and_replica() {
    telemetry();
    let client = connect().await;
    let trace = "2af7651916cd43dd8448eb211c80319c";
    let created = client
        .call_tool_once(call("slow_sum", json!({"n": 10}), Some(trace)))
        .await
        .unwrap();
    let task_id = match created {
        CallToolResponse::Task(created) => created.task.task_id,
        other => panic!("a task, got {other:?}"),
    };
    for _ in 0..500 {
        let task = client.get_task(GetTaskParams::new(&task_id)).await.unwrap();
        if task.task.task.status != TaskStatus::Working {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // the task's span ends after its result is stored: wait for it
    for _ in 0..100 {
        if spans_of(trace).iter().any(|s| s.name == "task slow_sum") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let request = span_named(trace, "tools/call slow_sum");
    assert_eq!(text(&request, "mcp.task.id"), Some(task_id.clone()));
    let task = span_named(trace, "task slow_sum");
    assert_eq!(text(&task, "mcp.task.id"), Some(task_id.clone()));
    assert_eq!(
        text(&task, "service.instance.id").as_deref(),
        Some("replica-7")
    );
    assert_eq!(text(&task, "gen_ai.tool.name").as_deref(), Some("slow_sum"));
    assert_eq!(
        task.parent_span_id,
        request.span_context.span_id(),
        "the task's span is a child of the call that started it"
    );
    assert_eq!(attribute(&task, "error.type"), None);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn the_duration_histogram_follows_the_conventions() {
    let telemetry = telemetry();
    let client = connect().await;
    let trace = "3af7651916cd43dd8448eb211c80319c";
    for id in [1, 2, 0] {
        client
            .call_tool(call("get_user", json!({"id": id}), Some(trace)))
            .await
            .unwrap();
    }
    client.cancel().await.unwrap();
    telemetry.meters.force_flush().unwrap();
    let exported = telemetry.metrics.get_finished_metrics().unwrap();
    // the newest export: each holds the counts so far (cumulative), and the tests running
    // at the same time flush too, so an older one may predate this test's calls
    let metric = exported
        .iter()
        .rev()
        .flat_map(|resource| resource.scope_metrics())
        .filter(|scope| scope.scope().name() == "toolshape")
        .flat_map(|scope| scope.metrics())
        .find(|metric| metric.name() == "mcp.server.operation.duration")
        .expect("the histogram is exported");
    assert_eq!(metric.unit(), "s");
    let AggregatedMetrics::F64(MetricData::Histogram(histogram)) = metric.data() else {
        panic!("a histogram of seconds, got {:?}", metric.data());
    };
    let has = |point: &opentelemetry_sdk::metrics::data::HistogramDataPoint<f64>,
               key: &str,
               value: &str| {
        point
            .attributes()
            .any(|kv| *kv == KeyValue::new(key.to_owned(), value.to_owned()))
    };
    let calls: Vec<_> = histogram
        .data_points()
        .filter(|point| has(point, "gen_ai.tool.name", "get_user"))
        .filter(|point| has(point, "mcp.protocol.version", "2026-07-28"))
        .collect();
    // other tests of this file call get_user too: at least this test's calls are counted
    let ok: u64 = calls
        .iter()
        .filter(|point| !point.attributes().any(|kv| kv.key.as_str() == "error.type"))
        .map(|point| point.count())
        .sum();
    let failed: u64 = calls
        .iter()
        .filter(|point| has(point, "error.type", "tool_error"))
        .map(|point| point.count())
        .sum();
    assert!(ok >= 2 && failed >= 1, "ok {ok}, failed {failed}");
    let point = calls[0];
    assert!(has(point, "mcp.method.name", "tools/call"));
    assert!(has(point, "gen_ai.operation.name", "execute_tool"));
    let bounds: Vec<f64> = point.bounds().collect();
    assert_eq!(
        bounds,
        [
            0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0
        ]
    );
    // no session id on a metric: unbounded cardinality
    assert!(
        !point
            .attributes()
            .any(|kv| kv.key.as_str() == "mcp.session.id")
    );
    // and the spans of the calls are there too
    assert_eq!(
        spans_of(trace)
            .iter()
            .filter(|s| s.name == "tools/call get_user")
            .count(),
        3
    );
}

/// A 2025-11-25 client over streamable HTTP: its session's id on the span, and the trace
/// it sends in `_meta` continued over HTTP.
#[tokio::test]
async fn an_http_session_is_on_the_span() {
    telemetry();
    let address = serve_http().await;
    let initialize = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "raw", "version": "0"}}});
    let (headers, _) = post(address, &[], &initialize).await;
    let session = headers
        .get("mcp-session-id")
        .expect("a session")
        .to_str()
        .unwrap()
        .to_owned();
    let session_header = [("mcp-session-id", session.as_str())];
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    post(address, &session_header, &initialized).await;
    let trace = "4af7651916cd43dd8448eb211c80319c";
    let call = json!({"jsonrpc": "2.0", "id": "call-1", "method": "tools/call", "params": {
        "name": "get_user", "arguments": {"id": 3},
        "_meta": {"traceparent": format!("00-{trace}-{CLIENT_SPAN}-01")}}});
    let (_, body) = post(address, &session_header, &call).await;
    assert!(body.contains("Ada"), "{body}");
    let span = span_named(trace, "tools/call get_user");
    assert_eq!(text(&span, "mcp.session.id"), Some(session));
    // OpenTelemetry's recommended network attributes
    assert_eq!(text(&span, "network.transport").as_deref(), Some("tcp"));
    assert_eq!(
        text(&span, "network.protocol.name").as_deref(),
        Some("http")
    );
    assert_eq!(
        text(&span, "network.protocol.version").as_deref(),
        Some("1.1")
    );
    assert_eq!(text(&span, "client.address").as_deref(), Some("127.0.0.1"));
    let port = integer(&span, "client.port").expect("client.port");
    assert!(port > 0 && port != i64::from(address.port()), "{port}");
    assert_eq!(attribute(&span, "code.file.path"), None);
    assert_eq!(text(&span, "jsonrpc.request.id").as_deref(), Some("call-1"));
    assert_eq!(
        text(&span, "mcp.protocol.version").as_deref(),
        Some("2025-11-25")
    );
    assert_eq!(span.parent_span_id.to_string(), CLIENT_SPAN);
}

/// [`server`] over streamable HTTP on a free loopback port, with the default options.
async fn serve_http() -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(toolshape::serve::app_on(
        server().http_router(&Default::default()),
        listener,
    ));
    address
}

/// The `Host` header of a request to `address`.
fn host_of(address: SocketAddr) -> String {
    format!("127.0.0.1:{}", address.port())
}

/// One POST to `/mcp`; the answer's headers and body (an event stream read to its end).
async fn post(
    address: SocketAddr,
    headers: &[(&str, &str)],
    body: &Value,
) -> (hyper::HeaderMap, String) {
    let host = host_of(address);
    let body = serde_json::to_vec(body).unwrap();
    let (_, headers, body) = post_raw(address, &host, headers, body).await;
    (headers, body)
}

/// One POST of `body` to `/mcp` with this `Host`: the status, headers and body.
async fn post_raw(
    address: SocketAddr,
    host: &str,
    headers: &[(&str, &str)],
    body: Vec<u8>,
) -> (u16, hyper::HeaderMap, String) {
    use http_body_util::{BodyExt as _, Full};
    let stream = tokio::net::TcpStream::connect(address).await.unwrap();
    let (mut sender, connection) =
        hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
            .await
            .unwrap();
    tokio::spawn(connection);
    let mut request = hyper::Request::builder()
        .method("POST")
        .uri(format!("http://{address}/mcp"))
        .header("host", host)
        .header("accept", "application/json, text/event-stream")
        .header("content-type", "application/json");
    if !headers
        .iter()
        .any(|(name, _)| *name == "mcp-protocol-version")
    {
        request = request.header("mcp-protocol-version", "2025-11-25");
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let body = hyper::body::Bytes::from(body);
    let response = sender
        .send_request(request.body(Full::new(body)).unwrap())
        .await
        .unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        headers,
        String::from_utf8_lossy(&bytes).into_owned(),
    )
}

fn integer(span: &SpanData, key: &str) -> Option<i64> {
    match attribute(span, key)? {
        OtelValue::I64(value) => Some(*value),
        other => panic!("{key} is not an integer: {other:?}"),
    }
}

/// Requests the HTTP transport refuses before the handler sees them have a span too: named
/// from the 2026-07-28 headers when they say what was asked, in the caller's trace when a
/// `traceparent` header gives one, with `error.type` (the JSON-RPC code, the OAuth error,
/// else the HTTP status), `http.response.status_code` and the reason. A request the handler
/// answers has no second span.
#[tokio::test]
async fn a_request_refused_before_the_handler_has_a_span_with_its_error_type() {
    telemetry();
    let address = serve_http().await;
    let host = host_of(address);
    let traceparent = |trace: &str| format!("00-{trace}-{CLIENT_SPAN}-01");
    let modern = |trace: &str| {
        vec![
            ("mcp-protocol-version", "2026-07-28".to_owned()),
            ("mcp-method", "tools/call".to_owned()),
            ("mcp-name", "get_user".to_owned()),
            ("traceparent", traceparent(trace)),
        ]
    };
    let borrow =
        |headers: &[(&'static str, String)]| -> Vec<(&'static str, String)> { headers.to_vec() };
    async fn send(
        address: SocketAddr,
        host: &str,
        headers: &[(&'static str, String)],
        body: &[u8],
    ) -> (u16, String) {
        let headers: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, _, body) = post_raw(address, host, &headers, body.to_vec()).await;
        (status, body)
    }

    // A body that is not JSON: -32700, named by its headers.
    let trace = "5bf92f3577b34da6a3ce929d0e0e4701";
    let (status, body) = send(address, &host, &borrow(&modern(trace)), b"{not json").await;
    assert_eq!(status, 400, "{body}");
    // the method names it, not the tool: the headers' names are the client's
    let span = span_named(trace, "tools/call");
    assert_eq!(text(&span, "network.transport").as_deref(), Some("tcp"));
    assert_eq!(text(&span, "client.address").as_deref(), Some("127.0.0.1"));
    assert_eq!(attribute(&span, "code.file.path"), None);
    assert_eq!(span.span_kind, SpanKind::Server);
    assert_eq!(span.parent_span_id.to_string(), CLIENT_SPAN);
    assert_eq!(text(&span, "error.type").as_deref(), Some("-32700"));
    assert_eq!(
        text(&span, "rpc.response.status_code").as_deref(),
        Some("-32700")
    );
    assert_eq!(integer(&span, "http.response.status_code"), Some(400));
    assert_eq!(
        text(&span, "mcp.method.name").as_deref(),
        Some("tools/call")
    );
    assert_eq!(text(&span, "gen_ai.tool.name").as_deref(), Some("get_user"));
    assert_eq!(
        text(&span, "mcp.protocol.version").as_deref(),
        Some("2026-07-28")
    );
    assert!(
        matches!(span.status, Status::Error { .. }),
        "{:?}",
        span.status
    );

    // Params that do not fit the method: -32602, with the request's id.
    let trace = "5bf92f3577b34da6a3ce929d0e0e4702";
    let wrong = json!({"jsonrpc": "2.0", "id": "w-1", "method": "tools/call",
        "params": {"name": "get_user", "arguments": "not an object"}});
    let (_, body) = send(
        address,
        &host,
        &borrow(&modern(trace)),
        &serde_json::to_vec(&wrong).unwrap(),
    )
    .await;
    assert!(body.contains("-32602"), "{body}");
    let span = span_named(trace, "tools/call");
    assert_eq!(text(&span, "error.type").as_deref(), Some("-32602"));
    assert_eq!(text(&span, "jsonrpc.request.id").as_deref(), Some("w-1"));

    // A method the client made up names no span: named as an HTTP server span.
    let trace = "5bf92f3577b34da6a3ce929d0e0e4706";
    let invented = vec![
        ("mcp-protocol-version", "2026-07-28".to_owned()),
        ("mcp-method", "made/up-7f3a".to_owned()),
        ("traceparent", traceparent(trace)),
    ];
    let (status, _) = send(address, &host, &invented, b"{not json").await;
    assert_eq!(status, 400);
    let span = span_named(trace, "POST /mcp");
    assert_eq!(
        text(&span, "mcp.method.name").as_deref(),
        Some("made/up-7f3a")
    );

    // A `Host` not allowed (rmcp's DNS-rebinding check): 403, with rmcp's reason.
    let trace = "5bf92f3577b34da6a3ce929d0e0e4703";
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    let headers = vec![("traceparent", traceparent(trace))];
    let (status, _) = send(
        address,
        "evil.example:80",
        &headers,
        &serde_json::to_vec(&list).unwrap(),
    )
    .await;
    assert_eq!(status, 403);
    let span = span_named(trace, "POST /mcp");
    assert_eq!(text(&span, "error.type").as_deref(), Some("403"));
    assert_eq!(integer(&span, "http.response.status_code"), Some(403));
    assert_eq!(text(&span, "http.request.method").as_deref(), Some("POST"));
    let Status::Error { description } = &span.status else {
        panic!("{:?}", span.status)
    };
    assert!(description.to_lowercase().contains("host"), "{description}");

    // An unknown session (2025-11-25): 404, the session on the span.
    let trace = "5bf92f3577b34da6a3ce929d0e0e4704";
    let headers = vec![
        ("mcp-session-id", "no-such-session".to_owned()),
        ("traceparent", traceparent(trace)),
    ];
    let (status, _) = send(
        address,
        &host,
        &headers,
        &serde_json::to_vec(&list).unwrap(),
    )
    .await;
    assert_eq!(status, 404);
    let span = span_named(trace, "POST /mcp");
    assert_eq!(text(&span, "error.type").as_deref(), Some("404"));
    assert_eq!(
        text(&span, "mcp.session.id").as_deref(),
        Some("no-such-session")
    );

    // A request the handler answers: its span is the handler's, in a trace of its own (the
    // trace context of a request is its `_meta`'s), and none is added in the header's trace.
    let trace = "5bf92f3577b34da6a3ce929d0e0e4705";
    let call = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
        "name": "get_user", "arguments": {"id": 3}, "_meta": {
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"}}}});
    let (status, body) = send(
        address,
        &host,
        &borrow(&modern(trace)),
        &serde_json::to_vec(&call).unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Ada"), "{body}");
    assert_eq!(spans_of(trace).len(), 0);
}

/// With OAuth, the `401` of a request without a token and of a refused token have their
/// span, `error.type` the OAuth error (or `401` when there is none); the token is not on
/// the span.
#[tokio::test]
async fn an_oauth_refusal_has_a_span_with_the_oauth_error() {
    use toolshape::serve::HttpOptions;
    use toolshape::serve::oauth::OAuth;
    telemetry();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let resource = format!("http://{address}/mcp");
    // an issuer that cannot be reached: the refusals below need none of its keys
    let oauth = OAuth::new(&resource, "http://127.0.0.1:9");
    let app = server().http_router(&HttpOptions::default().with_oauth(oauth));
    tokio::spawn(toolshape::serve::app_on(app, listener));
    let host = host_of(address);
    let list =
        serde_json::to_vec(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})).unwrap();

    let trace = "6bf92f3577b34da6a3ce929d0e0e4701";
    let parent = format!("00-{trace}-{CLIENT_SPAN}-01");
    let headers = [
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/list"),
        ("traceparent", parent.as_str()),
    ];
    let (status, _, _) = post_raw(address, &host, &headers, list.clone()).await;
    assert_eq!(status, 401);
    let span = span_named(trace, "tools/list");
    assert_eq!(text(&span, "error.type").as_deref(), Some("401"));
    assert_eq!(integer(&span, "http.response.status_code"), Some(401));

    let trace = "6bf92f3577b34da6a3ce929d0e0e4702";
    let parent = format!("00-{trace}-{CLIENT_SPAN}-01");
    let token = "Bearer not-a-jwt-secret-token";
    let headers = [
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/list"),
        ("authorization", token),
        ("traceparent", parent.as_str()),
    ];
    let (status, _, _) = post_raw(address, &host, &headers, list.clone()).await;
    assert_eq!(status, 401);
    let span = span_named(trace, "tools/list");
    assert_eq!(text(&span, "error.type").as_deref(), Some("invalid_token"));
    let everything = format!("{span:?}");
    assert!(
        !everything.contains("not-a-jwt-secret-token"),
        "{everything}"
    );
}

/// The points of `mcp.server.operation.duration` exported so far: each one's attributes
/// (key, value as text) and count.
fn duration_points() -> Vec<(Vec<(String, String)>, u64)> {
    let telemetry = telemetry();
    telemetry.meters.force_flush().unwrap();
    let exported = telemetry.metrics.get_finished_metrics().unwrap();
    let mut points = Vec::new();
    for metric in exported
        .iter()
        .flat_map(|resource| resource.scope_metrics())
        .filter(|scope| scope.scope().name() == "toolshape")
        .flat_map(|scope| scope.metrics())
        .filter(|metric| metric.name() == "mcp.server.operation.duration")
    {
        let AggregatedMetrics::F64(MetricData::Histogram(histogram)) = metric.data() else {
            panic!("a histogram of seconds, got {:?}", metric.data());
        };
        for point in histogram.data_points() {
            let attributes = point
                .attributes()
                .map(|kv| (kv.key.as_str().to_owned(), kv.value.as_str().into_owned()))
                .collect();
            points.push((attributes, point.count()));
        }
    }
    points
}

/// Whether `attributes` has `key` = `value`.
fn has(attributes: &[(String, String)], key: &str, value: &str) -> bool {
    attributes.iter().any(|(k, v)| k == key && v == value)
}

/// Requests refused before the handler are timed too, with their `error.type`; what only a
/// client's words name (a tool that does not exist, a method no one serves) is not an
/// attribute of the metric, where each name a client invents would be a series of its own:
/// the names stay on the spans.
#[tokio::test]
async fn refused_requests_are_timed_and_invented_names_make_no_series() {
    telemetry();
    let address = serve_http().await;
    let host = host_of(address);
    // A body that is not JSON, of a tools/call its headers name: -32700.
    let headers = [
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", "made_up_tool_4711"),
    ];
    let (status, _, _) = post_raw(address, &host, &headers, b"{not json".to_vec()).await;
    assert_eq!(status, 400);
    // A method no one serves, in the header, and a version no one speaks.
    let headers = [
        ("mcp-protocol-version", "1999-01-01"),
        ("mcp-method", "made/up-4711"),
    ];
    let (status, _, _) = post_raw(address, &host, &headers, b"[[[".to_vec()).await;
    assert!(status >= 400, "{status}");
    // A tools/call of a tool that does not exist, answered by the handler: -32602.
    let client = connect().await;
    let unknown = client
        .call_tool(call("made_up_tool_4712", json!({}), None))
        .await;
    assert!(unknown.is_err(), "{unknown:?}");
    client.cancel().await.unwrap();

    let points = duration_points();
    let parse_errors: u64 = points
        .iter()
        .filter(|(attributes, _)| {
            has(attributes, "error.type", "-32700")
                && has(attributes, "rpc.response.status_code", "-32700")
                && has(attributes, "mcp.method.name", "tools/call")
                && has(attributes, "mcp.protocol.version", "2026-07-28")
        })
        .map(|(_, count)| count)
        .sum();
    assert!(parse_errors >= 1, "no refused tools/call timed: {points:?}");
    assert!(
        points.iter().any(
            |(attributes, _)| has(attributes, "mcp.method.name", "_OTHER")
                && !attributes.iter().any(|(k, _)| k == "mcp.protocol.version")
        ),
        "an unknown method is _OTHER, an unknown version absent: {points:?}"
    );
    let unknown_tool: u64 = points
        .iter()
        .filter(|(attributes, _)| {
            has(attributes, "error.type", "-32602")
                && has(attributes, "mcp.method.name", "tools/call")
        })
        .map(|(_, count)| count)
        .sum();
    assert!(
        unknown_tool >= 1,
        "the unknown tool's call is timed: {points:?}"
    );
    for (attributes, _) in &points {
        for (key, value) in attributes {
            assert!(
                !value.contains("made_up") && !value.contains("made/up") && value != "1999-01-01",
                "a client's invented name became an attribute, {key} = {value}: {points:?}"
            );
        }
    }
}

/// One trace per HTTP request: rmcp serves each 2026-07-28 request as a connection of its
/// own, whose span would be a second trace (the request's span linked to it); over HTTP that
/// span is left out, so the request's span, in the client's trace, links to nothing.
#[tokio::test]
async fn an_http_request_is_one_trace() {
    telemetry();
    let address = serve_http().await;
    let trace = "7bf92f3577b34da6a3ce929d0e0e4701";
    let call = json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {
        "name": "get_user", "arguments": {"id": 3}, "_meta": {
            "traceparent": format!("00-{trace}-{CLIENT_SPAN}-01"),
            "io.modelcontextprotocol/protocolVersion": "2026-07-28",
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "raw", "version": "0"}}}});
    let headers = [
        ("mcp-protocol-version", "2026-07-28"),
        ("mcp-method", "tools/call"),
        ("mcp-name", "get_user"),
    ];
    let (status, _, body) = post_raw(
        address,
        &host_of(address),
        &headers,
        serde_json::to_vec(&call).unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let span = span_named(trace, "tools/call get_user");
    assert_eq!(span.parent_span_id.to_string(), CLIENT_SPAN);
    assert!(
        span.links.is_empty(),
        "the request's span links to another trace: {:?}",
        span.links
    );
}
