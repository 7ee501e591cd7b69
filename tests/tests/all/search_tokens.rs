//! What tool search costs a model, in o200k_base tokens (tiktoken-rs, as `bench/src/bin/tokens.rs`
//! counts), on the catalogue of real tools of public MCP servers in `bench/search/` and its
//! requests: the listing with search on against the full listing of 100 tools, and each
//! search's text against its hits' `tools/list` entries as JSON. Run with `--nocapture` for
//! the figures.

use rmcp::model::Tool;
use serde_json::{Value, json};
use toolshape::search::{SearchIndex, ToolSearch, result_text};
use toolshape::{Server, ToolSet, testing, tool, tools};

fn bench_file(name: &str) -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../bench/search/").to_owned() + name;
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The catalogue's tools as their servers list them (name, title, description, inputSchema).
fn catalogue() -> Vec<Tool> {
    let catalogue = bench_file("catalogue.json");
    let tools = catalogue["tools"].as_array().unwrap().iter();
    tools
        .map(|tool| {
            let mut entry = tool.as_object().unwrap().clone();
            entry.remove("server");
            entry.remove("source");
            serde_json::from_value(Value::Object(entry)).unwrap()
        })
        .collect()
}

fn tokens(text: &str) -> usize {
    tiktoken_rs::o200k_base_singleton()
        .encode_with_special_tokens(text)
        .len()
}

/// Add two numbers.
#[tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

#[tokio::test]
async fn the_listing_with_search_costs_under_a_twentieth_of_a_hundred_tools() {
    let full: Vec<Tool> = catalogue().into_iter().take(100).collect();
    let full = tokens(&serde_json::to_string(&json!({ "tools": full })).unwrap());
    let server =
        Server::new((), ToolSet::new(tools![add]).unwrap()).with_tool_search(ToolSearch::new());
    let client = testing::connect(server).await.unwrap();
    let listed = client.list_all_tools().await.unwrap();
    let _ = client.cancel().await;
    let search = tokens(&serde_json::to_string(&json!({ "tools": listed })).unwrap());
    let ratio = search as f64 / full as f64;
    println!(
        "tools/list, 100 tools: {full} tokens; with search on (no pin): {search} tokens ({ratio:.3}x)"
    );
    assert!(ratio <= 0.05, "{search} / {full}");
}

#[test]
fn a_search_s_text_costs_clearly_fewer_tokens_than_its_entries() {
    let tools = catalogue();
    let index = SearchIndex::new(&tools);
    let requests = bench_file("requests.json");
    let (mut text_total, mut json_total, mut searches) = (0, 0, 0);
    for request in requests["requests"].as_array().unwrap() {
        let query = request["query"].as_str().unwrap();
        let hits: Vec<&Tool> = index
            .search(query)
            .into_iter()
            .take(5)
            .map(|hit| &tools[hit.index])
            .collect();
        if hits.is_empty() {
            continue;
        }
        let text = result_text(query, &hits);
        if searches == 0 {
            println!("{query}: {} tokens\n{text}", tokens(&text));
        }
        text_total += tokens(&text);
        json_total += tokens(&serde_json::to_string(&json!({ "tools": hits })).unwrap());
        searches += 1;
    }
    let ratio = text_total as f64 / json_total as f64;
    println!(
        "{searches} searches of 5 hits: text {text_total} tokens, entries as JSON {json_total} tokens ({ratio:.3}x); per search {} vs {}",
        text_total / searches,
        json_total / searches
    );
    // 0.505x when written (0.795x before parameters' descriptions were cut to their first
    // sentence and repeated parameters named only): a text that grows past 0.6x of the
    // entries fails here
    assert!(ratio <= 0.6, "{text_total} / {json_total}");
}
