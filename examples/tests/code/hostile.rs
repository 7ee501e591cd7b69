//! The catalogue of hostile scripts: escapes, bombs, loops, recursion, huge output, 10,000
//! calls, calls of `execute` and `search_tools` from inside, a tool the caller may not call,
//! values JSON cannot hold, unicode. Each is refused with a tool error naming its cause,
//! over rmcp's client in memory, over the `ontap --code-mode` binary's stdio and over its
//! streamable HTTP; after each, the server answers and its state is what it was.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::wire::{Wire, is_error, text};

/// A hostile script and what its refusal must say (each fragment).
struct Hostile {
    name: &'static str,
    code: String,
    says: &'static [&'static str],
}

fn hostile(name: &'static str, code: &str, says: &'static [&'static str]) -> Hostile {
    Hostile {
        name,
        code: code.to_owned(),
        says,
    }
}

/// Scripts that run until the wall-time limit stops them: run together, while another
/// client's calls are answered.
fn slow() -> Vec<Hostile> {
    vec![
        hostile(
            "busy loop",
            "while True:\n    pass",
            &["TimeoutError", "wall-time limit"],
        ),
        hostile(
            "counting loop",
            "x = 0\nwhile True:\n    x += 1",
            &["TimeoutError", "wall-time limit"],
        ),
        hostile(
            "the timeout caught",
            "try:\n    while True:\n        pass\nexcept BaseException:\n    return 'caught'",
            &["TimeoutError", "wall-time limit"],
        ),
        hostile(
            "a catastrophic regex",
            "import re\nwhile True:\n    re.match('(a+)+$', 'a' * 30 + 'b')",
            &["TimeoutError", "wall-time limit"],
        ),
    ]
}

fn quick() -> Vec<Hostile> {
    let mut all = vec![
        // escapes
        hostile(
            "os.getenv",
            "import os\nreturn os.getenv('HOME')",
            &["line 2", "PermissionError"],
        ),
        hostile(
            "os.environ",
            "import os\nreturn dict(os.environ)",
            &["line 2", "Error"],
        ),
        hostile(
            "open a file",
            "return open('/etc/passwd').read()",
            &["line 1", "PermissionError"],
        ),
        hostile(
            "pathlib read",
            "from pathlib import Path\nreturn Path('/etc/passwd').read_text()",
            &["line 2", "PermissionError"],
        ),
        hostile(
            "pathlib write",
            "from pathlib import Path\nPath('/tmp/toolshape-escape').write_text('x')",
            &["line 2", "PermissionError"],
        ),
        hostile(
            "import subprocess",
            "import subprocess",
            &["line 1", "ModuleNotFoundError"],
        ),
        hostile(
            "import socket",
            "import socket",
            &["line 1", "ModuleNotFoundError"],
        ),
        hostile(
            "import ctypes",
            "import ctypes",
            &["line 1", "ModuleNotFoundError"],
        ),
        hostile(
            "import importlib",
            "import importlib",
            &["line 1", "ModuleNotFoundError"],
        ),
        hostile(
            "import time",
            "import time\nreturn time.time()",
            &["line 1", "ModuleNotFoundError"],
        ),
        hostile(
            "sys.exit",
            "import sys\nsys.exit(1)",
            &["line 2", "AttributeError"],
        ),
        hostile(
            "the host's clock",
            "import datetime\nreturn datetime.datetime.now().isoformat()",
            &["line 2", "PermissionError"],
        ),
        hostile(
            "__import__",
            "__import__('os').system('id')",
            &["line 1", "NameError"],
        ),
        hostile("eval", "return eval('1 + 1')", &["line 1", "NameError"]),
        hostile("exec", "exec('import os')", &["line 1", "NameError"]),
        hostile("globals", "return globals()", &["line 1", "NameError"]),
        hostile("input", "return input()", &["line 1", "NameError"]),
        hostile(
            "subclasses walk",
            "return ().__class__.__bases__[0].__subclasses__()",
            &["line 1", "AttributeError"],
        ),
        hostile(
            "a function's code",
            "return (lambda: 0).__code__",
            &["line 1", "AttributeError"],
        ),
        hostile(
            "a builtin's globals",
            "return getattr(print, '__globals__')",
            &["line 1", "AttributeError"],
        ),
        // bombs
        hostile(
            "string bomb",
            "return 'a' * (10 ** 10)",
            &["line 1", "MemoryError", "memory limit"],
        ),
        hostile(
            "integer bomb",
            "x = 2 ** (10 ** 10)",
            &["line 1", "MemoryError", "memory limit"],
        ),
        hostile(
            "list bomb",
            "x = [0] * 10 ** 9",
            &["line 1", "MemoryError", "memory limit"],
        ),
        hostile(
            "growing list",
            "chunks = []\nwhile True:\n    chunks.append('x' * 1000000 + str(len(chunks)))",
            &["MemoryError", "memory limit"],
        ),
        // recursion
        hostile(
            "unbounded recursion",
            "def f(n):\n    return f(n + 1)\nreturn f(0)",
            &["line 2", "RecursionError", "recursion limit"],
        ),
        hostile(
            "mutual recursion",
            "def a(n):\n    return b(n)\ndef b(n):\n    return a(n)\na(0)",
            &["RecursionError", "recursion limit"],
        ),
        hostile(
            "a value nested too deep",
            "x = []\nfor i in range(5000):\n    x = [x]\nreturn x",
            &["returned", "nested"],
        ),
        // huge output
        hostile(
            "a huge result",
            "return 'x' * 1000000",
            &["1000002 bytes", "limit"],
        ),
        hostile(
            "a huge list of records",
            "return [{'i': i, 'name': 'volume-' + str(i)} for i in range(50000)]",
            &["bytes", "returned value's size"],
        ),
        hostile(
            "huge printing",
            "while True:\n    print('x' * 10000)",
            &["MemoryError"],
        ),
        // calls
        hostile(
            "10,000 calls",
            "for i in range(10000):\n    await cluster_list_svms()",
            &["line 2", "tool call limit", "100"],
        ),
        hostile(
            "10,000 calls at once",
            "import asyncio\nawait asyncio.gather(*[call_tool('cluster_list_svms', {}) for i in range(10000)])",
            &["tool call limit"],
        ),
        hostile(
            "execute from inside",
            "return await call_tool('execute', {'code': 'return 1'})",
            &["line 1", "`execute` cannot be called from a script"],
        ),
        hostile(
            "search_tools from inside",
            "return await call_tool('search_tools', {'query': 'volume'})",
            &["line 1", "`search_tools` cannot be called from a script"],
        ),
        hostile(
            "call_tool through call_tool",
            "return await call_tool('call_tool', {'name': 'cluster_list_svms'})",
            &["`call_tool` cannot be called from a script"],
        ),
        hostile(
            "execute by name",
            "return await execute(code='1')",
            &["line 1", "NameError"],
        ),
        hostile(
            "a tool that does not exist",
            "return await call_tool('format_all_disks', {})",
            &["line 1", "format_all_disks"],
        ),
        hostile(
            "bad arguments",
            "return await cluster_resize_volume(volume_uuid='nope', size='huge')",
            &["line 1", "size"],
        ),
        hostile(
            "positional arguments",
            "return await get_volume_configuration('850e030d')",
            &["line 1", "keyword arguments"],
        ),
        hostile(
            "a tool error re-raised",
            "try:\n    await get_volume_configuration(volume_uuid='nope')\nexcept RuntimeError as e:\n    raise ValueError('wrapped: ' + str(e))",
            &["line 4", "ValueError", "wrapped: Error"],
        ),
        // values JSON cannot hold
        hostile("a set", "return {1, 2}", &["a set"]),
        hostile("bytes", "return b'raw'", &["bytes"]),
        hostile("NaN", "return float('nan')", &["NaN", "JSON"]),
        hostile("a function", "return lambda: 1", &["JSON"]),
        hostile(
            "a call not awaited",
            "return cluster_list_svms()",
            &["not awaited"],
        ),
        hostile("a tuple key", "return {(1, 2): 3}", &["dict key"]),
        hostile("a huge integer", "return 10 ** 40", &["integer too large"]),
        // the script itself
        hostile(
            "a syntax error",
            "def (:\n    pass",
            &["line 1", "SyntaxError"],
        ),
        hostile(
            "a parser bomb",
            &format!("x = {}1{}", "(".repeat(10000), ")".repeat(10000)),
            &["line 1", "SyntaxError", "nested"],
        ),
        hostile(
            "an exception",
            "raise Exception('boom')",
            &["line 1", "Exception: boom"],
        ),
        hostile(
            "division by zero",
            "x = 1\nreturn x / 0",
            &["line 2", "ZeroDivisionError"],
        ),
        hostile("an empty script", "   ", &["parameter `code`", "empty"]),
        hostile(
            "a script too long",
            &"x = 1\n".repeat(20000),
            &["parameter `code`", "limit"],
        ),
        // unicode
        hostile(
            "a unicode tool name",
            "return await call_tool('clüster_list_svms', {})",
            &["clüster_list_svms"],
        ),
        hostile(
            "bidi and nulls in an argument",
            "return await get_volume_configuration(volume_uuid='\\u202e\\x00')",
            &["line 1", "Error"],
        ),
        hostile(
            "a unicode exception",
            "raise ValueError('ボリューム 🚫 \\u202e')",
            &["line 1", "ValueError", "ボリューム"],
        ),
    ];
    all.retain(|h| !h.name.is_empty());
    all
}

/// What the state reads: the read tools' data or text, without provenance.
async fn fingerprint(wire: &Wire) -> Vec<Value> {
    let mut seen = Vec::new();
    for (tool, arguments) in [
        ("cluster_list_volumes", json!({})),
        ("cluster_list_svms", json!({})),
        ("list_qos_policies", json!({})),
        ("list_snapshot_policies", json!({})),
        ("list_export_policies", json!({})),
        ("list_undo_history", json!({})),
    ] {
        let result = wire.call(tool, arguments).await.expect(tool);
        seen.push(match result.get("structuredContent") {
            Some(content) => content["data"].clone(),
            None => Value::String(text(&result)),
        });
    }
    // the undo history's entries carry their time; their count and actions are the state
    if let Some(history) = seen.last_mut() {
        *history = json!(history["total_count"]);
    }
    seen
}

/// What is wrong with the answer to `hostile`, if anything.
fn check_refusal(
    transport: &str,
    hostile: &Hostile,
    answer: &crate::wire::Answer,
) -> Option<String> {
    let result = match answer {
        Ok(result) => result,
        Err(error) => {
            return Some(format!(
                "{transport}, {}: a protocol error: {error}",
                hostile.name
            ));
        }
    };
    let said = text(result);
    if !is_error(result) {
        return Some(format!(
            "{transport}, {}: not refused: {said}",
            hostile.name
        ));
    }
    for fragment in hostile.says {
        if !said.contains(fragment) {
            return Some(format!(
                "{transport}, {}: the refusal does not say {fragment:?}: {said}",
                hostile.name
            ));
        }
    }
    (said.len() > 2000).then(|| format!("{transport}, {}: a long refusal: {said}", hostile.name))
}

/// Scripts that call a tool the caller may not see (the in-memory server hides
/// `set_svm_state` from every caller): by name, it does not exist; through `call_tool`, it is
/// refused as a direct call of it is.
fn out_of_scope() -> Vec<Hostile> {
    vec![
        hostile(
            "a hidden tool by name",
            "return await set_svm_state(svm_uuid='x', state='stopped')",
            &["line 1", "NameError"],
        ),
        hostile(
            "a hidden tool through call_tool",
            "return await call_tool('set_svm_state', {'svm_uuid': 'x', 'state': 'stopped'})",
            &["line 1", "no tool is named `set_svm_state`"],
        ),
        hostile(
            "a hidden tool's name looked up",
            "f = set_svm_state\nreturn 1",
            &["line 1", "NameError"],
        ),
    ]
}

/// Runs the catalogue against `wire`, with `more` scripts for this server, without those
/// named in `skip`.
async fn catalogue(transport: &str, mut wire: Wire, more: Vec<Hostile>, skip: &[&str]) {
    let listed = wire.list().await;
    assert!(
        listed.iter().any(|tool| tool["name"] == "execute"),
        "{transport}: execute is listed"
    );
    let before = fingerprint(&wire).await;
    let mut quick = quick();
    assert!(quick.len() + slow().len() >= 40);
    quick.extend(more);
    quick.retain(|hostile| !skip.contains(&hostile.name));
    let mut wrong = Vec::new();
    for hostile in &quick {
        let answer = wire.execute(&hostile.code).await;
        wrong.extend(check_refusal(transport, hostile, &answer));
        assert!(
            wire.alive(),
            "{transport}, {}: the server died",
            hostile.name
        );
    }
    // the slow ones together, while another client's call is answered at once
    let slow = slow();
    let started = Instant::now();
    let running = futures::future::join_all(slow.iter().map(|h| wire.execute(&h.code)));
    let meanwhile = async {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let asked = Instant::now();
        let answer = wire.call("cluster_list_svms", json!({})).await.unwrap();
        assert!(!is_error(&answer));
        asked.elapsed()
    };
    let (answers, waited) = tokio::join!(running, meanwhile);
    assert!(
        waited < Duration::from_secs(3),
        "{transport}: another call waited {waited:?} while scripts looped"
    );
    for (hostile, answer) in slow.iter().zip(&answers) {
        wrong.extend(check_refusal(transport, hostile, answer));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let took = started.elapsed();
    assert!(
        took < Duration::from_secs(15),
        "{transport}: the wall-time limit held: {took:?}"
    );
    assert!(wire.alive(), "{transport}: the server died");
    assert_eq!(
        fingerprint(&wire).await,
        before,
        "{transport}: the state changed"
    );
    // and a script still works
    let answer = wire
        .execute("svms = await cluster_list_svms()\nreturn len(svms['svms'])")
        .await
        .unwrap();
    assert!(!is_error(&answer), "{}", text(&answer));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_scripts_are_refused_in_memory() {
    let hide = toolshape::serve::Access::new()
        .with_filter(|tool, _caller, _capabilities| tool.name() != "set_svm_state");
    let client = toolshape_test_support::connect(
        crate::scripts::code_server().with_access(hide),
        rmcp::model::ProtocolVersion::V_2026_07_28,
    )
    .await;
    // The memory limit bounds the growth of the whole process, which here runs the other
    // tests' scripts too: a script that grows until stopped runs against the binaries only.
    catalogue(
        "in memory",
        Wire::Rmcp(client, None),
        out_of_scope(),
        &["growing list"],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_scripts_are_refused_over_stdio() {
    catalogue(
        "stdio",
        Wire::stdio(&["--search", "--code-mode"]).await,
        Vec::new(),
        &[],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_scripts_are_refused_over_http() {
    catalogue("HTTP", Wire::http(&["--code-mode"]).await, Vec::new(), &[]).await;
}

/// The resident memory of process `pid`, in bytes.
fn resident(pid: u32) -> u64 {
    let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).unwrap();
    statm
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        * 4096
}

/// Scripts that build 20 MB each and end leave nothing behind: after 50 of them, the server's
/// resident memory stays within 16 MB over 250 more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scripts_leave_no_memory_behind() {
    let wire = Wire::stdio(&["--code-mode"]).await;
    let Wire::Stdio(_, child) = &wire else {
        unreachable!()
    };
    let pid = child.id().unwrap();
    let script = "chunks = [str(i) * 100000 for i in range(200)]\n\
                  svms = await cluster_list_svms()\n\
                  return len(chunks) + len(svms['svms'])";
    let run = |n: usize| {
        let wire = &wire;
        async move {
            for _ in 0..n {
                let answer = wire.execute(script).await.unwrap();
                assert!(!is_error(&answer), "{}", text(&answer));
            }
        }
    };
    // the allocator keeps some of what the first scripts freed, for a while: measured after
    // them, the resident memory stays flat
    run(50).await;
    let mut seen = Vec::new();
    for _ in 0..5 {
        run(50).await;
        // the last script's thread frees its interpreter after answering
        tokio::time::sleep(Duration::from_millis(300)).await;
        seen.push(resident(pid));
    }
    eprintln!("resident memory after each 50 of 250 scripts (after 50 first): {seen:?}");
    let least = *seen.iter().min().unwrap();
    let last = *seen.last().unwrap();
    assert!(
        last < least + 16 * 1024 * 1024,
        "resident memory grew over 250 scripts of 20 MB each: {seen:?}"
    );
}
