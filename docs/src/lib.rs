//! The guide's pages, compiled.
//!
//! Each page of `docs/guide/` is the documentation of one module below, so
//! `cargo test -p toolshape-docs` (and `cargo test --workspace`) compiles and runs every Rust
//! block of every page as a doctest. The test in this file fails when a page is missing from
//! the list, when a code block would escape that check (no language, or `ignore`), when a link
//! between pages is broken, or when the README's first screen does not reach a page.
//!
//! To add a page: write `docs/guide/NN-name.md`, add it to `pages!` below and to the index
//! (`docs/guide/README.md`) and the README's guide list. A page about a feature the default
//! build leaves out (code mode) is compiled with that feature on.
#![doc(test(attr(deny(warnings))))]

macro_rules! pages {
    ($($(#[$attr:meta])* $module:ident => $file:literal,)*) => {
        $(
            #[cfg(doctest)]
            $(#[$attr])*
            #[doc = include_str!(concat!("../guide/", $file))]
            mod $module {}
        )*
        /// The guide's pages, in reading order (file names under `docs/guide/`).
        pub const PAGES: &[&str] = &[$($file),*];
    };
}

pages! {
    index => "README.md",
    first_tool => "01-first-tool.md",
    formats => "02-formats.md",
    parameters => "03-parameters.md",
    state => "04-state.md",
    context => "05-context.md",
    rich_content => "06-rich-content.md",
    layers_undo_budgets => "07-layers-undo-budgets.md",
    testing => "08-testing.md",
    serving => "09-serving.md",
    deploying => "10-deploying.md",
    securing => "11-securing.md",
    tool_search => "12-tool-search.md",
    apps => "13-apps.md",
    // Its blocks need the Monty sandbox, which the workspace's default build leaves out:
    // `cargo test -p toolshape-docs --features code --doc` compiles them.
    #[cfg(feature = "code")]
    code_mode => "14-code-mode.md",
    coming_from_rmcp => "coming-from-rmcp.md",
}

#[cfg(test)]
mod tests;
