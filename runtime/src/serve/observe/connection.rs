//! rmcp's connection span (`serve_inner`), left out of HTTP requests.
//!
//! rmcp opens a span around each connection it serves. Over streamable HTTP, each
//! 2026-07-28 request is a connection of its own, so an OpenTelemetry exporter would send
//! that span as a second trace beside the request's (whose span is a root, in the client's
//! trace): twice the traces for one request. While a subscriber listens at `info`, the HTTP
//! router polls rmcp's service with [`without_connection_span`], a dispatcher that passes
//! everything to the one in use but that span (while none does, rmcp opens no span).

use tracing::subscriber::Interest;
use tracing::{Dispatch, Metadata, Subscriber, span};
use tracing_core::LevelFilter;

/// The dispatcher in use, without rmcp's connection span: made once per thread, at its
/// first request that arrives while a subscriber listens at `info`.
///
/// One per thread, not one for all: a future polled with a dispatcher clones it as the
/// thread's default on every poll, and a clone writes the dispatcher's reference count.
/// Shared by every worker thread, that count's cache line would move between cores on each
/// poll of each request.
pub(crate) fn without_connection_span() -> Dispatch {
    thread_local! {
        static DISPATCH: Dispatch = {
            let inner = tracing::dispatcher::get_default(Dispatch::clone);
            Dispatch::new(WithoutConnectionSpan {
                inner,
                max_level: LevelFilter::current(),
            })
        };
    }
    DISPATCH.with(Dispatch::clone)
}

/// rmcp's span around a connection.
fn is_connection_span(metadata: &Metadata<'_>) -> bool {
    metadata.is_span() && metadata.name() == "serve_inner" && metadata.target().starts_with("rmcp")
}

struct WithoutConnectionSpan {
    inner: Dispatch,
    /// The most verbose level the dispatcher in use listened at when this was made.
    max_level: LevelFilter,
}

impl Subscriber for WithoutConnectionSpan {
    fn register_callsite(&self, metadata: &'static Metadata<'static>) -> Interest {
        if is_connection_span(metadata) {
            Interest::never()
        } else {
            self.inner.register_callsite(metadata)
        }
    }

    fn max_level_hint(&self) -> Option<LevelFilter> {
        Some(self.max_level)
    }

    fn enabled(&self, metadata: &Metadata<'_>) -> bool {
        !is_connection_span(metadata) && self.inner.enabled(metadata)
    }

    fn new_span(&self, span: &span::Attributes<'_>) -> span::Id {
        self.inner.new_span(span)
    }

    fn record(&self, span: &span::Id, values: &span::Record<'_>) {
        self.inner.record(span, values);
    }

    fn record_follows_from(&self, span: &span::Id, follows: &span::Id) {
        self.inner.record_follows_from(span, follows);
    }

    fn event(&self, event: &tracing::Event<'_>) {
        self.inner.event(event);
    }

    fn enter(&self, span: &span::Id) {
        self.inner.enter(span);
    }

    fn exit(&self, span: &span::Id) {
        self.inner.exit(span);
    }

    fn clone_span(&self, id: &span::Id) -> span::Id {
        self.inner.clone_span(id)
    }

    fn try_close(&self, id: span::Id) -> bool {
        self.inner.try_close(id)
    }

    fn current_span(&self) -> tracing_core::span::Current {
        self.inner.current_span()
    }
}
