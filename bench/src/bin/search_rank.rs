//! toolshape's tool-search ranking over the benchmark's catalogue and requests.
//!
//! `cargo run -p toolshape-bench --release --bin search_rank` prints recall@1/@3/@5 and MRR
//! per split; `--set public` first reads the second catalogue (`public_catalogue.json`, all
//! held out) instead, with any of the modes below; `--json` prints each request's first five tools instead (one JSON object a
//! line), which `bench/search/compare.py` reads to put toolshape beside FastMCP; `--misses`
//! prints the requests whose tool is not first; `--explain QUERY [TOOL]` prints one query's
//! first eight tools with their scores (and TOOL's rank and score, wherever it ranks);
//! `--time` times one search over 1,000 tools
//! (the catalogue six times over, as `benches/search.rs`): each request searched 200 times
//! in turn, medians of each round and of the index's build (run it `--release`);
//! `--tokens [MARKDOWN.jsonl]` counts o200k_base tokens of each search's answer text for the
//! model against its hits' `tools/list` entries as JSON and, given the file `compare.py
//! --markdown` writes, against FastMCP's markdown of the same hits, and of the listing with
//! search on against the full listing of the catalogue's first 100 tools.

use std::hint::black_box;
use std::time::{Duration, Instant};

use std::collections::HashMap;

use toolshape::search::{SearchIndex, result_text};
use toolshape_bench::search::{
    Quality, Request, catalogue, out_of_scope, public_catalogue, public_requests, ranks, requests,
    thousand_tools,
};

fn main() {
    // `--set public` (first) reads the second catalogue and its requests instead
    let mut args: Vec<String> = std::env::args().collect();
    let public =
        args.get(1).is_some_and(|a| a == "--set") && args.get(2).is_some_and(|a| a == "public");
    if public {
        args.drain(1..3);
    }
    let arg = |i: usize| args.get(i).cloned();
    let mode = arg(1).unwrap_or_default();
    let (tools, requests) = if public {
        (public_catalogue(), public_requests())
    } else {
        (catalogue(), requests())
    };
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
        "--scope" => {
            // which requests are answered with a confident match: the out-of-scope ones
            // should not be, the others should
            let index = SearchIndex::new(&tools);
            let unserved = out_of_scope();
            let verbose = arg(2).is_some();
            for split in ["development", "held_out"] {
                let mut confident = 0;
                let set: Vec<_> = unserved.iter().filter(|r| r.split == split).collect();
                for request in &set {
                    let hits = index.search(&request.query);
                    let first = hits.first();
                    if first.is_some_and(|hit| hit.confident) {
                        confident += 1;
                    }
                    if verbose {
                        let names: Vec<String> = (hits.iter().take(3))
                            .map(|h| {
                                format!(
                                    "{}{}",
                                    tools[h.index].name,
                                    if h.confident { "" } else { "?" }
                                )
                            })
                            .collect();
                        println!("[out {}] {:?} -> {:?}", &split[..3], request.query, names);
                    }
                }
                println!(
                    "out of scope {split:<11} n={:<3} confident {confident} ({:.3})",
                    set.len(),
                    confident as f64 / set.len().max(1) as f64
                );
            }
            for split in ["development", "held_out"] {
                let set: Vec<&Request> = requests.iter().filter(|r| r.split == split).collect();
                let (mut confident, mut right) = (0, 0);
                for request in &set {
                    let hits = index.search(&request.query);
                    if let Some(hit) = hits.first().filter(|hit| hit.confident) {
                        confident += 1;
                        right += usize::from(tools[hit.index].name == request.expected);
                    } else if verbose {
                        let names: Vec<&str> =
                            hits.iter().take(3).map(|h| &*tools[h.index].name).collect();
                        println!(
                            "[in {}] weak {:?} want {} got {:?}",
                            &split[..3],
                            request.query,
                            request.expected,
                            names
                        );
                    }
                }
                println!(
                    "in scope     {split:<11} n={:<3} confident {confident} ({:.3}), of which right {right}",
                    set.len(),
                    confident as f64 / set.len().max(1) as f64
                );
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
        "--explain" => {
            // the first eight tools of one query, with their scores, and the one asked about
            let query = arg(2).unwrap_or_default();
            let index = SearchIndex::new(&tools);
            let want = arg(3).unwrap_or_default();
            for (rank, hit) in index.search(&query).iter().enumerate() {
                let name = &*tools[hit.index].name;
                if rank < 8 || name == want {
                    println!("{:3} {:8.3}  {name}", rank + 1, hit.score);
                }
            }
        }
        "--tokens" => tokens(&tools, &requests, arg(2)),
        "" => {
            println!("{} tools, {} requests", tools.len(), requests.len());
            for split in ["development", "held_out", "all"] {
                let part: Vec<_> = requests
                    .iter()
                    .filter(|r| split == "all" || r.split == split)
                    .cloned()
                    .collect();
                if part.is_empty() {
                    continue;
                }
                let q = Quality::of(&ranks(&tools, &part));
                println!(
                    "{split:<12} n={:<4} recall@1 {:.3}  recall@3 {:.3}  recall@5 {:.3}  MRR {:.3}",
                    q.requests, q.recall_at_1, q.recall_at_3, q.recall_at_5, q.mrr
                );
            }
        }
        other => {
            eprintln!(
                "unknown argument {other:?}: expected --json, --misses, --explain, --time, --tokens \
                 or nothing"
            );
            std::process::exit(2);
        }
    }
}

/// `--tokens`: what a search's answer costs a model, in o200k_base tokens, beside the same
/// hits as JSON entries and in FastMCP's markdown (when `markdown` names `compare.py
/// --markdown`'s output).
fn tokens(tools: &[rmcp::model::Tool], requests: &[Request], markdown: Option<String>) {
    let bpe = tiktoken_rs::o200k_base_singleton();
    let count = |text: &str| bpe.encode_with_special_tokens(text).len();
    let fastmcp: HashMap<String, String> = markdown
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("the markdown file");
            text.lines()
                .map(|line| {
                    let value: serde_json::Value = serde_json::from_str(line).expect("a line");
                    (
                        value["query"].as_str().unwrap_or_default().to_owned(),
                        value["markdown"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let index = SearchIndex::new(tools);
    let (mut text, mut json, mut theirs, mut searches) = (0, 0, 0, 0);
    for request in requests {
        let hits: Vec<&rmcp::model::Tool> = index
            .search(&request.query)
            .iter()
            .take(5)
            .map(|hit| &tools[hit.index])
            .collect();
        if hits.is_empty() {
            continue;
        }
        searches += 1;
        let answer = result_text(&request.query, &hits);
        if std::env::var("SHOW").ok().as_deref() == Some(&request.query) {
            println!("{answer}\n({} tokens)", count(&answer));
        }
        text += count(&answer);
        json += count(&serde_json::json!({ "tools": hits }).to_string());
        if let Some(markdown) = fastmcp.get(&request.query) {
            theirs += count(markdown);
        }
    }
    println!(
        "{searches} searches of up to 5 hits, tokens per search: toolshape's text {:.0}, the \
         entries as JSON {:.0} (text {:.3}x)",
        text as f64 / searches as f64,
        json as f64 / searches as f64,
        text as f64 / json as f64
    );
    if theirs > 0 {
        println!(
            "FastMCP 4.1.6's markdown of the same hits {:.0} (text {:.3}x)",
            theirs as f64 / searches as f64,
            text as f64 / theirs as f64
        );
    }
}
