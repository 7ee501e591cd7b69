//! The Rust code blocks of the documentation, read as rustdoc reads them: the guide's pages
//! (`docs/guide/*.md`), the README, and every doc comment of the `toolshape` crate
//! (`runtime/src/**/*.rs`, with the Markdown files it includes).
//!
//! Shared by the build script, which turns each block into a module of the `examples` test
//! (compiled once and cached by cargo, where rustdoc compiles every doctest again on every
//! run), and by the crate's own tests, which check what the blocks are.

use std::path::{Path, PathBuf};

/// What rustdoc does with a block, from its info string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Compiled and run.
    Run,
    /// Compiled, not run (`no_run`).
    Compile,
    /// Compiled and run; it must panic (`should_panic`).
    Panics,
    /// Must fail to compile (`compile_fail`): checked by the ui tests instead.
    CompileFail,
    /// Not compiled (`ignore`).
    Ignored,
}

/// One Rust code block.
#[derive(Clone, Debug)]
pub struct Block {
    /// The file it is written in, relative to the workspace root.
    pub file: String,
    /// The line of its opening fence in that file.
    pub line: usize,
    /// What rustdoc does with it.
    pub mode: Mode,
    /// The code as compiled: hidden lines (`# …`) included, without their `# `.
    pub code: String,
}

/// Every Rust block of the documentation under the workspace `root`, in a stable order.
pub fn all(root: &Path) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut pages: Vec<PathBuf> = read_dir(&root.join("docs/guide"))
        .into_iter()
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    pages.push(root.join("README.md"));
    for page in pages {
        let text = read(&page);
        let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
        blocks.extend(blocks_of(&relative(root, &page), &lines));
    }
    let mut sources = Vec::new();
    rust_files(&root.join("runtime/src"), &mut sources);
    sources.sort();
    for source in sources {
        blocks.extend(doc_comment_blocks(root, &source));
    }
    blocks
}

/// The blocks of the doc comments of one Rust file, and of the Markdown files it includes
/// with `#[doc = include_str!("…")]`.
fn doc_comment_blocks(root: &Path, source: &Path) -> Vec<Block> {
    let text = read(source);
    let file = relative(root, source);
    let mut blocks = Vec::new();
    // Consecutive lines of one kind of doc comment (`///` or `//!`) are one Markdown text.
    let mut group: Vec<(usize, &str)> = Vec::new();
    let mut kind = "";
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let this = if trimmed.starts_with("///") && !trimmed.starts_with("////") {
            "///"
        } else if trimmed.starts_with("//!") {
            "//!"
        } else {
            ""
        };
        if this != kind && !group.is_empty() {
            blocks.extend(blocks_of(&file, &group));
            group.clear();
        }
        kind = this;
        if !this.is_empty() {
            let rest = &trimmed[3..];
            group.push((number + 1, rest.strip_prefix(' ').unwrap_or(rest)));
        }
        if let Some(included) = included_markdown(trimmed) {
            let path = source.parent().unwrap().join(included);
            let markdown = read(&path);
            let lines: Vec<(usize, &str)> = markdown
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l))
                .collect();
            blocks.extend(blocks_of(&relative(root, &path), &lines));
        }
    }
    if !group.is_empty() {
        blocks.extend(blocks_of(&file, &group));
    }
    blocks
}

/// `"docs/tool.md"` of `#[doc = include_str!("docs/tool.md")]` (or `#![doc = …]`); the
/// README, included by the runtime for its doctests, is read as a page of its own.
fn included_markdown(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("#[doc = include_str!(\"")
        .or_else(|| line.strip_prefix("#![doc = include_str!(\""))?;
    let path = &rest[..rest.find('"')?];
    (path.ends_with(".md") && !path.ends_with("README.md")).then_some(path)
}

/// The Rust blocks of a Markdown text given as (line number, line) pairs.
fn blocks_of(file: &str, lines: &[(usize, &str)]) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<(usize, usize, Option<Mode>, Vec<String>)> = None;
    for &(number, line) in lines {
        let trimmed = line.trim_start();
        let ticks = trimmed.chars().take_while(|&c| c == '`').count();
        match &mut open {
            Some((fence, _, _, _)) if ticks >= *fence && trimmed[ticks..].trim().is_empty() => {
                let (_, start, mode, code) = open.take().unwrap();
                if let Some(mode) = mode {
                    blocks.push(Block {
                        file: file.to_owned(),
                        line: start,
                        mode,
                        code: code.join("\n"),
                    });
                }
            }
            Some((_, _, _, code)) => code.push(unhide(line)),
            None if ticks >= 3 => {
                open = Some((ticks, number, mode(&trimmed[ticks..]), Vec::new()));
            }
            None => {}
        }
    }
    assert!(open.is_none(), "{file}: a code block is not closed");
    blocks
}

/// What rustdoc does with a block of this info string; `None` for another language.
pub fn mode(info: &str) -> Option<Mode> {
    let words: Vec<&str> = info
        .split([',', ' ', '\t'])
        .filter(|w| !w.is_empty())
        .collect();
    let known = |w: &&str| {
        matches!(
            *w,
            "rust" | "ignore" | "no_run" | "compile_fail" | "should_panic" | "test_harness"
        ) || w.starts_with("edition")
            || w.starts_with("ignore-")
            || (w.len() == 5 && w.starts_with('E') && w[1..].bytes().all(|b| b.is_ascii_digit()))
    };
    if words.iter().any(|w| !known(w)) && !words.contains(&"rust") {
        return None;
    }
    let has = |word: &str| words.contains(&word);
    Some(
        if has("ignore") || words.iter().any(|w| w.starts_with("ignore-")) {
            Mode::Ignored
        } else if has("compile_fail") {
            Mode::CompileFail
        } else if has("no_run") {
            Mode::Compile
        } else if has("should_panic") {
            Mode::Panics
        } else {
            Mode::Run
        },
    )
}

/// A line of a block as compiled: `# hidden` → `hidden`, `##x` → `#x`.
fn unhide(line: &str) -> String {
    let trimmed = line.trim_start();
    let indent = &line[..line.len() - trimmed.len()];
    if trimmed == "#" {
        String::new()
    } else if let Some(rest) = trimmed.strip_prefix("# ") {
        format!("{indent}{rest}")
    } else if trimmed.starts_with("##") {
        format!("{indent}{}", &trimmed[1..])
    } else {
        line.to_owned()
    }
}

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for path in read_dir(dir) {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

fn read_dir(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}
