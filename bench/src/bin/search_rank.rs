//! toolshape's tool-search ranking over the benchmark's catalogue and requests.
//!
//! `cargo run -p toolshape-bench --release --bin search_rank` prints recall@1/@3/@5 and MRR
//! per split; `--json` prints each request's first five tools instead (one JSON object a
//! line), which `bench/search/compare.py` reads to put toolshape beside FastMCP; `--misses`
//! prints the requests whose tool is not first.

use toolshape::search::SearchIndex;
use toolshape_bench::search::{Quality, catalogue, ranks, requests};

fn main() {
    let mode = std::env::args().nth(1).unwrap_or_default();
    let tools = catalogue();
    let requests = requests();
    match mode.as_str() {
        "--json" => {
            let index = SearchIndex::new(&tools);
            for request in &requests {
                let top: Vec<&str> = index
                    .search(&request.query)
                    .iter()
                    .take(5)
                    .map(|hit| &*tools[hit.index].name)
                    .collect();
                let line = serde_json::json!({"query": request.query, "ranking": top});
                println!("{line}");
            }
        }
        "--misses" => {
            let index = SearchIndex::new(&tools);
            for request in &requests {
                let hits = index.search(&request.query);
                let names: Vec<&str> = hits.iter().take(5).map(|h| &*tools[h.index].name).collect();
                if names.first() != Some(&request.expected.as_str()) {
                    let rank = names
                        .iter()
                        .position(|n| *n == request.expected)
                        .map(|p| p + 1);
                    println!(
                        "[{}] {:?} want {} (rank {:?}) got {:?}",
                        &request.split[..3],
                        request.query,
                        request.expected,
                        rank,
                        names
                    );
                }
            }
        }
        "" => {
            println!("{} tools, {} requests", tools.len(), requests.len());
            for split in ["development", "held_out", "all"] {
                let part: Vec<_> = requests
                    .iter()
                    .filter(|r| split == "all" || r.split == split)
                    .cloned()
                    .collect();
                let q = Quality::of(&ranks(&tools, &part));
                println!(
                    "{split:<12} n={:<4} recall@1 {:.3}  recall@3 {:.3}  recall@5 {:.3}  MRR {:.3}",
                    q.requests, q.recall_at_1, q.recall_at_3, q.recall_at_5, q.mrr
                );
            }
        }
        other => {
            eprintln!("unknown argument {other:?}: expected --json, --misses or nothing");
            std::process::exit(2);
        }
    }
}
