//! Scripts that do real work: the listing, what a call answers inside a script, errors a
//! script catches, provenance, layers, undo.

use rmcp::model::{CallToolResult, ProtocolVersion};
use serde_json::{Value, json};
use toolshape::code::CodeMode;
use toolshape::search::ToolSearch;
use toolshape_examples::ontap;
use toolshape_test_support as common;

pub(crate) fn code_server() -> toolshape::Server<ontap::Ontap> {
    ontap::server().with_tool_search(ontap::tool_search().with_code_mode(CodeMode::new()))
}

pub(crate) async fn execute(client: &common::Client, code: &str) -> CallToolResult {
    common::call(client, "execute", json!({ "code": code }))
        .await
        .expect("execute answers")
}

pub(crate) fn result_of(result: &CallToolResult) -> Value {
    assert_ne!(
        result.is_error,
        Some(true),
        "the script failed: {}",
        common::text_of(result)
    );
    result.structured_content.as_ref().expect("structured")["result"].clone()
}

#[tokio::test]
async fn smoke() {
    let client = common::connect(code_server(), ProtocolVersion::V_2026_07_28).await;
    let listed: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    eprintln!("{listed:?}");
    let result = execute(&client, "vols = await cluster_list_volumes()\nreturn vols").await;
    eprintln!("{}", common::text_of(&result));
    eprintln!("{}", serde_json::to_string(&result.meta).unwrap());
    let _ = result_of(&result);
    let _ = ToolSearch::new();
}
