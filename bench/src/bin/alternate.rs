//! Per-call overhead, interleaved: each round calls every variant once, in rotating order,
//! so that load from other processes on a shared machine falls on all of them alike.
//! Prints medians and ratios to rmcp. Complements `benches/call.rs` (criterion), which
//! runs the variants one after the other. `toolshape_plain` (e2e only) is
//! `format = "json", envelope = false`: the value as structured content, the provenance in
//! `_meta`; its gap to rmcp is mostly dispatch and transport, the rest of `toolshape`'s gap
//! is the envelope.
//!
//! `cargo run -p toolshape-bench --release --bin alternate [ROUNDS]`

use std::hint::black_box;
use std::time::{Duration, Instant};

use rmcp::handler::server::tool::IntoCallToolResult as _;
use toolshape::formats::Render;
use toolshape_bench::{Payload, SIZES, call, facts, payload};

/// The end-to-end variants, in the order of `clients`.
const E2E: [&str; 3] = ["rmcp", "toolshape", "toolshape_plain"];

fn median(mut samples: Vec<Duration>) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn show(time: Duration) -> String {
    let micros = time.as_secs_f64() * 1e6;
    if micros >= 1000.0 {
        format!("{:.2} ms", micros / 1000.0)
    } else {
        format!("{micros:.2} µs")
    }
}

/// Runs `variants` interleaved for `rounds` rounds (a few untimed first); their medians.
fn interleave(rounds: usize, variants: &mut [&mut dyn FnMut() -> Duration]) -> Vec<Duration> {
    let n = variants.len();
    let mut samples = vec![Vec::with_capacity(rounds); n];
    for round in 0..rounds + rounds / 10 {
        for k in 0..n {
            let i = (round + k) % n;
            let time = variants[i]();
            if round >= rounds / 10 {
                samples[i].push(time);
            }
        }
    }
    samples.into_iter().map(median).collect()
}

fn row(group: &str, label: &str, names: &[&str], medians: &[Duration]) {
    let cells: Vec<String> = names
        .iter()
        .zip(medians)
        .map(|(name, time)| {
            format!(
                "{name} {} ({:.2}×)",
                show(*time),
                time.as_secs_f64() / medians[0].as_secs_f64()
            )
        })
        .collect();
    println!("| {group} | {label} | {} |", cells.join(" | "));
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|arg| arg.parse().ok())
        .unwrap_or(2000);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "rounds {rounds} (÷100 at 1 MB); load at start: {}",
        load.trim()
    );
    println!("| step | size | rmcp | toolshape |");
    println!("| --- | --- | --- | --- |");

    for &(label, count) in &SIZES {
        let data: Payload = payload(count);
        let rounds = if count > 1000 {
            (rounds / 100).max(10)
        } else {
            rounds
        };
        let mut rmcp = || {
            let value = data.clone();
            let start = Instant::now();
            black_box(rmcp::Json(value).into_call_tool_result().ok());
            start.elapsed()
        };
        let mut toolshape = || {
            let value = data.clone();
            let start = Instant::now();
            let facts = facts();
            black_box(<toolshape::formats::Json as Render<Payload>>::render(
                value, &facts,
            ));
            start.elapsed()
        };
        let medians = interleave(rounds, &mut [&mut rmcp, &mut toolshape]);
        row("render", label, &["rmcp", "toolshape"], &medians);
    }

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let clients = [
        runtime.block_on(toolshape_bench::connect_rmcp()),
        runtime.block_on(toolshape_bench::connect_toolshape(
            toolshape_bench::toolshape_server(),
        )),
        runtime.block_on(toolshape_bench::connect_toolshape(
            toolshape_bench::toolshape_plain_server(),
        )),
    ];
    for (index, &(label, count)) in SIZES.iter().enumerate() {
        let rounds = if count > 1000 {
            (rounds / 100).max(10)
        } else {
            (rounds / 2).max(10)
        };
        let bytes: Vec<String> = clients
            .iter()
            .map(|client| {
                let result = runtime.block_on(call(client, index));
                serde_json::to_vec(&result)
                    .map_or(0, |json| json.len())
                    .to_string()
            })
            .collect();
        if index == 0 {
            println!("\n| step | size | {} |", E2E.join(" | "));
            println!("| --- | --- |{}", " --- |".repeat(E2E.len()));
        }
        println!("| result bytes | {label} | {} |", bytes.join(" | "));
        let mut timed = |client: usize| {
            let start = Instant::now();
            black_box(runtime.block_on(call(&clients[client], index)));
            start.elapsed()
        };
        let timed = std::cell::RefCell::new(&mut timed);
        let mut a = || (timed.borrow_mut())(0);
        let mut b = || (timed.borrow_mut())(1);
        let mut c = || (timed.borrow_mut())(2);
        let medians = interleave(rounds, &mut [&mut a, &mut b, &mut c]);
        row("e2e", label, &E2E, &medians);
    }

    // Arguments: the same ~200 B house, checked against its schema on arrival (every
    // constraint at every depth) or taken as a JSON value and read by serde in the tool.
    let pricing = runtime.block_on(toolshape_bench::connect_pricing());
    for tool in ["price_checked", "price_unchecked"] {
        let result = runtime.block_on(toolshape_bench::call_pricing(&pricing, tool));
        assert_eq!(result.is_error, Some(false), "{tool}: {result:?}");
    }
    let bytes = serde_json::to_vec(&toolshape_bench::house_arguments()).map_or(0, |a| a.len());
    let mut checked = || {
        let start = Instant::now();
        black_box(runtime.block_on(toolshape_bench::call_pricing(&pricing, "price_checked")));
        start.elapsed()
    };
    let mut unchecked = || {
        let start = Instant::now();
        black_box(runtime.block_on(toolshape_bench::call_pricing(&pricing, "price_unchecked")));
        start.elapsed()
    };
    let medians = interleave((rounds / 2).max(10), &mut [&mut unchecked, &mut checked]);
    println!(
        "\n| step | arguments | not checked (`Value`, serde in the tool) | checked against the schema |"
    );
    println!("| --- | --- | --- | --- |");
    row(
        "e2e",
        &format!("{bytes} B"),
        &["unchecked", "checked"],
        &medians,
    );
    println!(
        "schema check: {:+.2} µs per call",
        (medians[1].as_secs_f64() - medians[0].as_secs_f64()) * 1e6
    );
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load at end: {}", load.trim());
}
