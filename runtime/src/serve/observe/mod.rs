//! One `tracing` span per request, named and described as OpenTelemetry's semantic
//! conventions for MCP ask: [`Traced`], which every transport of this module wraps around
//! the handler it serves.

use std::borrow::Cow;

use rmcp::model::{
    CallToolResponse, CompleteResult, CustomResult, DiscoverResult, GetPromptResponse,
    GetSkillResult, GetTaskResult, InitializeResult, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult, ListToolsResult,
    ReadResourceResponse,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use tracing::Instrument as _;
use tracing::field::Empty;

#[cfg(feature = "http")]
mod connection;
mod handler;
#[cfg(feature = "otel")]
mod otel;
#[cfg(feature = "http")]
pub(crate) use connection::without_connection_span;
#[cfg(all(feature = "otel", feature = "http"))]
pub(crate) use otel::record_refused;

/// A handler whose requests each run in a `tracing` span that follows OpenTelemetry's
/// semantic conventions for MCP servers. toolshape's transports
/// ([`Server::serve_stdio`](crate::Server::serve_stdio),
/// [`serve_lines`](crate::Server::serve_lines), [`http_router`](crate::Server::http_router),
/// [`http_service`](crate::Server::http_service), `testing::connect`) serve every server
/// through it; wrap a handler yourself only to
/// serve it on one of rmcp's own transports (`rmcp::ServiceExt::serve(Traced::new(server),
/// transport)`).
///
/// The span (`info` level, name `mcp.request`) has the fields
/// - `otel.name`: `{method} {target}`, e.g. `tools/call get_user` or `prompts/get greet`;
///   the method alone when there is no tool or prompt, or when the server has no tool or
///   prompt of that name (the name is the client's: a prompt names the span once the
///   handler has answered it);
/// - `otel.kind`: `server`;
/// - `mcp.method.name`, `jsonrpc.request.id`, `mcp.protocol.version`;
/// - `gen_ai.tool.name` and `gen_ai.operation.name` (`execute_tool`) for `tools/call`,
///   `gen_ai.prompt.name` for `prompts/get`, `mcp.resource.uri` for `resources/read`;
/// - `mcp.session.id`: the `Mcp-Session-Id` of a streamable HTTP request that has one;
/// - `mcp.task.id`: the task a `tasks/*` request names, or the task a `tools/call` started;
/// - when the request fails, `error.type` and `rpc.response.status_code` (the JSON-RPC
///   error code, e.g. `-32602`) with `otel.status_code = "error"` and the error's message
///   in `otel.status_description`; a tool's result with `isError: true` has
///   `error.type = "tool_error"`.
///
/// A tool's own spans and events are inside it. The span is a root: it follows from (in
/// OpenTelemetry, links to) the span rmcp keeps open around a whole connection, so that one
/// trace is one request, not a session. Its target is `toolshape::spans`, as every span
/// toolshape opens: spans cost next to nothing while no subscriber listens at `info` for
/// it, and `RUST_LOG=info,toolshape::spans=off` leaves them out of a `fmt` subscriber's
/// logs.
///
/// With the `otel` cargo feature, the span's parent is the trace context the client sent in
/// the request's `params._meta` (`traceparent`, `tracestate`; read with OpenTelemetry's
/// global propagator, so set one: `global::set_text_map_propagator(TraceContextPropagator::new())`),
/// and each request records the `mcp.server.operation.duration` histogram (seconds, the
/// conventions' buckets) on the global meter provider, with `mcp.method.name`,
/// `gen_ai.tool.name`, `gen_ai.prompt.name`, `gen_ai.operation.name`,
/// `mcp.protocol.version`, `error.type` and `rpc.response.status_code`; a request refused
/// with a JSON-RPC error records no tool or prompt name (the client may have invented it:
/// each invented name would be a series of its own; the span keeps it). Install the meter
/// provider before the first request: the histogram is created then.
#[derive(Debug, Clone)]
pub struct Traced<H>(H, Transport);

/// What a [`Traced`] handler's requests come over, for `network.transport` (HTTP requests
/// say so themselves).
#[derive(Debug, Clone, Copy)]
enum Transport {
    /// Unknown: another of rmcp's transports.
    Unknown,
    /// Lines of a pipe, stdin/stdout's.
    #[cfg_attr(not(feature = "stdio"), allow(dead_code))]
    Pipe,
}

impl<H> Traced<H> {
    /// `handler`, traced.
    pub fn new(handler: H) -> Self {
        Traced(handler, Transport::Unknown)
    }

    /// `handler`, traced, served over a pipe (stdin/stdout): `network.transport = "pipe"`.
    #[cfg_attr(not(feature = "stdio"), allow(dead_code))]
    pub(crate) fn over_pipe(handler: H) -> Self {
        Traced(handler, Transport::Pipe)
    }

    /// The handler.
    pub fn inner(&self) -> &H {
        &self.0
    }
}

/// The methods a refused request's span and metric name (what a client puts in its
/// `Mcp-Method` header): any other is recorded as `_OTHER` on the metric, as OpenTelemetry's
/// conventions record an unknown HTTP method, and never names a span, so that a client
/// cannot make a series or a span name per name it invents.
#[cfg(feature = "http")]
const METHODS: [&str; 21] = [
    "completion/complete",
    "initialize",
    "logging/setLevel",
    "ping",
    "prompts/get",
    "prompts/list",
    "resources/directory/read",
    "resources/list",
    "resources/read",
    "resources/subscribe",
    "resources/templates/list",
    "resources/unsubscribe",
    "server/discover",
    "skills/get",
    "skills/list",
    "tasks/cancel",
    "tasks/get",
    "tasks/update",
    "tools/call",
    "tools/list",
    "notifications/initialized",
];

/// `network.protocol.version` of an HTTP request.
#[cfg(feature = "http")]
pub(crate) fn http_version(version: axum::http::Version) -> &'static str {
    match version {
        axum::http::Version::HTTP_09 => "0.9",
        axum::http::Version::HTTP_10 => "1.0",
        axum::http::Version::HTTP_2 => "2",
        axum::http::Version::HTTP_3 => "3",
        _ => "1.1",
    }
}

/// `method`, if it is one of [`METHODS`].
#[cfg(feature = "http")]
pub(crate) fn known_method(method: &str) -> Option<&'static str> {
    METHODS.iter().find(|known| **known == method).copied()
}

/// What a request is about: its method and, when it has one, the tool or prompt it names.
struct About<'a> {
    method: &'static str,
    tool: Option<&'a str>,
    prompt: Option<&'a str>,
    resource: Option<&'a str>,
    task: Option<&'a str>,
}

impl<'a> About<'a> {
    fn method(method: &'static str) -> Self {
        About {
            method,
            tool: None,
            prompt: None,
            resource: None,
            task: None,
        }
    }

    /// `{method} {target}` when the request names a tool that `known` says the server has,
    /// else the method alone: a client may name a tool it made up, and span names are few
    /// (as the duration metric's series are). A prompt names the span once the handler has
    /// answered it ([`Opened::end`]): rmcp's handler has no way to ask for one beforehand.
    fn span_name(&self, known: impl FnOnce(&str) -> bool) -> Cow<'a, str> {
        match self.tool {
            Some(target) if known(target) => Cow::Owned(format!("{} {target}", self.method)),
            _ => Cow::Borrowed(self.method),
        }
    }

    /// The request's span, opened (and, with `otel`, its duration started) before the
    /// handler sees the request.
    fn open(self, context: &RequestContext<RoleServer>, transport: Transport) -> Opened {
        self.open_naming(context, transport, |_| true)
    }

    /// [`open`](Self::open), naming the span by its tool only when `known` says the server
    /// has it.
    fn open_naming(
        self,
        context: &RequestContext<RoleServer>,
        transport: Transport,
        known: impl FnOnce(&str) -> bool,
    ) -> Opened {
        // What takes work to read is read only for a span or metric someone listens to.
        // Every value known now is given as the span is made, in one go: each later
        // `record` is a call into the subscriber of its own (with `tracing-subscriber`'s
        // `fmt`, a filter lookup and a formatting pass per field).
        let listening = tracing::level_enabled!(tracing::Level::INFO);
        let version = (cfg!(feature = "otel") || listening)
            .then(|| context.protocol_version())
            .flatten();
        let name = if listening {
            self.span_name(known)
        } else {
            Cow::Borrowed(self.method)
        };
        let network = if listening {
            Network::of(context, transport)
        } else {
            Network::default()
        };
        // A root: a request belongs to the client's trace (with `otel`, its `_meta`'s), not
        // to the connection's span around it, which it follows from (a link, in
        // OpenTelemetry; over HTTP, rmcp's connection span is left out, see `connection`).
        let span = crate::handler::spans::span!(
            parent: None,
            "mcp.request",
            "otel.name" = name.as_ref(),
            "otel.kind" = "server",
            "otel.status_code" = Empty,
            "otel.status_description" = Empty,
            "mcp.method.name" = self.method,
            "gen_ai.tool.name" = self.tool,
            "gen_ai.operation.name" = self.tool.map(|_| "execute_tool"),
            "gen_ai.prompt.name" = self.prompt,
            "mcp.resource.uri" = self.resource,
            "mcp.task.id" = self.task,
            "jsonrpc.request.id" = tracing::field::display(&context.id),
            "mcp.session.id" = session_of(context),
            "mcp.protocol.version" = version.as_ref().map(rmcp::model::ProtocolVersion::as_str),
            "network.transport" = network.transport,
            "network.protocol.name" = network.protocol.map(|_| "http"),
            "network.protocol.version" = network.protocol,
            "client.address" = network.peer.map(|peer| tracing::field::display(peer.ip())),
            "client.port" = network.peer.map(|peer| i64::from(peer.port())),
            "error.type" = Empty,
            "rpc.response.status_code" = Empty,
        );
        if !span.is_disabled() {
            span.follows_from(tracing::Span::current());
            #[cfg(feature = "otel")]
            otel::continue_trace(&span, context);
        }
        // the span's name once the handler has answered the prompt (a name it refuses is
        // the client's, perhaps made up)
        let answered_name = self
            .prompt
            .filter(|_| !span.is_disabled())
            .map(|prompt| format!("{} {prompt}", self.method));
        Opened {
            #[cfg(feature = "otel")]
            metric: otel::Metric::start(&self, version.as_ref()),
            span,
            answered_name,
        }
    }
}

/// OpenTelemetry's recommended network attributes of an MCP server span: over streamable
/// HTTP, `network.transport = "tcp"`, `network.protocol.name = "http"`, its version, and
/// the client's address and port (when the server knows them: [`app_on`] and the
/// `serve_http` methods give them); over stdio, `network.transport = "pipe"`.
///
/// [`app_on`]: crate::serve::app_on
#[derive(Default)]
struct Network {
    transport: Option<&'static str>,
    /// The HTTP version, over HTTP.
    protocol: Option<&'static str>,
    peer: Option<std::net::SocketAddr>,
}

impl Network {
    fn of(context: &RequestContext<RoleServer>, transport: Transport) -> Self {
        #[cfg(feature = "http")]
        if let Some(parts) = context.extensions.get::<axum::http::request::Parts>() {
            return Network {
                transport: Some("tcp"),
                protocol: Some(http_version(parts.version)),
                peer: parts
                    .extensions
                    .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                    .map(|info| info.0),
            };
        }
        let _ = context;
        Network {
            transport: matches!(transport, Transport::Pipe).then_some("pipe"),
            protocol: None,
            peer: None,
        }
    }
}

/// A request's open span.
struct Opened {
    span: tracing::Span,
    /// The span's name if the handler answers the request (a prompt it has).
    answered_name: Option<String>,
    #[cfg(feature = "otel")]
    metric: otel::Metric,
}

impl Opened {
    /// Runs the handler's answer in the span, then records how it ended.
    ///
    /// Combinators, not an `async fn`: an `async fn` would hold the handler's future twice
    /// (as its argument, and again while awaiting it), and the future of a `tools/call` is
    /// the largest a request has; it is moved whole into the task that runs the request.
    fn run<T: Answer>(
        self,
        answer: impl Future<Output = Result<T, ErrorData>>,
    ) -> impl Future<Output = Result<T, ErrorData>> {
        use futures::FutureExt as _;
        answer
            .instrument(self.span.clone())
            .inspect(move |result| self.end(result))
    }

    /// Records how the request ended.
    fn end<T: Answer>(self, result: &Result<T, ErrorData>) {
        let outcome = Outcome::of(result);
        if !self.span.is_disabled() {
            outcome.record(&self.span);
            if let Ok(answer) = result {
                if let Some(task) = answer.task_started() {
                    self.span.record("mcp.task.id", task);
                }
                if let Some(name) = &self.answered_name {
                    self.span.record("otel.name", name.as_str());
                    #[cfg(feature = "otel")]
                    otel::rename(&self.span, name);
                }
            }
        }
        #[cfg(feature = "otel")]
        self.metric.end(&outcome);
    }
}

/// The `Mcp-Session-Id` of the HTTP request that carried this one.
fn session_of(context: &RequestContext<RoleServer>) -> Option<&str> {
    #[cfg(feature = "http")]
    {
        context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.headers.get(crate::serve::headers::MCP_SESSION_ID))
            .and_then(|value| value.to_str().ok())
    }
    #[cfg(not(feature = "http"))]
    {
        let _ = context;
        None
    }
}

/// What the span reads from an answer: a tool's error result, a task started.
trait Answer {
    /// A result with `isError: true`.
    fn is_tool_error(&self) -> bool {
        false
    }

    /// The task a `tools/call` started.
    fn task_started(&self) -> Option<&str> {
        None
    }
}

impl Answer for CallToolResponse {
    fn is_tool_error(&self) -> bool {
        matches!(self, CallToolResponse::Complete(result) if result.is_error == Some(true))
    }

    fn task_started(&self) -> Option<&str> {
        match self {
            CallToolResponse::Task(created) => Some(created.task.task_id.as_str()),
            _ => None,
        }
    }
}

macro_rules! plain_answers {
    ($($answer:ty),*) => { $(impl Answer for $answer {})* };
}

plain_answers!(
    (),
    InitializeResult,
    DiscoverResult,
    CompleteResult,
    GetPromptResponse,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ReadResourceResponse,
    ListToolsResult,
    CustomResult,
    GetTaskResult,
    ListSkillsResult,
    GetSkillResult
);

/// How a request ended, as the conventions name it: `error.type` and, for a JSON-RPC
/// error, its code and message.
enum Outcome<'a> {
    Ok,
    ToolError,
    Error(&'a ErrorData),
}

impl<'a> Outcome<'a> {
    fn of<T: Answer>(result: &'a Result<T, ErrorData>) -> Self {
        match result {
            Ok(answer) if answer.is_tool_error() => Outcome::ToolError,
            Ok(_) => Outcome::Ok,
            Err(error) => Outcome::Error(error),
        }
    }

    fn record(&self, span: &tracing::Span) {
        match self {
            Outcome::Ok => {}
            Outcome::ToolError => {
                span.record("error.type", "tool_error");
                span.record("otel.status_code", "error");
            }
            Outcome::Error(error) => {
                let code = error.code.0;
                span.record("error.type", tracing::field::display(code));
                span.record("rpc.response.status_code", tracing::field::display(code));
                span.record("otel.status_code", "error");
                span.record("otel.status_description", error.message.as_ref());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rmcp::ServerHandler as _;
    use rmcp::model::CallToolRequestParams;

    /// The span adds a few words to a `tools/call`'s future, not a second copy of the
    /// server's: that future is moved whole into the task that runs the request, so its
    /// size is work done on every call. An `async fn` around the server's future held it
    /// twice: 5,264 bytes against 2,272 in the benchmark's release build.
    #[tokio::test]
    async fn a_traced_call_holds_the_server_s_future_once() {
        let server = crate::handler::Server::new((), crate::toolset::ToolSet::<()>::default());
        let traced = super::Traced::new(server.clone());
        let request = || crate::context::Context::detached().request().clone();
        let params = || CallToolRequestParams::new("anything");
        let inner = std::mem::size_of_val(&server.call_tool(params(), request()));
        let outer = std::mem::size_of_val(&traced.call_tool(params(), request()));
        assert!(
            outer < inner + 512,
            "the traced future is {outer} bytes, the server's {inner}"
        );
    }
}
