//! Server CPU per call over streamable HTTP, under load: rmcp 3.11's own server of a
//! `Json<User>` tool against toolshape's `Server::http_router` (on `serve::app_on`) of the same user as
//! `envelope = false` (`get_user`, provenance in `_meta`) and as the envelope
//! (`get_user_by_id`).
//!
//! Each server is a child process of this binary (release build, `TCP_NODELAY` on every
//! accepted socket, loopback only), on the same runtime: tokio's multi-threaded one with a
//! worker per core (`Runtime::new`). The bench is built with the workspace's features, so
//! toolshape's has `otel` (a duration per request, on OpenTelemetry's no-op meter). `wrk` (Debian package `wrk`) sends 2026-07-28 stateless
//! `tools/call` POSTs with 16 connections for a few seconds to each in turn, for 3 rounds,
//! rotating the order; server CPU per call is the child's utime + stime (from
//! `/proc/PID/stat`) over the calls wrk saw answered. Prints every run, then medians and
//! ratios to rmcp. The children are stopped by their PID.
//!
//! `cargo run -p toolshape-bench --release --bin http_cpu [SECONDS_PER_RUN] [ROUNDS]
//! [BEFORE]` (default 5 s, 3 rounds: about 70 s in all). `BEFORE`: this binary built from an
//! earlier commit, whose toolshape server is measured in the same run.
//!
//! `HTTP_CPU_LOG=info` in the environment: both servers log as the examples do, with a
//! `tracing-subscriber` `fmt` subscriber at that filter, in colour only on a terminal,
//! whose output is discarded (`HTTP_CPU_LOG_TO=stderr` writes it), so that the spans and
//! events of each request are recorded rather than disabled.
//! `HTTP_CPU_LOG=info,toolshape::spans=off` leaves toolshape's spans out.

use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::{ServerHandler, model::ServerCapabilities, model::ServerConfig};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{Server, ToolError, ToolSet, tool, tools};

/// One user of the directory (the quickstart's `User`).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct User {
    /// The user's numeric id.
    pub id: u32,
    /// Given name.
    pub name: String,
    /// Family name.
    pub surname: String,
    /// E-mail address.
    pub email: String,
    /// Phone number, when known.
    pub phone: Option<String>,
}

/// The users both servers hold.
#[derive(Debug, Clone)]
pub struct Directory {
    users: Vec<User>,
}

impl Default for Directory {
    fn default() -> Self {
        let user = |id, name: &str, surname: &str, phone: Option<&str>| User {
            id,
            name: name.into(),
            surname: surname.into(),
            email: format!(
                "{}.{}@example.com",
                name.to_lowercase(),
                surname.to_lowercase()
            ),
            phone: phone.map(Into::into),
        };
        Directory {
            users: vec![
                user(15, "John", "Doe", Some("+1555010015")),
                user(28, "Johnny", "Smith", None),
                user(42, "Alice", "Johnson", Some("+1234567890")),
            ],
        }
    }
}

impl Directory {
    fn find(&self, id: u32) -> Option<User> {
        self.users.iter().find(|user| user.id == id).cloned()
    }
}

/// Look up one user by id.
#[tool(format = "json")]
pub async fn get_user_by_id(
    #[state] directory: &Directory,
    /// The user's numeric id.
    id: u32,
) -> Result<User, ToolError> {
    directory
        .find(id)
        .ok_or_else(|| ToolError::new(format!("User with ID {id} not found")))
}

/// Look up one user by id; the result is the user itself (no envelope).
#[tool(format = "json", envelope = false, kind = "read")]
pub async fn get_user(
    #[state] directory: &Directory,
    /// The user's numeric id.
    id: u32,
) -> Result<User, ToolError> {
    get_user_by_id(directory, id).await
}

/// The parameters of [`RmcpUsers::get_user`].
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetUserParams {
    /// The user's numeric id.
    pub id: u32,
}

/// The same tool with rmcp's own macros, returning `rmcp::Json<User>`.
#[derive(Debug, Clone)]
pub struct RmcpUsers {
    directory: Directory,
    tool_router: ToolRouter<Self>,
}

#[rmcp::tool_router]
impl RmcpUsers {
    /// Look up one user by id.
    #[rmcp::tool]
    pub async fn get_user(
        &self,
        Parameters(GetUserParams { id }): Parameters<GetUserParams>,
    ) -> Result<rmcp::Json<User>, String> {
        self.directory
            .find(id)
            .map(rmcp::Json)
            .ok_or_else(|| format!("User with ID {id} not found"))
    }
}

#[rmcp::tool_handler(router = self.tool_router)]
impl ServerHandler for RmcpUsers {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }
}

/// Serves rmcp's own server as its examples do, with `TCP_NODELAY` set.
async fn serve_rmcp(listener: tokio::net::TcpListener) {
    use axum::serve::ListenerExt as _;
    use rmcp::transport::streamable_http_server::StreamableHttpService;
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    let service = StreamableHttpService::new(
        || {
            Ok(RmcpUsers {
                directory: Directory::default(),
                tool_router: RmcpUsers::tool_router(),
            })
        },
        LocalSessionManager::default().into(),
        Default::default(),
    );
    let app = axum::Router::new().nest_service("/mcp", service);
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(listener, app).await.unwrap();
}

/// Serves toolshape's server with its `http_router` on the listener (`serve::app_on`).
async fn serve_toolshape(listener: tokio::net::TcpListener) {
    let tools = ToolSet::new(tools![get_user_by_id, get_user]).expect("distinct names");
    let server = Server::new(Directory::default(), tools);
    toolshape::serve::app_on(server.http_router(&Default::default()), listener)
        .await
        .unwrap();
}

/// A server under test: a child process of this binary.
struct Target {
    label: &'static str,
    server: &'static str,
    tool: &'static str,
}

const TARGETS: [Target; 3] = [
    Target {
        label: "rmcp 3.11, `Json<User>`",
        server: "rmcp",
        tool: "get_user",
    },
    Target {
        label: "toolshape `get_user` (`envelope = false`)",
        server: "toolshape",
        tool: "get_user",
    },
    Target {
        label: "toolshape `get_user_by_id` (envelope)",
        server: "toolshape",
        tool: "get_user_by_id",
    },
];

fn body(tool: &str) -> String {
    serde_json::json!({
        "jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {
            "name": tool, "arguments": {"id": 42},
            "_meta": {
                "io.modelcontextprotocol/protocolVersion": "2026-07-28",
                "io.modelcontextprotocol/clientCapabilities": {},
                "io.modelcontextprotocol/clientInfo": {"name": "wrk", "version": "4"},
            },
        },
    })
    .to_string()
}

const HEADERS: [(&str, &str); 4] = [
    ("content-type", "application/json"),
    ("accept", "application/json, text/event-stream"),
    ("mcp-protocol-version", "2026-07-28"),
    ("mcp-method", "tools/call"),
];

/// One call by hand (`Connection: close`): the status line and the JSON-RPC message
/// answered (the `data:` line of an event stream, or the body).
fn call_once(address: SocketAddr, tool: &str) -> (String, String) {
    let body = body(tool);
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut request = format!(
        "POST /mcp HTTP/1.1\r\nhost: 127.0.0.1:{}\r\nconnection: close\r\nmcp-name: {tool}\r\ncontent-length: {}\r\n",
        address.port(),
        body.len()
    );
    for (name, value) in HEADERS {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(&body);
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let status = answer.lines().next().unwrap_or_default().to_owned();
    let message = answer
        .lines()
        .filter_map(|line| line.strip_prefix("data:"))
        .map(str::trim)
        .find(|data| data.contains("\"result\"") || data.contains("\"error\""))
        .map(str::to_owned)
        .or_else(|| answer.split("\r\n\r\n").nth(1).map(str::to_owned))
        .unwrap_or_default();
    (status, message)
}

/// utime + stime of a process, in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).expect("the server runs");
    // The fields after the command name (in parentheses, which may hold spaces).
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .expect("a stat line")
        .1
        .split_whitespace()
        .collect();
    // utime and stime are fields 14 and 15 of the line; 12 and 13 after the name.
    let ticks: f64 = fields[11].parse::<f64>().unwrap() + fields[12].parse::<f64>().unwrap();
    // Clock ticks: USER_HZ, 100 on Linux.
    ticks / 100.0
}

/// The server processes, stopped by their PID when dropped, also when a check panics.
struct Servers(Vec<Child>);

impl Drop for Servers {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn free_port() -> SocketAddr {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap()
}

fn spawn(program: &std::path::Path, server: &str, address: SocketAddr) -> Child {
    let mut child = Command::new(program)
        .args(["serve", server, &address.to_string()])
        .spawn()
        .expect("the server starts");
    let deadline = Instant::now() + Duration::from_secs(20);
    while TcpStream::connect(address).is_err() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{server} did not listen on {address}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

/// wrk's Lua script for one tool's call.
fn script(tool: &str) -> std::path::PathBuf {
    let mut lua = String::from("wrk.method = \"POST\"\n");
    lua.push_str(&format!("wrk.body = [[{}]]\n", body(tool)));
    for (name, value) in HEADERS {
        lua.push_str(&format!("wrk.headers[\"{name}\"] = \"{value}\"\n"));
    }
    lua.push_str(&format!("wrk.headers[\"mcp-name\"] = \"{tool}\"\n"));
    let path = std::env::temp_dir().join(format!(
        "toolshape-http-cpu-{}-{tool}.lua",
        std::process::id()
    ));
    std::fs::write(&path, lua).unwrap();
    path
}

struct Run {
    calls: u64,
    rate: f64,
    cpu_per_call_ms: f64,
}

fn run_wrk(address: SocketAddr, pid: u32, tool: &str, seconds: u64) -> Run {
    let script = script(tool);
    let before = cpu_seconds(pid);
    let output = Command::new("wrk")
        .args([
            "-t2",
            "-c16",
            &format!("-d{seconds}s"),
            "--timeout",
            "5s",
            "-s",
        ])
        .arg(&script)
        .arg(format!("http://{address}/mcp"))
        .output()
        .expect("wrk runs (Debian package `wrk`)");
    let after = cpu_seconds(pid);
    let _ = std::fs::remove_file(&script);
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "wrk failed: {text}");
    assert!(
        !text.contains("Non-2xx") && !text.contains("Socket errors"),
        "wrk saw errors: {text}"
    );
    // "  123456 requests in 5.00s, 78.90MB read"
    let line = text
        .lines()
        .find(|line| line.contains(" requests in "))
        .expect("wrk's summary");
    let mut words = line.split_whitespace();
    let calls: u64 = words.next().unwrap().parse().unwrap();
    let elapsed: f64 = words
        .nth(2)
        .unwrap()
        .trim_end_matches(',')
        .trim_end_matches('s')
        .parse()
        .unwrap_or(seconds as f64);
    Run {
        calls,
        rate: calls as f64 / elapsed,
        cpu_per_call_ms: (after - before) * 1e3 / calls as f64,
    }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("serve") {
        // `HTTP_CPU_LOG=info`: both servers log as the examples do (a `fmt` subscriber at
        // that level, its output discarded), so that the spans each request opens are
        // recorded rather than disabled.
        // (`HTTP_CPU_LOG_TO=stderr`: the lines written, to see what a server logs.)
        if let Ok(filter) = std::env::var("HTTP_CPU_LOG") {
            let to_stderr = std::env::var("HTTP_CPU_LOG_TO").is_ok_and(|to| to == "stderr");
            tracing_subscriber::fmt()
                .with_writer(move || -> Box<dyn std::io::Write> {
                    if to_stderr {
                        Box::new(std::io::stderr())
                    } else {
                        Box::new(std::io::sink())
                    }
                })
                .with_ansi(to_stderr && std::io::IsTerminal::is_terminal(&std::io::stderr()))
                .with_env_filter(tracing_subscriber::EnvFilter::new(filter))
                .init();
        }
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind(&args[3]).await.unwrap();
            match args[2].as_str() {
                "rmcp" => serve_rmcp(listener).await,
                _ => serve_toolshape(listener).await,
            }
        });
        return;
    }
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5);
    let rounds: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3);

    // A build of this benchmark from an earlier commit, to compare toolshape before and after
    // a change in the same run: its toolshape server is measured as `before`.
    let before = args.get(3).map(std::path::PathBuf::from);
    let mut targets: Vec<Target> = TARGETS.into_iter().collect();
    if before.is_some() {
        targets.push(Target {
            label: "before: toolshape `get_user` (`envelope = false`)",
            server: "before",
            tool: "get_user",
        });
        targets.push(Target {
            label: "before: toolshape `get_user_by_id` (envelope)",
            server: "before",
            tool: "get_user_by_id",
        });
    }
    let this = std::env::current_exe().unwrap();
    let mut children = Servers(Vec::new());
    let mut servers = Vec::new();
    for name in ["rmcp", "toolshape", "before"] {
        let program = match (name, &before) {
            ("before", Some(path)) => path.clone(),
            ("before", None) => continue,
            _ => this.clone(),
        };
        let address = free_port();
        let child = spawn(
            &program,
            if name == "rmcp" { "rmcp" } else { "toolshape" },
            address,
        );
        servers.push((name, address, child.id()));
        children.0.push(child);
    }
    let server_of = |target: &Target| {
        *servers
            .iter()
            .find(|(name, _, _)| *name == target.server)
            .unwrap()
    };
    println!("load average at start: {}", load());
    for target in &targets {
        let (_, address, _) = server_of(target);
        let (status, message) = call_once(address, target.tool);
        assert!(
            status.contains(" 200 ") && message.contains("\"result\"") && message.contains("Alice"),
            "{}: {status}\n{message}",
            target.label
        );
        println!(
            "{}: the JSON-RPC response is {} bytes",
            target.label,
            message.len()
        );
        // Warm-up.
        let (_, address, pid) = server_of(target);
        run_wrk(address, pid, target.tool, 1);
    }
    let mut runs: Vec<Vec<Run>> = targets.iter().map(|_| Vec::new()).collect();
    for round in 0..rounds {
        for k in 0..targets.len() {
            let i = (round + k) % targets.len();
            let target = &targets[i];
            let (_, address, pid) = server_of(target);
            let run = run_wrk(address, pid, target.tool, seconds);
            println!(
                "round {} {}: {} calls, {:.0} calls/s, {:.4} ms CPU per call (load {})",
                round + 1,
                target.label,
                run.calls,
                run.rate,
                run.cpu_per_call_ms,
                load()
            );
            runs[i].push(run);
        }
    }
    drop(children);
    let medians: Vec<(f64, f64)> = runs
        .iter()
        .map(|runs| {
            (
                median(runs.iter().map(|run| run.rate).collect()),
                median(runs.iter().map(|run| run.cpu_per_call_ms).collect()),
            )
        })
        .collect();
    println!();
    println!(
        "medians of {rounds} rounds of {seconds} s, wrk -t2 -c16; load average at end: {}",
        load()
    );
    println!();
    println!("| server | calls/s | server CPU per call | ratio to rmcp |");
    println!("| --- | ---: | ---: | ---: |");
    for (target, (rate, cpu)) in targets.iter().zip(&medians) {
        println!(
            "| {} | {:.0} | {:.4} ms | {:.2}× |",
            target.label,
            rate,
            cpu,
            cpu / medians[0].1
        );
    }
}
