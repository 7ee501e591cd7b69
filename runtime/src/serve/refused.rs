//! The span of an HTTP request the transport refuses before any handler sees it: a body
//! that is not a JSON-RPC message of MCP, an unknown session, a `Host` or `Origin` not
//! allowed, a body too large, and with OAuth the `400`/`401`/`403` of the token checks.
//! [`Traced`](super::Traced) describes every request a handler answers; this describes the
//! others, with the same name and attributes, so that a collector sees every request.

use std::borrow::Cow;

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::response::Response;
use tracing::field::Empty;

/// What toolshape's own refusals say about themselves, as a response extension: the
/// `error.type` and the reason, and what they read of the request (its JSON-RPC id).
#[derive(Clone)]
pub(crate) struct Refusal {
    /// A JSON-RPC error code (`-32700`) or an OAuth error (`invalid_token`).
    pub(crate) error_type: Cow<'static, str>,
    /// Whether `error_type` is a JSON-RPC error code.
    pub(crate) json_rpc: bool,
    /// Why, in words (never a token).
    pub(crate) description: String,
    /// The request's JSON-RPC id, when it was read.
    pub(crate) request_id: Option<String>,
}

/// The headers a refused request's span reads, taken before the request goes on (clones
/// of the header values, which share the request's bytes).
struct Heads {
    http_method: axum::http::Method,
    /// `network.protocol.version`.
    http_version: &'static str,
    /// The client's address, when the server knows it.
    peer: Option<std::net::SocketAddr>,
    mcp_method: Option<HeaderValue>,
    name: Option<HeaderValue>,
    session: Option<HeaderValue>,
    version: Option<HeaderValue>,
    #[cfg(feature = "otel")]
    traceparent: Option<HeaderValue>,
    #[cfg(feature = "otel")]
    tracestate: Option<HeaderValue>,
}

fn text(value: &Option<HeaderValue>) -> Option<&str> {
    value.as_ref().and_then(|value| value.to_str().ok())
}

impl Heads {
    fn of(request: &Request) -> Self {
        use super::headers as names;
        let headers = request.headers();
        Heads {
            http_method: request.method().clone(),
            http_version: super::observe::http_version(request.version()),
            peer: request
                .extensions()
                .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
                .map(|info| info.0),
            mcp_method: headers.get(names::MCP_METHOD).cloned(),
            name: headers.get(names::MCP_NAME).cloned(),
            session: headers.get(names::MCP_SESSION_ID).cloned(),
            version: headers.get(names::MCP_PROTOCOL_VERSION).cloned(),
            #[cfg(feature = "otel")]
            traceparent: headers.get(names::TRACEPARENT).cloned(),
            #[cfg(feature = "otel")]
            tracestate: headers.get(names::TRACESTATE).cloned(),
        }
    }
}

/// The span of a request to `/mcp` answered with an error status, or with a refusal of
/// toolshape's checks, that no handler saw: what it reads of the request is taken by
/// [`of`](Self::of) before the request goes on, and [`finish`](Self::finish) opens and
/// closes it once the answer is known. What a 2026-07-28 client puts in its headers
/// (`Mcp-Method`, `Mcp-Name`, `Mcp-Protocol-Version`) names it; a `traceparent` header
/// continues the caller's trace (feature `otel`).
pub(crate) struct Watch {
    /// `None` while no subscriber listens at `info` (the span would be disabled) and there
    /// is no duration to record (feature `otel`).
    heads: Option<Heads>,
    #[cfg(feature = "otel")]
    started: std::time::Instant,
}

impl Watch {
    /// What the span of `request` would need, should it be refused.
    pub(crate) fn of(request: &Request) -> Self {
        let watched = cfg!(feature = "otel") || tracing::level_enabled!(tracing::Level::INFO);
        Watch {
            heads: watched.then(|| Heads::of(request)),
            #[cfg(feature = "otel")]
            started: std::time::Instant::now(),
        }
    }

    /// The answer to the request, its span recorded when it is a refusal.
    pub(crate) async fn finish(self, mut response: Response) -> Response {
        let Some(heads) = self.heads else {
            return response;
        };
        let status = response.status();
        let refusal = response.extensions_mut().remove::<Refusal>();
        if refusal.is_none() && !status.is_client_error() && !status.is_server_error() {
            return response;
        }
        #[cfg(feature = "otel")]
        {
            let (error_type, json_rpc) = match &refusal {
                Some(refusal) => (refusal.error_type.as_ref(), refusal.json_rpc),
                None => (status.as_str(), false),
            };
            super::observe::record_refused(
                self.started,
                text(&heads.mcp_method),
                text(&heads.version),
                error_type,
                json_rpc,
            );
        }
        let method = text(&heads.mcp_method);
        let span = crate::handler::spans::span!(
            parent: None,
            "mcp.request",
            "otel.name" = Empty,
            "otel.kind" = "server",
            "otel.status_code" = "error",
            "otel.status_description" = Empty,
            "mcp.method.name" = method,
            "gen_ai.tool.name" = Empty,
            "gen_ai.operation.name" = Empty,
            "gen_ai.prompt.name" = Empty,
            "mcp.task.id" = Empty,
            "jsonrpc.request.id" = Empty,
            "mcp.session.id" = text(&heads.session),
            "mcp.protocol.version" = text(&heads.version),
            "network.transport" = "tcp",
            "network.protocol.name" = "http",
            "network.protocol.version" = heads.http_version,
            "client.address" = heads.peer.map(|peer| tracing::field::display(peer.ip())),
            "client.port" = heads.peer.map(|peer| i64::from(peer.port())),
            "error.type" = Empty,
            "rpc.response.status_code" = Empty,
            "http.request.method" = heads.http_method.as_str(),
            "http.response.status_code" = i64::from(status.as_u16()),
        );
        if span.is_disabled() {
            return response;
        }
        #[cfg(feature = "otel")]
        continue_trace(&span, text(&heads.traceparent), text(&heads.tracestate));
        let name = text(&heads.name);
        if let (Some(method), Some(name)) = (method, name) {
            match method {
                "tools/call" => {
                    span.record("gen_ai.tool.name", name);
                    span.record("gen_ai.operation.name", "execute_tool");
                }
                "prompts/get" => {
                    span.record("gen_ai.prompt.name", name);
                }
                method if method.starts_with("tasks/") => {
                    span.record("mcp.task.id", name);
                }
                _ => {}
            }
        }
        // Named by the method alone, when it is one MCP has: the names in the headers are the
        // client's (a refused request may name a tool or method no server has), and a span's
        // name is one of few. A request without a known method is named as an HTTP server span.
        let otel_name = match method.and_then(super::observe::known_method) {
            Some(method) => Cow::Borrowed(method),
            None => Cow::Owned(format!("{} /mcp", heads.http_method)),
        };
        span.record("otel.name", otel_name.as_ref());
        match refusal {
            Some(refusal) => {
                span.record("error.type", refusal.error_type.as_ref());
                if refusal.json_rpc {
                    span.record("rpc.response.status_code", refusal.error_type.as_ref());
                }
                span.record("otel.status_description", refusal.description.as_str());
                if let Some(id) = &refusal.request_id {
                    span.record("jsonrpc.request.id", id.as_str());
                }
            }
            None => {
                span.record("error.type", status.as_str());
                let (description, kept) = reason(response).await;
                response = kept;
                if let Some(description) = description {
                    span.record("otel.status_description", description.as_str());
                }
            }
        }
        drop(span);
        response
    }
}

/// The longest body read for a refusal's reason.
const REASON_BYTES: u64 = 1024;

/// A refusal's short text body (rmcp's are, e.g. `Forbidden: Host header is not allowed`),
/// and the response with its body put back. A body whose length is not known, or longer,
/// is left unread.
async fn reason(response: Response) -> (Option<String>, Response) {
    use axum::body::HttpBody as _;
    let short = response
        .body()
        .size_hint()
        .exact()
        .is_some_and(|length| length <= REASON_BYTES);
    if !short {
        return (None, response);
    }
    let (parts, body) = response.into_parts();
    match axum::body::to_bytes(body, REASON_BYTES as usize).await {
        Ok(bytes) => {
            let text = String::from_utf8_lossy(&bytes).trim().to_owned();
            (
                (!text.is_empty()).then_some(text),
                Response::from_parts(parts, axum::body::Body::from(bytes)),
            )
        }
        Err(_) => (None, Response::from_parts(parts, axum::body::Body::empty())),
    }
}

/// The caller's trace, from the request's `traceparent` (and `tracestate`) headers, becomes
/// the span's parent.
#[cfg(feature = "otel")]
fn continue_trace(span: &tracing::Span, traceparent: Option<&str>, tracestate: Option<&str>) {
    use opentelemetry::trace::TraceContextExt as _;
    use tracing_opentelemetry::OpenTelemetrySpanExt as _;

    struct Headers<'a>([(&'static str, Option<&'a str>); 2]);

    impl opentelemetry::propagation::Extractor for Headers<'_> {
        fn get(&self, key: &str) -> Option<&str> {
            self.0
                .iter()
                .find(|(name, _)| *name == key)
                .and_then(|(_, value)| *value)
        }

        fn keys(&self) -> Vec<&str> {
            self.0
                .iter()
                .filter(|(_, value)| value.is_some())
                .map(|(name, _)| *name)
                .collect()
        }
    }

    if traceparent.is_none() {
        return;
    }
    let headers = Headers([("traceparent", traceparent), ("tracestate", tracestate)]);
    let parent =
        opentelemetry::global::get_text_map_propagator(|propagator| propagator.extract(&headers));
    if parent.span().span_context().is_valid() {
        // Fails only when no OpenTelemetry layer records the span: nothing to continue.
        let _ = span.set_parent(parent);
    }
}
