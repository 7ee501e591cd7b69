//! toolshape's compile-time diagnostics, as trybuild cases: `fail/*.rs` with the exact
//! compiler output beside each in `.stderr` (listed in `docs/diagnostics.md`), checked by
//! `tests/ui.rs`; and `pass/*.rs`, programs that must build and run, by `tests/compiles.rs`.
