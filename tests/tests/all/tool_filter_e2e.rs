//! `Access::with_filter` (`Server::with_access`): a tool listed and callable only for clients that declare the
//! capability it needs, in both protocol eras.

use rmcp::model::{ClientCapabilities, ClientConfig, Implementation, ProtocolVersion};
use serde_json::json;
use toolshape::{Context, Server, ToolSet, tool, tools};

/// Ask the user to confirm.
#[tool(format = "text")]
async fn confirm(#[context] cx: Context) -> String {
    format!("can ask: {}", cx.can_elicit())
}

/// Add two numbers.
#[tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn server() -> Server<()> {
    Server::new((), ToolSet::new(tools![confirm, add]).unwrap()).with_access(
        toolshape::serve::Access::new().with_filter(|tool, caller, capabilities| {
            assert!(caller.is_local());
            tool.name() != "confirm" || capabilities.is_some_and(|c| c.elicitation.is_some())
        }),
    )
}

/// A client declaring `capabilities`, on `version`.
async fn client(
    capabilities: ClientCapabilities,
    version: ProtocolVersion,
) -> toolshape::testing::Client {
    let config = ClientConfig::new(capabilities, Implementation::new("filter-test", "0"))
        .with_protocol_version(version);
    toolshape::testing::connect_with_client(server(), config)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_tool_is_listed_and_called_only_for_clients_the_filter_keeps() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let plain = client(ClientCapabilities::default(), version.clone()).await;
        let names: Vec<String> = plain
            .list_all_tools()
            .await
            .unwrap()
            .into_iter()
            .map(|tool| tool.name.to_string())
            .collect();
        assert_eq!(names, ["add"], "{version:?}");
        let refused = plain
            .call_tool(rmcp::model::CallToolRequestParams::new("confirm"))
            .await
            .unwrap_err();
        assert!(
            refused.to_string().contains("no tool is named `confirm`"),
            "{refused}"
        );
        let added = plain
            .call_tool(
                rmcp::model::CallToolRequestParams::new("add")
                    .with_arguments(json!({"a": 1, "b": 2}).as_object().unwrap().clone()),
            )
            .await
            .unwrap();
        assert_eq!(added.is_error, Some(false));

        let asking = client(
            ClientCapabilities::builder().enable_elicitation().build(),
            version.clone(),
        )
        .await;
        let names: Vec<String> = asking
            .list_all_tools()
            .await
            .unwrap()
            .into_iter()
            .map(|tool| tool.name.to_string())
            .collect();
        assert_eq!(names, ["add", "confirm"], "{version:?}");
    }
}

/// Delete everything.
#[tool(format = "text", kind = "action", scopes = ["admin", "users:write"], confirm = "Deleted")]
fn wipe() {
    panic!("a call without the scopes must not run the tool");
}

/// Outside HTTP (a handler of one's own calling `ToolSet::call`), a caller without a tool's
/// scopes gets a tool error naming what is missing, and the tool does not run.
#[tokio::test]
async fn a_caller_without_the_scopes_gets_a_tool_error_naming_them() {
    let tools = ToolSet::<()>::new(tools![wipe]).unwrap();
    let mut request = Context::detached().request().clone();
    request
        .extensions
        .insert(toolshape::context::Caller::with_token(
            Some("bob".into()),
            None,
            ["users:write"],
            Default::default(),
        ));
    let result = tools
        .call(
            &(),
            rmcp::model::CallToolRequestParams::new("wipe"),
            request,
        )
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(true));
    let text = serde_json::to_string(&result.content).unwrap();
    assert!(
        text.contains("`wipe` needs the scope `admin`, which the caller's access token does not grant; the tool did not run"),
        "{text}"
    );
    let listed = tools.list_for(&toolshape::context::Caller::with_token(
        None,
        None,
        ["users:write"],
        Default::default(),
    ));
    assert!(listed.is_empty());
    assert_eq!(
        tools.list_for(&toolshape::context::Caller::local()).len(),
        1
    );
}
