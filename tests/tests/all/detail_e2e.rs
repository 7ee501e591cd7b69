//! `#[tool(detail)]` end to end: the `response_format` argument in the listed schema, the
//! concise text by default and the detailed one on request (fields marked
//! `#[text(detailed)]`), `structuredContent` complete either way; and a hybrid tool whose
//! text carries its data in the compact layout (`data = "text"`). The ontap example's list
//! tools are measured: concise against detailed, in o200k_base tokens.

use toolshape_test_support as common;

use common::{call, check_detail_success, check_error, connect, versions};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::{Narrative, Server, ToolSet, ToolText, tool, tools};
use toolshape_examples::ontap;

async fn listed(client: &common::Client, name: &str) -> rmcp::model::Tool {
    let tools = client.list_all_tools().await.unwrap();
    tools.into_iter().find(|t| t.name == name).unwrap()
}

#[tokio::test]
async fn ontap_lists_are_concise_unless_asked() {
    let bpe = tiktoken_rs::o200k_base_singleton();
    let tokens = |text: &str| bpe.encode_with_special_tokens(text).len();
    for version in versions() {
        let client = connect(ontap::server(), version).await;
        println!("| tool | concise | detailed | concise ÷ detailed |\n|---|---:|---:|---:|");
        for name in ["cluster_list_volumes", "cluster_list_svms"] {
            let tool = listed(&client, name).await;
            let format = &tool.input_schema["properties"]["response_format"];
            assert_eq!(format["enum"], json!(["concise", "detailed"]), "{format}");
            assert_eq!(format["default"], "concise");
            let required = tool
                .input_schema
                .get("required")
                .cloned()
                .unwrap_or(json!([]));
            assert!(
                !required
                    .as_array()
                    .unwrap()
                    .contains(&json!("response_format"))
            );

            let result = call(&client, name, json!({})).await.unwrap();
            let (data, concise) = check_detail_success(&tool, &result);
            let result = call(&client, name, json!({"response_format": "detailed"}))
                .await
                .unwrap();
            let (detailed_data, detailed) = check_detail_success(&tool, &result);
            assert_eq!(data, detailed_data, "structuredContent keeps every field");
            // The UUIDs are detailed: in the data always, in the text only when asked.
            let list = data
                .as_object()
                .unwrap()
                .values()
                .find_map(Value::as_array)
                .unwrap();
            let uuid = list[0]["uuid"].as_str().unwrap();
            assert!(!concise.contains(uuid), "{concise}");
            assert!(detailed.contains(uuid), "{detailed}");
            let explicit = call(&client, name, json!({"response_format": "concise"}))
                .await
                .unwrap();
            assert_eq!(check_detail_success(&tool, &explicit).1, concise);

            let (concise, detailed) = (tokens(&concise), tokens(&detailed));
            let ratio = concise as f64 / detailed as f64;
            println!("| {name} | {concise} | {detailed} | {ratio:.2} |");
            assert!(ratio <= 0.4, "{name}: {ratio:.2}");

            let bad = call(&client, name, json!({"response_format": "verbose"}))
                .await
                .unwrap();
            assert!(check_error(&bad).contains("response_format"));
        }
    }
}

#[derive(Debug, Clone, Serialize, JsonSchema, ToolText)]
#[text(noun = "volume", layout = "compact")]
struct Volume {
    name: String,
    size: u64,
    #[text(detailed)]
    uuid: String,
}

#[derive(Debug, Clone, Serialize, JsonSchema, ToolText, Narrative)]
#[narrative("{count} volumes, {offline} offline.")]
struct Volumes {
    count: usize,
    offline: usize,
    volumes: Vec<Volume>,
}

fn volumes() -> Volumes {
    let volumes: Vec<Volume> = (0..3)
        .map(|i| Volume {
            name: format!("vol{i}"),
            size: 5 << 30,
            uuid: format!("b6f2c1a4-{i:04}"),
        })
        .collect();
    Volumes {
        count: volumes.len(),
        offline: 0,
        volumes,
    }
}

/// The volumes, narrated.
#[tool(format = "hybrid", data = "text")]
fn volume_report() -> Volumes {
    volumes()
}

/// The volumes, narrated, at the level the model asks for.
#[tool(format = "hybrid", detail)]
fn volume_report_detail() -> Volumes {
    volumes()
}

#[tokio::test]
async fn a_hybrid_text_carries_its_data_in_the_compact_layout() {
    let set = ToolSet::new(tools![volume_report, volume_report_detail]).unwrap();
    let client = connect(Server::new((), set), versions()[0].clone()).await;
    let result = call(&client, "volume_report", json!({})).await.unwrap();
    let text = common::text_of(&result);
    assert_eq!(
        text,
        "3 volumes, 0 offline.\n\n```\nCount: 3\nOffline: 0\nVolumes:\n name,size,uuid\n \
         vol0,5368709120,b6f2c1a4-0000\n vol1,5368709120,b6f2c1a4-0001\n vol2,5368709120,b6f2c1a4-0002\n```"
    );
    let structured = result.structured_content.unwrap();
    assert_eq!(structured["data"]["volumes"][2]["uuid"], "b6f2c1a4-0002");
    assert_eq!(structured["narrative"], "3 volumes, 0 offline.");

    let result = call(&client, "volume_report_detail", json!({}))
        .await
        .unwrap();
    let text = common::text_of(&result);
    assert!(text.starts_with("3 volumes, 0 offline.\n\n```\n"), "{text}");
    assert!(text.contains(" name,size\n vol0,5368709120\n"), "{text}");
    let structured = result.structured_content.unwrap();
    assert_eq!(structured["data"]["volumes"][2]["uuid"], "b6f2c1a4-0002");
}
