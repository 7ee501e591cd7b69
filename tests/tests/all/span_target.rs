//! Every span toolshape opens has one target, `toolshape::spans`, whatever module opens it:
//! the name a log filter gives to keep them or leave them out.
//!
//! The subscriber here is the test's own thread's (`set_default`, on a current-thread
//! runtime, where the in-memory server runs too), so it sees no other test's spans.

use std::sync::{Arc, Mutex};

use serde_json::json;
use toolshape::{Server, ToolSet, tool, tools};
use tracing_subscriber::layer::SubscriberExt as _;

use toolshape_test_support::{connect, versions};

/// Add two numbers.
#[tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// The name and target of each span opened.
#[derive(Clone, Default)]
struct Opened(Arc<Mutex<Vec<(String, String)>>>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Opened {
    fn on_new_span(
        &self,
        attrs: &tracing::span::Attributes<'_>,
        _: &tracing::span::Id,
        _: tracing_subscriber::layer::Context<'_, S>,
    ) {
        let metadata = attrs.metadata();
        self.0
            .lock()
            .unwrap()
            .push((metadata.name().to_owned(), metadata.target().to_owned()));
    }
}

/// The spans a `tools/call` opens under `filter`.
async fn spans_of_a_call(filter: &str) -> Vec<(String, String)> {
    let opened = Opened::default();
    let subscriber = tracing_subscriber::registry()
        .with(opened.clone())
        .with(tracing_subscriber::EnvFilter::new(filter));
    let _default = tracing::subscriber::set_default(subscriber);
    for version in versions() {
        let client = connect(Server::new((), ToolSet::new(tools![add]).unwrap()), version).await;
        let result = client
            .call_tool(
                rmcp::model::CallToolRequestParams::new("add")
                    .with_arguments(json!({"a": 1, "b": 2}).as_object().unwrap().clone()),
            )
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(false));
        client.cancel().await.unwrap();
    }
    opened.0.lock().unwrap().clone()
}

#[tokio::test(flavor = "current_thread")]
async fn every_request_span_has_the_target_a_filter_names() {
    let opened = spans_of_a_call("info").await;
    let requests: Vec<_> = opened
        .iter()
        .filter(|(name, _)| name == "mcp.request")
        .collect();
    // initialize (2025-11-25), tools/call, for each version: at least one call each
    assert!(requests.len() >= 2, "request spans: {opened:?}");
    for (name, target) in requests {
        assert_eq!(target, "toolshape::spans", "the target of `{name}`");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn a_filter_on_the_target_leaves_the_spans_out() {
    let opened = spans_of_a_call("info,toolshape::spans=off").await;
    assert!(
        opened
            .iter()
            .all(|(_, target)| target != "toolshape::spans"),
        "spans opened: {opened:?}"
    );
    assert!(
        !opened.iter().any(|(name, _)| name == "mcp.request"),
        "spans opened: {opened:?}"
    );
}
