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
        "docs/guide/*.md and the pages! list in docs/src/lib.rs differ"
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
