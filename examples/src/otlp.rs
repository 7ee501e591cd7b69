//! `--otlp URL`: the server's spans and metrics exported to an OpenTelemetry collector over
//! OTLP/HTTP (`URL/v1/traces`, `URL/v1/metrics`), with its logs still on stderr.
//!
//! Each request is a span named as OpenTelemetry's conventions for MCP ask
//! (`tools/call get_user`), a child of the span the client sent in `_meta` (`traceparent`),
//! and `mcp.server.operation.duration` is recorded: toolshape's `otel` feature does that;
//! this module only installs the providers, the W3C propagator and the `tracing` layer.

use opentelemetry::KeyValue;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_otlp::WithExportConfig as _;
use opentelemetry_sdk::Resource;
use opentelemetry_sdk::metrics::SdkMeterProvider;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use tracing_subscriber::Layer as _;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

/// The exporters of a server started with `--otlp`: [`Otlp::shutdown`] sends what is left.
#[derive(Debug)]
pub struct Otlp {
    tracers: SdkTracerProvider,
    meters: SdkMeterProvider,
}

impl Otlp {
    /// Exports spans and metrics to the collector at `endpoint` (`http://HOST:4318`), as the
    /// service `service`, this process being the replica `instance` (`service.instance.id`).
    /// Installs the `tracing` subscriber: logs to stderr, filtered by `RUST_LOG` (default
    /// `info`), and spans of level `info` and above to OpenTelemetry. Call it outside the async runtime: the HTTP
    /// client of the exporters runs its own.
    ///
    /// # Errors
    /// When an exporter cannot be built (a malformed URL).
    pub fn start(endpoint: &str, service: &str, instance: &str) -> Result<Otlp, crate::Error> {
        let endpoint = endpoint.trim_end_matches('/');
        let resource = Resource::builder()
            .with_service_name(service.to_owned())
            .with_attribute(KeyValue::new("service.instance.id", instance.to_owned()))
            .build();
        let spans = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_endpoint(format!("{endpoint}/v1/traces"))
            .build()?;
        let tracers = SdkTracerProvider::builder()
            .with_batch_exporter(spans)
            .with_resource(resource.clone())
            .build();
        let metrics = opentelemetry_otlp::MetricExporter::builder()
            .with_http()
            .with_endpoint(format!("{endpoint}/v1/metrics"))
            .build()?;
        let meters = SdkMeterProvider::builder()
            .with_periodic_exporter(metrics)
            .with_resource(resource)
            .build();
        opentelemetry::global::set_text_map_propagator(TraceContextPropagator::new());
        opentelemetry::global::set_meter_provider(meters.clone());
        tracing_subscriber::registry()
            .with(
                tracing_subscriber::fmt::layer()
                    .with_writer(std::io::stderr)
                    .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
                    .with_filter(crate::log_filter()),
            )
            .with(
                tracing_opentelemetry::layer()
                    .with_tracer(tracers.tracer(service.to_owned()))
                    .with_filter(tracing_subscriber::filter::LevelFilter::INFO),
            )
            .try_init()?;
        Ok(Otlp { tracers, meters })
    }

    /// Sends the spans and metrics not yet exported, and stops the exporters. Call it
    /// outside the async runtime, as [`Otlp::start`].
    pub fn shutdown(self) {
        if let Err(error) = self.tracers.shutdown() {
            eprintln!("exporting the last spans failed: {error}");
        }
        if let Err(error) = self.meters.shutdown() {
            eprintln!("exporting the last metrics failed: {error}");
        }
    }
}
