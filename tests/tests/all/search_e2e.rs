//! Tool search (`Server::with_tool_search`) through rmcp's client: the listing (the pinned
//! tools plus `search_tools` and `call_tool`), searches (ranked, limited, only what the
//! caller may call under the tool filter, the switch and scopes), `call_tool` answering
//! exactly what a direct call does (argument errors, layers, undo, tasks, unknown tools),
//! unlisted tools called directly, `list_changed`, and the start-up errors.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientCapabilities, ClientConfig,
    GetTaskParams, Implementation, ListToolsResult, PaginatedRequestParams, ProtocolVersion,
    ServerConfig, TaskPayload, TaskStatus, Tool,
};
use rmcp::service::{NotificationContext, RequestContext};
use rmcp::{ClientHandler, ErrorData, RoleClient, RoleServer, ServerHandler};
use serde_json::{Value, json};
use toolshape::layer::{self, Call, Next};
use toolshape::search::{SearchIndex, ToolSearch};
use toolshape::serve::{Access, ToolSwitch};
use toolshape::testing;
use toolshape::undo::Undo;
use toolshape::{Server, ToolSet, context::Caller, tool, tools};

/// What the tools and the layer saw, and the prices.
#[derive(Default)]
struct Shop {
    seen: Mutex<Vec<String>>,
    prices: Mutex<BTreeMap<String, u64>>,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Price {
    item: String,
    cents: u64,
}

/// Show the price of an item in the shop.
#[tool(format = "json", kind = "state")]
fn get_price(#[state] shop: &Shop, item: String) -> Price {
    let cents = shop.prices.lock().unwrap().get(&item).copied().unwrap_or(0);
    Price { item, cents }
}

/// Set the price of an item in the shop.
#[tool(format = "json", kind = "action")]
fn put_price(
    #[state] shop: &Shop,
    /// The item's name.
    item: String,
    /// Its new price, in cents.
    cents: u64,
) -> Price {
    shop.prices.lock().unwrap().insert(item.clone(), cents);
    Price { item, cents }
}

/// Delete a snapshot of a storage volume.
#[tool(format = "text", kind = "action")]
fn delete_snapshot(
    /// The volume's name.
    volume: String,
    /// The snapshot's name.
    snapshot: String,
) -> String {
    format!("deleted {volume}@{snapshot}")
}

/// List the storage volumes.
#[tool(format = "json")]
fn list_volumes() -> Vec<String> {
    vec!["vol1".into()]
}

/// Add two numbers.
#[tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Run a slow job for some milliseconds.
#[tool(format = "text", task = "optional")]
async fn slow_job(millis: u64) -> String {
    tokio::time::sleep(Duration::from_millis(millis)).await;
    format!("worked {millis} ms")
}

/// Delete every storage volume.
#[tool(format = "text", kind = "action", scopes = ["admin"])]
fn wipe_volumes() -> String {
    "wiped".into()
}

/// Records each call's tool name as the layers see it.
async fn audit(call: Call<'_, Shop>, next: Next<'_, Shop>) -> Result<CallToolResult, ErrorData> {
    call.state()
        .seen
        .lock()
        .unwrap()
        .push(format!("audit {}", call.name()));
    next.run(call).await
}

fn toolset() -> ToolSet<Shop> {
    let tools = ToolSet::new(tools![
        get_price,
        put_price,
        delete_snapshot,
        list_volumes,
        add,
        slow_job,
        wipe_volumes
    ])
    .unwrap();
    let undo = Undo::for_tools(&tools).unwrap();
    tools.layer(undo).layer(layer::from_fn(audit))
}

fn search() -> ToolSearch {
    ToolSearch::new().pin(["add"]).limit(3)
}

fn server() -> Server<Shop> {
    Server::new(Shop::default(), toolset()).with_tool_search(search())
}

/// A client on `version` that runs tasks and counts `notifications/tools/list_changed`.
#[derive(Clone)]
struct TestClient {
    version: ProtocolVersion,
    changes: Arc<AtomicUsize>,
}

impl ClientHandler for TestClient {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::builder().enable_tasks().build(),
            Implementation::new("search-tests", "0.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.changes.fetch_add(1, Ordering::SeqCst);
    }
}

type Client = testing::Client<TestClient>;

async fn connect<H: ServerHandler>(
    server: H,
    version: ProtocolVersion,
) -> (Client, Arc<AtomicUsize>) {
    let changes = Arc::new(AtomicUsize::new(0));
    let client = TestClient {
        version,
        changes: changes.clone(),
    };
    let client = testing::connect_with_client(server, client)
        .await
        .expect("connects");
    (client, changes)
}

fn versions() -> [ProtocolVersion; 2] {
    [ProtocolVersion::V_2026_07_28, ProtocolVersion::V_2025_11_25]
}

fn request(name: &str, arguments: Value) -> CallToolRequestParams {
    CallToolRequestParams::new(name.to_owned())
        .with_arguments(arguments.as_object().expect("an object").clone())
}

fn through(name: &str, arguments: Value) -> CallToolRequestParams {
    request("call_tool", json!({"name": name, "arguments": arguments}))
}

async fn call(
    client: &Client,
    name: &str,
    arguments: Value,
) -> Result<CallToolResult, rmcp::ServiceError> {
    client.call_tool(request(name, arguments)).await
}

fn text(result: &CallToolResult) -> &str {
    &result.content[0].as_text().expect("a text block").text
}

/// The names `search_tools` answers for `query`, from its `structuredContent`.
async fn found(client: &Client, query: &str) -> Vec<String> {
    let result = call(client, "search_tools", json!({"query": query}))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(false), "{result:?}");
    names_in(&result)
}

fn names_in(result: &CallToolResult) -> Vec<String> {
    result.structured_content.as_ref().unwrap()["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|tool| tool["name"].as_str().unwrap().to_owned())
        .collect()
}

async fn listed(client: &Client) -> Vec<String> {
    let tools = client.list_all_tools().await.unwrap();
    tools
        .into_iter()
        .map(|tool| tool.name.into_owned())
        .collect()
}

#[tokio::test]
async fn the_listing_is_the_pinned_tools_and_the_two_search_tools() {
    for version in versions() {
        let (client, _) = connect(server(), version.clone()).await;
        let tools = client.list_all_tools().await.unwrap();
        let names: Vec<&str> = tools.iter().map(|tool| &*tool.name).collect();
        assert_eq!(names, ["add", "search_tools", "call_tool"], "{version}");
        let search = &tools[1];
        assert!(search.output_schema.is_some(), "{version}");
        let query = &search.input_schema["properties"]["query"];
        assert_eq!(query["type"], "string");
        assert!(query["description"].is_string());
        assert_eq!(search.input_schema["properties"]["limit"]["default"], 3);
        assert_eq!(search.input_schema["required"], json!(["query"]));
        assert_eq!(tools[2].input_schema["required"], json!(["name"]));
        let _ = client.cancel().await;
    }
}

#[tokio::test]
async fn a_search_answers_the_ranked_entries_and_a_text_naming_each_parameter() {
    let (client, _) = connect(server(), ProtocolVersion::V_2026_07_28).await;
    let all = toolset().list();
    for query in [
        "remove a snapshot of a volume",
        "change the price of an item",
        "volume",
    ] {
        // the index's order, three at most (the server's limit)
        let expected: Vec<String> = SearchIndex::new(&all)
            .search(query)
            .into_iter()
            .map(|hit| all[hit.index].name.to_string())
            .take(3)
            .collect();
        assert!(!expected.is_empty(), "{query}");
        let result = call(&client, "search_tools", json!({"query": query}))
            .await
            .unwrap();
        assert_eq!(names_in(&result), expected, "{query}");
        // each entry is the tool's own listing entry
        for entry in result.structured_content.as_ref().unwrap()["tools"]
            .as_array()
            .unwrap()
        {
            let tool = all.iter().find(|tool| entry["name"] == *tool.name).unwrap();
            assert_eq!(entry, &serde_json::to_value(tool).unwrap(), "{query}");
        }
    }
    let found = call(
        &client,
        "search_tools",
        json!({"query": "delete a snapshot", "limit": 1}),
    )
    .await
    .unwrap();
    assert_eq!(names_in(&found), ["delete_snapshot"]);
    assert_eq!(
        text(&found),
        "delete_snapshot: Delete a snapshot of a storage volume. (destructive)\n\
         \x20 snapshot: string. The snapshot's name.\n\
         \x20 volume: string. The volume's name.\n\
         ? marks an optional parameter. Call one with call_tool {\"name\": ..., \"arguments\": {...}}."
    );
    let _ = client.cancel().await;
}

#[tokio::test]
async fn bad_search_arguments_and_empty_results_say_what_to_do() {
    let (client, _) = connect(server(), ProtocolVersion::V_2026_07_28).await;
    for (arguments, expected) in [
        (json!({}), "- missing required parameter `query` (a string)"),
        (
            json!({"query": "price", "limit": 0}),
            "- parameter `limit`: expected an integer, 1 to 50, got the number 0",
        ),
        (
            json!({"query": "price", "limit": "two"}),
            "- parameter `limit`: expected an integer, 1 to 50, got the string \"two\"",
        ),
    ] {
        let result = call(&client, "search_tools", arguments.clone())
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(true), "{arguments}");
        assert_eq!(
            text(&result),
            format!("Error: invalid arguments for tool `search_tools`:\n{expected}"),
            "{arguments}"
        );
    }
    let none = call(&client, "search_tools", json!({"query": "zebra"}))
        .await
        .unwrap();
    assert_eq!(none.is_error, Some(false));
    assert!(
        text(&none)
            .starts_with("No tool matches \"zebra\". Search again with fewer or broader words"),
        "{}",
        text(&none)
    );
    assert_eq!(names_in(&none), Vec::<String>::new());
    assert_eq!(none.structured_content.as_ref().unwrap()["fits"], false);
    let _ = client.cancel().await;
}

#[tokio::test]
async fn a_search_says_when_no_tool_fits_and_marks_the_nearest_weak() {
    let (client, _) = connect(server(), ProtocolVersion::V_2026_07_28).await;
    let fits = call(
        &client,
        "search_tools",
        json!({"query": "delete a snapshot"}),
    )
    .await
    .unwrap();
    assert_eq!(fits.structured_content.as_ref().unwrap()["fits"], true);
    assert!(
        text(&fits).starts_with("delete_snapshot: "),
        "{}",
        text(&fits)
    );
    // "price" is a word of the tools; "shipping" and "Lisbon" are no tool's
    let query = "what does shipping to Lisbon cost with express delivery";
    let weak = call(&client, "search_tools", json!({"query": query}))
        .await
        .unwrap();
    assert_eq!(weak.is_error, Some(false));
    assert_eq!(weak.structured_content.as_ref().unwrap()["fits"], false);
    assert!(
        text(&weak).starts_with(&format!(
            "No tool fits \"{query}\" well; the nearest tools follow, weak matches. \
             If none of them serves the request, this server cannot do it.\n"
        )),
        "{}",
        text(&weak)
    );
    // a request that asks nothing to change gets no destructive tool alone
    let only = call(
        &client,
        "search_tools",
        json!({"query": "snapshot", "limit": 1}),
    )
    .await
    .unwrap();
    assert_eq!(names_in(&only), Vec::<String>::new(), "{}", text(&only));
    let _ = client.cancel().await;
}

#[tokio::test]
async fn call_tool_answers_what_a_direct_call_does() {
    for version in versions() {
        let shop_server = server();
        let (client, _) = connect(shop_server.clone(), version.clone()).await;
        // the same result, and the layers see the tool's own name
        let direct = call(&client, "add", json!({"a": 2, "b": 3})).await.unwrap();
        let routed = client
            .call_tool(through("add", json!({"a": 2, "b": 3})))
            .await
            .unwrap();
        // the same data and provenance, timed apart
        let facts = |result: &CallToolResult| {
            let content = result.structured_content.clone().unwrap();
            let metadata = &content["metadata"];
            (
                content["data"].clone(),
                metadata["tool"].clone(),
                metadata["data_hash"].clone(),
            )
        };
        assert_eq!(facts(&routed), facts(&direct), "{version}");
        assert_eq!(routed.meta.is_some(), direct.meta.is_some(), "{version}");
        assert_eq!(
            std::mem::take(&mut *shop_server.state().seen.lock().unwrap()),
            ["audit add", "audit add"],
            "{version}"
        );
        // bad arguments: the same error, naming the parameter by its path
        let bad = json!({"item": "tea", "cents": "ten"});
        let direct = call(&client, "put_price", bad.clone()).await.unwrap();
        let routed = client.call_tool(through("put_price", bad)).await.unwrap();
        assert_eq!(direct.is_error, Some(true));
        assert!(text(&direct).contains("`cents`"), "{}", text(&direct));
        assert_eq!(
            (routed.is_error, routed.content),
            (direct.is_error, direct.content),
            "{version}"
        );
        // an unknown tool: a tool error the model reads, naming the nearest tools and
        // search_tools, the same directly and through call_tool
        let direct = call(&client, "get_prices", json!({})).await.unwrap();
        let routed = client
            .call_tool(through("get_prices", json!({})))
            .await
            .unwrap();
        assert_eq!(direct.is_error, Some(true));
        assert_eq!(
            text(&direct),
            "Error: no tool is named `get_prices`. The nearest: `get_price`, `put_price`. \
             Call `search_tools` with what you want to do to find the tool for it, then \
             `call_tool` with its name.",
            "{version}"
        );
        assert_eq!(
            (routed.is_error, routed.content),
            (direct.is_error, direct.content)
        );
        // call_tool's own arguments
        let refused = client
            .call_tool(request("call_tool", json!({"arguments": {}})))
            .await
            .unwrap();
        assert_eq!(
            text(&refused),
            "Error: invalid arguments for tool `call_tool`:\n\
             - missing required parameter `name` (a string)"
        );
        let _ = client.cancel().await;
    }
}

#[tokio::test]
async fn actions_through_call_tool_are_undone_as_direct_ones() {
    let shop_server = server();
    let (client, _) = connect(shop_server.clone(), ProtocolVersion::V_2026_07_28).await;
    call(&client, "put_price", json!({"item": "tea", "cents": 40}))
        .await
        .unwrap();
    let set = client
        .call_tool(through("put_price", json!({"item": "tea", "cents": 90})))
        .await
        .unwrap();
    assert_eq!(set.is_error, Some(false), "{set:?}");
    let history = client
        .call_tool(through("list_undo_history", json!({})))
        .await
        .unwrap();
    let history = serde_json::to_string(&history.structured_content).unwrap();
    assert_eq!(history.matches("put_price").count(), 2, "{history}");
    let undone = client
        .call_tool(through("undo_last_action", json!({})))
        .await
        .unwrap();
    assert_eq!(undone.is_error, Some(false), "{undone:?}");
    assert_eq!(shop_server.state().prices.lock().unwrap()["tea"], 40);
    let _ = client.cancel().await;
}

#[tokio::test]
async fn a_task_tool_through_call_tool_runs_as_a_task() {
    for version in versions() {
        let (client, _) = connect(server(), version.clone()).await;
        let response = client
            .call_tool_once(through("slow_job", json!({"millis": 20})))
            .await
            .unwrap();
        let CallToolResponse::Task(created) = response else {
            panic!("{version}: a task, got {response:?}")
        };
        let id = created.task.task_id;
        let mut payload = None;
        for _ in 0..500 {
            let task = client
                .get_task(GetTaskParams::new(id.clone()))
                .await
                .unwrap()
                .task;
            if task.task.status != TaskStatus::Working {
                payload = Some(task.payload);
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        let Some(TaskPayload::Completed { result }) = payload else {
            panic!("{version}: completed, got {payload:?}")
        };
        assert_eq!(result["content"][0]["text"], "worked 20 ms", "{version}");
        // bad arguments are refused at once, as a direct call's are
        let refused = client
            .call_tool_once(through("slow_job", json!({"millis": "x"})))
            .await
            .unwrap();
        assert!(
            matches!(refused, CallToolResponse::Complete(ref r) if r.is_error == Some(true)),
            "{refused:?}"
        );
        let _ = client.cancel().await;
    }
}

#[tokio::test]
async fn a_tool_left_out_of_the_listing_is_called_directly() {
    let (client, _) = connect(server(), ProtocolVersion::V_2025_11_25).await;
    assert!(
        !listed(&client)
            .await
            .contains(&"delete_snapshot".to_owned())
    );
    let result = call(
        &client,
        "delete_snapshot",
        json!({"volume": "v", "snapshot": "s"}),
    )
    .await
    .unwrap();
    assert_eq!(text(&result), "deleted v@s");
    let _ = client.cancel().await;
}

#[tokio::test]
async fn the_tool_filter_hides_tools_from_search_and_call_tool() {
    let filtered = server()
        .with_access(Access::new().with_filter(|tool, _, _| tool.name() != "delete_snapshot"));
    let (client, _) = connect(filtered, ProtocolVersion::V_2026_07_28).await;
    assert!(
        !found(&client, "delete a snapshot")
            .await
            .contains(&"delete_snapshot".to_owned())
    );
    let args = json!({"volume": "v", "snapshot": "s"});
    // refused as a tool that does not exist, the nearest tools named among those it sees
    let direct = call(&client, "delete_snapshot", args.clone())
        .await
        .unwrap();
    let routed = client
        .call_tool(through("delete_snapshot", args))
        .await
        .unwrap();
    assert_eq!(direct.is_error, Some(true));
    assert!(
        text(&direct).starts_with("Error: no tool is named `delete_snapshot`. The nearest: "),
        "{}",
        text(&direct)
    );
    assert!(
        !text(&direct)["Error: no tool is named `delete_snapshot`".len()..]
            .contains("delete_snapshot")
    );
    assert_eq!(routed.content, direct.content);
    let _ = client.cancel().await;
}

#[tokio::test]
async fn the_switch_changes_what_search_finds_and_notifies() {
    let switch = ToolSwitch::new();
    let (client, changes) = connect(
        server().with_access(Access::new().with_switch(&switch)),
        ProtocolVersion::V_2025_11_25,
    )
    .await;
    let advertised = client.peer_info().unwrap().capabilities.tools.clone();
    assert_eq!(advertised.unwrap().list_changed, Some(true));
    assert_eq!(
        found(&client, "delete a snapshot").await[0],
        "delete_snapshot"
    );

    assert!(switch.disable("delete_snapshot"));
    for _ in 0..200 {
        if changes.load(Ordering::SeqCst) >= 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(changes.load(Ordering::SeqCst), 1, "notified");
    assert!(
        !found(&client, "delete a snapshot")
            .await
            .contains(&"delete_snapshot".to_owned())
    );
    let routed = client
        .call_tool(through(
            "delete_snapshot",
            json!({"volume": "v", "snapshot": "s"}),
        ))
        .await
        .unwrap();
    assert_eq!(routed.is_error, Some(true));
    assert!(
        text(&routed).starts_with("Error: no tool is named `delete_snapshot`."),
        "{}",
        text(&routed)
    );

    // pinned tools leave the listing too
    assert!(switch.disable("add"));
    assert_eq!(listed(&client).await, ["search_tools", "call_tool"]);
    assert!(switch.enable("delete_snapshot"));
    assert_eq!(
        found(&client, "delete a snapshot").await[0],
        "delete_snapshot"
    );
    let _ = client.cancel().await;
}

/// A server whose every request comes from `caller` (as an OAuth token would make it).
#[derive(Clone)]
struct As {
    server: Server<Shop>,
    caller: Caller,
}

impl ServerHandler for As {
    fn get_info(&self) -> ServerConfig {
        self.server.get_info()
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        mut context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        context.extensions.insert(self.caller.clone());
        self.server.list_tools(request, context).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        context.extensions.insert(self.caller.clone());
        self.server.call_tool(request, context).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.server.get_tool(name)
    }
}

#[tokio::test]
async fn a_caller_finds_only_the_tools_its_scopes_allow() {
    let caller = |scopes: &[&str]| {
        Caller::with_token(
            Some("bob".into()),
            None,
            scopes.iter().copied(),
            Default::default(),
        )
    };
    let admin = As {
        server: server(),
        caller: caller(&["admin"]),
    };
    let (client, _) = connect(admin, ProtocolVersion::V_2026_07_28).await;
    assert_eq!(
        found(&client, "delete every storage volume").await[0],
        "wipe_volumes"
    );
    let _ = client.cancel().await;

    let reader = As {
        server: server(),
        caller: caller(&["read"]),
    };
    let (client, _) = connect(reader, ProtocolVersion::V_2026_07_28).await;
    assert!(
        !found(&client, "delete every storage volume")
            .await
            .contains(&"wipe_volumes".to_owned())
    );
    let direct = call(&client, "wipe_volumes", json!({})).await.unwrap();
    let routed = client
        .call_tool(through("wipe_volumes", json!({})))
        .await
        .unwrap();
    assert_eq!(direct.is_error, Some(true));
    assert!(
        text(&direct).contains("`wipe_volumes` needs the scope `admin`"),
        "{}",
        text(&direct)
    );
    assert_eq!(
        (routed.is_error, routed.content),
        (direct.is_error, direct.content)
    );
    let _ = client.cancel().await;
}

/// Serves `server` over an in-memory pipe as `serve_stdio` would, returning what it ended
/// with: an error at once, or (a server that started) a timeout after 5 s without a client.
async fn serve(server: Server<Shop>) -> Result<(), toolshape::serve::Error> {
    let (serving, _client_io) = testing::serve_lines_in_memory(server);
    tokio::time::timeout(Duration::from_secs(5), serving)
        .await
        .map_err(|_| "the server started")?
}

/// Add two numbers, under search's own name.
#[tool(format = "json", name = "call_tool")]
fn own_call_tool(a: i64, b: i64) -> i64 {
    a + b
}

#[tokio::test]
async fn a_pin_of_no_tool_or_a_tool_named_as_search_s_own_stops_the_server() {
    let pinned = Server::new(Shop::default(), toolset())
        .with_tool_search(ToolSearch::new().pin(["add", "remove_volume"]));
    let error = serve(pinned).await.unwrap_err().to_string();
    assert_eq!(
        error,
        "tool search pins `remove_volume`, but no tool has that name"
    );

    let tools = ToolSet::new(tools![add, own_call_tool]).unwrap();
    let named = Server::new(Shop::default(), tools).with_tool_search(ToolSearch::new());
    let error = serve(named).await.unwrap_err().to_string();
    assert!(
        error
            .starts_with("a tool is named `call_tool`, the name of one of tool search's own tools"),
        "{error}"
    );
}

/// Issue new credentials for a user.
#[tool(format = "text", kind = "action", keywords = ["password reset", "locked out"])]
fn issue_credentials(user: String) -> String {
    user
}

/// Look up one user: their name, team and account.
#[tool(format = "text", kind = "read")]
fn get_account(user: String) -> String {
    user
}

/// Words users type, at the declaration and for the server, change what search finds
/// first; words for a tool that does not exist stop the server.
#[tokio::test]
async fn an_authors_words_change_what_search_finds_first() {
    let tools = || ToolSet::new(tools![issue_credentials, get_account]).unwrap();
    let first = |server: Server<Shop>, query: &'static str| async move {
        let (client, _) = connect(server, ProtocolVersion::V_2026_07_28).await;
        let found = found(&client, query).await;
        let _ = client.cancel().await;
        found.first().cloned()
    };
    // without its keywords, "account" would find get_account first
    let plain = Server::new(Shop::default(), tools()).with_tool_search(ToolSearch::new());
    assert_eq!(
        first(plain, "I'm locked out of my account")
            .await
            .as_deref(),
        Some("issue_credentials")
    );
    // a server's words: "SAP" is the credentials' system here
    let plain = Server::new(Shop::default(), tools()).with_tool_search(ToolSearch::new());
    assert_eq!(first(plain, "my SAP login stopped working").await, None);
    let server = Server::new(Shop::default(), tools())
        .with_tool_search(ToolSearch::new().keywords("issue_credentials", ["SAP"]));
    assert_eq!(
        first(server, "my SAP login stopped working")
            .await
            .as_deref(),
        Some("issue_credentials")
    );

    let wrong = Server::new(Shop::default(), tools())
        .with_tool_search(ToolSearch::new().keywords("get_acount", ["SAP"]));
    let error = serve(wrong).await.unwrap_err().to_string();
    assert_eq!(
        error,
        "tool search adds keywords to `get_acount`, but no tool has that name"
    );
}

/// The official Python SDK (`tests/interop/search_client.py`) over stdio, in both of its
/// modes, on the quickstart tools with search on (`servers search`, a child process).
#[tokio::test(flavor = "multi_thread")]
async fn the_python_sdk_searches_and_calls_over_stdio() {
    let output = tokio::task::spawn_blocking(|| {
        toolshape_test_support::python::run_script(
            "search_client.py",
            &["--", env!("CARGO_BIN_EXE_servers"), "search"],
            120,
        )
    })
    .await
    .unwrap();
    eprintln!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");
}

/// The same over streamable HTTP.
#[tokio::test(flavor = "multi_thread")]
async fn the_python_sdk_searches_and_calls_over_http() {
    use toolshape_examples::quickstart::{Directory, toolset};
    let server = Server::new(Directory::default(), toolset())
        .with_tool_search(ToolSearch::new().pin(["get_user_by_id"]));
    let router = server.http_router(&Default::default());
    let output =
        toolshape_test_support::python::run_script_over_http(router, "search_client.py", 120).await;
    assert!(output.contains(" passed, 0 failed"), "{output}");
}
