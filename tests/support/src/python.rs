//! The official Python MCP SDK as a client in Rust tests: the interpreter of the venv
//! `tests/interop/lib.sh` installs (the `mcp` pinned in `tests/interop/requirements.txt`),
//! and a way to run one of the scripts of `tests/interop/` with it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

/// The workspace's root directory.
fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The Python of the interop venv (under `${TOOLSHAPE_INTEROP_CACHE:-.ci/cache}`), installed
/// by `tests/interop/lib.sh` on first use (`.ci/run` installs it before the tests) and
/// reused while `requirements.txt` is unchanged.
pub fn python_sdk() -> &'static Path {
    static PYTHON: OnceLock<PathBuf> = OnceLock::new();
    PYTHON.get_or_init(|| {
        let output = Command::new("bash")
            .arg("-c")
            .arg(r#"source "$1/tests/interop/lib.sh" && ensure_venv && echo "$VENV""#)
            .arg("bash")
            .arg(root())
            .output()
            .expect("bash runs tests/interop/lib.sh");
        assert!(
            output.status.success(),
            "installing the Python MCP SDK failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let venv = String::from_utf8(output.stdout).unwrap();
        PathBuf::from(venv.trim()).join("bin/python")
    })
}

/// Runs `tests/interop/SCRIPT ARGS…` with the SDK's Python (at most `timeout_s` seconds) and
/// gives its standard output; panics with both outputs if it fails.
pub fn run_script(script: &str, args: &[&str], timeout_s: u32) -> String {
    let output = Command::new("timeout")
        .arg(timeout_s.to_string())
        .arg(python_sdk())
        .arg(root().join("tests/interop").join(script))
        .args(args)
        .output()
        .expect("coreutils' timeout runs the Python client");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{script} failed ({}):\n{stdout}\n--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

/// Serves `router` (a server's `http_router`) on a loopback port, runs
/// `tests/interop/SCRIPT URL` against its `/mcp` endpoint as [`run_script`] does, and gives
/// the script's standard output, which it also prints (the test's log).
pub async fn run_script_over_http(
    router: axum::Router,
    script: &'static str,
    timeout_s: u32,
) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/mcp", listener.local_addr().unwrap());
    tokio::spawn(toolshape::serve::app_on(router, listener));
    let output =
        tokio::task::spawn_blocking(move || run_script(script, &[url.as_str()], timeout_s))
            .await
            .unwrap();
    eprintln!("{output}");
    output
}
