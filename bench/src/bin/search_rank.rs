//! toolshape's tool-search ranking over the benchmark's catalogue and requests.
//!
//! `cargo run -p toolshape-bench --release --bin search_rank` prints recall@1/@3/@5 and MRR
//! per split; `--json` prints each request's first five tools instead (one JSON object a
//! line), which `bench/search/compare.py` reads to put toolshape beside FastMCP; `--misses`
//! prints the requests whose tool is not first; `--time` times one search over 1,000 tools
//! (the catalogue six times over, as `benches/search.rs`): each request searched 200 times
//! in turn, medians of each round and of the index's build (run it `--release`).

use std::hint::black_box;
use std::time::{Duration, Instant};

use toolshape::search::SearchIndex;
use toolshape_bench::search::{Quality, catalogue, ranks, requests, thousand_tools};

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
        "--time" => {
            let tools = thousand_tools();
            let mut builds: Vec<Duration> = (0..20)
                .map(|_| {
                    let start = Instant::now();
                    black_box(SearchIndex::new(black_box(&tools)));
                    start.elapsed()
                })
                .collect();
            let index = SearchIndex::new(&tools);
            // one round searches every request once; a search's time is the round's / count
            let mut rounds: Vec<Duration> = (0..200)
                .map(|_| {
                    let start = Instant::now();
                    for request in &requests {
                        black_box(index.search(black_box(&request.query)));
                    }
                    start.elapsed() / requests.len() as u32
                })
                .collect();
            let worst = requests
                .iter()
                .map(|request| {
                    let start = Instant::now();
                    for _ in 0..50 {
                        black_box(index.search(black_box(&request.query)));
                    }
                    (start.elapsed() / 50, &request.query)
                })
                .max()
                .expect("requests");
            builds.sort();
            rounds.sort();
            println!(
                "{} tools: one search {:?} (median of 200 rounds of {} requests; fastest round {:?}, \
                 slowest {:?}); slowest request {:?} {:?}; index build {:?} (median of 20)",
                tools.len(),
                rounds[rounds.len() / 2],
                requests.len(),
                rounds[0],
                rounds[rounds.len() - 1],
                worst.1,
                worst.0,
                builds[builds.len() / 2]
            );
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
            eprintln!("unknown argument {other:?}: expected --json, --misses, --time or nothing");
            std::process::exit(2);
        }
    }
}
