//! Listing cost: bytes and tokens (o200k_base) of each tour tool's `tools/list` entry, as
//! compact JSON (what a host sends a model on every turn), beside the same tool listed with
//! `envelope = false` and beside rmcp's own `#[tool]` with `Json<T>` of the same documented
//! type.
//!
//! `cargo run -p toolshape-bench --bin listing` (`--show` prints every entry)
//!
//! The tour's tools are compiled here from their source (`examples/src/quickstart.rs`).
//! A tool's `envelope = false` entry is its entry with the output schema that format gives
//! the same type (`PlainJson`) and `"envelope": false` in its `_meta`, exactly as the macro
//! lists such a tool: the program checks this against the tour's own `envelope = false`
//! tool, `get_user`, before it prints anything.

// The rmcp tools below are listed, never called: their parameters' fields and the router
// field are read by rmcp's macros only for the schemas and the listing.
#![allow(dead_code)]

#[allow(missing_docs)]
#[path = "../../../examples/src/quickstart.rs"]
mod quickstart;

use std::sync::Arc;

use quickstart::{Directory, DirectorySummary, User};
use rmcp::Json;
use rmcp::handler::server::{router::tool::ToolRouter, wrapper::Parameters};
use rmcp::model::Tool;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use toolshape::formats::PlainJson;
use toolshape::formats::Render;

/// The tour's tools written with rmcp's own macros: same names, doc comments and
/// parameters, each returning `Json<T>` of the type the toolshape tool returns (a `String`
/// for the text tool, as an rmcp text tool would).
#[derive(Clone)]
struct RmcpTour {
    tool_router: ToolRouter<Self>,
}

#[derive(Deserialize, JsonSchema)]
struct ById {
    /// The user's numeric id.
    id: u32,
}

#[derive(Deserialize, JsonSchema)]
struct Search {
    /// Text to look for in name, surname and e-mail.
    query: String,
    /// At most this many users (default 10).
    limit: Option<u32>,
}

#[derive(Deserialize, JsonSchema)]
struct Find {
    /// Text to look for in name, surname and e-mail.
    query: String,
}

#[derive(Deserialize, JsonSchema)]
struct Addends {
    /// The first addend.
    a: i64,
    /// The second addend.
    b: i64,
}

#[derive(Deserialize, JsonSchema)]
struct NoArguments {}

#[rmcp::tool_router]
impl RmcpTour {
    /// Look up one user by id.
    #[rmcp::tool]
    async fn get_user_by_id(&self, _: Parameters<ById>) -> Result<Json<User>, String> {
        Err("not called".into())
    }

    /// Look up one user by id; the result is the user itself (no envelope).
    #[rmcp::tool]
    async fn get_user(&self, _: Parameters<ById>) -> Result<Json<User>, String> {
        Err("not called".into())
    }

    /// Search users whose name, surname or e-mail contains the query (case-insensitive).
    #[rmcp::tool]
    async fn search_users(&self, _: Parameters<Search>) -> Result<Json<Vec<User>>, String> {
        Err("not called".into())
    }

    /// Add two integers.
    #[rmcp::tool(title = "Adder")]
    async fn add(&self, _: Parameters<Addends>) -> Result<Json<i64>, String> {
        Err("not called".into())
    }

    /// Find users whose name, surname or e-mail contains the query, as text for a model to read.
    #[rmcp::tool]
    async fn find_users(&self, _: Parameters<Find>) -> Result<String, String> {
        Err("not called".into())
    }

    /// Summarise the directory: a sentence for the model, the counts for programs.
    #[rmcp::tool]
    async fn directory_summary(
        &self,
        _: Parameters<NoArguments>,
    ) -> Result<Json<DirectorySummary>, String> {
        Err("not called".into())
    }
}

/// The entry of a json or hybrid tool returning `T`, as it would be listed with
/// `envelope = false`.
fn without_envelope<T>(tool: &Tool) -> Tool
where
    PlainJson: Render<T>,
{
    let mut plain = tool.clone();
    plain.output_schema = <PlainJson as Render<T>>::output_schema().map(Arc::new);
    if let Some(meta) = plain.meta.as_mut()
        && let Some(Value::Object(about)) = meta.0.get_mut(toolshape::tool::TOOL_META_KEY)
    {
        about.insert("format".into(), "json".into());
        about.insert("envelope".into(), false.into());
    }
    plain
}

fn compact(tool: &Tool) -> String {
    serde_json::to_string(tool).expect("a tool serialises")
}

fn main() {
    let bpe = tiktoken_rs::o200k_base().expect("o200k_base ships with tiktoken-rs");
    let show = std::env::args().any(|arg| arg == "--show");
    let tokens = |text: &str| bpe.encode_with_special_tokens(text).len();
    let tools = quickstart::toolset().list();
    let tool = |name: &str| {
        tools
            .iter()
            .find(|tool| tool.name == name)
            .unwrap_or_else(|| panic!("the tour lists `{name}`"))
    };
    let rmcp_tools = RmcpTour::tool_router().list_all();
    let rmcp_tool = |name: &str| rmcp_tools.iter().find(|tool| tool.name == name).cloned();

    // The envelope = false entry made here is what the macro lists: check it on `get_user`.
    let mut made = without_envelope::<User>(tool("get_user_by_id"));
    let real = tool("get_user");
    made.name = real.name.clone();
    made.description = real.description.clone();
    made.annotations = real.annotations.clone(); // `get_user` says `kind = "read"`
    if let Some(Value::Object(about)) = made
        .meta
        .as_mut()
        .and_then(|meta| meta.0.get_mut(toolshape::tool::TOOL_META_KEY))
    {
        about.insert("kind".into(), "read".into());
    }
    assert_eq!(
        serde_json::to_value(&made).unwrap(),
        serde_json::to_value(real).unwrap(),
        "the envelope = false entry made here differs from the macro's"
    );

    let _ = Directory::default();
    let rows: Vec<(&str, &str, Option<Tool>)> = vec![
        (
            "get_user_by_id",
            "json",
            Some(without_envelope::<User>(tool("get_user_by_id"))),
        ),
        ("get_user", "json, envelope = false", None),
        (
            "search_users",
            "json",
            Some(without_envelope::<Vec<User>>(tool("search_users"))),
        ),
        ("add", "json", Some(without_envelope::<i64>(tool("add")))),
        ("find_users", "text", None),
        (
            "directory_summary",
            "hybrid",
            Some(without_envelope::<DirectorySummary>(tool(
                "directory_summary",
            ))),
        ),
    ];
    println!(
        "| tool | format | toolshape bytes | tokens | with `envelope = false` bytes | tokens | × (bytes, tokens) | rmcp `#[tool]` bytes | tokens | × rmcp (bytes, tokens) |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | --- |");
    let mut all = Vec::new();
    for (name, format, plain) in rows {
        let entry = compact(tool(name));
        let (bytes, count) = (entry.len(), tokens(&entry));
        let plain_cells = match &plain {
            Some(plain) => {
                let text = compact(plain);
                let (b, t) = (text.len(), tokens(&text));
                format!(
                    "{b} | {t} | {:.2}×, {:.2}×",
                    bytes as f64 / b as f64,
                    count as f64 / t as f64
                )
            }
            None => "— | — | —".into(),
        };
        let rmcp_cells = match rmcp_tool(name) {
            Some(rmcp) => {
                let text = compact(&rmcp);
                let (b, t) = (text.len(), tokens(&text));
                if show {
                    println!("--- rmcp {name}\n{text}\n");
                }
                format!(
                    "{b} | {t} | {:.2}×, {:.2}×",
                    bytes as f64 / b as f64,
                    count as f64 / t as f64
                )
            }
            None => "— | — | —".into(),
        };
        if show {
            println!("--- toolshape {name}\n{entry}\n");
            if let Some(plain) = &plain {
                println!("--- envelope = false {name}\n{}\n", compact(plain));
            }
        }
        println!("| `{name}` | {format} | {bytes} | {count} | {plain_cells} | {rmcp_cells} |");
        all.push(json!({"name": name, "bytes": bytes, "tokens": count}));
    }
    let total: u64 = all.iter().filter_map(|row| row["bytes"].as_u64()).sum();
    let total_tokens: u64 = all.iter().filter_map(|row| row["tokens"].as_u64()).sum();
    println!("\nthe whole tour: {total} bytes, {total_tokens} tokens");
}
