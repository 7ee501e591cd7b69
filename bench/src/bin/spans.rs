//! What each request's span costs (`toolshape::serve::Traced`, which toolshape's transports
//! wrap around every handler): the same server over toolshape's line transport, once traced
//! and once served bare (`rmcp::ServiceExt::serve` on the same transport), called at 200 B
//! in alternation (each round calls both, in rotating order). Prints medians and the ratio.
//!
//! The mode says who listens:
//! - `none`: no `tracing` subscriber, the default of a server that installs none;
//! - `fmt`: `tracing-subscriber`'s `fmt` layer at `info`, writing to a sink (a server that
//!   logs: its spans are built and their fields recorded);
//! - `otel` (needs `--features otel`): the `otel` feature with `tracing-opentelemetry`'s
//!   layer and an SDK tracer provider whose batch exporter drops what it gets, and the
//!   duration histogram on an SDK meter provider.
//!
//! `cargo run -p toolshape-bench --release --bin spans [none|fmt|otel] [ROUNDS]`

use std::hint::black_box;
use std::time::{Duration, Instant};

use rmcp::ServiceExt as _;
use toolshape_bench::{Client, call, connect, toolshape_server};

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// A client of the bench server over toolshape's line transport, traced or not.
async fn client(traced: bool) -> Client {
    connect(move |io| async move {
        let (read, write) = tokio::io::split(io);
        let reader = tokio::io::BufReader::new(read);
        let server = toolshape_server();
        if traced {
            let _ = server.serve_lines(reader, write, &Default::default()).await;
        } else {
            let transport =
                toolshape::serve::LineTransport::new(reader, write, &Default::default());
            if let Ok(running) = server.serve(transport).await {
                let _ = running.waiting().await;
            }
        }
    })
    .await
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mode = args.next().unwrap_or_else(|| "none".to_owned());
    let rounds: usize = args.next().and_then(|arg| arg.parse().ok()).unwrap_or(4000);
    let _guard = listen(&mode);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "mode {mode}, rounds {rounds}; load at start: {}",
        load.trim()
    );

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let clients = [
        runtime.block_on(client(false)),
        runtime.block_on(client(true)),
    ];
    let mut samples = [Vec::with_capacity(rounds), Vec::with_capacity(rounds)];
    for round in 0..rounds + rounds / 10 {
        for k in 0..2 {
            let i = (round + k) % 2;
            let start = Instant::now();
            black_box(runtime.block_on(call(&clients[i], 0)));
            let time = start.elapsed();
            if round >= rounds / 10 {
                samples[i].push(time);
            }
        }
    }
    let [bare, traced] = samples.map(median);
    println!(
        "| {mode} | 200 B | bare {:.2} µs | traced {:.2} µs | {:+.2} µs ({:.3}×) |",
        bare.as_secs_f64() * 1e6,
        traced.as_secs_f64() * 1e6,
        (traced.as_secs_f64() - bare.as_secs_f64()) * 1e6,
        traced.as_secs_f64() / bare.as_secs_f64()
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load at end: {}", load.trim());
}

/// Installs the mode's subscriber; what must live as long as the run.
fn listen(mode: &str) -> Box<dyn std::any::Any> {
    match mode {
        "none" => Box::new(()),
        "fmt" => {
            tracing_subscriber::fmt()
                .with_writer(std::io::sink)
                .with_max_level(tracing::Level::INFO)
                .init();
            Box::new(())
        }
        #[cfg(feature = "otel")]
        "otel" => Box::new(otel::listen()),
        other => panic!("unknown mode `{other}`: none, fmt or otel (with --features otel)"),
    }
}

#[cfg(feature = "otel")]
mod otel {
    use opentelemetry::trace::TracerProvider as _;
    use opentelemetry_sdk::error::OTelSdkResult;
    use opentelemetry_sdk::metrics::{PeriodicReader, SdkMeterProvider};
    use opentelemetry_sdk::trace::{SdkTracerProvider, SpanData, SpanExporter};
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;

    /// Drops the spans it is given: the SDK's work without a network.
    #[derive(Debug)]
    struct Drop;

    impl SpanExporter for Drop {
        async fn export(&self, batch: Vec<SpanData>) -> OTelSdkResult {
            std::hint::black_box(batch);
            Ok(())
        }
    }

    #[derive(Debug)]
    struct DropMetrics;

    impl opentelemetry_sdk::metrics::exporter::PushMetricExporter for DropMetrics {
        async fn export(
            &self,
            metrics: &opentelemetry_sdk::metrics::data::ResourceMetrics,
        ) -> OTelSdkResult {
            std::hint::black_box(metrics);
            Ok(())
        }
        fn force_flush(&self) -> OTelSdkResult {
            Ok(())
        }
        fn shutdown_with_timeout(&self, _: std::time::Duration) -> OTelSdkResult {
            Ok(())
        }
        fn temporality(&self) -> opentelemetry_sdk::metrics::Temporality {
            opentelemetry_sdk::metrics::Temporality::Cumulative
        }
    }

    pub(super) fn listen() -> (SdkTracerProvider, SdkMeterProvider) {
        let tracers = SdkTracerProvider::builder()
            .with_batch_exporter(Drop)
            .build();
        let meters = SdkMeterProvider::builder()
            .with_reader(PeriodicReader::builder(DropMetrics).build())
            .build();
        opentelemetry::global::set_meter_provider(meters.clone());
        opentelemetry::global::set_text_map_propagator(
            opentelemetry_sdk::propagation::TraceContextPropagator::new(),
        );
        tracing_subscriber::registry()
            .with(tracing_opentelemetry::layer().with_tracer(tracers.tracer("bench")))
            .with(tracing_subscriber::filter::LevelFilter::INFO)
            .init();
        (tracers, meters)
    }
}
