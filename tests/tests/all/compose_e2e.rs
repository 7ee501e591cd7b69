//! Resources, prompts and completions served beside toolshape's tools by one `Server`, with
//! an rmcp handler for everything that is not a tool (`Server::with_handler`), through
//! rmcp's client.

#![allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25

use toolshape_test_support as common;

use rmcp::handler::server::router::prompt::PromptRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    GetPromptRequestParams, ListResourcesResult, LoggingLevel, PaginatedRequestParams,
    PromptMessage, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, Role, ServerCapabilities, ServerConfig, SetLevelRequestParams,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, prompt, prompt_handler, prompt_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;
use toolshape::{Server, ToolSet, tool, tools};

use common::{call, connect, versions};

/// Add two numbers.
#[tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Everything but tools: one prompt (rmcp's `#[prompt_router]`) and one resource.
struct Extras {
    prompt_router: PromptRouter<Extras>,
}

#[derive(Deserialize, JsonSchema)]
struct SumArgs {
    /// The first number.
    a: String,
    /// The second number.
    b: String,
}

#[prompt_router]
impl Extras {
    /// Ask for a sum with the add tool.
    #[prompt]
    fn ask_sum(&self, Parameters(args): Parameters<SumArgs>) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            format!("Use the add tool to add {} and {}.", args.a, args.b),
        )]
    }
}

#[prompt_handler(router = self.prompt_router)]
impl ServerHandler for Extras {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resource =
            Resource::new("calc://constants", "constants").with_mime_type("application/json");
        Ok(ListResourcesResult::with_all_items(vec![resource]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if request.uri != "calc://constants" {
            return Err(ErrorData::resource_not_found(
                format!("no resource {}", request.uri),
                None,
            ));
        }
        let text = json!({"answer": 42}).to_string();
        Ok(ReadResourceResult::new(vec![
            ResourceContents::text(text, request.uri).with_mime_type("application/json"),
        ])
        .into())
    }
}

fn server() -> Server<(), Extras> {
    Server::new((), ToolSet::new(tools![add]).unwrap())
        .with_info(toolshape::rmcp::model::Implementation::new("calc", "1.0.0"))
        .with_handler(Extras {
            prompt_router: Extras::prompt_router(),
        })
}

#[tokio::test]
async fn prompts_and_resources_beside_tools() {
    for version in versions() {
        let client = connect(server(), version.clone()).await;
        let info = client.peer_info().unwrap();
        assert_eq!(
            info.server_info.as_ref().unwrap().name,
            "calc",
            "{version:?}"
        );
        let caps = &info.capabilities;
        assert!(
            caps.tools.is_some() && caps.prompts.is_some() && caps.resources.is_some(),
            "{caps:?}"
        );

        // tools: the ToolSet's
        let tools = client.list_all_tools().await.unwrap();
        assert_eq!(tools.iter().map(|t| &*t.name).collect::<Vec<_>>(), ["add"]);
        let result = call(&client, "add", json!({"a": 2, "b": 3})).await.unwrap();
        assert_eq!(result.structured_content.unwrap()["data"], json!(5));

        // prompts: the handler's, from rmcp's #[prompt_router]
        let prompts = client.list_all_prompts().await.unwrap();
        assert_eq!(
            prompts.iter().map(|p| &*p.name).collect::<Vec<_>>(),
            ["ask_sum"]
        );
        let arguments = prompts[0].arguments.as_ref().expect("prompt arguments");
        assert_eq!(
            arguments.iter().map(|a| &*a.name).collect::<Vec<_>>(),
            ["a", "b"]
        );
        let prompt = client
            .get_prompt(
                GetPromptRequestParams::new("ask_sum")
                    .with_arguments(json!({"a": "2", "b": "3"}).as_object().unwrap().clone()),
            )
            .await
            .unwrap();
        let message = &prompt.messages[0];
        assert_eq!(
            message.content.as_text().unwrap().text,
            "Use the add tool to add 2 and 3."
        );

        // resources: the handler's
        let resources = client.list_all_resources().await.unwrap();
        assert_eq!(
            resources.iter().map(|r| &*r.uri).collect::<Vec<_>>(),
            ["calc://constants"]
        );
        let read = client
            .read_resource(ReadResourceRequestParams::new("calc://constants"))
            .await
            .unwrap();
        match &read.contents[0] {
            ResourceContents::TextResourceContents { text, .. } => {
                assert_eq!(
                    serde_json::from_str::<serde_json::Value>(text).unwrap(),
                    json!({"answer": 42})
                );
            }
            other => panic!("a text resource: {other:?}"),
        }
        let missing = client
            .read_resource(ReadResourceRequestParams::new("calc://nothing"))
            .await
            .unwrap_err();
        assert!(
            missing.to_string().contains("no resource calc://nothing"),
            "{missing}"
        );

        // logging: the handler does not advertise it, the server still accepts setLevel
        client
            .set_level(SetLevelRequestParams::new(LoggingLevel::Info))
            .await
            .unwrap();
        client.cancel().await.unwrap();
    }
}

/// A server with no handler answers the lists it advertises with empty lists.
#[tokio::test]
async fn no_handler_answers_empty_lists() {
    let server = Server::new((), ToolSet::new(tools![add]).unwrap());
    for version in versions() {
        let client = connect(server.clone(), version).await;
        assert!(client.list_all_prompts().await.unwrap().is_empty());
        assert!(client.list_all_resources().await.unwrap().is_empty());
        client
            .set_level(SetLevelRequestParams::new(LoggingLevel::Debug))
            .await
            .unwrap();
        client.cancel().await.unwrap();
    }
}

/// Twice the sum of two numbers, asked of `add` by name.
#[tool(format = "json")]
async fn double_sum(
    #[context] cx: toolshape::Context,
    a: i64,
    b: i64,
) -> Result<i64, toolshape::ToolError> {
    let sum = cx.call_tool("add", json!({"a": a, "b": b})).await?;
    if sum.is_error == Some(true) {
        return Err(toolshape::ToolError::new("add failed"));
    }
    let data = &sum.structured_content.unwrap_or_default()["data"];
    Ok(2 * data.as_i64().unwrap_or_default())
}

/// Calls a tool that does not exist.
#[tool(format = "json")]
async fn call_missing(#[context] cx: toolshape::Context) -> Result<i64, toolshape::ToolError> {
    cx.call_tool("no_such_tool", json!({})).await?;
    Ok(0)
}

#[tokio::test]
async fn a_tool_calls_another_tool_by_name() {
    for version in versions() {
        let tools = ToolSet::new(tools![add, double_sum, call_missing]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let result = call(&client, "double_sum", json!({"a": 2, "b": 3}))
            .await
            .unwrap();
        assert_eq!(result.structured_content.unwrap()["data"], 10);
        let missing = call(&client, "call_missing", json!({})).await.unwrap();
        assert_eq!(missing.is_error, Some(true));
        let text = &missing.content[0].as_text().unwrap().text;
        assert_eq!(
            text,
            "Error: cannot call the tool `no_such_tool`: no tool is named `no_such_tool`"
        );
        client.cancel().await.unwrap();
    }
    // outside a server: a clear error, not a panic
    let detached = double_sum(toolshape::Context::detached(), 1, 2).await;
    assert!(
        detached
            .unwrap_err()
            .to_string()
            .contains("reachable only when the server serves the call")
    );
}

/// A handler that builds its answers from JSON data (as a port or a proxy does), so they
/// carry no `resultType`.
#[derive(Clone)]
struct FromJson;

impl ServerHandler for FromJson {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_prompts()
                .enable_resources()
                .build(),
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let result: ListResourcesResult =
            serde_json::from_value(json!({"resources": [{"uri": "test://a", "name": "a"}]}))
                .unwrap();
        assert!(result.result_type.is_none(), "built without one");
        Ok(result)
    }

    async fn get_prompt(
        &self,
        _request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::GetPromptResponse, ErrorData> {
        let result: rmcp::model::GetPromptResult = serde_json::from_value(json!({
            "messages": [{"role": "user", "content": {"type": "text", "text": "Hi"}}]
        }))
        .unwrap();
        Ok(rmcp::model::GetPromptResponse::Complete(result))
    }
}

/// What the handler built from JSON still says it is complete to a 2026-07-28 client, which
/// requires it; an older client gets no `resultType`, as before that revision.
#[tokio::test]
async fn results_a_handler_built_from_json_say_they_are_complete() {
    let server = Server::new((), ToolSet::new(tools![add]).unwrap()).with_handler(FromJson);
    for version in versions() {
        let modern = version >= rmcp::model::ProtocolVersion::V_2026_07_28;
        let client = connect(server.clone(), version.clone()).await;
        let resources = client.list_resources(None).await.unwrap();
        assert_eq!(resources.resources.len(), 1);
        let expected = modern.then_some(rmcp::model::ResultType::COMPLETE);
        assert_eq!(resources.result_type, expected, "{version}");
        let prompt = client
            .get_prompt(GetPromptRequestParams::new("any"))
            .await
            .unwrap();
        assert_eq!(prompt.result_type, expected, "{version}");
        client.cancel().await.unwrap();
    }
}

/// A server that advertises only what it is told to (and its tools): what a client sees at
/// initialisation, and methods left out still answered.
#[tokio::test]
async fn capabilities_as_stated() {
    let server = Server::new((), ToolSet::new(tools![add]).unwrap()).with_info(
        toolshape::serve::About::default()
            .with_capabilities(ServerCapabilities::builder().enable_prompts().build()),
    );
    for version in versions() {
        let client = connect(server.clone(), version.clone()).await;
        let capabilities = &client.peer_info().unwrap().capabilities;
        assert!(capabilities.tools.is_some(), "{version}");
        assert!(capabilities.prompts.is_some(), "{version}");
        assert!(capabilities.logging.is_none(), "{version}");
        assert!(capabilities.resources.is_none(), "{version}");
        assert!(capabilities.completions.is_none(), "{version}");
        assert!(client.list_prompts(None).await.unwrap().prompts.is_empty());
        let result = call(&client, "add", json!({"a": 1, "b": 2})).await.unwrap();
        assert_eq!(result.structured_content.unwrap()["data"], 3);
        client.cancel().await.unwrap();
    }
}
