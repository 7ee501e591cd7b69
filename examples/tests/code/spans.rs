//! One span per call a script makes, under the span of the `execute` request.

use std::sync::{Arc, Mutex};

use rmcp::model::ProtocolVersion;
use serde_json::json;
use tracing_subscriber::layer::SubscriberExt as _;

/// A span opened: its name, its `gen_ai.tool.name` (empty when it has none), its parent's
/// name.
type Span = (String, String, Option<String>);

/// Each span opened.
#[derive(Clone, Default)]
struct Opened(Arc<Mutex<Vec<Span>>>);

/// Reads a span's `gen_ai.tool.name`.
struct Tool<'a>(&'a mut String);

impl tracing::field::Visit for Tool<'_> {
    fn record_str(&mut self, field: &tracing::field::Field, value: &str) {
        if field.name() == "gen_ai.tool.name" {
            *self.0 = value.to_owned();
        }
    }
    fn record_debug(&mut self, _: &tracing::field::Field, _: &dyn std::fmt::Debug) {}
}

impl<S> tracing_subscriber::Layer<S> for Opened
where
    S: tracing::Subscriber + for<'a> tracing_subscriber::registry::LookupSpan<'a>,
{
    fn on_new_span(
        &self,
        attrs: &tracing::span::Attributes<'_>,
        _: &tracing::span::Id,
        context: tracing_subscriber::layer::Context<'_, S>,
    ) {
        let mut tool = String::new();
        attrs.record(&mut Tool(&mut tool));
        let parent = if attrs.is_root() {
            None
        } else {
            (attrs.parent().cloned())
                .or_else(|| context.current_span().id().cloned())
                .and_then(|id| context.span(&id))
                .map(|span| span.name().to_owned())
        };
        self.0
            .lock()
            .unwrap()
            .push((attrs.metadata().name().to_owned(), tool, parent));
    }
}

#[tokio::test(flavor = "current_thread")]
async fn each_call_of_a_script_has_a_span_under_the_requests() {
    let opened = Opened::default();
    let subscriber = tracing_subscriber::registry()
        .with(opened.clone())
        .with(tracing_subscriber::EnvFilter::new("info"));
    let _default = tracing::subscriber::set_default(subscriber);
    let client = toolshape_test_support::connect(
        crate::scripts::code_server(),
        ProtocolVersion::V_2026_07_28,
    )
    .await;
    let result = toolshape_test_support::call(
        &client,
        "execute",
        json!({"code": "a = await cluster_list_svms()\nb = await list_qos_policies()\nreturn 1"}),
    )
    .await
    .unwrap();
    assert_ne!(result.is_error, Some(true), "{result:?}");
    let opened = opened.0.lock().unwrap().clone();
    let script: Vec<_> = opened
        .iter()
        .filter(|(name, _, _)| name == "mcp.script.call")
        .collect();
    assert_eq!(script.len(), 2, "{opened:?}");
    assert_eq!(script[0].1, "cluster_list_svms");
    assert_eq!(script[1].1, "list_qos_policies");
    for (_, _, parent) in &script {
        assert_eq!(parent.as_deref(), Some("mcp.request"), "{opened:?}");
    }
    let request = opened
        .iter()
        .filter(|(name, tool, _)| name == "mcp.request" && tool == "execute")
        .count();
    assert_eq!(request, 1, "{opened:?}");
}
