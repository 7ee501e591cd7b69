//! Compile-time diagnostics: each `fail/*.rs` must fail to compile with exactly the
//! message in its `.stderr` (which is documentation: `docs/diagnostics.md` lists them), and
//! each `pass/*.rs` must compile and run.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("pass/*.rs");
    cases.compile_fail("fail/*.rs");
}

/// Every failing case is listed in `docs/diagnostics.md`.
#[test]
fn diagnostics_are_documented() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/diagnostics.md"
    ))
    .expect("docs/diagnostics.md");
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fail");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/ui/fail") {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") {
            let case = path.file_stem().unwrap().to_string_lossy().into_owned();
            if !doc.contains(&format!("`{case}`")) {
                missing.push(case);
            }
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "cases missing from docs/diagnostics.md: {missing:?}"
    );
}
