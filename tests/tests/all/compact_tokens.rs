//! The compact layout against TOON (its official encoder, `@toon-format/toon` 4.4.0 in
//! `tests/toon`, default options) on realistic list payloads, in o200k_base and cl100k_base
//! tokens: toolshape's text (with its `Found N …:` line and fence) costs no more than TOON's
//! encoding of the same records on every dataset, and at most 0.95× summed over all.
//!
//! The table `docs/text-format.md` quotes is the benchmark's:
//! `cargo run -p toolshape-bench --bin compact_tokens`.

use crate::compact_datasets::{datasets, toon};

#[test]
fn compact_costs_no_more_than_toon() {
    let datasets = datasets();
    let json: Vec<_> = datasets.iter().map(|d| d.json.clone()).collect();
    let toon = toon(&json);
    let encodings = [
        ("o200k_base", tiktoken_rs::o200k_base_singleton()),
        ("cl100k_base", tiktoken_rs::cl100k_base_singleton()),
    ];
    for (encoding, bpe) in &encodings {
        let count = |text: &str| bpe.encode_with_special_tokens(text).len();
        let (mut ours_sum, mut toon_sum) = (0, 0);
        let mut worse = Vec::new();
        for (dataset, toon) in datasets.iter().zip(&toon) {
            let (ours, theirs) = (count(&dataset.compact), count(toon));
            // TOOLSHAPE_SHOW_TOKENS=1 prints each dataset's counts (compact JSON too) and texts
            if std::env::var_os("TOOLSHAPE_SHOW_TOKENS").is_some() {
                let json = count(&dataset.json.to_string());
                println!(
                    "{encoding} {}: JSON {json}, TOON {theirs}, toolshape {ours}\n{}\n---\n{toon}\n",
                    dataset.name, dataset.compact
                );
            }
            if ours > theirs {
                worse.push(format!("{} ({ours} > {theirs})", dataset.name));
            }
            ours_sum += ours;
            toon_sum += theirs;
        }
        let ratio = ours_sum as f64 / toon_sum as f64;
        assert!(
            worse.is_empty(),
            "{encoding}: more tokens than TOON: {worse:?}"
        );
        assert!(ratio <= 0.95, "{encoding}: {ratio:.3}× TOON summed");
    }
}
