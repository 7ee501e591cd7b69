//! One `tracing` span per request, named and described as OpenTelemetry's semantic
//! conventions for MCP ask: [`Traced`], which every transport of this module wraps around
//! the handler it serves.

use std::borrow::Cow;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
    CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
    DiscoverResult, GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams,
    GetSkillResult, GetTaskParams, GetTaskResult, InitializeRequestParams, InitializeResult,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion,
    ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams,
    ReadResourceResponse, ServerConfig, SubscribeRequestParams, SubscriptionFilter, Tool,
    UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use tracing::Instrument as _;
use tracing::field::Empty;

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
///   the method alone when there is no tool or prompt;
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
/// trace is one request, not a session. Spans cost next to nothing while no subscriber
/// listens at `info` for this module (`toolshape::server::serve`).
///
/// With the `otel` cargo feature, the span's parent is the trace context the client sent in
/// the request's `params._meta` (`traceparent`, `tracestate`; read with OpenTelemetry's
/// global propagator, so set one: `global::set_text_map_propagator(TraceContextPropagator::new())`),
/// and each request records the `mcp.server.operation.duration` histogram (seconds, the
/// conventions' buckets) on the global meter provider, with `mcp.method.name`,
/// `gen_ai.tool.name`, `gen_ai.prompt.name`, `gen_ai.operation.name`,
/// `mcp.protocol.version`, `error.type` and `rpc.response.status_code`. Install the meter
/// provider before the first request: the histogram is created then.
#[derive(Debug, Clone)]
pub struct Traced<H>(H);

impl<H> Traced<H> {
    /// `handler`, traced.
    pub fn new(handler: H) -> Self {
        Traced(handler)
    }

    /// The handler.
    pub fn inner(&self) -> &H {
        &self.0
    }
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

    /// `{method} {target}`, or the method alone.
    fn span_name(&self) -> Cow<'a, str> {
        match self.tool.or(self.prompt) {
            Some(target) => Cow::Owned(format!("{} {target}", self.method)),
            None => Cow::Borrowed(self.method),
        }
    }

    /// The request's span, opened (and, with `otel`, its duration started) before the
    /// handler sees the request.
    fn open(self, context: &RequestContext<RoleServer>) -> Opened {
        // A root: a request belongs to the client's trace (with `otel`, its `_meta`'s), not
        // to the session's span around it, which it follows from (a link, in OpenTelemetry).
        let span = tracing::info_span!(
            parent: None,
            "mcp.request",
            otel.name = Empty,
            otel.kind = "server",
            otel.status_code = Empty,
            otel.status_description = Empty,
            mcp.method.name = self.method,
            gen_ai.tool.name = self.tool,
            gen_ai.operation.name = self.tool.map(|_| "execute_tool"),
            gen_ai.prompt.name = self.prompt,
            mcp.resource.uri = self.resource,
            mcp.task.id = self.task,
            jsonrpc.request.id = Empty,
            mcp.session.id = Empty,
            mcp.protocol.version = Empty,
            error.type = Empty,
            rpc.response.status_code = Empty,
        );
        // What takes work to read is read only for a span or metric someone listens to.
        let version = (cfg!(feature = "otel") || !span.is_disabled())
            .then(|| context.protocol_version())
            .flatten();
        if !span.is_disabled() {
            span.follows_from(tracing::Span::current());
            span.record("otel.name", self.span_name().as_ref());
            span.record("jsonrpc.request.id", tracing::field::display(&context.id));
            if let Some(session) = session_of(context) {
                span.record("mcp.session.id", session);
            }
            if let Some(version) = &version {
                span.record("mcp.protocol.version", version.as_str());
            }
            #[cfg(feature = "otel")]
            otel::continue_trace(&span, context);
        }
        Opened {
            #[cfg(feature = "otel")]
            metric: otel::Metric::start(&self, version.as_ref()),
            span,
        }
    }
}

/// A request's open span.
struct Opened {
    span: tracing::Span,
    #[cfg(feature = "otel")]
    metric: otel::Metric,
}

impl Opened {
    /// Runs the handler's answer in the span, then records how it ended.
    async fn run<T: Answer>(
        self,
        answer: impl Future<Output = Result<T, ErrorData>>,
    ) -> Result<T, ErrorData> {
        let result = answer.instrument(self.span.clone()).await;
        let outcome = Outcome::of(&result);
        if !self.span.is_disabled() {
            outcome.record(&self.span);
            if let Some(task) = result.as_ref().ok().and_then(Answer::task_started) {
                self.span.record("mcp.task.id", task);
            }
        }
        #[cfg(feature = "otel")]
        self.metric.end(&outcome);
        result
    }
}

/// The `Mcp-Session-Id` of the HTTP request that carried this one.
fn session_of(context: &RequestContext<RoleServer>) -> Option<&str> {
    #[cfg(feature = "http")]
    {
        context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.headers.get("mcp-session-id"))
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

/// Every method of rmcp's `ServerHandler`, in rmcp's order: requests run in their span,
/// everything else goes straight to the handler.
impl<H: ServerHandler> ServerHandler for Traced<H> {
    async fn ping(&self, context: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        let opened = About::method("ping").open(&context);
        opened.run(self.0.ping(context)).await
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        let opened = About::method("initialize").open(&context);
        opened.run(self.0.initialize(request, context)).await
    }

    fn negotiate_initialize(
        &self,
        request: &InitializeRequestParams,
    ) -> Result<InitializeResult, ErrorData> {
        self.0.negotiate_initialize(request)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.0.supported_protocol_versions()
    }

    async fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, ErrorData> {
        let opened = About::method("server/discover").open(&context);
        opened.run(self.0.discover(context)).await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let opened = About::method("completion/complete").open(&context);
        opened.run(self.0.complete(request, context)).await
    }

    #[allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let opened = About::method("logging/setLevel").open(&context);
        opened.run(self.0.set_level(request, context)).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let about = About {
            prompt: Some(&request.name),
            ..About::method("prompts/get")
        };
        let opened = about.open(&context);
        opened.run(self.0.get_prompt(request, context)).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let opened = About::method("prompts/list").open(&context);
        opened.run(self.0.list_prompts(request, context)).await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let opened = About::method("resources/list").open(&context);
        opened.run(self.0.list_resources(request, context)).await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let opened = About::method("resources/templates/list").open(&context);
        opened
            .run(self.0.list_resource_templates(request, context))
            .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/read")
        };
        let opened = about.open(&context);
        opened.run(self.0.read_resource(request, context)).await
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.0.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.0.listen(context).await
    }

    #[allow(deprecated)] // resources/subscribe: legacy, still in 2025-11-25
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/subscribe")
        };
        let opened = about.open(&context);
        opened.run(self.0.subscribe(request, context)).await
    }

    #[allow(deprecated)] // resources/unsubscribe: legacy, still in 2025-11-25
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/unsubscribe")
        };
        let opened = about.open(&context);
        opened.run(self.0.unsubscribe(request, context)).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let about = About {
            tool: Some(&request.name),
            ..About::method("tools/call")
        };
        let opened = about.open(&context);
        opened.run(self.0.call_tool(request, context)).await
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let opened = About::method("tools/list").open(&context);
        opened.run(self.0.list_tools(request, context)).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.0.get_tool(name)
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        // A custom method's name is the client's: not a low-cardinality span name.
        let opened = About::method("custom").open(&context);
        opened.run(self.0.on_custom_request(request, context)).await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.0.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.0.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.0.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.0.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.0.on_custom_notification(notification, context).await;
    }

    fn get_info(&self) -> ServerConfig {
        self.0.get_info()
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/get")
        };
        let opened = about.open(&context);
        opened.run(self.0.get_task(request, context)).await
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/update")
        };
        let opened = about.open(&context);
        opened.run(self.0.update_task(request, context)).await
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/cancel")
        };
        let opened = about.open(&context);
        opened.run(self.0.cancel_task(request, context)).await
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        let opened = About::method("skills/list").open(&context);
        opened.run(self.0.list_skills(request, context)).await
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        let opened = About::method("skills/get").open(&context);
        opened.run(self.0.get_skill(request, context)).await
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        let opened = About::method("resources/directory/read").open(&context);
        opened
            .run(self.0.read_resource_directory(request, context))
            .await
    }
}

#[cfg(feature = "otel")]
mod otel {
    //! The `otel` feature: the trace context of `_meta`, and the duration histogram.

    use std::sync::OnceLock;
    use std::time::Instant;

    use opentelemetry::KeyValue;
    use opentelemetry::metrics::Histogram;
    use opentelemetry::propagation::Extractor;
    use opentelemetry::trace::TraceContextExt as _;
    use rmcp::RoleServer;
    use rmcp::model::{ProtocolVersion, RequestMetaObject};
    use rmcp::service::RequestContext;
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;

    use super::{About, Outcome};

    /// The buckets OpenTelemetry's conventions give `mcp.server.operation.duration`.
    const BUCKETS: [f64; 14] = [
        0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0,
    ];

    /// `_meta` as a propagator reads it: its string members.
    struct Meta<'a>(&'a RequestMetaObject);

    impl Extractor for Meta<'_> {
        fn get(&self, key: &str) -> Option<&str> {
            self.0.get(key).and_then(serde_json::Value::as_str)
        }

        fn keys(&self) -> Vec<&str> {
            self.0.keys().map(String::as_str).collect()
        }
    }

    /// The client's trace, when its `_meta` has one, becomes the span's parent.
    pub(super) fn continue_trace(span: &tracing::Span, context: &RequestContext<RoleServer>) {
        let parent = opentelemetry::global::get_text_map_propagator(|propagator| {
            propagator.extract(&Meta(&context.meta))
        });
        if parent.span().span_context().is_valid() {
            // Fails only when no OpenTelemetry layer records the span: nothing to continue.
            let _ = span.set_parent(parent);
        }
    }

    /// `mcp.server.operation.duration`, made on the global meter provider at the first
    /// request.
    fn histogram() -> &'static Histogram<f64> {
        static HISTOGRAM: OnceLock<Histogram<f64>> = OnceLock::new();
        HISTOGRAM.get_or_init(|| {
            let scope = opentelemetry::InstrumentationScope::builder("toolshape")
                .with_version(crate::VERSION)
                .build();
            opentelemetry::global::meter_with_scope(scope)
                .f64_histogram("mcp.server.operation.duration")
                .with_unit("s")
                .with_description(
                    "MCP request duration as observed on the receiver from the time it was \
                     received until the result is sent.",
                )
                .with_boundaries(BUCKETS.to_vec())
                .build()
        })
    }

    /// A request being timed, with the attributes it started with.
    pub(super) struct Metric {
        start: Instant,
        attributes: Vec<KeyValue>,
    }

    impl Metric {
        pub(super) fn start(about: &About<'_>, version: Option<&ProtocolVersion>) -> Self {
            let mut attributes = vec![KeyValue::new("mcp.method.name", about.method.to_owned())];
            if let Some(tool) = about.tool {
                attributes.push(KeyValue::new("gen_ai.tool.name", tool.to_owned()));
                attributes.push(KeyValue::new("gen_ai.operation.name", "execute_tool"));
            }
            if let Some(prompt) = about.prompt {
                attributes.push(KeyValue::new("gen_ai.prompt.name", prompt.to_owned()));
            }
            if let Some(version) = version {
                attributes.push(KeyValue::new(
                    "mcp.protocol.version",
                    version.as_str().to_owned(),
                ));
            }
            Metric {
                start: Instant::now(),
                attributes,
            }
        }

        pub(super) fn end(mut self, outcome: &Outcome<'_>) {
            let seconds = self.start.elapsed().as_secs_f64();
            match outcome {
                Outcome::Ok => {}
                Outcome::ToolError => {
                    self.attributes
                        .push(KeyValue::new("error.type", "tool_error"));
                }
                Outcome::Error(error) => {
                    let code = error.code.0.to_string();
                    self.attributes
                        .push(KeyValue::new("error.type", code.clone()));
                    self.attributes
                        .push(KeyValue::new("rpc.response.status_code", code));
                }
            }
            histogram().record(seconds, &self.attributes);
        }
    }
}
