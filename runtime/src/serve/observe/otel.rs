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

use crate::serve::observe::{About, Outcome};

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

/// The span's name, changed after the span has started: `tracing-opentelemetry` reads
/// `otel.name` only until then, so the OpenTelemetry span is renamed itself.
pub(super) fn rename(span: &tracing::Span, name: &str) {
    span.context().span().update_name(name.to_owned());
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
        // room for every attribute a request records, its end's included
        let mut attributes = Vec::with_capacity(6);
        attributes.push(KeyValue::new("mcp.method.name", about.method));
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
                // A request the protocol refused may name a tool or prompt that does not
                // exist: the name stays on the span, not on the metric, where each name a
                // client invents would be a series of its own.
                self.attributes.retain(|attribute| {
                    !matches!(
                        attribute.key.as_str(),
                        "gen_ai.tool.name" | "gen_ai.prompt.name"
                    )
                });
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

/// Records `mcp.server.operation.duration` for a request the transport refused before any
/// handler saw it: its method (when its headers name a known one), protocol version (a
/// known one), `error.type` and, for a JSON-RPC error, `rpc.response.status_code`. No tool,
/// prompt or session: those are the client's words, on the span only.
#[cfg(feature = "http")]
pub(crate) fn record_refused(
    started: Instant,
    method: Option<&str>,
    version: Option<&str>,
    error_type: &str,
    json_rpc: bool,
) {
    let mut attributes = Vec::with_capacity(4);
    if let Some(method) = method {
        attributes.push(KeyValue::new(
            "mcp.method.name",
            super::known_method(method).unwrap_or("_OTHER"),
        ));
    }
    if let Some(version) = version.and_then(|version| {
        ProtocolVersion::KNOWN_VERSIONS
            .iter()
            .find(|known| known.as_str() == version)
    }) {
        attributes.push(KeyValue::new(
            "mcp.protocol.version",
            version.as_str().to_owned(),
        ));
    }
    attributes.push(KeyValue::new("error.type", error_type.to_owned()));
    if json_rpc {
        attributes.push(KeyValue::new(
            "rpc.response.status_code",
            error_type.to_owned(),
        ));
    }
    histogram().record(started.elapsed().as_secs_f64(), &attributes);
}

#[cfg(all(test, feature = "http"))]
mod tests {
    /// The methods a refused request's metric accepts are those the handler's spans name
    /// (`custom` aside, a name no client sends in `Mcp-Method`): a method added to one list
    /// and not the other fails here.
    #[test]
    fn the_refused_metric_knows_every_method_the_spans_name() {
        let handler = include_str!("handler.rs");
        let named: std::collections::BTreeSet<&str> = handler
            .split("About::method(\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .filter(|method| *method != "custom")
            .collect();
        assert!(named.len() > 10, "{named:?}");
        for method in &named {
            assert!(
                super::super::METHODS.contains(method),
                "`{method}` is not in METHODS"
            );
        }
        for method in super::super::METHODS {
            assert!(
                named.contains(method) || method.starts_with("notifications/"),
                "`{method}` is in METHODS but no span names it"
            );
        }
    }
}
