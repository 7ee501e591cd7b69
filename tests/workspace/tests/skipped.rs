//! The last test binary of `cargo test --workspace`: prints which tests of this run did not
//! run because the machine lacks a program they need, why, and the command that installs it
//! (`toolshape_test_support::prereq`). A plain `main`, no test harness: its report is the last
//! thing the run prints. Under nextest (`--list`) it lists no test.

use std::collections::BTreeMap;

fn main() {
    if std::env::args().any(|arg| arg == "--list") {
        return;
    }
    let dir = toolshape_test_support::prereq::skip_records();
    // (why, install) → the tests
    let mut skipped: BTreeMap<(String, String), Vec<String>> = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).into_iter().flatten() {
        let text = std::fs::read_to_string(entry.expect("a skip record").path()).unwrap();
        let mut lines = text.lines().map(str::to_owned);
        let (Some(test), Some(why), Some(install)) = (lines.next(), lines.next(), lines.next())
        else {
            continue;
        };
        skipped.entry((why, install)).or_default().push(test);
    }
    let _ = std::fs::remove_dir_all(&dir);
    if skipped.is_empty() {
        println!("every test of this run ran: none lacked a program of this machine");
        return;
    }
    let count: usize = skipped.values().map(Vec::len).sum();
    println!();
    println!("=== {count} tests did not run: this machine lacks what they need ===");
    for ((why, install), mut tests) in skipped {
        tests.sort();
        println!("{why}; install it with `{install}` and run the tests again:");
        for test in tests {
            println!("    {test}");
        }
    }
    println!("(With CI=true, as CI runs, a missing program fails these tests instead.)");
    println!();
}
