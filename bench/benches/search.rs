//! Tool search: the time of one search over 1,000 tools, and of building the index.
//!
//! `cargo bench -p toolshape-bench --bench search`
//!
//! The 1,000 tools are the catalogue's real tools (`bench/search/catalogue.json`, 172 of
//! them) taken six times over with distinct names (`<name>_<copy>`), cut at 1,000: every
//! term is six times as common as in the catalogue, so the postings a query walks are as
//! long as they get for this vocabulary. `search/1000` cycles through the benchmark's 150
//! requests, one search an iteration: its median is the median time of one search.

// criterion_group! generates an undocumented function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use toolshape::search::SearchIndex;
use toolshape_bench::search::{requests, thousand_tools};

fn search(c: &mut Criterion) {
    let tools = thousand_tools();
    let queries: Vec<String> = requests().into_iter().map(|r| r.query).collect();
    let index = SearchIndex::new(&tools);
    let mut next = 0;
    c.bench_function("search/1000", |b| {
        b.iter(|| {
            let query = &queries[next % queries.len()];
            next += 1;
            black_box(index.search(black_box(query)))
        })
    });
    c.bench_function("index/1000", |b| {
        b.iter(|| black_box(SearchIndex::new(black_box(&tools))))
    });
}

criterion_group!(benches, search);
criterion_main!(benches);
