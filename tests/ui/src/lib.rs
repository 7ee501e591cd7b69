//! toolshape's compile-time diagnostics, as trybuild cases: `fail/*.rs` with the exact
//! compiler output beside each in `.stderr` (listed in `docs/diagnostics.md`), and `pass/*.rs`
//! that must build and run. The test is `tests/ui.rs`.
