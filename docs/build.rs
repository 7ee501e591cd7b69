//! Writes every Rust block of the documentation (see `extract.rs`) as a module of the
//! `examples` test, `$OUT_DIR/examples.rs`: one module per block, named after its file and
//! line, with a test that runs its `main` unless the block is `no_run`.

#[path = "extract.rs"]
mod extract;

use std::fmt::Write as _;
use std::path::Path;

use extract::Mode;

fn main() {
    let docs = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = docs.parent().expect("the workspace root");
    for watched in ["guide", "extract.rs", "../README.md", "../runtime/src"] {
        println!("cargo::rerun-if-changed={watched}");
    }
    // Code mode brings its sandbox with the `code` feature, which `cargo test --workspace`
    // does not build: its examples are compiled with `--features code`.
    let code_mode = std::env::var_os("CARGO_FEATURE_CODE").is_some();
    let mut out = String::new();
    for block in extract::all(root) {
        if matches!(block.mode, Mode::Ignored | Mode::CompileFail)
            || (!code_mode && needs_code_mode(&block))
        {
            continue;
        }
        let name = module_name(&block.file, block.line);
        let code = if has_main(&block.code) {
            block.code.clone()
        } else if block
            .code
            .trim_end()
            .lines()
            .last()
            .is_some_and(|l| l.trim_start().starts_with("Ok::<"))
        {
            format!(
                "fn main() -> ::core::result::Result<(), impl ::core::fmt::Debug> {{\n{}\n}}",
                block.code
            )
        } else {
            format!("fn main() {{\n{}\n}}", block.code)
        };
        let test = match block.mode {
            Mode::Run => {
                "#[test]\nfn example_runs() {\n    use crate::outcome::Outcome as _;\n    main().check();\n}\n"
            }
            Mode::Panics => {
                "#[test]\n#[should_panic]\nfn example_runs() {\n    use crate::outcome::Outcome as _;\n    main().check();\n}\n"
            }
            _ => "",
        };
        write!(
            out,
            "/// {file}:{line}\n#[allow(dead_code)]\nmod {name} {{\n{code}\n{test}}}\n\n",
            file = block.file,
            line = block.line,
        )
        .unwrap();
    }
    let path = Path::new(&std::env::var("OUT_DIR").unwrap()).join("examples.rs");
    std::fs::write(path, out).expect("examples.rs written");
}

/// Whether the block uses code mode: written in its module, or naming it.
fn needs_code_mode(block: &extract::Block) -> bool {
    block.file.starts_with("runtime/src/code/")
        || block.file.contains("code-mode")
        || block.code.contains("toolshape::code")
        || block.code.contains("CodeMode")
}

/// Whether the block declares its own `main`, as rustdoc decides whether to wrap it.
fn has_main(code: &str) -> bool {
    code.lines().any(|line| {
        let line = line.trim_start();
        !line.starts_with("//") && (line.contains("fn main()") || line.contains("fn main() ->"))
    })
}

/// `docs/guide/02-formats.md`, 12 → `docs_guide_02_formats_md_12`.
fn module_name(file: &str, line: usize) -> String {
    let mut name: String = file
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    write!(name, "_{line}").unwrap();
    name
}
