//! The tour: declares a few tools (see `src/quickstart.rs`), connects rmcp's own client to
//! them in-process, and prints, for each tool, its `tools/list` entry and the results of a
//! few `tools/call`s exactly as the client receives them.
//!
//! Run it with `cargo run -p toolshape-examples --no-default-features --bin tour` (the other
//! examples' integrations left out: the first build is short).

use rmcp::ServiceExt as _;
use rmcp::model::CallToolRequestParams;
use serde_json::{Value, json};
use toolshape::{Server, tool::TOOL_META_KEY};
use toolshape_examples::quickstart::{Directory, toolset};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Server::new(Directory::default(), toolset()).with_info(
        toolshape::rmcp::model::Implementation::new("toolshape-tour", env!("CARGO_PKG_VERSION")),
    );
    let (server_io, client_io) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        if let Ok(running) = server.serve(server_io).await {
            let _ = running.waiting().await;
        }
    });
    let client = ().serve(client_io).await?;

    let calls: &[(&str, &[Value])] = &[
        (
            "add",
            &[json!({"a": 2, "b": 40}), json!({"a": "two", "b": 40})],
        ),
        (
            "get_user_by_id",
            &[
                json!({"id": 42}),
                json!({"id": 7}),
                json!({"id": -1, "extra": true}),
            ],
        ),
        ("get_user", &[json!({"id": 42})]),
        ("search_users", &[json!({"query": "john", "limit": 2})]),
        (
            "find_users",
            &[json!({"query": "john"}), json!({"query": "nobody"})],
        ),
        ("directory_summary", &[json!({})]),
    ];

    println!("# toolshape tour\n");
    println!("The tools below are declared in `examples/src/quickstart.rs` with");
    println!("`#[toolshape::tool(format = \"json\" | \"text\" | \"hybrid\")]`.");
    println!("What follows is what rmcp's client received over MCP.\n");
    let tools = client.list_all_tools().await?;
    for (name, arguments) in calls {
        let tool = tools
            .iter()
            .find(|t| t.name == *name)
            .ok_or("tool not listed")?;
        // What the tool is, as the listing says it: `_meta["dev.toolshape/tool"].format`.
        let format = tool
            .meta
            .as_ref()
            .and_then(|meta| meta.get(TOOL_META_KEY))
            .and_then(|about| about.get("format"))
            .and_then(Value::as_str)
            .ok_or("the listing does not say the tool's format")?;
        let envelope = tool
            .meta
            .as_ref()
            .and_then(|meta| meta.get(TOOL_META_KEY))
            .and_then(|about| about.get("envelope"));
        let envelope = if envelope == Some(&Value::Bool(false)) {
            ", envelope = false"
        } else {
            ""
        };
        println!("## {name} (format = \"{format}\"{envelope})\n");
        println!(
            "tools/list entry:\n```json\n{}\n```\n",
            serde_json::to_string_pretty(tool)?
        );
        for arguments in *arguments {
            let request = CallToolRequestParams::new(name.to_string())
                .with_arguments(arguments.as_object().cloned().unwrap_or_default());
            let result = client.call_tool(request).await?;
            println!(
                "tools/call with {arguments}:\n```json\n{}\n```\n",
                serde_json::to_string_pretty(&result)?
            );
        }
    }
    client.cancel().await?;
    Ok(())
}
