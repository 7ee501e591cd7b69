//! Token cost (o200k_base) of what a model sees for the same data, per output style.
//!
//! `cargo run -p toolshape-bench --release --bin tokens` (`--show` prints every text;
//! `--count` counts the texts on stdin instead, separated by lines `---`)
//!
//! Each style is one function from the data (as `serde_json::Value`) to the text a model
//! reads; toolshape's own styles run the real tool through the runtime and take the text
//! block of the result. Adding a format (text, hybrid) is one more entry in `styles()`: a
//! `#[tool(format = "...")]` function per dataset in `toolshape_tools`, and a line calling
//! `toolshape_text`.

use std::time::Instant;

use rmcp::handler::server::tool::IntoCallToolResult as _;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::json;
use toolshape::{Narrative, ToolText, formats::Render};

#[derive(Debug, Clone, Serialize, JsonSchema, ToolText, Narrative)]
#[text(noun = "user", empty = "No users found matching your criteria.")]
#[narrative("User {id}: {name} {surname} <{email}>.")]
struct User {
    id: u32,
    name: String,
    surname: String,
    email: String,
    phone: Option<String>,
    active: bool,
    created_at: String,
}

/// The same record, rendered as a markdown table when in a list.
#[derive(Debug, Clone, ToolText)]
#[text(
    noun = "user",
    empty = "No users found matching your criteria.",
    layout = "table"
)]
struct UserRow {
    id: u32,
    name: String,
    surname: String,
    email: String,
    phone: Option<String>,
    active: bool,
    created_at: String,
}

/// The same record with its missing values left out (`missing = "omit"`) instead of `N/A`.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "user", missing = "omit")]
struct UserOmitting {
    id: u32,
    name: String,
    surname: String,
    email: String,
    phone: Option<String>,
    active: bool,
    created_at: String,
}

impl From<&User> for UserOmitting {
    fn from(u: &User) -> Self {
        UserOmitting {
            id: u.id,
            name: u.name.clone(),
            surname: u.surname.clone(),
            email: u.email.clone(),
            phone: u.phone.clone(),
            active: u.active,
            created_at: u.created_at.clone(),
        }
    }
}

impl From<&User> for UserRow {
    fn from(u: &User) -> Self {
        UserRow {
            id: u.id,
            name: u.name.clone(),
            surname: u.surname.clone(),
            email: u.email.clone(),
            phone: u.phone.clone(),
            active: u.active,
            created_at: u.created_at.clone(),
        }
    }
}

#[derive(Debug, Clone, Serialize, JsonSchema, Narrative)]
#[narrative("Found {users.len} users ({total} in all).")]
struct Users {
    users: Vec<User>,
    total: u32,
}

#[derive(Debug, Clone, Serialize, JsonSchema, ToolText, Narrative)]
#[text(noun = "volume")]
#[narrative("Volume {name}: {size_gb} GB {kind}, mounted at {mount.path}.")]
struct Volume {
    name: String,
    size_gb: u32,
    kind: String,
    encrypted: bool,
    iops: Option<u32>,
    mount: Mount,
    snapshot_policy: SnapshotPolicy,
    tags: Vec<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema, ToolText)]
struct Mount {
    path: String,
    read_only: bool,
    options: Vec<String>,
}

#[derive(Debug, Clone, Serialize, JsonSchema, ToolText)]
struct SnapshotPolicy {
    enabled: bool,
    interval_hours: u32,
    retain: u32,
}

#[derive(Debug, Clone, Serialize, JsonSchema, ToolText)]
#[text(noun = "alert", empty = "No active alerts.")]
struct Alert {
    id: String,
    severity: String,
    service: String,
    message: String,
    triggered_at: String,
    acknowledged: bool,
    value: f64,
}

/// The same record, rendered as a markdown table when in a list.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "alert", empty = "No active alerts.", layout = "table")]
struct AlertRow {
    id: String,
    severity: String,
    service: String,
    message: String,
    triggered_at: String,
    acknowledged: bool,
    value: f64,
}

impl From<&Alert> for AlertRow {
    fn from(a: &Alert) -> Self {
        AlertRow {
            id: a.id.clone(),
            severity: a.severity.clone(),
            service: a.service.clone(),
            message: a.message.clone(),
            triggered_at: a.triggered_at.clone(),
            acknowledged: a.acknowledged,
            value: a.value,
        }
    }
}

#[derive(Debug, Clone, Serialize, JsonSchema, Narrative)]
#[narrative("{alerts.len} active alerts.")]
struct Alerts {
    alerts: Vec<Alert>,
}

const NAMES: [&str; 10] = [
    "Alice", "Bob", "Carla", "Dmitri", "Emeka", "Fatima", "Göran", "Hana", "Ivan", "Julia",
];
const SURNAMES: [&str; 10] = [
    "Johnson",
    "Smith",
    "Rossi",
    "Ivanov",
    "Okafor",
    "Haddad",
    "Lindqvist",
    "Sato",
    "Petrov",
    "García",
];

fn user(i: u32) -> User {
    let name = NAMES[i as usize % 10];
    let surname = SURNAMES[(i as usize * 7 + 3) % 10];
    User {
        id: 1000 + i,
        name: name.into(),
        surname: surname.into(),
        email: format!(
            "{}.{}{i}@example.com",
            name.to_lowercase(),
            surname.to_lowercase()
        ),
        phone: (!i.is_multiple_of(3)).then(|| format!("+1555{:06}", 10_000 + i * 37)),
        active: !i.is_multiple_of(4),
        created_at: format!(
            "2025-{:02}-{:02}T09:{:02}:00Z",
            1 + i % 12,
            1 + i % 28,
            i % 60
        ),
    }
}

fn volume() -> Volume {
    Volume {
        name: "pg-data-eu-west-1".into(),
        size_gb: 500,
        kind: "gp3".into(),
        encrypted: true,
        iops: Some(6000),
        mount: Mount {
            path: "/var/lib/postgresql/data".into(),
            read_only: false,
            options: vec!["noatime".into(), "nodiratime".into()],
        },
        snapshot_policy: SnapshotPolicy {
            enabled: true,
            interval_hours: 6,
            retain: 28,
        },
        tags: vec![
            "team:db".into(),
            "env:prod".into(),
            "cost-center:4411".into(),
        ],
    }
}

fn alert(i: u32) -> Alert {
    const SERVICES: [&str; 5] = ["checkout", "search", "auth", "billing", "inventory"];
    const SEVERITIES: [&str; 3] = ["critical", "warning", "info"];
    Alert {
        id: format!("ALR-{:05}", 20_000 + i * 13),
        severity: SEVERITIES[i as usize % 3].into(),
        service: SERVICES[i as usize % 5].into(),
        message: format!(
            "p99 latency above threshold on {} ({} ms)",
            SERVICES[i as usize % 5],
            250 + i * 10
        ),
        triggered_at: format!("2026-11-22T{:02}:{:02}:13Z", 8 + i / 6, (i * 7) % 60),
        acknowledged: i.is_multiple_of(5),
        value: 250.0 + f64::from(i) * 10.5,
    }
}

/// One dataset, as the typed value a tool returns.
enum Data {
    User(User),
    Users(Users),
    Volume(Volume),
    Alerts(Alerts),
}

fn datasets() -> Vec<(&'static str, Data)> {
    vec![
        ("one user", Data::User(user(42))),
        (
            "50 users",
            Data::Users(Users {
                users: (0..50).map(user).collect(),
                total: 50,
            }),
        ),
        ("one volume configuration", Data::Volume(volume())),
        (
            "20 alerts",
            Data::Alerts(Alerts {
                alerts: (0..20).map(alert).collect(),
            }),
        ),
    ]
}

/// The text block a toolshape format `F` gives for `value`.
fn toolshape_text<F, T>(value: T) -> String
where
    F: Render<T>,
{
    let facts = toolshape::formats::CallFacts::new("get_data", "0.1.0");
    text_of(F::render(value, &facts))
}

fn text_of(result: rmcp::model::CallToolResult) -> String {
    result
        .content
        .first()
        .and_then(|block| block.as_text())
        .map(|text| text.text.clone())
        .unwrap_or_default()
}

/// rmcp `Json<T>`: the compact JSON mirror of `structuredContent` in the text block.
fn rmcp_json<T: Serialize + JsonSchema + 'static>(value: T) -> String {
    match rmcp::Json(value).into_call_tool_result() {
        Ok(rmcp::model::CallToolResponse::Complete(result)) => text_of(result),
        other => format!("{other:?}"),
    }
}

/// The Python SDK's default for structured results: `pydantic_core.to_json(result,
/// indent=2)`, which is serde_json's pretty printer byte for byte (UTF-8 kept, `": "`).
fn python_indent2<T: Serialize>(value: &T) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// The styles compared: name and text, for one dataset. Add text and hybrid here.
fn styles(data: &Data) -> Vec<(&'static str, String)> {
    match data {
        Data::User(value) => {
            let omitting = (
                "toolshape text (missing omitted)",
                text(UserOmitting::from(value)),
            );
            rows(value, text(value.clone()), Some(omitting))
        }
        Data::Users(value) => {
            let table: Vec<UserRow> = value.users.iter().map(UserRow::from).collect();
            let table = ("toolshape text (table)", text(table));
            rows(value, text(value.users.clone()), Some(table))
        }
        Data::Volume(value) => rows(value, text(value.clone()), None),
        Data::Alerts(value) => {
            let table: Vec<AlertRow> = value.alerts.iter().map(AlertRow::from).collect();
            let table = ("toolshape text (table)", text(table));
            rows(value, text(value.alerts.clone()), Some(table))
        }
    }
}

/// The text form of `value` (for a list wrapper, of its records).
fn text<T>(value: T) -> String
where
    toolshape::formats::text::Text: Render<T>,
{
    toolshape_text::<toolshape::formats::text::Text, _>(value)
}

/// Every style for one data set: the JSON forms and hybrid from `value`, its text form, and
/// one more text form of the same data (`variant`: a table, missing values omitted).
fn rows<T>(
    value: &T,
    text: String,
    variant: Option<(&'static str, String)>,
) -> Vec<(&'static str, String)>
where
    T: Clone + Serialize + JsonSchema + 'static,
    toolshape::formats::Json: Render<T>,
    toolshape::formats::HybridFormat: Render<T>,
{
    let mut rows = vec![
        ("rmcp Json<T> (compact)", rmcp_json(value.clone())),
        (
            "toolshape json",
            toolshape_text::<toolshape::formats::Json, _>(value.clone()),
        ),
        ("Python SDK indent=2", python_indent2(value)),
        ("toolshape text", text),
    ];
    rows.extend(variant);
    rows.push((
        "toolshape hybrid",
        toolshape_text::<toolshape::formats::HybridFormat, _>(value.clone()),
    ));
    rows
}

fn main() {
    let started = Instant::now();
    let bpe = tiktoken_rs::o200k_base().expect("o200k_base ships with tiktoken-rs");
    let show = std::env::args().any(|arg| arg == "--show");
    if std::env::args().any(|arg| arg == "--count") {
        // Count a text of your own: each stdin chunk separated by a line `---` is counted alone.
        let input = std::io::read_to_string(std::io::stdin()).unwrap_or_default();
        for chunk in input.split("\n---\n") {
            let tokens = bpe.encode_with_special_tokens(chunk).len();
            println!("{tokens:>6}  {}", chunk.lines().next().unwrap_or(""));
        }
        return;
    }
    let mut rows = Vec::new();
    for (name, data) in datasets() {
        let styles = styles(&data);
        let count = |text: &str| bpe.encode_with_special_tokens(text).len();
        let baseline = count(&styles[0].1);
        for (style, text) in &styles {
            let tokens = count(text);
            rows.push(json!({
                "data": name, "style": style, "tokens": tokens, "bytes": text.len(),
                "vs_compact": tokens as f64 / baseline as f64,
            }));
            if show {
                println!("--- {name} / {style}\n{text}\n");
            }
        }
    }
    println!("| data | style | tokens | bytes | × compact JSON |");
    println!("| --- | --- | ---: | ---: | ---: |");
    for row in &rows {
        println!(
            "| {} | {} | {} | {} | {:.2} |",
            row["data"].as_str().unwrap_or(""),
            row["style"].as_str().unwrap_or(""),
            row["tokens"],
            row["bytes"],
            row["vs_compact"].as_f64().unwrap_or(0.0)
        );
    }
    eprintln!("({:.1} s)", started.elapsed().as_secs_f64());
}
