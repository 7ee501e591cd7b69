//! What tests need from outside the workspace, got once.
//!
//! - Packages a test can install itself from the registries ([`npm_ci`]; the Python SDK's
//!   venv is [`crate::python`]'s): installed on first use, under a lock, so that tests running
//!   at once (threads of one binary, or processes under nextest) install them once; reused
//!   while their lock file is unchanged.
//! - Programs of the machine a test cannot install itself ([`service`]: `redis-server`). A
//!   test whose program is missing does not run: it is recorded, and the last test binary of
//!   `cargo test --workspace` (`tests/workspace`, the package that sorts last) prints, at the
//!   end of the run, which tests did not run, why, and the command that installs what they
//!   need. With `CI=true` a missing program fails the test instead: CI never skips.

use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest as _, Sha256};

/// A program of the machine that some tests need.
#[derive(Clone, Copy, Debug)]
pub struct Service {
    /// The program's name, looked up on `PATH` and in the `sbin` directories.
    pub program: &'static str,
    /// The command that installs it on the machines this workspace targets (Debian).
    pub install: &'static str,
}

/// Redis, for the tests of replicas sharing their state (`--store redis://…`).
pub const REDIS: Service = Service {
    program: "redis-server",
    install: "sudo apt-get install redis-server",
};

/// The program `service` is, if this machine has it; else the calling test (named by its
/// thread, as the test harness names it) is recorded as not run (see the module docs) and
/// `None` tells it to return at once. Under `CI=true` a missing program panics.
pub fn service(service: Service) -> Option<PathBuf> {
    if let Some(found) = find_program(service.program) {
        return Some(found);
    }
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("a test");
    let why = format!("{} is not installed", service.program);
    assert!(
        !in_ci(),
        "{test}: {why}; CI runs every test (install it: {})",
        service.install
    );
    record_skip(test, &why, service.install);
    None
}

/// Whether this run is CI's (`CI=true`, as CI systems set it).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
}

/// `program` on `PATH`, or in `/usr/sbin`, `/usr/local/sbin` or `/sbin` (where Debian puts
/// daemons, often not on a user's `PATH`).
pub fn find_program(program: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain(["/usr/sbin", "/usr/local/sbin", "/sbin"].map(PathBuf::from))
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// Where this run's records of skipped tests are: one directory per `cargo test` process
/// (the parent of every test binary it runs).
pub fn skip_records() -> PathBuf {
    std::env::temp_dir().join(format!(
        "toolshape-skipped-{}",
        std::os::unix::process::parent_id()
    ))
}

fn record_skip(test: &str, why: &str, install: &str) {
    let dir = skip_records();
    std::fs::create_dir_all(&dir).expect("the skip records' directory");
    let name: String = test
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let mut file = File::create(dir.join(name)).expect("a skip record");
    writeln!(file, "{test}\n{why}\n{install}").expect("a skip record written");
}

/// `npm ci` in `dir` (a folder of the workspace with a `package-lock.json`), unless its
/// `node_modules` was installed from the same lock file; under a lock, so that tests starting
/// at once install it once. Panics with npm's output if the install fails.
pub fn npm_ci(dir: &Path) {
    let lock_file = dir.join("package-lock.json");
    let want = format!(
        "{:x}",
        Sha256::digest(std::fs::read(&lock_file).expect("package-lock.json"))
    );
    let stamp = dir.join("node_modules/.toolshape-stamp");
    let installed = || std::fs::read_to_string(&stamp).is_ok_and(|have| have == want);
    if installed() {
        return;
    }
    let lock = File::create(dir.join(".npm-ci.lock")).expect("the install lock");
    lock.lock().expect("the install lock taken");
    if installed() {
        return;
    }
    let output = Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund", "--prefix"])
        .arg(dir)
        .output()
        .expect("npm (Node 20 or later) is installed");
    assert!(
        output.status.success(),
        "npm ci in {} failed:\n{}{}",
        dir.display(),
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::write(&stamp, want).expect("the install stamp");
}
