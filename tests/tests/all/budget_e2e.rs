//! End to end: output budgets (`toolshape::budget`) through rmcp's client. A list over
//! budget is cut to the items that fit, stays valid against the advertised output schema,
//! says how to get the rest, and pages to the end with nothing lost or repeated.

use toolshape_test_support as common;

use common::{
    call, check_hybrid_success, check_json_success, check_text_success, connect, normalised,
    text_of, versions,
};
use rmcp::model::Tool;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::budget::{Budget, Cap};
use toolshape::{Narrative, Server, ToolSet, ToolText, tool, tools};

#[derive(Serialize, JsonSchema, ToolText)]
struct User {
    id: u32,
    name: String,
}

fn users(n: u32) -> Vec<User> {
    (1..=n)
        .map(|id| User {
            id,
            name: format!("user number {id}"),
        })
        .collect()
}

/// List the first `n` users.
#[tool(format = "json")]
fn list_users(n: u32) -> Vec<User> {
    users(n)
}

#[derive(Serialize, JsonSchema, Narrative)]
#[narrative("Found {total} users in {team}")]
struct Team {
    team: String,
    total: usize,
    members: Vec<User>,
}

/// The members of a team.
#[tool(format = "hybrid")]
fn team_members(team: String, n: u32) -> Team {
    Team {
        team,
        total: n as usize,
        members: users(n),
    }
}

/// The first `n` users, as text.
#[tool(format = "text")]
fn users_text(n: u32) -> Vec<User> {
    users(n)
}

/// One number: not a list.
#[tool(format = "json")]
fn answer() -> u32 {
    42
}

fn set() -> ToolSet<()> {
    ToolSet::new(tools![list_users, team_members, users_text, answer]).unwrap()
}

fn listed<'a>(tools: &'a [Tool], name: &str) -> &'a Tool {
    tools.iter().find(|t| t.name == name).unwrap()
}

/// Pages through `name` with `arguments`, checking each page; returns every item's id.
async fn all_pages(
    client: &common::Client,
    tool: &Tool,
    arguments: Value,
    hybrid: bool,
) -> (Vec<u64>, usize) {
    let mut ids = Vec::new();
    let mut pages = 0;
    let mut cursor: Option<String> = None;
    loop {
        let mut arguments = arguments.clone();
        if let Some(cursor) = &cursor {
            arguments["cursor"] = cursor.clone().into();
        }
        let result = call(client, &tool.name, arguments).await.unwrap();
        // valid against the advertised output schema, hash over the page, text = the page
        let data = if hybrid {
            check_hybrid_success(tool, &result)["data"].clone()
        } else {
            check_json_success(tool, &result)
        };
        let items = if hybrid { &data["members"] } else { &data };
        ids.extend(
            items
                .as_array()
                .unwrap()
                .iter()
                .map(|u| u["id"].as_u64().unwrap()),
        );
        pages += 1;
        let page = &result.structured_content.as_ref().unwrap()["page"];
        match page.get("next_cursor") {
            Some(next) => cursor = Some(next.as_str().unwrap().to_owned()),
            None => break,
        }
        assert!(pages < 100, "paging ends");
    }
    (ids, pages)
}

#[tokio::test]
async fn a_list_over_budget_pages_to_the_end_with_nothing_lost_or_repeated() {
    for version in versions() {
        let tools = set().layer(Budget::new(Cap::items(7)));
        let client = connect(Server::new((), tools), version).await;
        let listing = client.list_all_tools().await.unwrap();
        let tool = listed(&listing, "list_users");
        assert!(tool.input_schema["properties"].get("cursor").is_some());
        assert!(
            !tool.input_schema["required"]
                .as_array()
                .unwrap()
                .contains(&json!("cursor"))
        );

        let (ids, pages) = all_pages(&client, tool, json!({"n": 30}), false).await;
        assert_eq!(ids, (1..=30).collect::<Vec<u64>>());
        assert_eq!(pages, 5, "7 + 7 + 7 + 7 + 2");

        let first = call(&client, "list_users", json!({"n": 30})).await.unwrap();
        let page = &first.structured_content.as_ref().unwrap()["page"];
        assert_eq!(
            *page,
            json!({"returned": 7, "offset": 0, "total": 30, "omitted": 23, "next_cursor": "7"})
        );
        client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn a_byte_budget_keeps_whole_items_within_the_cap() {
    let cap = 200;
    let tools = set().layer(Budget::new(Cap::bytes(cap)));
    let client = connect(Server::new((), tools), versions()[0].clone()).await;
    let listing = client.list_all_tools().await.unwrap();
    let tool = listed(&listing, "list_users");
    let result = call(&client, "list_users", json!({"n": 40})).await.unwrap();
    let data = check_json_success(tool, &result);
    let bytes = serde_json_canonicalizer::to_vec(&data).unwrap().len();
    assert!(bytes <= cap, "{bytes} bytes over the cap of {cap}");
    assert!(data.as_array().unwrap().len() > 1);
    let (ids, _) = all_pages(&client, tool, json!({"n": 40}), false).await;
    assert_eq!(ids, (1..=40).collect::<Vec<u64>>());
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_hybrid_list_field_is_cut_and_the_text_says_so() {
    let tools = set().layer(Budget::new(Cap::items(4)));
    let client = connect(Server::new((), tools), versions()[0].clone()).await;
    let listing = client.list_all_tools().await.unwrap();
    let tool = listed(&listing, "team_members");
    let result = call(&client, "team_members", json!({"team": "ops", "n": 10}))
        .await
        .unwrap();
    let data = check_hybrid_success(tool, &result)["data"].clone();
    assert_eq!(data["members"].as_array().unwrap().len(), 4);
    assert_eq!(data["total"], 10, "the rest of the object is kept");
    let text = text_of(&result);
    assert!(
        text.starts_with(
            "Found 10 users in ops. Showing items 1 to 4 of 10; call again with cursor=\"4\" for the next page."
        ),
        "{text}"
    );
    let (ids, pages) = all_pages(&client, tool, json!({"team": "ops", "n": 10}), true).await;
    assert_eq!(ids, (1..=10).collect::<Vec<u64>>());
    assert_eq!(pages, 3);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn within_budget_and_unlisted_results_are_untouched() {
    let plain = connect(Server::new((), set()), versions()[0].clone()).await;
    let budgeted = connect(
        Server::new((), set().layer(Budget::new(Cap::items(7)))),
        versions()[0].clone(),
    )
    .await;
    for (name, arguments) in [
        ("list_users", json!({"n": 7})),
        ("team_members", json!({"team": "ops", "n": 3})),
        ("users_text", json!({"n": 30})),
        ("answer", json!({})),
    ] {
        let a = call(&plain, name, arguments.clone()).await.unwrap();
        let b = call(&budgeted, name, arguments).await.unwrap();
        assert_eq!(normalised(&a), normalised(&b), "{name}");
    }
    // text tools and non-lists take no cursor
    let listing = budgeted.list_all_tools().await.unwrap();
    for name in ["users_text", "answer"] {
        let tool = listed(&listing, name);
        assert!(
            tool.input_schema["properties"].get("cursor").is_none(),
            "{name}"
        );
    }
    let text = call(&budgeted, "users_text", json!({"n": 30}))
        .await
        .unwrap();
    check_text_success(listed(&listing, "users_text"), &text);
    plain.cancel().await.unwrap();
    budgeted.cancel().await.unwrap();
}

#[tokio::test]
async fn a_bad_cursor_is_a_tool_error_naming_it() {
    let tools = set().layer(Budget::new(Cap::items(7)));
    let client = connect(Server::new((), tools), versions()[0].clone()).await;
    let result = call(&client, "list_users", json!({"n": 30, "cursor": "seven"}))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
    let text = text_of(&result);
    assert!(text.contains("parameter `cursor`"), "{text}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn per_tool_limits_override_the_server_wide_ones() {
    let budget = Budget::new(Cap::items(100)).for_tool("list_users", Cap::items(3));
    let client = connect(Server::new((), set().layer(budget)), versions()[0].clone()).await;
    let users = call(&client, "list_users", json!({"n": 10})).await.unwrap();
    assert_eq!(
        users.structured_content.unwrap()["data"]
            .as_array()
            .unwrap()
            .len(),
        3
    );
    let team = call(&client, "team_members", json!({"team": "a", "n": 10}))
        .await
        .unwrap();
    assert!(team.structured_content.unwrap().get("page").is_none());
    client.cancel().await.unwrap();
}
