//! Fixtures shared by toolshape's benchmarks: the data the tools return, the same tool
//! written with toolshape and with rmcp's own macros, and an in-process client.
//!
//! - `benches/call.rs`: per-call overhead (criterion);
//! - `src/bin/tokens.rs`: token cost of what a model sees;
//! - `src/bin/listing.rs`: bytes and tokens of the tour's `tools/list` entries;
//! - `src/bin/http_cpu.rs`: server CPU per call over HTTP under load (wrk), against rmcp;
//! - `src/bin/spans.rs`: the cost of each request's `tracing` span;
//! - `buildtime/`: build time (generator and runner scripts);
//! - [`search`]: tool search's catalogue, requests and quality figures (`src/bin/search_rank.rs`,
//!   `benches/search.rs`, `search/compare.sh`).
//!
//! Results and the exact commands: `docs/benchmarks.md`.

pub mod search;

use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::model::{
    CallToolRequestParams, CallToolResult, ClientCapabilities, ClientConfig, Implementation,
    JsonObject, ProtocolVersion,
};
use rmcp::service::{RoleClient, RunningService};
use rmcp::{ClientLifecycleMode, ClientServiceExt as _, ServerHandler, ServiceExt as _};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use toolshape::{Server, ToolSet, tool, tools};

/// One record of a payload: about 100 bytes of JSON with strings, integers, a float, an
/// optional field and a nested object.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Record {
    /// Its id.
    pub id: u64,
    /// Its name.
    pub name: String,
    /// A score.
    pub score: f64,
    /// Whether it is active.
    pub active: bool,
    /// An optional note.
    pub note: Option<String>,
    /// Where it is.
    pub place: Place,
}

/// A nested object of a [`Record`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Place {
    /// City.
    pub city: String,
    /// ISO country code.
    pub country: String,
}

/// What the benchmarked tools return: a list of records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Payload {
    /// The records.
    pub records: Vec<Record>,
}

/// A payload of `count` records.
pub fn payload(count: usize) -> Payload {
    Payload {
        records: (0..count as u64)
            .map(|i| Record {
                id: 1000 + i,
                name: format!("record-{i}"),
                score: 0.25 + i as f64 / 7.0,
                active: !i.is_multiple_of(3),
                note: i.is_multiple_of(2).then(|| format!("note {i} é")),
                place: Place {
                    city: "Zürich".into(),
                    country: "CH".into(),
                },
            })
            .collect(),
    }
}

/// The payload sizes benchmarked: label and number of records. The compact JSON of one
/// record is about 115 bytes: 2 records ≈ 200 B, 90 ≈ 10 KB, 9 000 ≈ 1 MB.
pub const SIZES: [(&str, usize); 3] = [("200B", 2), ("10KB", 90), ("1MB", 9_000)];

/// The state both servers hold: one payload per size, cloned by each call.
#[derive(Debug, Clone)]
pub struct Payloads(pub Vec<Payload>);

impl Default for Payloads {
    fn default() -> Self {
        Payloads(SIZES.iter().map(|&(_, count)| payload(count)).collect())
    }
}

impl Payloads {
    fn get(&self, size: usize) -> Result<Payload, String> {
        self.0
            .get(size)
            .cloned()
            .ok_or_else(|| format!("no payload {size}"))
    }
}

/// The benchmarked tool, written with toolshape.
#[tool(format = "json")]
pub async fn get_payload(
    #[state] payloads: &Payloads,
    /// Index into [`SIZES`].
    size: usize,
) -> Result<Payload, String> {
    payloads.get(size)
}

/// A toolshape server of [`get_payload`].
pub fn toolshape_server() -> Server<Payloads> {
    Server::new(
        Payloads::default(),
        ToolSet::new(tools![get_payload]).expect("one tool"),
    )
}

/// The benchmarked tool as MCP's own structured result, without toolshape's envelope
/// (`envelope = false`): the value as `structuredContent`, the provenance in `_meta`.
#[tool(name = "get_payload", format = "json", envelope = false)]
pub async fn get_payload_plain(
    #[state] payloads: &Payloads,
    /// Index into [`SIZES`].
    size: usize,
) -> Result<Payload, String> {
    payloads.get(size)
}

/// A toolshape server of [`get_payload_plain`] (served under the name `get_payload`).
pub fn toolshape_plain_server() -> Server<Payloads> {
    Server::new(
        Payloads::default(),
        ToolSet::new(tools![get_payload_plain]).expect("one tool"),
    )
}

/// The facts of a call of the benchmarked tool, for timing a render alone.
pub fn facts() -> toolshape::formats::CallFacts<'static> {
    toolshape::formats::CallFacts::new("get_payload", "0.0.0")
}

/// The parameters of [`RmcpServer::get_payload`].
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetPayloadParams {
    /// Index into [`SIZES`].
    pub size: usize,
}

/// The same tool with rmcp's own macros, returning `rmcp::Json<T>`.
#[derive(Debug, Clone)]
pub struct RmcpServer {
    payloads: Payloads,
    tool_router: ToolRouter<Self>,
}

impl Default for RmcpServer {
    fn default() -> Self {
        RmcpServer {
            payloads: Payloads::default(),
            tool_router: Self::tool_router(),
        }
    }
}

#[rmcp::tool_router]
impl RmcpServer {
    /// The benchmarked tool.
    #[rmcp::tool]
    pub async fn get_payload(
        &self,
        Parameters(GetPayloadParams { size }): Parameters<GetPayloadParams>,
    ) -> Result<rmcp::Json<Payload>, String> {
        self.payloads.get(size).map(rmcp::Json)
    }
}

#[rmcp::tool_handler(router = self.tool_router)]
impl ServerHandler for RmcpServer {}

/// rmcp's client.
pub type Client = RunningService<RoleClient, ClientConfig>;

/// The protocol version the benchmarks speak.
pub const VERSION: ProtocolVersion = ProtocolVersion::V_2025_11_25;

/// Serves `serve` on one end of an in-memory pipe and connects rmcp's client to the other,
/// with the `initialize` handshake. Call inside a tokio runtime.
pub async fn connect<F>(serve: impl FnOnce(tokio::io::DuplexStream) -> F) -> Client
where
    F: std::future::Future<Output = ()> + Send + 'static,
{
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(serve(server_io));
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("toolshape-bench", "0.0.0"),
    )
    .with_protocol_version(VERSION)
    .serve_with_lifecycle(client_io, ClientLifecycleMode::Initialize)
    .await
    .expect("client connects")
}

/// A client of a toolshape server, served by toolshape's own line transport (what
/// `Server::serve_stdio` runs on stdin and stdout).
pub async fn connect_toolshape(server: Server<Payloads>) -> Client {
    connect(move |io| async move {
        let (read, write) = tokio::io::split(io);
        let reader = tokio::io::BufReader::new(read);
        let _ = server.serve_lines(reader, write, &Default::default()).await;
    })
    .await
}

/// A client of [`RmcpServer`].
pub async fn connect_rmcp() -> Client {
    connect(|io| async move {
        if let Ok(running) = RmcpServer::default().serve(io).await {
            let _ = running.waiting().await;
        }
    })
    .await
}

/// `tools/call get_payload {"size": size}`.
pub async fn call(client: &Client, size: usize) -> CallToolResult {
    let mut arguments = JsonObject::new();
    arguments.insert("size".into(), size.into());
    client
        .call_tool(CallToolRequestParams::new("get_payload").with_arguments(arguments))
        .await
        .expect("call succeeds")
}

/// The text of a result's one text block.
pub fn text_of(result: &CallToolResult) -> &str {
    match result.content.as_slice() {
        [block] => block.as_text().map_or("", |text| text.text.as_str()),
        _ => "",
    }
}

/// A house to price: about 200 bytes of arguments, with constraints at every depth stated
/// through schemars attributes, as a user's own type states them.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct House {
    /// Living area in square metres.
    #[schemars(range(min = 1, max = 100000))]
    pub area_m2: f64,
    /// Postcode.
    #[schemars(pattern(r"^[A-Z]{2}-[0-9]{4}$"))]
    pub postcode: String,
    /// The rooms.
    #[schemars(length(min = 1, max = 20))]
    pub rooms: Vec<Room>,
}

/// A room of a [`House`].
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Room {
    /// Its name.
    #[schemars(length(min = 1, max = 32))]
    pub name: String,
    /// Its floor.
    #[schemars(range(max = 200))]
    pub floor: u8,
    /// Its area in square metres.
    #[schemars(range(min = 0, max = 10000))]
    pub area_m2: f64,
}

/// The arguments of the argument-checking benchmark: one house, about 200 bytes as JSON.
pub fn house_arguments() -> JsonObject {
    let house = serde_json::json!({
        "area_m2": 142.5, "postcode": "AB-1234",
        "rooms": [{"name": "kitchen", "floor": 0, "area_m2": 18.5},
                  {"name": "living room", "floor": 0, "area_m2": 41.0},
                  {"name": "bedroom", "floor": 1, "area_m2": 16.0}]
    });
    let mut arguments = JsonObject::new();
    arguments.insert("house".into(), house);
    arguments
}

/// Price a house: its typed argument is checked against its schema on arrival (every
/// constraint of [`House`]), then read by serde.
#[tool(format = "json")]
pub fn price_checked(
    /// The house.
    house: House,
) -> u64 {
    house.rooms.len() as u64
}

/// The same tool taking the house as any JSON value (whose schema, `true`, checks nothing)
/// and reading it with serde in its body: what a call costs without the schema check.
#[tool(format = "json")]
pub fn price_unchecked(
    /// The house.
    house: Value,
) -> Result<u64, String> {
    let house: House = serde_json::from_value(house).map_err(|e| e.to_string())?;
    Ok(house.rooms.len() as u64)
}

/// A client of a server of [`price_checked`] and [`price_unchecked`].
pub async fn connect_pricing() -> Client {
    let server = Server::new(
        (),
        ToolSet::new(tools![price_checked, price_unchecked]).expect("two tools"),
    );
    connect(move |io| async move {
        let (read, write) = tokio::io::split(io);
        let reader = tokio::io::BufReader::new(read);
        let _ = server.serve_lines(reader, write, &Default::default()).await;
    })
    .await
}

/// `tools/call TOOL` with [`house_arguments`].
pub async fn call_pricing(client: &Client, tool: &'static str) -> CallToolResult {
    client
        .call_tool(CallToolRequestParams::new(tool).with_arguments(house_arguments()))
        .await
        .expect("call succeeds")
}
