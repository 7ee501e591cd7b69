//! Checks that keep "every code block compiled" and "every page reachable" true.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use super::PAGES;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The fences of a page: (line number, info string) of each opening fence.
fn fences(text: &str) -> Vec<(usize, String)> {
    let mut open: Option<String> = None;
    let mut found = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let ticks = trimmed.chars().take_while(|&c| c == '`').count();
        if ticks < 3 {
            continue;
        }
        let fence = &trimmed[..ticks];
        match &open {
            Some(opening) if fence.len() >= opening.len() && trimmed[ticks..].trim().is_empty() => {
                open = None;
            }
            Some(_) => {}
            None => {
                open = Some(fence.to_owned());
                found.push((number + 1, trimmed[ticks..].trim().to_owned()));
            }
        }
    }
    assert!(open.is_none(), "a code block is not closed");
    found
}

/// The relative `.md` links of a page (without `#anchor`).
fn md_links(text: &str) -> Vec<String> {
    let mut links = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("](") {
        rest = &rest[start + 2..];
        let Some(end) = rest.find(')') else { break };
        let target = &rest[..end];
        let target = target.split('#').next().unwrap_or_default();
        if target.ends_with(".md") && !target.contains("://") {
            links.push(target.to_owned());
        }
        rest = &rest[end..];
    }
    links
}

#[test]
fn every_page_is_compiled() {
    let on_disk: BTreeSet<String> = std::fs::read_dir(root().join("guide"))
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .filter(|name| name.ends_with(".md"))
        .collect();
    let listed: BTreeSet<String> = PAGES.iter().map(|p| (*p).to_owned()).collect();
    assert_eq!(
        on_disk, listed,
        "docs/guide/*.md and PAGES in docs/src/lib.rs differ"
    );
}

#[test]
fn every_code_block_says_its_language_and_none_is_skipped() {
    for page in PAGES {
        let text = read(&root().join("guide").join(page));
        for (line, info) in fences(&text) {
            assert!(
                !info.is_empty(),
                "docs/guide/{page}:{line}: a code block without a language is compiled as Rust \
                 by rustdoc; write ```rust, or ```text / ```sh / ```json for other blocks"
            );
            let words: Vec<&str> = info.split([',', ' ']).filter(|w| !w.is_empty()).collect();
            assert!(
                !words.contains(&"ignore"),
                "docs/guide/{page}:{line}: `ignore` skips compiling the block; every Rust block \
                 of the guide compiles (use no_run for servers, compile_fail for errors)"
            );
        }
    }
}

#[test]
fn links_between_pages_resolve() {
    for page in PAGES {
        let text = read(&root().join("guide").join(page));
        for link in md_links(&text) {
            let target = root().join("guide").join(&link);
            assert!(target.exists(), "docs/guide/{page}: broken link to {link}");
        }
    }
}

#[test]
fn the_index_and_the_readme_first_screen_reach_every_page() {
    let index = read(&root().join("guide/README.md"));
    let readme = read(&root().join("../README.md"));
    // The first screen: everything before the README's first second-level heading.
    let first_screen = readme.split("\n## ").next().unwrap();
    for page in PAGES {
        if *page != "README.md" {
            assert!(
                md_links(&index).contains(&(*page).to_owned()),
                "docs/guide/README.md does not link {page}"
            );
        }
        let link = format!("docs/guide/{page}");
        assert!(
            md_links(first_screen).contains(&link),
            "the README's first screen (before its first `## ` heading) does not link {link}"
        );
    }
}

/// The crates of `docs/Cargo.toml` that a reader adds to their own project to build the
/// guide's code (the Rust name, the name `cargo add` takes), besides the four the first
/// page adds for every page.
const CRATES_TO_ADD: &[(&str, &str)] = &[
    ("serde_json", "serde_json"),
    ("rmcp", "rmcp"),
    ("axum", "axum"),
    ("tracing_subscriber", "tracing-subscriber"),
    ("tracing_opentelemetry", "tracing-opentelemetry"),
    ("opentelemetry_sdk", "opentelemetry_sdk"),
    ("opentelemetry_otlp", "opentelemetry-otlp"),
    ("opentelemetry", "opentelemetry"),
    ("tracing", "tracing"),
];

/// Whether `code` names the crate `name` as a path's first segment (`name::…`, not
/// `toolshape::name::…`).
fn names_crate(code: &str, name: &str) -> bool {
    let pattern = format!("{name}::");
    code.match_indices(&pattern).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':')
    })
}

#[test]
fn every_crate_a_page_uses_is_added_by_a_cargo_add_line() {
    let first = read(&root().join("guide/01-first-tool.md"));
    for page in PAGES {
        let text = read(&root().join("guide").join(page));
        // the Rust blocks, and the `cargo add` lines of this page and of the first one
        let mut code = String::new();
        let mut in_rust = false;
        for line in text.lines() {
            let trimmed = line.trim_start();
            if trimmed.starts_with("```") {
                in_rust = !in_rust && trimmed.trim_start_matches('`').starts_with("rust");
            } else if in_rust {
                code.push_str(line);
                code.push('\n');
            }
        }
        let adds: Vec<&str> = text
            .lines()
            .chain(first.lines())
            .filter(|line| line.trim_start().starts_with("cargo add"))
            .collect();
        for (name, package) in CRATES_TO_ADD {
            if !names_crate(&code, name) {
                continue;
            }
            let added = adds.iter().any(|line| {
                line.split_whitespace()
                    .any(|word| word == *package || word.starts_with(&format!("{package}@")))
            });
            assert!(
                added,
                "docs/guide/{page}: its code uses `{name}`, but no `cargo add` line on the page \
                 (or on the first page) adds `{package}`"
            );
        }
        if code.contains("ServiceExt") {
            assert!(
                adds.iter()
                    .any(|line| line.contains("rmcp") && line.contains("client")),
                "docs/guide/{page}: its code uses rmcp's client (`ServiceExt`), but no `cargo \
                 add` line adds rmcp with the `client` feature"
            );
        }
    }
}

#[path = "../extract.rs"]
#[allow(dead_code)]
mod extract;

/// The `compile_fail` blocks are not compiled by the `examples` test: each is a case of the
/// ui tests, whose `.stderr` holds the exact error it must give.
#[test]
fn every_compile_fail_block_is_a_ui_case() {
    let cases: Vec<String> = std::fs::read_dir(root().join("../tests/ui/fail"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .map(|path| read(&path))
        .collect();
    let blocks = extract::all(&root().join(".."));
    let compile_fail: Vec<_> = blocks
        .iter()
        .filter(|block| block.mode == extract::Mode::CompileFail)
        .collect();
    assert!(
        !compile_fail.is_empty(),
        "the guide has a compile_fail block"
    );
    for block in compile_fail {
        assert!(
            cases.iter().any(|case| case.contains(block.code.trim())),
            "{}:{}: a compile_fail block that is no case of tests/ui/fail: copy it there \
             (with `fn main() {{}}`) and record its error (TRYBUILD=overwrite)",
            block.file,
            block.line
        );
    }
}

/// The build script finds every Rust block of the guide that the fences show.
#[test]
fn the_examples_test_compiles_every_rust_block_of_the_guide() {
    let blocks = extract::all(&root().join(".."));
    for page in PAGES {
        let text = read(&root().join("guide").join(page));
        let fenced = fences(&text)
            .iter()
            .filter(|(_, info)| info.split([',', ' ']).any(|w| w == "rust"))
            .count();
        let extracted = blocks
            .iter()
            .filter(|block| block.file == format!("docs/guide/{page}"))
            .count();
        assert_eq!(fenced, extracted, "docs/guide/{page}");
    }
}
