//! MCP Apps views through rmcp's client, in both protocol eras: a tool's `_meta.ui`, the
//! views listed and read as resources beside the handler's own, the start-up check of a
//! view nobody registered, and the undo journal's mark on a result it recorded.

use toolshape_test_support as common;

use rmcp::model::{
    ListResourcesResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, Resource, ResourceContents, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::apps::{AppView, BUILTIN_VIEW, VIEW_MIME_TYPE};
use toolshape::undo::Undo;
use toolshape::{Server, ToolError, ToolSet, tool, tools};

use common::{call, connect, versions};

/// Add two numbers, shown in toolshape's view.
#[tool(format = "json", app)]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Greet someone, shown in a view of the server's own.
#[tool(format = "json", app = "ui://greeter/card")]
fn greet(name: String) -> String {
    format!("Hello, {name}!")
}

/// No view.
#[tool(format = "json")]
fn plain() -> u8 {
    1
}

const CARD: &str = "<!doctype html><p id=greeting></p>";

fn tools() -> ToolSet<()> {
    ToolSet::new(tools![add, greet, plain]).unwrap().app_view(
        "ui://greeter/card",
        AppView::new(CARD)
            .with_connect_domains(["https://api.example.com"])
            .with_prefers_border(false),
    )
}

/// One resource of its own.
struct Files;

impl ServerHandler for Files {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_resources().build())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(vec![Resource::new(
            "file:///notes.txt",
            "notes",
        )]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != "file:///notes.txt" {
            return Err(ErrorData::resource_not_found("no such file", None));
        }
        Ok(ReadResourceResult::new(vec![ResourceContents::text("notes", request.uri)]).into())
    }
}

fn meta_ui(tool: &rmcp::model::Tool) -> Option<Value> {
    tool.meta.as_ref()?.get("ui").cloned()
}

#[tokio::test]
async fn a_tool_names_its_view_in_the_listing() {
    for version in versions() {
        let client = connect(Server::new((), tools()), version.clone()).await;
        let listed = client.list_all_tools().await.unwrap();
        let ui = |name: &str| meta_ui(listed.iter().find(|t| t.name == name).unwrap());
        assert_eq!(
            ui("add"),
            Some(json!({"resourceUri": BUILTIN_VIEW})),
            "{version:?}"
        );
        assert_eq!(
            ui("greet"),
            Some(json!({"resourceUri": "ui://greeter/card"}))
        );
        assert_eq!(ui("plain"), None);
    }
}

#[tokio::test]
async fn views_are_listed_and_read_beside_the_handlers_resources() {
    for version in versions() {
        let server = Server::new((), tools()).with_handler(Files);
        let client = connect(server, version.clone()).await;
        let info = client.peer_info().unwrap();
        assert!(info.capabilities.resources.is_some());

        let resources = client.list_all_resources().await.unwrap();
        let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
        assert_eq!(
            uris,
            ["ui://greeter/card", BUILTIN_VIEW, "file:///notes.txt"],
            "{version:?}"
        );
        let builtin = &resources[1];
        assert_eq!(builtin.mime_type.as_deref(), Some(VIEW_MIME_TYPE));
        assert_eq!(
            serde_json::to_value(&builtin.meta).unwrap(),
            json!({"ui": {"prefersBorder": true}})
        );

        // the built-in view: one self-contained page
        let read = client
            .read_resource(ReadResourceRequestParams::new(BUILTIN_VIEW))
            .await
            .unwrap();
        let ResourceContents::TextResourceContents {
            text, mime_type, ..
        } = &read.contents[0]
        else {
            panic!("text contents: {read:?}")
        };
        assert_eq!(mime_type.as_deref(), Some(VIEW_MIME_TYPE));
        assert!(text.starts_with("<!doctype html>") && text.contains("ui/initialize"));

        // the server's own view, with the CSP it declared
        let read = client
            .read_resource(ReadResourceRequestParams::new("ui://greeter/card"))
            .await
            .unwrap();
        let contents = serde_json::to_value(&read.contents[0]).unwrap();
        assert_eq!(contents["text"], CARD);
        assert_eq!(contents["mimeType"], VIEW_MIME_TYPE);
        assert_eq!(
            contents["_meta"],
            json!({"ui": {"csp": {"connectDomains": ["https://api.example.com"]}, "prefersBorder": false}})
        );

        // the handler's resource, read by the handler
        let read = client
            .read_resource(ReadResourceRequestParams::new("file:///notes.txt"))
            .await
            .unwrap();
        assert_eq!(
            serde_json::to_value(&read.contents[0]).unwrap()["text"],
            "notes"
        );
    }
}

#[tokio::test]
async fn without_a_handler_the_views_are_the_resources() {
    for version in versions() {
        let client = connect(Server::new((), tools()), version.clone()).await;
        let resources = client.list_all_resources().await.unwrap();
        assert_eq!(resources.len(), 2, "{version:?}: {resources:?}");
        let unknown = client
            .read_resource(ReadResourceRequestParams::new("ui://nobody/here"))
            .await;
        assert!(unknown.is_err(), "{unknown:?}");
    }
}

#[tokio::test]
async fn a_set_without_views_lists_no_view() {
    let tools = ToolSet::<()>::new(tools![plain]).unwrap();
    assert!(tools.views().is_empty());
    assert!(tools.view(BUILTIN_VIEW).is_none());
}

#[tokio::test]
async fn a_view_nobody_registered_stops_the_server_at_start_up() {
    let tools = ToolSet::<()>::new(tools![greet]).unwrap();
    let error = tools.check_views().unwrap_err().to_string();
    assert!(
        error.contains("`greet`")
            && error.contains("`ui://greeter/card`")
            && error.contains("ToolSet::app_view"),
        "{error}"
    );
    let (serving, _client) = toolshape::testing::serve_lines_in_memory(Server::new((), tools));
    let served = serving.await;
    assert_eq!(served.unwrap_err().to_string(), error);

    let misnamed = ToolSet::<()>::new(tools![plain])
        .unwrap()
        .app_view("https://example.com/card", CARD);
    let error = misnamed.check_views().unwrap_err().to_string();
    assert!(
        error.contains("`https://example.com/card`") && error.contains("ui://"),
        "{error}"
    );
}

// ---- undo: the result of a recorded action says so ----

#[derive(Serialize, JsonSchema)]
struct Dial {
    dial_id: String,
    level: u8,
}

struct Dials(std::sync::Mutex<u8>);

/// Read a dial.
#[tool(format = "json", kind = "state")]
fn get_dial(#[state] dials: &Dials, dial_id: String) -> Dial {
    Dial {
        dial_id,
        level: *dials.0.lock().unwrap(),
    }
}

/// Turn a dial.
#[tool(format = "json", kind = "action", app)]
fn set_dial(#[state] dials: &Dials, dial_id: String, level: u8) -> Result<Dial, ToolError> {
    *dials.0.lock().unwrap() = level;
    Ok(Dial { dial_id, level })
}

#[tokio::test]
async fn a_recorded_action_names_its_entry_and_the_undo_tool() {
    for version in versions() {
        let tools = ToolSet::new(tools![get_dial, set_dial]).unwrap();
        let undo = Undo::for_tools(&tools).unwrap();
        let server = Server::new(Dials(std::sync::Mutex::new(3)), tools.layer(undo));
        let client = connect(server, version.clone()).await;
        for (level, id) in [(5, 1), (7, 2)] {
            let result = call(&client, "set_dial", json!({"dial_id": "d", "level": level}))
                .await
                .unwrap();
            let meta = serde_json::to_value(&result.meta).unwrap();
            assert_eq!(
                meta["dev.toolshape/undo"],
                json!({"id": id, "tool": "undo_last_action"}),
                "{version:?}"
            );
        }
        // a read is not recorded
        let read = call(&client, "get_dial", json!({"dial_id": "d"}))
            .await
            .unwrap();
        assert!(read.meta.is_none(), "{read:?}");
        // the undo the view's button makes: it names the entry its result showed
        let undone = call(&client, "undo_last_action", json!({"id": 2}))
            .await
            .unwrap();
        let data = &undone.structured_content.unwrap()["data"];
        assert_eq!(data["undone"]["id"], 2);
        assert_eq!(data["undone"]["state_restored"], true);
    }
}
