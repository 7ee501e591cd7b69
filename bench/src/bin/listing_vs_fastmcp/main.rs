//! The full listing against FastMCP: the same 54 functions (scalars, optional parameters with
//! defaults, enums, nested records, lists, maps) declared with toolshape (`tools.rs`) and
//! with FastMCP (`bench/listing/fastmcp_tools.py`), both written from one description
//! (`bench/listing/spec.py`). Counts the o200k_base tokens of each server's `tools/list`
//! result as sent, and where toolshape's go: the tokens each part of the listing costs
//! (the listing's tokens less those of the listing without that part).
//!
//! `bash bench/listing/compare.sh` runs FastMCP and then this program with
//! `--fastmcp FILE` (FastMCP's result); `--show NAME` prints one tool's entry from both.

mod tools;

use serde_json::{Map, Value, json};

/// The o200k_base tokens of a JSON value written compactly, as sent.
fn tokens(bpe: &tiktoken_rs::CoreBPE, value: &Value) -> usize {
    bpe.encode_with_special_tokens(&value.to_string()).len()
}

/// `listing` with `edit` applied to every tool entry.
fn without(listing: &Value, edit: &dyn Fn(&mut Map<String, Value>)) -> Value {
    let mut listing = listing.clone();
    for tool in listing["tools"].as_array_mut().into_iter().flatten() {
        if let Value::Object(tool) = tool {
            edit(tool);
        }
    }
    listing
}

/// `key` removed at every depth of the tool's schemas.
fn drop_in_schemas(tool: &mut Map<String, Value>, key: &str) {
    fn walk(value: &mut Value, key: &str) {
        match value {
            Value::Object(object) => {
                // (a property named `key` is not a keyword: `properties` is walked below)
                object.remove(key);
                for (k, v) in object.iter_mut() {
                    if k != "properties" {
                        walk(v, key);
                    } else if let Value::Object(properties) = v {
                        for property in properties.values_mut() {
                            walk(property, key);
                        }
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(|item| walk(item, key)),
            _ => {}
        }
    }
    for schema in ["inputSchema", "outputSchema"] {
        if let Some(schema) = tool.get_mut(schema) {
            walk(schema, key);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value_of = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1).cloned())
    };
    let bpe = tiktoken_rs::o200k_base().expect("o200k_base ships with tiktoken-rs");

    let listed = tools::toolset().list();
    let ours = serde_json::to_value(rmcp::model::ListToolsResult {
        tools: listed,
        ..Default::default()
    })
    .expect("a listing serialises");
    let theirs: Option<Value> = value_of("--fastmcp").map(|path| {
        let text = std::fs::read_to_string(&path).expect("FastMCP's listing");
        serde_json::from_str(&text).expect("FastMCP's listing is JSON")
    });

    if let Some(name) = value_of("--show") {
        for (who, listing) in [("toolshape", Some(&ours)), ("FastMCP", theirs.as_ref())] {
            let entry = listing.and_then(|l| {
                l["tools"]
                    .as_array()?
                    .iter()
                    .find(|t| t["name"] == json!(name))
                    .cloned()
            });
            if let Some(entry) = entry {
                println!("--- {who} ({} tokens)\n{entry}\n", tokens(&bpe, &entry));
            }
        }
    }

    let count = ours["tools"].as_array().map_or(0, Vec::len);
    let total = tokens(&bpe, &ours);
    println!("| listing | tools | bytes | o200k_base tokens |");
    println!("| --- | ---: | ---: | ---: |");
    println!(
        "| toolshape | {count} | {} | {total} |",
        ours.to_string().len()
    );
    if let Some(theirs) = &theirs {
        let n = theirs["tools"].as_array().map_or(0, Vec::len);
        let their_total = tokens(&bpe, theirs);
        println!(
            "| FastMCP 4.1.6 | {n} | {} | {their_total} |",
            theirs.to_string().len()
        );
        println!(
            "\ntoolshape / FastMCP: {:.3}× tokens",
            total as f64 / their_total as f64
        );
    }

    type Edit = Box<dyn Fn(&mut Map<String, Value>)>;
    let parts: Vec<(&str, Edit)> = vec![
        ("outputSchema", Box::new(|t| drop(t.remove("outputSchema")))),
        ("_meta", Box::new(|t| drop(t.remove("_meta")))),
        ("annotations", Box::new(|t| drop(t.remove("annotations")))),
        ("title (the tool's)", Box::new(|t| drop(t.remove("title")))),
        ("`$schema`", Box::new(|t| drop_in_schemas(t, "$schema"))),
        ("`format`", Box::new(|t| drop_in_schemas(t, "format"))),
        (
            "`title` in schemas",
            Box::new(|t| drop_in_schemas(t, "title")),
        ),
        ("`default`", Box::new(|t| drop_in_schemas(t, "default"))),
        (
            "`additionalProperties`",
            Box::new(|t| drop_in_schemas(t, "additionalProperties")),
        ),
        (
            "`minimum`/`maximum`",
            Box::new(|t| {
                drop_in_schemas(t, "minimum");
                drop_in_schemas(t, "maximum");
            }),
        ),
        (
            "`$defs` and `$ref`",
            Box::new(|t| {
                drop_in_schemas(t, "$defs");
                drop_in_schemas(t, "$ref");
            }),
        ),
        (
            "descriptions in schemas",
            Box::new(|t| drop_in_schemas(t, "description")),
        ),
        (
            "the envelope's `status`, `metadata`, `grounded`",
            Box::new(|t| {
                if let Some(Value::Object(output)) = t.get_mut("outputSchema") {
                    if let Some(Value::Object(properties)) = output.get_mut("properties") {
                        for key in ["status", "metadata", "grounded"] {
                            properties.remove(key);
                        }
                    }
                    if let Some(Value::Array(required)) = output.get_mut("required") {
                        required.retain(|r| {
                            !["status", "metadata", "grounded"].contains(&r.as_str().unwrap_or(""))
                        });
                    }
                }
            }),
        ),
        (
            "FastMCP's result wrapper (`x-fastmcp-wrap-result`)",
            Box::new(|t| drop_in_schemas(t, "x-fastmcp-wrap-result")),
        ),
    ];
    println!("\nWhat each part costs (the listing's tokens less those without it):\n");
    println!("| part | toolshape | FastMCP |");
    println!("| --- | ---: | ---: |");
    for (part, edit) in &parts {
        let cost = |listing: &Value| tokens(&bpe, listing) - tokens(&bpe, &without(listing, edit));
        let theirs = theirs
            .as_ref()
            .map_or_else(|| "—".to_owned(), |t| cost(t).to_string());
        println!("| {part} | {} | {theirs} |", cost(&ours));
    }
}
