//! The official Python MCP SDK (`tests/interop/code_client.py`) on `ontap --search
//! --code-mode`, over stdio and over streamable HTTP, in both of its modes.

use crate::wire::{ONTAP, Wire};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_lists_searches_executes_and_undoes_over_stdio() {
    let output = tokio::task::spawn_blocking(|| {
        toolshape_test_support::python::run_script(
            "code_client.py",
            &["--", ONTAP, "--search", "--code-mode"],
            120,
        )
    })
    .await
    .unwrap();
    eprintln!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_lists_searches_executes_and_undoes_over_http() {
    let wire = Wire::http(&["--search", "--code-mode"]).await;
    let Wire::Http(address, _child) = &wire else {
        unreachable!()
    };
    let url = format!("http://{address}/mcp");
    let output = tokio::task::spawn_blocking(move || {
        toolshape_test_support::python::run_script("code_client.py", &[url.as_str()], 120)
    })
    .await
    .unwrap();
    eprintln!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");
}
