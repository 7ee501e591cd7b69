use rmcp::handler::server::tool::IntoCallToolResult as _;
use std::hint::black_box;
use std::time::Instant;
use toolshape::Render;
use toolshape_bench::{Payload, SPEC, payload};

fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(2);
    let data: Payload = payload(count);
    let n = (400_000 / count).max(20);
    let mut ts = Vec::new();
    let mut rm = Vec::new();
    for _ in 0..15 {
        let t = Instant::now();
        for _ in 0..n {
            let facts = toolshape::__private::call_facts(&SPEC);
            black_box(<toolshape::Json as Render<Payload>>::render(
                black_box(data.clone()),
                &facts,
            ));
        }
        ts.push(t.elapsed().as_secs_f64() * 1e9 / n as f64);
        let t = Instant::now();
        for _ in 0..n {
            black_box(rmcp::Json(black_box(data.clone())).into_call_tool_result());
        }
        rm.push(t.elapsed().as_secs_f64() * 1e9 / n as f64);
    }
    ts.sort_by(f64::total_cmp);
    rm.sort_by(f64::total_cmp);
    println!(
        "render {count} records median: toolshape {:.0} ns, rmcp {:.0} ns, ratio {:.3}",
        ts[7],
        rm[7],
        ts[7] / rm[7]
    );
}
