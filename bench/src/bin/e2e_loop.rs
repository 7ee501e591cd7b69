//! Calls one variant's `get_payload` in a loop, for a profiler:
//! `cargo run -p toolshape-bench --release --bin e2e_loop -- toolshape 0 20000`
//! (variant `rmcp` | `toolshape` | `plain`, size index into `SIZES`, calls).

use std::hint::black_box;

fn main() {
    let mut args = std::env::args().skip(1);
    let variant = args.next().unwrap_or_else(|| "toolshape".into());
    let size: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(0);
    let calls: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let client = runtime.block_on(async {
        match variant.as_str() {
            "rmcp" => toolshape_bench::connect_rmcp().await,
            "plain" => {
                toolshape_bench::connect_toolshape(toolshape_bench::toolshape_plain_server()).await
            }
            _ => toolshape_bench::connect_toolshape(toolshape_bench::toolshape_server()).await,
        }
    });
    let start = std::time::Instant::now();
    for _ in 0..calls {
        black_box(runtime.block_on(toolshape_bench::call(&client, size)));
    }
    println!(
        "{variant}: {:.2} µs per call",
        start.elapsed().as_secs_f64() * 1e6 / calls as f64
    );
}
