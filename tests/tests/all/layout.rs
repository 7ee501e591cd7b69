//! The runtime's layout stays one a reader can follow from bottom to top: its top-level
//! modules come in the order the crate's root (`runtime/src/lib.rs`) describes them (it
//! declares them in rustfmt's order), each imports only the ones before it, and no file of
//! the runtime or of the macro crate imports another that imports it back, directly or
//! through others (read through `crate::` and `super::` paths alike).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, relative to `root`.
fn rust_files(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path.strip_prefix(root).unwrap().to_owned());
        }
    }
}

/// The module path a file defines: `tool/def.rs` → `tool::def`, `formats/mod.rs` →
/// `formats`, `private.rs` → `__private` (it is mounted under that name).
fn module_of(file: &Path) -> String {
    let path = file.with_extension("");
    let mut parts: Vec<String> = path
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    match parts.as_slice() {
        [only] if only == "lib" => String::new(),
        [only] if only == "private" => "__private".to_owned(),
        _ => parts.join("::"),
    }
}

/// The module paths a file names outside comments, from the crate's root: `crate::a::b`
/// gives `a::b`; `super::c` in `a/b.rs` (module `a::b`) gives `a::c`, and `super::super::c`
/// gives `c`; `use super::{c, d::E}` gives `a::c` and `a::d::E`. `module` is the file's own
/// module path (`module_of`). A glob (`super::*`, as a test module imports its parent) names
/// nothing.
fn crate_paths(module: &str, source: &str) -> Vec<String> {
    let own: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
    let mut paths = Vec::new();
    for line in source.lines().filter(|l| !l.trim_start().starts_with("//")) {
        let mut rest = line;
        while let Some(at) = rest.find(['c', 's']) {
            let before = &rest[..at];
            let here = &rest[at..];
            let (mut base, after) = if let Some(after) = here.strip_prefix("crate::") {
                (Vec::new(), after)
            } else if here.starts_with("super::") {
                let mut after = here;
                let mut up = 0;
                while let Some(next) = after.strip_prefix("super::") {
                    after = next;
                    up += 1;
                }
                (own[..own.len().saturating_sub(up)].to_vec(), after)
            } else {
                rest = &here[1..];
                continue;
            };
            rest = after;
            // `$crate::`, `pub(crate)`, `pub(super)` and names ending in `crate`/`super` are
            // not paths into the crate
            if before.ends_with(|c: char| c == '$' || c == '(' || c.is_alphanumeric() || c == '_') {
                continue;
            }
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(rest.len());
            let prefix = rest[..end].trim_end_matches(':');
            base.extend(prefix.split("::").filter(|s| !s.is_empty()));
            let items: Vec<String> = if rest[end..].starts_with('{') {
                let close = rest[end..].find('}').map_or(rest.len(), |c| end + c);
                rest[end + 1..close]
                    .split(',')
                    .filter_map(|name| {
                        let name = name.split_whitespace().next()?.trim_end_matches(':');
                        (name != "self" && name != "*" && !name.is_empty()).then(|| name.to_owned())
                    })
                    .collect()
            } else {
                Vec::new()
            };
            // `crate::Item` names a re-export at the root, not a module: its home file is
            // named wherever the item is used through its module path.
            if items.is_empty() {
                if !base.is_empty() && !rest[end..].starts_with('*') {
                    paths.push(base.join("::"));
                }
            } else {
                for item in items {
                    let mut path = base.clone();
                    path.extend(item.split("::"));
                    paths.push(path.join("::"));
                }
            }
        }
    }
    paths
}

/// Every file of the crate at `dir`, by the module it defines, and the files each names.
fn file_graph(root: &Path) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let mut files = Vec::new();
    rust_files(root, root, &mut files);
    let modules: BTreeMap<String, PathBuf> =
        files.iter().map(|f| (module_of(f), f.clone())).collect();
    // file → the files it names (the longest module prefix of each path)
    let mut edges: BTreeMap<PathBuf, BTreeSet<PathBuf>> = BTreeMap::new();
    for file in &files {
        let source = std::fs::read_to_string(root.join(file)).unwrap();
        let targets = edges.entry(file.clone()).or_default();
        for path in crate_paths(&module_of(file), &source) {
            let segments: Vec<&str> = path.split("::").collect();
            let target = (1..=segments.len())
                .rev()
                .find_map(|k| modules.get(&segments[..k].join("::")));
            if let Some(target) = target.filter(|t| *t != file) {
                targets.insert(target.clone());
            }
        }
    }
    edges
}

/// The first import circle of a crate's files, as the files it goes through.
fn import_circle(edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>) -> Option<Vec<PathBuf>> {
    // a depth-first search for a way back to where it started
    fn way_back(
        edges: &BTreeMap<PathBuf, BTreeSet<PathBuf>>,
        start: &PathBuf,
        path: &mut Vec<PathBuf>,
    ) -> bool {
        let last = path.last().unwrap().clone();
        for next in &edges[&last] {
            if next == start {
                return true;
            }
            if !path.contains(next) {
                path.push(next.clone());
                if way_back(edges, start, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    edges.keys().find_map(|file| {
        let mut path = vec![file.clone()];
        way_back(edges, file, &mut path).then_some(path)
    })
}

#[test]
fn paths_through_super_are_read_from_the_files_module() {
    let source = "use super::escape::Escaped;\nuse super::{Missing, writer::RecordWriter};\n\
                  use super::super::facts::CallFacts;\nuse crate::tool::{spec, def::ToolDef};\n\
                  pub(super) fn f() {}\n// super::comment\nuse super::*;";
    assert_eq!(
        crate_paths("formats::text::value", source),
        [
            "formats::text::escape::Escaped",
            "formats::text::Missing",
            "formats::text::writer::RecordWriter",
            "formats::facts::CallFacts",
            "tool::spec",
            "tool::def::ToolDef",
        ]
    );
}

#[test]
fn no_macro_crate_file_imports_one_that_imports_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../macros/src");
    let edges = file_graph(&root);
    assert!(edges.contains_key(Path::new("expand.rs")), "{edges:?}");
    if let Some(path) = import_circle(&edges) {
        panic!(
            "an import circle in macros/src: {} → back to the first",
            path.iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" → ")
        );
    }
}

#[test]
fn no_runtime_file_imports_one_that_imports_it_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    let edges = file_graph(&root);
    assert!(
        edges.contains_key(Path::new("formats/mod.rs")) && edges.len() > 50,
        "{edges:?}"
    );
    if let Some(path) = import_circle(&edges) {
        panic!(
            "an import circle in runtime/src: {} → back to the first",
            path.iter()
                .map(|p| p.display().to_string())
                .collect::<Vec<_>>()
                .join(" → ")
        );
    }
}

#[test]
fn every_runtime_file_says_what_it_owns() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    for file in files {
        let source = std::fs::read_to_string(root.join(&file)).unwrap();
        assert!(
            source.starts_with("//!"),
            "{} starts without a module doc saying what it owns",
            file.display()
        );
    }
}

/// The runtime's top-level modules, lowest first, as the comment before `lib.rs`'s module
/// declarations describes them: every `` `name` `` of the comment that starts "The modules
/// follow a call", in order.
fn folder_order(lib: &str) -> Vec<String> {
    let comment: String = lib
        .lines()
        .skip_while(|l| !l.starts_with("// The modules follow a call"))
        .take_while(|l| l.starts_with("//"))
        .collect::<Vec<_>>()
        .join(" ");
    comment
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// Where each name the crate's root re-exports comes from: `pub use a::b::{C, D};` gives
/// `C` → `a::b::C`. A file that names `crate::C` depends on `a`.
fn root_exports(lib: &str) -> BTreeMap<String, String> {
    let mut exports = BTreeMap::new();
    let mut statement = String::new();
    for line in lib.lines().map(str::trim) {
        if statement.is_empty() && !line.starts_with("pub use ") {
            continue;
        }
        statement.push_str(line);
        if !line.ends_with(';') {
            continue;
        }
        let body = statement["pub use ".len()..]
            .trim_end_matches(';')
            .replace(' ', "");
        statement.clear();
        let (prefix, names) = match body.split_once("::{") {
            Some((prefix, rest)) => (prefix.to_owned(), rest.trim_end_matches('}').to_owned()),
            None => match body.rsplit_once("::") {
                Some((prefix, name)) => (prefix.to_owned(), name.to_owned()),
                None => continue,
            },
        };
        for name in names.split(',').filter(|n| !n.is_empty()) {
            let name = name.rsplit("as").next().unwrap_or(name);
            exports.insert(name.to_owned(), format!("{prefix}::{name}"));
        }
    }
    exports
}

/// An item re-exported at the root (`crate::Server`, `crate::ToolError`) is named inside the
/// crate by its home (`crate::handler::Server`, `crate::error::ToolError`): a reader sees
/// where it lives, and the layout's order reads from the path itself. `undo` and `budget`
/// are the exception: they are built only on what a user can reach, through the paths a user
/// writes (`undo_and_budgets_use_only_what_a_user_can_reach`).
#[test]
fn runtime_files_name_items_by_their_home() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    let lib = std::fs::read_to_string(root.join("lib.rs")).unwrap();
    let exports = root_exports(&lib);
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    let mut through_root = Vec::new();
    let as_a_user = |module: &str| ["undo", "budget"].contains(&module.split("::").next().unwrap());
    for file in files
        .iter()
        .filter(|file| file.as_path() != Path::new("lib.rs"))
    {
        let module = module_of(file);
        if as_a_user(&module) {
            continue;
        }
        let source = std::fs::read_to_string(root.join(file)).unwrap();
        for path in crate_paths(&module, &source) {
            // a macro of the macros' crate is at home at the root
            if let Some(home) = exports
                .get(&path)
                .filter(|home| !home.starts_with("toolshape_macros"))
            {
                through_root.push(format!(
                    "{} names crate::{path}: write crate::{home}",
                    file.display()
                ));
            }
        }
    }
    assert!(through_root.is_empty(), "{}", through_root.join("\n"));
}

#[test]
fn each_top_level_module_imports_only_those_below_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    let lib = std::fs::read_to_string(root.join("lib.rs")).unwrap();

    // the comment names every module lib.rs declares, each once
    let order = folder_order(&lib);
    let mut declared: Vec<String> = lib
        .lines()
        .filter_map(|l| {
            let l = l.trim_start_matches("pub ").trim();
            l.strip_prefix("mod ")
                .map(|m| m.trim_end_matches(';').to_owned())
        })
        .collect();
    declared.sort();
    let mut described = order.clone();
    described.sort();
    assert_eq!(
        declared, described,
        "lib.rs's comment on the order names other modules than it declares"
    );

    let exports = root_exports(&lib);
    assert_eq!(exports["ToolSet"], "toolset::ToolSet", "{exports:?}");
    let rank = |module: &str| order.iter().position(|m| m == module);
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    let mut wrong = Vec::new();
    for file in files {
        let module = module_of(&file);
        let Some(top) = module.split("::").next().filter(|t| !t.is_empty()) else {
            continue; // lib.rs itself
        };
        let own = rank(top).unwrap_or_else(|| panic!("{top} is not in the order lib.rs describes"));
        let source = std::fs::read_to_string(root.join(&file)).unwrap();
        for path in crate_paths(&module, &source) {
            let first = path.split("::").next().unwrap();
            let resolved = match rank(first) {
                Some(_) => path.clone(),
                None => match exports.get(first) {
                    Some(home) => home.clone(),
                    None => continue, // a macro or a constant defined in lib.rs
                },
            };
            let target = resolved.split("::").next().unwrap();
            let Some(theirs) = rank(target) else { continue };
            if theirs > own {
                wrong.push(format!(
                    "{} ({top}) names crate::{path}, which is in {target}, above it",
                    file.display()
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layout's order:\n{}",
        wrong.join("\n")
    );
}

/// What a file names through `crate::`, item by item: `crate::layer::{Call, Next}` gives
/// `layer::Call` and `layer::Next`, `crate::{Kind, ToolSet}` gives `Kind` and `ToolSet`.
/// Comments and `pub use` lines (re-exports, which make items public) are left out.
fn crate_items(source: &str) -> Vec<String> {
    let code: String = source
        .lines()
        .map(str::trim_start)
        .filter(|l| !l.starts_with("//") && !l.starts_with("pub use "))
        .collect::<Vec<_>>()
        .join("\n");
    let mut items = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        // `$crate::` and `pub(crate)` are not paths into the crate
        let before = &rest[..at];
        rest = &rest[at + "crate::".len()..];
        if before.ends_with('$') || before.ends_with('(') {
            continue;
        }
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == ':'))
            .unwrap_or(rest.len());
        let prefix = rest[..end].to_owned();
        if rest[end..].starts_with('{') {
            let close = rest[end..].find('}').map_or(rest.len(), |c| end + c);
            for name in rest[end + 1..close].split(',') {
                let name = name.split_whitespace().next().unwrap_or("");
                if !name.is_empty() {
                    items.push(format!("{prefix}{name}"));
                }
            }
        } else if !prefix.is_empty() {
            items.push(prefix.trim_end_matches(':').to_owned());
        }
    }
    items
}

/// Whether `file` (a module's source) declares `name` as public (`pub` alone, not
/// `pub(crate)`), or re-exports it publicly.
fn declares_public(file: &str, name: &str) -> bool {
    file.lines().map(str::trim_start).any(|line| {
        let Some(rest) = line.strip_prefix("pub ") else {
            return false;
        };
        let declared = [
            "struct ", "enum ", "trait ", "fn ", "type ", "const ", "static ", "mod ",
        ]
        .iter()
        .any(|kind| {
            rest.strip_prefix("async ")
                .unwrap_or(rest)
                .strip_prefix(kind)
                .is_some_and(|r| {
                    r.starts_with(name)
                        && !r[name.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
                })
        });
        let reexported = rest.starts_with("use ")
            && rest
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|word| word == name);
        declared || reexported
    })
}

/// Undo and budgets are layers a user of the crate could have written: their files name only
/// what the crate's root re-exports and the public items of its public modules, and call no
/// `pub(crate)` function.
#[test]
fn undo_and_budgets_use_only_what_a_user_can_reach() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../runtime/src");
    let lib = std::fs::read_to_string(root.join("lib.rs")).unwrap();
    let exports = root_exports(&lib);
    let public_modules: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';'))
        .collect();
    assert!(public_modules.contains(&"layer"), "{public_modules:?}");
    let macros = ["tools"];

    // every `pub(crate) fn` of the crate outside undo and budgets whose name no public
    // function shares: calling one is using the crate's insides
    let mut files = Vec::new();
    rust_files(&root, &root, &mut files);
    let is_layer_file = |f: &Path| f.starts_with("undo") || f == Path::new("budget.rs");
    let mut private_fns = BTreeSet::new();
    let mut public_fns = BTreeSet::new();
    for file in &files {
        let source = std::fs::read_to_string(root.join(file)).unwrap();
        for line in source.lines().map(str::trim_start) {
            let name_after = |prefix: &str| {
                line.strip_prefix(prefix).map(|r| {
                    r.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .next()
                        .unwrap_or("")
                        .to_owned()
                })
            };
            if let Some(name) =
                name_after("pub(crate) fn ").or_else(|| name_after("pub(crate) async fn "))
            {
                if !is_layer_file(file) {
                    private_fns.insert(name);
                }
            } else if let Some(name) = name_after("pub fn ").or_else(|| name_after("pub async fn "))
            {
                public_fns.insert(name);
            }
        }
    }
    let private_fns: Vec<String> = private_fns.difference(&public_fns).cloned().collect();
    assert!(private_fns.iter().any(|f| f == "lent"), "{private_fns:?}");

    let mut checked = 0;
    let mut wrong = Vec::new();
    for file in files.iter().filter(|f| is_layer_file(f)) {
        checked += 1;
        let source = std::fs::read_to_string(root.join(file)).unwrap();
        for line in source.lines().filter(|l| !l.trim_start().starts_with("//")) {
            if line.contains("pub(crate)") {
                wrong.push(format!(
                    "{}: declares a pub(crate) item: {}",
                    file.display(),
                    line.trim()
                ));
            }
            for name in &private_fns {
                if line.contains(&format!(".{name}(")) || line.contains(&format!("::{name}(")) {
                    wrong.push(format!(
                        "{}: calls the crate-private `{name}`: {}",
                        file.display(),
                        line.trim()
                    ));
                }
            }
        }
        for item in crate_items(&source) {
            let segments: Vec<&str> = item.split("::").collect();
            let reachable = match segments.as_slice() {
                [name] => {
                    exports.contains_key(*name)
                        || macros.contains(name)
                        || public_modules.contains(name)
                }
                [module, name, ..] if public_modules.contains(module) => {
                    let path = root.join(format!("{module}.rs"));
                    let path = if path.exists() {
                        path
                    } else {
                        root.join(module).join("mod.rs")
                    };
                    let module_source = std::fs::read_to_string(path).unwrap();
                    declares_public(&module_source, name)
                }
                _ => false,
            };
            if !reachable {
                wrong.push(format!(
                    "{} names crate::{item}, which a user of the crate cannot reach",
                    file.display()
                ));
            }
        }
    }
    assert!(checked >= 3, "undo's files and budget.rs: {checked}");
    assert!(
        wrong.is_empty(),
        "undo and budgets use the crate's insides:\n{}",
        wrong.join("\n")
    );
}
