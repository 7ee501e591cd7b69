//! Compile-time diagnostics: each `fail/*.rs` must fail to compile with exactly the
//! message in its `.stderr` (which is documentation: `docs/diagnostics.md` lists them).
//! The programs of `pass/` that must compile and run are `compiles.rs`.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.compile_fail("fail/*.rs");
}

/// No `.stderr` shows a name toolshape generates (`__toolshape…`) or a path outside its
/// public documentation (the hidden `__private` module, the builder generated code uses,
/// the crate's private `call` module): a user reads only their own names and toolshape's
/// documented ones, in errors, `help:` and `note:` lines alike.
#[test]
fn no_generated_name_reaches_the_user() {
    const INTERNAL: [&str; 5] = [
        "__toolshape",
        "__private::",
        "toolshape::call::",
        "withhandler",
        "withparams",
    ];
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fail");
    let mut leaking = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/ui/fail") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "stderr") {
            let text = std::fs::read_to_string(&path).unwrap().to_lowercase();
            for name in INTERNAL.iter().filter(|name| text.contains(*name)) {
                leaking.push(format!(
                    "{} ({name})",
                    path.file_stem().unwrap().to_string_lossy()
                ));
            }
        }
    }
    leaking.sort();
    assert!(
        leaking.is_empty(),
        "cases whose compiler output shows a generated name or an internal path: {leaking:?}"
    );
}

/// Every failing case is listed in `docs/diagnostics.md`, and each excerpt of its message
/// quoted there (“…”) is in its `.stderr` word for word.
#[test]
fn diagnostics_are_documented() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/diagnostics.md"
    ))
    .expect("docs/diagnostics.md");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fail");
    let mut missing = Vec::new();
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/ui/fail") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let case = path.file_stem().unwrap().to_string_lossy().into_owned();
            let Some(row) = doc
                .lines()
                .find(|l| l.starts_with(&format!("| `{case}` |")))
            else {
                missing.push(case);
                continue;
            };
            let stderr = std::fs::read_to_string(path.with_extension("stderr")).unwrap();
            let excerpts: Vec<&str> = row
                .split('“')
                .skip(1)
                .filter_map(|part| part.split_once('”').map(|(quoted, _)| quoted))
                .collect();
            if excerpts.is_empty() {
                wrong.push(format!("{case}: no quoted excerpt of the message (“…”)"));
            }
            for excerpt in excerpts {
                if !stderr.contains(excerpt) {
                    wrong.push(format!("{case}: “{excerpt}” is not in {case}.stderr"));
                }
            }
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "cases missing from docs/diagnostics.md: {missing:?}"
    );
    assert!(
        wrong.is_empty(),
        "messages in docs/diagnostics.md that differ from the compiler's:\n{}",
        wrong.join("\n")
    );
}
