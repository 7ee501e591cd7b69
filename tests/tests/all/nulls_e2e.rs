//! End to end, through rmcp's client: `null` for an argument that may be absent (a default,
//! an `Option`, a nested record's optional member) means absent, as clients in strict
//! structured-output modes send it; where a value is required, `null` is refused by its path.

use toolshape_test_support as common;

use common::{call, check_error, check_json_success, connect, versions};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use toolshape::{Server, ToolSet, tool, tools};

/// A search filter with optional members.
#[derive(Debug, Deserialize, serde::Serialize, JsonSchema)]
struct Filter {
    /// Required.
    name: String,
    /// Optional.
    owner: Option<String>,
    /// Has a default.
    #[serde(default = "ten")]
    limit: u32,
    /// A nested record, optional.
    range: Option<Range>,
}

/// A range with a default member.
#[derive(Debug, Deserialize, serde::Serialize, JsonSchema)]
struct Range {
    from: u32,
    #[serde(default)]
    to: u32,
}

fn ten() -> u32 {
    10
}

/// List pages of results.
#[tool(format = "json")]
fn list_pages(
    /// How many per page.
    #[arg(rename = "pageSize", default = 10)]
    page_size: u32,
    /// A cursor.
    cursor: Option<String>,
    /// Whether to include drafts.
    #[arg(default)]
    drafts: bool,
    /// The filter.
    filter: Option<Filter>,
    /// The filters applied one after the other.
    #[arg(default)]
    more: Vec<Filter>,
) -> String {
    let describe = |f: &Filter| {
        let range = f.range.as_ref().map(|r| format!("{}..{}", r.from, r.to));
        format!("{} {:?} {} {:?}", f.name, f.owner, f.limit, range)
    };
    let more: Vec<String> = more.iter().map(describe).collect();
    format!(
        "{page_size} {cursor:?} {drafts} {:?} {more:?}",
        filter.as_ref().map(describe)
    )
}

#[tokio::test]
async fn null_means_absent_where_absent_is_allowed() {
    for version in versions() {
        let tools = ToolSet::new(tools![list_pages]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let tool = &listed[0];
        let ok = async |arguments: serde_json::Value| {
            let result = call(&client, "list_pages", arguments).await.unwrap();
            check_json_success(tool, &result)
        };

        // Top-level: a default, an `Option`, a `#[arg(default)]`.
        assert_eq!(
            ok(json!({"pageSize": null, "cursor": null, "drafts": null, "filter": null, "more": null})).await,
            json!("10 None false None []")
        );
        // Nested: an `Option` member, a `#[serde(default)]` member, an optional record, and
        // a default member of a record inside an array.
        assert_eq!(
            ok(json!({
                "filter": {"name": "a", "owner": null, "limit": null, "range": null},
                "more": [{"name": "b", "owner": null, "limit": null, "range": {"from": 2, "to": null}}]
            }))
            .await,
            json!(
                "10 None false Some(\"a None 10 None\") [\"b None 10 Some(\\\"2..0\\\")\"]"
            )
        );

        // Where a value is required, null is refused, by its path.
        let result = call(
            &client,
            "list_pages",
            json!({"filter": {"name": null, "owner": null}, "more": [{"name": "c", "range": {"from": null}}]}),
        )
        .await
        .unwrap();
        let error = check_error(&result);
        assert!(
            error.contains("parameter `filter.name`: expected a string, got null"),
            "{error}"
        );
        assert!(
            error.contains("parameter `more[0].range.from`: expected a whole number"),
            "{error}"
        );
        assert!(!error.contains("owner"), "{error}");
        client.cancel().await.unwrap();
    }
}
