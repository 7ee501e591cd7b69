//! Nothing but the test that ends `cargo test --workspace`: `tests/skipped.rs`.
