//! Many replicas of an example server behind a round-robin proxy, their shared state in
//! Redis (`--store`): a real `redis-server` on a loopback port, started and stopped (by PID)
//! by each test, the replicas as the example binaries, and the proxy of `round_robin.rs` in
//! the test's process (it balances, keeps sessions and retries as the deploying guide's
//! haproxy configuration does). A machine without `redis-server` skips these tests and the
//! run's last lines say so (`toolshape_test_support::prereq`); under `CI=true` they fail.
//!
//! The client speaks MCP 2026-07-28 over HTTP/1.1 as the protocol's streamable HTTP
//! transport asks (hyper's client connection, each request's `_meta` with the protocol
//! version and the client's capabilities); the proxy names the replica that answered each
//! request in an `x-replica` header, so a test can see that a task created on one replica
//! is polled, answered and cancelled on others.
//!
//! A real MCP client goes through the same fleet too: the official Python SDK
//! (`tests/interop/replicas_client.py`), in its 2026-07-28 mode (a task polled across
//! replicas) and its 2025-11-25 mode (sessions kept on their replica by the proxy).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use http_body_util::{BodyExt as _, Full};
use hyper::Request;
use hyper::body::Bytes;
use hyper::client::conn::http1::SendRequest;
use hyper_util::rt::TokioIo;
use serde_json::{Value, json};
use tokio::process::{Child, Command};
use toolshape_test_support::prereq;

use crate::round_robin;

// ---------------------------------------------------------------------------------------
// The fleet: Redis, the replicas, the proxy

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("a free loopback port")
        .port()
}

async fn wait_listening(port: u16, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .is_err()
    {
        assert!(Instant::now() < deadline, "{what} did not listen on {port}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn scratch_dir() -> PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let dir = std::env::temp_dir().join(format!(
        "toolshape-replicas-{}-{}",
        std::process::id(),
        N.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A private `redis-server` on a loopback port, without persistence.
struct Redis {
    program: PathBuf,
    port: u16,
    dir: PathBuf,
    child: Child,
}

impl Redis {
    async fn start(program: PathBuf, dir: PathBuf) -> Redis {
        let port = free_port();
        let child = Self::spawn(&program, port, &dir);
        wait_listening(port, "redis-server").await;
        Redis {
            program,
            port,
            dir,
            child,
        }
    }

    fn spawn(program: &std::path::Path, port: u16, dir: &std::path::Path) -> Child {
        Command::new(program)
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no"])
            .arg("--dir")
            .arg(dir)
            .stdout(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("redis-server starts")
    }

    fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    /// `kill -9`, then waits for the process to be gone.
    async fn kill(&mut self) {
        self.child.start_kill().unwrap();
        self.child.wait().await.unwrap();
    }

    /// A new Redis on the same port (empty, as a restarted Redis without persistence is).
    async fn restart(&mut self) {
        self.child = Self::spawn(&self.program, self.port, &self.dir);
        wait_listening(self.port, "redis-server").await;
    }
}

/// One replica: an example binary with `--http ADDR --store URL`.
struct Replica {
    name: String,
    child: Child,
}

/// How many fleets run at once: each is a Redis and two or three server processes, and the
/// lease test's timing needs the cores the others would take (the test binary runs more
/// tests than the machine has cores).
static FLEETS: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// Redis, N replicas and the round-robin proxy in front of them.
struct Fleet {
    _turn: tokio::sync::SemaphorePermit<'static>,
    redis: Redis,
    replicas: Vec<Replica>,
    front: SocketAddr,
    dir: PathBuf,
}

impl Drop for Fleet {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl Fleet {
    /// The fleet, or `None` (the test is recorded as skipped) on a machine without Redis.
    async fn start(binary: &str, replicas: usize, lease_ms: u64) -> Option<Fleet> {
        let redis_server = prereq::service(prereq::REDIS)?;
        let turn = FLEETS
            .acquire()
            .await
            .expect("the semaphore is never closed");
        let dir = scratch_dir();
        let redis = Redis::start(redis_server, dir.clone()).await;
        let mut started = Vec::new();
        let mut servers = Vec::new();
        for i in 0..replicas {
            let port = free_port();
            let child = Command::new(binary)
                .args(["--http", &format!("127.0.0.1:{port}")])
                .args(["--store", &redis.url()])
                .env("TOOLSHAPE_STORE_LEASE_MS", lease_ms.to_string())
                .env("RUST_LOG", "warn")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(std::fs::File::create(dir.join(format!("r{i}.log"))).unwrap())
                .kill_on_drop(true)
                .spawn()
                .unwrap();
            wait_listening(port, binary).await;
            servers.push((format!("r{i}"), port));
            started.push(Replica {
                name: format!("r{i}"),
                child,
            });
        }
        let front = round_robin::start(&servers).await;
        Some(Fleet {
            _turn: turn,
            redis,
            replicas: started,
            front,
            dir,
        })
    }

    /// `kill -9` of the replica `name`.
    async fn kill(&mut self, name: &str) {
        let replica = self
            .replicas
            .iter_mut()
            .find(|replica| replica.name == name)
            .unwrap_or_else(|| panic!("no replica {name}"));
        replica.child.start_kill().unwrap();
        replica.child.wait().await.unwrap();
    }
}

// ---------------------------------------------------------------------------------------
// The client

/// What a 2026-07-28 request carries in `_meta`: the version and the client's capabilities
/// (tasks and form elicitation).
fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {
            "elicitation": {"form": {}},
            "extensions": {"io.modelcontextprotocol/tasks": {}}
        },
        "io.modelcontextprotocol/clientInfo": {"name": "replicas-test", "version": "0"}
    })
}

/// One HTTP/1.1 connection to the proxy.
struct Connection {
    sender: SendRequest<Full<Bytes>>,
    front: SocketAddr,
    next_id: u64,
}

/// An answer: the replica that gave it and the JSON-RPC message.
#[derive(Debug)]
struct Answer {
    replica: String,
    message: Value,
}

impl Answer {
    fn result(&self) -> &Value {
        assert!(self.message.get("error").is_none(), "{}", self.message);
        &self.message["result"]
    }

    fn error_message(&self) -> &str {
        self.message["error"]["message"]
            .as_str()
            .unwrap_or_else(|| panic!("not an error: {}", self.message))
    }
}

impl Connection {
    async fn open(front: SocketAddr) -> Connection {
        let stream = tokio::net::TcpStream::connect(front).await.unwrap();
        stream.set_nodelay(true).unwrap();
        let (sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .unwrap();
        tokio::spawn(connection);
        Connection {
            sender,
            front,
            next_id: 1,
        }
    }

    /// A 2026-07-28 request (`name` is the tool's, or the task id for `tasks/*`).
    async fn request(&mut self, method: &str, name: &str, mut params: Value) -> Answer {
        params["_meta"] = meta();
        let id = self.next_id;
        self.next_id += 1;
        let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        let request = Request::post(format!("http://{}/mcp", self.front))
            .header("host", format!("127.0.0.1:{}", self.front.port()))
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("mcp-protocol-version", "2026-07-28")
            .header("mcp-method", method)
            .header("mcp-name", name)
            .body(Full::new(Bytes::from(body.to_string())))
            .unwrap();
        self.sender.ready().await.unwrap();
        let response = self.sender.send_request(request).await.unwrap();
        let status = response.status();
        let replica = response
            .headers()
            .get("x-replica")
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let text = String::from_utf8_lossy(&bytes);
        assert!(status.is_success(), "HTTP {status} from {replica}: {text}");
        // JSON, or an event stream whose message with our id is the answer
        let message = if text.trim_start().starts_with('{') {
            serde_json::from_str(&text).unwrap()
        } else {
            text.lines()
                .filter_map(|line| line.strip_prefix("data:"))
                .filter_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
                .find(|message| message["id"] == id)
                .unwrap_or_else(|| panic!("no answer to {id} in: {text}"))
        };
        assert_eq!(message["id"], id, "{message}");
        Answer { replica, message }
    }
}

/// One request on a connection of its own, given its replica by the proxy's round robin.
async fn once(front: SocketAddr, method: &str, name: &str, params: Value) -> Answer {
    Connection::open(front)
        .await
        .request(method, name, params)
        .await
}

async fn call_tool(front: SocketAddr, tool: &str, arguments: Value) -> Answer {
    once(
        front,
        "tools/call",
        tool,
        json!({"name": tool, "arguments": arguments}),
    )
    .await
}

async fn task_get(front: SocketAddr, id: &str) -> Answer {
    once(front, "tasks/get", id, json!({"taskId": id})).await
}

fn text_of(result: &Value) -> String {
    result["content"][0]["text"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

/// Polls `tasks/get` until the task's status is one of `statuses` (10 s at most).
async fn poll_until(
    front: SocketAddr,
    id: &str,
    statuses: &[&str],
    seen: &mut Vec<String>,
) -> Value {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = task_get(front, id).await;
        seen.push(answer.replica.clone());
        let result = answer.result().clone();
        if statuses.contains(&result["status"].as_str().unwrap_or_default()) {
            return result;
        }
        assert!(
            Instant::now() < deadline,
            "task {id} still {} after 10 s",
            result["status"]
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

const CONFORMANCE: &str = env!("CARGO_BIN_EXE_conformance");
const ONTAP: &str = env!("CARGO_BIN_EXE_ontap");

// ---------------------------------------------------------------------------------------
// The tests

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_task_is_created_polled_answered_and_cancelled_on_different_replicas() {
    let Some(fleet) = Fleet::start(CONFORMANCE, 3, 10_000).await else {
        return;
    };
    let front = fleet.front;
    let mut seen = Vec::new();

    // Created on one replica; questions asked, answered and the result read on the others.
    let created = call_tool(front, "confirm_delete", json!({"filename": "a.txt"})).await;
    seen.push(created.replica.clone());
    let id = created.result()["taskId"].as_str().unwrap().to_owned();
    let asked = poll_until(front, &id, &["input_required"], &mut seen).await;
    let key = asked["inputRequests"]
        .as_object()
        .unwrap()
        .keys()
        .next()
        .unwrap()
        .clone();
    let updated = once(
        front,
        "tasks/update",
        &id,
        json!({"taskId": id, "inputResponses": {
            key: {"action": "accept", "content": {"confirm": true}}
        }}),
    )
    .await;
    updated.result();
    seen.push(updated.replica.clone());
    let done = poll_until(front, &id, &["completed", "failed"], &mut seen).await;
    assert_eq!(done["status"], "completed", "{done}");
    assert_eq!(text_of(&done["result"]), "Deleted a.txt", "{done}");

    // Cancelled on another replica than the one running it.
    let created = call_tool(front, "slow_compute", json!({"seconds": 600})).await;
    seen.push(created.replica.clone());
    let id = created.result()["taskId"].as_str().unwrap().to_owned();
    let cancel = once(front, "tasks/cancel", &id, json!({"taskId": id})).await;
    cancel.result();
    assert_ne!(cancel.replica, created.replica);
    seen.push(cancel.replica.clone());
    let cancelled = poll_until(front, &id, &["cancelled", "failed", "completed"], &mut seen).await;
    assert_eq!(cancelled["status"], "cancelled", "{cancelled}");

    // An id no replica knows is the protocol's invalid params, on every replica.
    for _ in 0..3 {
        let unknown = task_get(front, "no-such-task").await;
        assert_eq!(unknown.message["error"]["code"], -32602, "{:?}", unknown);
    }

    // Every request went to another replica than the one before it.
    assert!(seen.len() >= 6, "{seen:?}");
    for pair in seen.windows(2) {
        assert_ne!(
            pair[0], pair[1],
            "two requests in a row on one replica: {seen:?}"
        );
    }
    let mut replicas = seen.clone();
    replicas.sort();
    replicas.dedup();
    assert_eq!(replicas, ["r0", "r1", "r2"], "{seen:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_task_of_a_killed_replica_is_failed_within_its_lease() {
    let lease = Duration::from_millis(1500);
    let Some(mut fleet) = Fleet::start(CONFORMANCE, 2, 1500).await else {
        return;
    };
    let front = fleet.front;
    let created = call_tool(front, "slow_compute", json!({"seconds": 600})).await;
    let id = created.result()["taskId"].as_str().unwrap().to_owned();
    // still working while its replica lives, longer than a lease
    tokio::time::sleep(lease * 2).await;
    let alive = task_get(front, &id).await;
    assert_eq!(alive.result()["status"], "working", "{:?}", alive);

    fleet.kill(&created.replica).await;
    let killed = Instant::now();
    let mut seen = Vec::new();
    let failed = poll_until(front, &id, &["failed", "completed", "cancelled"], &mut seen).await;
    let took = killed.elapsed();
    assert_eq!(failed["status"], "failed", "{failed}");
    let message = failed["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("the replica running this task stopped"),
        "{message}"
    );
    assert!(
        seen.iter().all(|replica| *replica != created.replica),
        "{seen:?}"
    );
    // The lease was renewed at most a third of a lease before the kill; polls every 50 ms.
    assert!(
        took <= lease + Duration::from_millis(500),
        "failed {took:?} after the kill, lease {lease:?}"
    );
    eprintln!(
        "lease {} ms: task failed {} ms after kill -9 of its replica",
        lease.as_millis(),
        took.as_millis()
    );
    // and stays failed
    let again = task_get(front, &id).await;
    assert_eq!(again.result()["status"], "failed");
}

/// The data of a json-format tool's answer.
fn data(answer: &Answer) -> Value {
    let result = answer.result();
    assert_ne!(result["isError"], true, "{result}");
    result["structuredContent"]["data"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_undo_on_one_replica_restores_what_an_action_on_another_changed() {
    let Some(fleet) = Fleet::start(ONTAP, 2, 10_000).await else {
        return;
    };
    let front = fleet.front;
    let volumes = call_tool(front, "cluster_list_volumes", json!({})).await;
    let volume = data(&volumes)["volumes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["name"] == "vol_finance_02")
        .unwrap()
        .clone();
    let uuid = volume["uuid"].as_str().unwrap().to_owned();
    let size = volume["size"].as_u64().unwrap();
    let gib = 1u64 << 30;

    let resized = call_tool(
        front,
        "cluster_resize_volume",
        json!({"volume_uuid": uuid, "size": size + gib}),
    )
    .await;
    data(&resized);
    let read = call_tool(
        front,
        "get_volume_configuration",
        json!({"volume_uuid": uuid}),
    )
    .await;
    assert_ne!(read.replica, resized.replica);
    assert_eq!(data(&read)["size"], size + gib);

    let undone = call_tool(front, "undo_last_action", json!({})).await;
    assert_ne!(undone.replica, read.replica);
    let outcome = data(&undone);
    assert_eq!(
        outcome["undone"]["action"], "cluster_resize_volume",
        "{outcome}"
    );
    assert_eq!(outcome["undone"]["state_restored"], true, "{outcome}");
    let read = call_tool(
        front,
        "get_volume_configuration",
        json!({"volume_uuid": uuid}),
    )
    .await;
    assert_eq!(data(&read)["size"], size);

    // Actions on both replicas at once: each journalled once, in order, none lost.
    let actions = 20u64;
    let mut running = tokio::task::JoinSet::new();
    for i in 1..=actions {
        let uuid = uuid.clone();
        running.spawn(async move {
            call_tool(
                front,
                "cluster_resize_volume",
                json!({"volume_uuid": uuid, "size": size + i * gib}),
            )
            .await
        });
    }
    let mut by_replica = std::collections::BTreeMap::<String, u64>::new();
    while let Some(answer) = running.join_next().await {
        let answer = answer.unwrap();
        data(&answer);
        *by_replica.entry(answer.replica).or_default() += 1;
    }
    assert_eq!(by_replica.len(), 2, "{by_replica:?}");
    let history = data(&call_tool(front, "list_undo_history", json!({})).await);
    assert_eq!(history["total_count"], actions, "{history}");
    let ids: Vec<u64> = history["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|entry| entry["id"].as_u64().unwrap())
        .collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable_by(|a, b| b.cmp(a));
    sorted.dedup();
    assert_eq!(ids, sorted, "newest first, each id once");
    // Each entry captured the size the one before it set: undone in turn, back to the start.
    for _ in 0..actions {
        let outcome = data(&call_tool(front, "undo_last_action", json!({})).await);
        assert_eq!(outcome["undone"]["state_restored"], true, "{outcome}");
    }
    let read = call_tool(
        front,
        "get_volume_configuration",
        json!({"volume_uuid": uuid}),
    )
    .await;
    assert_eq!(data(&read)["size"], size);
    let nothing = data(&call_tool(front, "undo_last_action", json!({})).await);
    assert_eq!(nothing["undone"], Value::Null, "{nothing}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn while_redis_restarts_calls_fail_clearly_and_work_again_after() {
    let Some(mut fleet) = Fleet::start(CONFORMANCE, 2, 10_000).await else {
        return;
    };
    let front = fleet.front;
    // Each call starts a task (the tool runs only as one): it needs the store. (A tool that
    // may run either way runs as a plain call while the store cannot count the tasks.)
    let start = || call_tool(front, "failing_job", json!({}));

    let mut known = String::new();
    for _ in 0..20 {
        let answer = start().await;
        assert_eq!(answer.result()["status"], "working");
        known = answer.result()["taskId"].as_str().unwrap().to_owned();
    }

    fleet.redis.kill().await;
    let mut refused = 0;
    let down = Instant::now();
    while down.elapsed() < Duration::from_secs(2) {
        let answer = start().await;
        let message = answer.error_message();
        assert!(
            message.contains("the shared store (Redis at redis://127.0.0.1:")
                && message.contains("cannot be reached"),
            "{message}"
        );
        assert_eq!(answer.message["error"]["code"], -32603);
        // polling a task fails as clearly
        let polled = task_get(front, &known).await;
        assert!(
            polled.error_message().contains("cannot be reached"),
            "{:?}",
            polled
        );
        refused += 1;
    }
    assert!(refused >= 5, "{refused} calls while Redis was down");

    fleet.redis.restart().await;
    let back = Instant::now();
    loop {
        let answer = start().await;
        if answer.message.get("error").is_none() {
            break;
        }
        assert!(
            back.elapsed() < Duration::from_secs(10),
            "still failing 10 s after Redis came back: {}",
            answer.error_message()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let recovered = back.elapsed();
    let mut ids = Vec::new();
    for _ in 0..20 {
        let answer = start().await;
        assert_eq!(answer.result()["status"], "working");
        ids.push(answer.result()["taskId"].as_str().unwrap().to_owned());
    }
    for id in ids {
        let mut seen = Vec::new();
        let done = poll_until(front, &id, &["completed", "failed"], &mut seen).await;
        assert_eq!(done["status"], "completed", "{done}");
        assert_eq!(text_of(&done["result"]), "Error: the job failed", "{done}");
    }
    eprintln!(
        "Redis down: {refused} calls refused in 2 s; working again {} ms after it restarted",
        recovered.as_millis()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_calls_across_three_replicas_none_lost_none_answered_twice() {
    let Some(fleet) = Fleet::start(CONFORMANCE, 3, 10_000).await else {
        return;
    };
    let front = fleet.front;
    let calls = 10_000usize;
    let workers = 16usize;
    let started = Instant::now();
    let mut running = tokio::task::JoinSet::new();
    for worker in 0..workers {
        running.spawn(async move {
            let mut connection = Connection::open(front).await;
            let mut answers = Vec::new();
            for i in (worker..calls).step_by(workers) {
                let name = format!("n{i}");
                let answer = connection
                    .request(
                        "tools/call",
                        "greet",
                        json!({"name": "greet", "arguments": {"name": name}}),
                    )
                    .await;
                let text = text_of(answer.result());
                answers.push((i, answer.replica, text));
            }
            answers
        });
    }
    let all = tokio::time::timeout(Duration::from_secs(240), running.join_all())
        .await
        .expect("10,000 calls within 4 minutes");
    let elapsed = started.elapsed();
    let mut answered = vec![0u32; calls];
    let mut by_replica = std::collections::BTreeMap::<String, usize>::new();
    for (i, replica, text) in all.into_iter().flatten() {
        assert_eq!(text, format!("Hello, n{i}!"));
        answered[i] += 1;
        *by_replica.entry(replica).or_default() += 1;
    }
    let lost = answered.iter().filter(|n| **n == 0).count();
    let twice = answered.iter().filter(|n| **n > 1).count();
    assert_eq!((lost, twice), (0, 0), "lost, answered twice");
    assert_eq!(by_replica.len(), 3, "{by_replica:?}");
    eprintln!(
        "{calls} calls across 3 replicas in {} ms ({:.0} calls/s): {by_replica:?}",
        elapsed.as_millis(),
        calls as f64 / elapsed.as_secs_f64()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_2025_11_25_session_stays_on_the_replica_that_created_it() {
    let Some(fleet) = Fleet::start(CONFORMANCE, 3, 10_000).await else {
        return;
    };
    let mut connection = Connection::open(fleet.front).await;
    let initialize = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "legacy", "version": "0"}}});
    let post = |body: Value, session: Option<String>| {
        let mut request = Request::post(format!("http://{}/mcp", fleet.front))
            .header("host", format!("127.0.0.1:{}", fleet.front.port()))
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream");
        if let Some(session) = session {
            request = request
                .header("mcp-session-id", session)
                .header("mcp-protocol-version", "2025-11-25");
        }
        request
            .body(Full::new(Bytes::from(body.to_string())))
            .unwrap()
    };
    connection.sender.ready().await.unwrap();
    let response = connection
        .sender
        .send_request(post(initialize, None))
        .await
        .unwrap();
    let session = response.headers()["mcp-session-id"]
        .to_str()
        .unwrap()
        .to_owned();
    let first = response.headers()["x-replica"].to_str().unwrap().to_owned();
    response.into_body().collect().await.unwrap();
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let mut fresh = Connection::open(fleet.front).await;
    fresh.sender.ready().await.unwrap();
    let response = fresh
        .sender
        .send_request(post(initialized, Some(session.clone())))
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    for id in 1..=6 {
        // each on a connection of its own: round robin would spread them
        let mut fresh = Connection::open(fleet.front).await;
        fresh.sender.ready().await.unwrap();
        let body = json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"});
        let response = fresh
            .sender
            .send_request(post(body, Some(session.clone())))
            .await
            .unwrap();
        let status = response.status();
        let replica = response.headers()["x-replica"].to_str().unwrap().to_owned();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        assert!(
            status.is_success(),
            "{status}: {}",
            String::from_utf8_lossy(&bytes)
        );
        assert_eq!(replica, first);
        assert!(String::from_utf8_lossy(&bytes).contains("slow_compute"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_python_sdk_lists_calls_and_polls_a_task_across_replicas_in_both_eras() {
    let Some(fleet) = Fleet::start(CONFORMANCE, 3, 10_000).await else {
        return;
    };
    let url = format!("http://{}/mcp", fleet.front);
    let output = tokio::task::spawn_blocking(move || {
        toolshape_test_support::python::run_script("replicas_client.py", &[url.as_str()], 120)
    })
    .await
    .unwrap();
    eprintln!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");
    assert!(
        output.contains("PASS 2026-07-28: the task polled on replicas"),
        "{output}"
    );
}
