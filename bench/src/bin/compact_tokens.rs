//! Token cost of the compact text layout beside TOON's official encoder (`@toon-format/toon`
//! 4.4.0, default options, run with node from `tests/toon`, installed on first use)
//! and compact JSON, on the realistic list payloads of
//! `tests/tests/all/compact_datasets.rs`, in o200k_base and cl100k_base; then one small list
//! in every layout, for `docs/text-format.md`.
//!
//! `cargo run -p toolshape-bench --release --bin compact_tokens` (`--show` prints every text)

#[path = "../../../tests/tests/all/compact_datasets.rs"]
mod datasets;

use serde::{Deserialize, Serialize};
use toolshape::ToolText;

/// The same volume in the three layouts of a list (`Row` and `Line` read from `Block`'s JSON).
#[derive(Serialize, ToolText)]
#[text(noun = "volume", layout = "blocks")]
struct Block {
    name: String,
    svm: String,
    size_gib: u32,
    used_percent: u8,
    state: String,
    snapshot_policy: Option<String>,
}

#[derive(Deserialize, ToolText)]
#[text(noun = "volume", layout = "table")]
struct Row {
    name: String,
    svm: String,
    size_gib: u32,
    used_percent: u8,
    state: String,
    snapshot_policy: Option<String>,
}

#[derive(Deserialize, ToolText)]
#[text(noun = "volume")]
struct Line {
    name: String,
    svm: String,
    size_gib: u32,
    used_percent: u8,
    state: String,
    snapshot_policy: Option<String>,
}

fn blocks() -> Vec<Block> {
    let policy = |i: u32| (i % 3 != 2).then(|| "default".to_owned());
    (0..3)
        .map(|i| Block {
            name: format!("vol_finance_0{}", i + 1),
            svm: "svm_finance".into(),
            size_gib: 100 * (i + 1),
            used_percent: [42, 87, 9][i as usize],
            state: if i == 2 { "offline" } else { "online" }.into(),
            snapshot_policy: policy(i),
        })
        .collect()
}

fn main() {
    let show = std::env::args().any(|arg| arg == "--show");
    let datasets = datasets::datasets();
    let json: Vec<_> = datasets.iter().map(|d| d.json.clone()).collect();
    let toon = datasets::toon(&json);
    let encodings = [
        (
            "o200k_base",
            tiktoken_rs::o200k_base().expect("ships with tiktoken-rs"),
        ),
        (
            "cl100k_base",
            tiktoken_rs::cl100k_base().expect("ships with tiktoken-rs"),
        ),
    ];
    for (encoding, bpe) in &encodings {
        let count = |text: &str| bpe.encode_with_special_tokens(text).len();
        println!(
            "\n{encoding}\n\n| dataset | compact JSON | TOON 4.4.0 | toolshape compact | × TOON |"
        );
        println!("|---|---:|---:|---:|---:|");
        let (mut ours_sum, mut toon_sum, mut json_sum) = (0, 0, 0);
        for (dataset, toon) in datasets.iter().zip(&toon) {
            let (ours, theirs) = (count(&dataset.compact), count(toon));
            let json = count(&dataset.json.to_string());
            println!(
                "| {} | {json} | {theirs} | {ours} | {:.2} |",
                dataset.name,
                ours as f64 / theirs as f64
            );
            if show && *encoding == "o200k_base" {
                eprintln!(
                    "--- {} (toolshape)\n{}\n--- {} (TOON)\n{toon}\n",
                    dataset.name, dataset.compact, dataset.name
                );
            }
            (ours_sum, toon_sum, json_sum) = (ours_sum + ours, toon_sum + theirs, json_sum + json);
        }
        println!(
            "| all | {json_sum} | {toon_sum} | {ours_sum} | {:.2} |",
            ours_sum as f64 / toon_sum as f64
        );
    }

    // One small list, every layout, for the docs.
    let blocks = blocks();
    let json = serde_json::to_value(&blocks).expect("JSON");
    let rows: Vec<Row> = serde_json::from_value(json.clone()).expect("the same fields");
    let lines: Vec<Line> = serde_json::from_value(json.clone()).expect("the same fields");
    let toon = datasets::toon(std::slice::from_ref(&json)).remove(0);
    let texts = [
        ("blocks", toolshape::formats::text::render(&blocks)),
        ("table", toolshape::formats::text::render(&rows)),
        ("compact", toolshape::formats::text::render(&lines)),
        ("compact JSON", json.to_string()),
        ("TOON 4.4.0", toon),
    ];
    let bpe = &encodings[0].1;
    println!("\nthree volumes, o200k_base\n\n| layout | tokens |\n|---|---:|");
    for (name, text) in &texts {
        println!(
            "| {name} | {} |",
            bpe.encode_with_special_tokens(text).len()
        );
    }
    if show {
        for (name, text) in &texts {
            eprintln!("--- {name}\n{text}\n");
        }
    }
}
