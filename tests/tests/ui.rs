//! Compile-time diagnostics: each `tests/ui/fail/*.rs` must fail to compile with exactly the
//! message in its `.stderr` (which is documentation: `docs/diagnostics.md` lists them), and
//! each `tests/ui/pass/*.rs` must compile and run.

#[test]
fn ui() {
    let cases = trybuild::TestCases::new();
    cases.pass("ui/pass/*.rs");
    cases.compile_fail("ui/fail/*.rs");
}
