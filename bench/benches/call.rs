//! Per-call overhead of toolshape's json tools against rmcp's `#[tool]` + `Json<T>`.
//!
//! `cargo bench -p toolshape-bench --bench call`
//!
//! - `e2e/<size>/{rmcp,toolshape}`: one `tools/call` through rmcp's client and server over
//!   `tokio::io::duplex`, on a current-thread runtime. `toolshape` is the runtime's json
//!   render (canonical writer).
//! - `render/<size>/…`: the value → `CallToolResult` step alone: rmcp's `Json<T>`
//!   conversion and toolshape's json render. What toolshape adds is the difference
//!   between `toolshape` and `rmcp_json`.
//! - `canonical/<size>/…`: `toolshape::provenance::canonical::to_vec` vs `serde_json_canonicalizer`
//!   vs `serde_json::to_vec`, of the same `Value`; and `serde_json::to_value` of the typed
//!   payload, the step both rmcp and toolshape start with.
//!
//! - `layers/200B/{none,noop}`: the same toolshape call with no layer installed (the chain
//!   is the tool alone) and with one layer that only passes the call on (`next.run(call)`):
//!   the cost of the call-layer seam.
//!
//! The variants of a group run one after the other in the same process; criterion's
//! report gives each one's median.

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rmcp::handler::server::tool::IntoCallToolResult as _;
use toolshape::formats::Render;
use toolshape_bench::{Payload, SIZES, call, facts, payload};

fn batch(count: usize) -> BatchSize {
    if count > 1000 {
        BatchSize::LargeInput
    } else {
        BatchSize::SmallInput
    }
}

fn e2e(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let rmcp = runtime.block_on(toolshape_bench::connect_rmcp());
    let toolshape = runtime.block_on(toolshape_bench::connect_toolshape(
        toolshape_bench::toolshape_server(),
    ));
    for (index, &(label, count)) in SIZES.iter().enumerate() {
        let mut group = c.benchmark_group(format!("e2e/{label}"));
        if count > 1000 {
            group.sample_size(20);
        }
        for (name, client) in [("rmcp", &rmcp), ("toolshape", &toolshape)] {
            // Same data, same size on the wire (the text blocks differ only by the envelope).
            let result = runtime.block_on(call(client, index));
            assert_eq!(result.is_error, Some(false), "{name}: {result:?}");
            group.bench_function(name, |b| {
                b.iter(|| black_box(runtime.block_on(call(client, index))))
            });
        }
        group.finish();
    }
    runtime.block_on(async {
        let _ = rmcp.cancel().await;
        let _ = toolshape.cancel().await;
    });
}

/// A layer that passes every call on.
struct Noop;

impl<State: Send + Sync + 'static> toolshape::layer::Layer<State> for Noop {
    fn call<'a>(
        &'a self,
        call: toolshape::layer::Call<'a, State>,
        next: toolshape::layer::Next<'a, State>,
    ) -> toolshape::tool::BoxFuture<'a, Result<rmcp::model::CallToolResult, rmcp::ErrorData>> {
        next.run(call)
    }
}

fn layers(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let none = runtime.block_on(toolshape_bench::connect_toolshape(
        toolshape_bench::toolshape_server(),
    ));
    let noop_server = {
        let plain = toolshape_bench::toolshape_server();
        toolshape::Server::new(
            toolshape_bench::Payloads::default(),
            plain.tools().clone().layer(Noop),
        )
    };
    let noop = runtime.block_on(toolshape_bench::connect_toolshape(noop_server));
    let (label, _) = SIZES[0];
    let mut group = c.benchmark_group(format!("layers/{label}"));
    for (name, client) in [("none", &none), ("noop", &noop)] {
        let result = runtime.block_on(call(client, 0));
        assert_eq!(result.is_error, Some(false), "{name}: {result:?}");
        group.bench_function(name, |b| {
            b.iter(|| black_box(runtime.block_on(call(client, 0))))
        });
    }
    group.finish();
    runtime.block_on(async {
        let _ = none.cancel().await;
        let _ = noop.cancel().await;
    });
}

fn render(c: &mut Criterion) {
    for &(label, count) in &SIZES {
        let data = payload(count);
        let mut group = c.benchmark_group(format!("render/{label}"));
        if count > 1000 {
            group.sample_size(30);
        }
        group.bench_function("rmcp_json", |b| {
            b.iter_batched(
                || data.clone(),
                |value| rmcp::Json(value).into_call_tool_result(),
                batch(count),
            )
        });
        group.bench_function("toolshape", |b| {
            b.iter_batched(
                || data.clone(),
                |value| {
                    let facts = facts();
                    <toolshape::formats::Json as Render<Payload>>::render(value, &facts)
                },
                batch(count),
            )
        });
        group.finish();
    }
}

fn canonical(c: &mut Criterion) {
    for &(label, count) in &SIZES {
        let typed = payload(count);
        let value = serde_json::to_value(&typed).expect("serialisable");
        let mut group = c.benchmark_group(format!("canonical/{label}"));
        if count > 1000 {
            group.sample_size(30);
        }
        group.bench_function("serde_json_to_vec", |b| {
            b.iter(|| serde_json::to_vec(black_box(&value)))
        });
        group.bench_function("toolshape_canonical", |b| {
            b.iter(|| toolshape::provenance::canonical::to_vec(black_box(&value)))
        });
        group.bench_function("serde_json_canonicalizer", |b| {
            b.iter(|| serde_json_canonicalizer::to_vec(black_box(&value)))
        });
        group.bench_function("serde_json_to_value", |b| {
            b.iter(|| serde_json::to_value(black_box(&typed)))
        });
        group.finish();
    }
}

criterion_group!(benches, render, canonical, e2e, layers);
criterion_main!(benches);
