//! The documentation, compiled.
//!
//! `cargo test -p toolshape-docs` (and `cargo test --workspace`) compiles every Rust block of
//! the guide's pages (`docs/guide/`), the README and the `toolshape` crate's rustdoc, and runs
//! each one that is not `no_run`: `build.rs` writes them as the modules of the `examples`
//! test, so cargo compiles them once and reruns only what changed (rustdoc compiled every
//! doctest again on every run). A `compile_fail` block is a case of the ui tests
//! (`tests/ui/fail`), where its exact error is checked.
//!
//! The tests of this crate fail when a page is missing from the list below, when a code block
//! would escape those checks (no language, `ignore`, a `compile_fail` block that is no ui
//! case), when a link between pages is broken, or when the README's first screen does not
//! reach a page.
//!
//! To add a page: write `docs/guide/NN-name.md`, add it to `PAGES` below and to the index
//! (`docs/guide/README.md`) and the README's guide list. The blocks of a page about a
//! feature the default build leaves out (code mode) are compiled with the crate's feature of
//! that name on (`cargo test -p toolshape-docs --features code`).

/// The guide's pages, in reading order (file names under `docs/guide/`).
pub const PAGES: &[&str] = &[
    "README.md",
    "01-first-tool.md",
    "02-formats.md",
    "03-parameters.md",
    "04-state.md",
    "05-context.md",
    "06-rich-content.md",
    "07-layers-undo-budgets.md",
    "08-testing.md",
    "09-serving.md",
    "10-deploying.md",
    "11-securing.md",
    "12-tool-search.md",
    "13-apps.md",
    "14-code-mode.md",
    "15-tools-at-run-time.md",
    "16-composing-servers.md",
    "17-skills.md",
    "coming-from-rmcp.md",
];

#[cfg(test)]
mod tests;
