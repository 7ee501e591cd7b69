//! Tools called as tasks (the protocol's tasks extension), through rmcp's client in both
//! protocol eras: a task created at once and polled to its result, a tool error that
//! completes the task with `isError`, a panic that fails it, bad arguments refused before
//! any task, a question answered with `tasks/update`, progress shown as the task's status
//! message, `tasks/cancel` reaching the tool; a deferred tool that asks in input-required
//! rounds, then goes on as a task; and a client that does not declare tasks, which gets
//! plain calls or, for a tool that runs only as a task, the protocol's -32021.

use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, ClientCapabilities, ClientConfig,
    DetailedTask, ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationCapability,
    GetTaskParams, Implementation, InputResponses, ProtocolVersion, TaskPayload, TaskStatus,
    UpdateTaskParams,
};
use rmcp::service::{RequestContext, RoleClient};
use rmcp::task_manager::TaskOptions;
use rmcp::{ClientHandler, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::Notify;
use toolshape::serve::TaskSettings;
use toolshape::store::tasks::{TaskHandle, TaskStore, TaskWork};
use toolshape::{
    Context, Server, ToolError, ToolSet, testing, tool, tool::BoxFuture, tool::TaskSupport, tools,
};

/// Sleeps, then says how long.
#[tool(format = "text", task = "optional")]
async fn work(
    /// Milliseconds to work.
    millis: u64,
) -> String {
    tokio::time::sleep(Duration::from_millis(millis)).await;
    format!("worked {millis} ms")
}

/// Runs only as a task.
#[tool(format = "text", task = "required")]
async fn only_as_task() -> String {
    "done".to_owned()
}

/// Fails with a tool error.
#[tool(format = "text", task = "required")]
async fn fails() -> Result<String, ToolError> {
    Err(ToolError::new("the disk is full"))
}

/// Panics.
#[tool(format = "text", task = "optional")]
async fn crashes() -> String {
    panic!("a bug")
}

#[derive(Deserialize, JsonSchema)]
struct Confirm {
    /// Whether to go ahead.
    confirm: bool,
}

/// Asks before it deletes.
#[tool(format = "text", task = "optional")]
async fn delete(
    #[context] cx: Context,
    /// What to delete.
    path: String,
) -> Result<String, ToolError> {
    let answer = cx.elicit::<Confirm>(format!("Delete {path}?")).await?;
    Ok(match answer.accepted() {
        Some(Confirm { confirm: true }) => format!("deleted {path}"),
        _ => format!("kept {path}"),
    })
}

/// Waits until it is cancelled, and tells the test it saw the cancellation.
#[tool(format = "text", task = "optional")]
async fn waits(#[context] cx: Context, #[state] seen: &Arc<Notify>) -> String {
    cx.progress_message(1.0, Some(2.0), "waiting for the cancellation")
        .await;
    cx.cancelled().await;
    seen.notify_one();
    "cancelled".to_owned()
}

#[derive(Deserialize, JsonSchema)]
struct Name {
    /// Your name.
    name: String,
}

/// Asks a name in the call, then goes on as a task.
#[tool(format = "text", task = "deferred")]
async fn greet_later(#[context] cx: Context) -> Result<String, ToolError> {
    let name = cx.elicit::<Name>("Your name?").key("name").await?;
    cx.continue_as_task().await;
    let name = name.accepted().map_or("nobody".to_owned(), |n| n.name);
    Ok(format!("Hello, {name}!"))
}

/// A plain tool beside them.
#[tool(format = "text")]
fn plain() -> String {
    "plain".to_owned()
}

#[derive(Clone)]
struct TestClient {
    version: ProtocolVersion,
    tasks: bool,
}

impl ClientHandler for TestClient {
    async fn create_elicitation(
        &self,
        _: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        Ok(ElicitResult::new(ElicitationAction::Accept).with_content(json!({"name": "Bea"})))
    }

    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::builder().enable_tasks().build();
        if !self.tasks {
            capabilities.extensions = None;
        }
        capabilities.elicitation = Some(ElicitationCapability::default());
        ClientConfig::new(capabilities, Implementation::new("tasks-tests", "0.0.0"))
            .with_protocol_version(self.version.clone())
    }
}

type Client = testing::Client<TestClient>;

fn server() -> (Server<Arc<Notify>>, Arc<Notify>) {
    let seen = Arc::new(Notify::new());
    let tools = ToolSet::new(tools![
        work,
        only_as_task,
        fails,
        crashes,
        delete,
        waits,
        greet_later,
        plain
    ])
    .unwrap();
    (Server::new(seen.clone(), tools), seen)
}

async fn connect(version: ProtocolVersion, tasks: bool) -> (Client, Arc<Notify>) {
    let (server, seen) = server();
    (connect_to(server, version, tasks).await, seen)
}

async fn connect_to<H: rmcp::ServerHandler>(
    server: Server<Arc<Notify>, H>,
    version: ProtocolVersion,
    tasks: bool,
) -> Client {
    testing::connect_with_client(server, TestClient { version, tasks })
        .await
        .expect("connects")
}

fn versions() -> [ProtocolVersion; 2] {
    [ProtocolVersion::V_2026_07_28, ProtocolVersion::V_2025_11_25]
}

fn call(name: &str, arguments: Value) -> CallToolRequestParams {
    CallToolRequestParams::new(name.to_owned())
        .with_arguments(arguments.as_object().expect("an object").clone())
}

/// Calls `name`, expecting a task; returns its id.
async fn start(client: &Client, name: &str, arguments: Value) -> String {
    match client.call_tool_once(call(name, arguments)).await.unwrap() {
        CallToolResponse::Task(created) => {
            assert_eq!(created.task.status, TaskStatus::Working, "{name}");
            created.task.task_id
        }
        other => panic!("{name}: a task, got {other:?}"),
    }
}

/// Polls `tasks/get` until the task is in a state other than `working`.
async fn settle(client: &Client, id: &str) -> TaskPayload {
    for _ in 0..500 {
        let task = client.get_task(GetTaskParams::new(id)).await.unwrap().task;
        if task.task.status != TaskStatus::Working {
            return task.payload;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("task {id} is still working after 5 s")
}

fn text_of(result: &serde_json::Map<String, Value>) -> &str {
    result["content"][0]["text"].as_str().expect("a text block")
}

#[tokio::test]
async fn a_task_is_created_polled_and_completed_in_both_eras() {
    for version in versions() {
        let (client, _) = connect(version.clone(), true).await;
        let id = start(&client, "work", json!({"millis": 50})).await;
        let TaskPayload::Completed { result } = settle(&client, &id).await else {
            panic!("{version}: completed")
        };
        assert_eq!(text_of(&result), "worked 50 ms", "{version}");
        assert_eq!(result["isError"], json!(false), "{version}");
        // The result is what a plain call returns, provenance included.
        assert!(
            result["_meta"][toolshape::provenance::META_KEY]["tool_version"].is_string(),
            "{version}: {result:?}"
        );

        // A tool without `task` is answered at once, even for a client with tasks.
        let plain = client
            .call_tool_once(call("plain", json!({})))
            .await
            .unwrap();
        assert!(
            matches!(plain, CallToolResponse::Complete(_)),
            "{version}: {plain:?}"
        );

        // The listing says which tools can run as tasks.
        let listing = client.list_all_tools().await.unwrap();
        let task_of = |name: &str| {
            let tool = listing.iter().find(|tool| tool.name == name).unwrap();
            tool.meta.as_ref().unwrap().0["dev.toolshape/tool"]
                .get("task")
                .cloned()
        };
        assert_eq!(task_of("work"), Some(json!("optional")), "{version}");
        assert_eq!(task_of("greet_later"), Some(json!("deferred")), "{version}");
        assert_eq!(task_of("plain"), None, "{version}");

        // The server advertises the extension.
        let info = client.peer_info().expect("the server's info");
        assert!(info.capabilities.supports_tasks(), "{version}: {info:?}");
    }
    // Capabilities stated by hand keep it: it follows the tools.
    let (server, _) = server();
    let server = server.with_info(
        toolshape::serve::About::default()
            .with_capabilities(rmcp::model::ServerCapabilities::default()),
    );
    let info = rmcp::ServerHandler::get_info(&server);
    assert!(info.capabilities.supports_tasks(), "{info:?}");
    assert!(info.capabilities.tools.is_some() && info.capabilities.logging.is_none());
}

#[tokio::test]
async fn bad_arguments_are_refused_at_once_not_in_a_task() {
    for version in versions() {
        let (client, _) = connect(version.clone(), true).await;
        let response = client
            .call_tool_once(call("work", json!({"millis": "soon", "extra": 1})))
            .await
            .unwrap();
        let CallToolResponse::Complete(result) = response else {
            panic!("{version}: a result, not a task: {response:?}")
        };
        assert_eq!(result.is_error, Some(true), "{version}");
        let text = &result.content[0].as_text().unwrap().text;
        assert!(
            text.contains("`millis`") && text.contains("`extra`"),
            "{version}: {text}"
        );
    }
}

#[tokio::test]
async fn a_tool_error_completes_the_task_and_a_panic_fails_it() {
    for version in versions() {
        let (client, _) = connect(version.clone(), true).await;
        let id = start(&client, "fails", json!({})).await;
        let TaskPayload::Completed { result } = settle(&client, &id).await else {
            panic!("{version}: a tool error completes the task")
        };
        assert_eq!(result["isError"], json!(true), "{version}");
        assert_eq!(text_of(&result), "Error: the disk is full", "{version}");

        let id = start(&client, "crashes", json!({})).await;
        let TaskPayload::Failed { error } = settle(&client, &id).await else {
            panic!("{version}: a panic fails the task")
        };
        assert_eq!(error["code"], json!(-32603), "{version}: {error:?}");
        assert_eq!(
            error["message"],
            json!("internal error in tool `crashes`"),
            "{version}"
        );

        // The server goes on serving.
        let id = start(&client, "work", json!({"millis": 0})).await;
        assert!(matches!(
            settle(&client, &id).await,
            TaskPayload::Completed { .. }
        ));
    }
}

#[tokio::test]
async fn a_question_waits_for_tasks_update() {
    for version in versions() {
        for (answer, expected) in [
            (
                json!({"action": "accept", "content": {"confirm": true}}),
                "deleted a.txt",
            ),
            (
                json!({"action": "accept", "content": {"confirm": false}}),
                "kept a.txt",
            ),
            (json!({"action": "decline"}), "kept a.txt"),
        ] {
            let (client, _) = connect(version.clone(), true).await;
            let id = start(&client, "delete", json!({"path": "a.txt"})).await;
            let TaskPayload::InputRequired { input_requests } = settle(&client, &id).await else {
                panic!("{version}: the task asks")
            };
            let (key, request) = input_requests.iter().next().expect("one question");
            let request = serde_json::to_value(request).unwrap();
            assert_eq!(request["method"], json!("elicitation/create"), "{version}");
            assert_eq!(request["params"]["message"], json!("Delete a.txt?"));
            assert_eq!(
                request["params"]["requestedSchema"]["properties"]["confirm"]["type"],
                json!("boolean")
            );

            let responses = serde_json::from_value(json!({ key.clone(): answer })).unwrap();
            client
                .update_task(UpdateTaskParams::new(id.clone(), responses))
                .await
                .unwrap();
            let TaskPayload::Completed { result } = settle(&client, &id).await else {
                panic!("{version}: completed after the answer")
            };
            assert_eq!(text_of(&result), expected, "{version}");
        }
    }
}

#[tokio::test]
async fn tasks_cancel_reaches_the_tool() {
    for version in versions() {
        let (client, seen) = connect(version.clone(), true).await;
        let id = start(&client, "waits", json!({})).await;
        // Its progress is the task's status message.
        let mut message = None;
        for _ in 0..500 {
            message = client
                .get_task(GetTaskParams::new(id.clone()))
                .await
                .unwrap()
                .task
                .task
                .status_message;
            if message.is_some() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(
            message.as_deref(),
            Some("waiting for the cancellation"),
            "{version}"
        );
        client
            .cancel_task(CancelTaskParams::new(id.clone()))
            .await
            .unwrap();
        tokio::time::timeout(Duration::from_secs(5), seen.notified())
            .await
            .unwrap_or_else(|_| panic!("{version}: the tool saw the cancellation"));
        assert!(
            matches!(settle(&client, &id).await, TaskPayload::Cancelled),
            "{version}"
        );
        // Cancelling a task that has ended is acknowledged; an unknown one is -32602.
        client
            .cancel_task(CancelTaskParams::new(id.clone()))
            .await
            .unwrap();
        let unknown = client
            .get_task(GetTaskParams::new("no-such-task"))
            .await
            .unwrap_err();
        assert!(unknown.to_string().contains("-32602"), "{unknown}");
    }
}

#[tokio::test]
async fn a_task_that_outlives_its_time_to_live_fails() {
    let (server, _) = server();
    let server =
        server.with_tasks(TaskSettings::default().with_ttl(Some(Duration::from_millis(100))));
    let client = connect_to(server, ProtocolVersion::V_2026_07_28, true).await;
    let id = start(&client, "work", json!({"millis": 60_000})).await;
    tokio::time::sleep(Duration::from_millis(150)).await;
    let TaskPayload::Failed { error } = settle(&client, &id).await else {
        panic!("the task expired")
    };
    assert!(
        error["message"].as_str().unwrap().contains("expired"),
        "{error:?}"
    );
}

#[tokio::test]
async fn past_the_task_limit_optional_calls_run_plain_and_required_ones_are_refused() {
    let (server, seen) = server();
    let client = connect_to(
        server.with_tasks(TaskSettings::default().with_limit(1)),
        ProtocolVersion::V_2026_07_28,
        true,
    )
    .await;
    let waiting = start(&client, "waits", json!({})).await;
    // One task runs: an optional call runs plain, a required one is refused.
    let plain = client
        .call_tool_once(call("work", json!({"millis": 0})))
        .await
        .unwrap();
    assert!(matches!(plain, CallToolResponse::Complete(_)), "{plain:?}");
    let refused = client
        .call_tool_once(call("only_as_task", json!({})))
        .await
        .unwrap_err()
        .to_string();
    assert!(
        refused.contains("-32603") && refused.contains("limit"),
        "{refused}"
    );
    // Once it has ended, calls are tasks again.
    client
        .cancel_task(CancelTaskParams::new(waiting.clone()))
        .await
        .unwrap();
    tokio::time::timeout(Duration::from_secs(5), seen.notified())
        .await
        .unwrap();
    assert!(matches!(
        settle(&client, &waiting).await,
        TaskPayload::Cancelled
    ));
    start(&client, "only_as_task", json!({})).await;
}

#[tokio::test]
async fn a_client_without_tasks_gets_plain_calls_or_the_protocol_error() {
    for version in versions() {
        let (client, _) = connect(version.clone(), false).await;
        let result = client
            .call_tool(call("work", json!({"millis": 0})))
            .await
            .unwrap();
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "worked 0 ms",
            "{version}"
        );
        let error = client
            .call_tool(call("only_as_task", json!({})))
            .await
            .unwrap_err();
        let error = error.to_string();
        assert!(error.contains("-32021"), "{version}: {error}");
        assert!(
            error.contains("io.modelcontextprotocol/tasks"),
            "{version}: {error}"
        );
    }
}

#[tokio::test]
async fn a_deferred_tool_asks_in_rounds_then_goes_on_as_a_task() {
    let (client, _) = connect(ProtocolVersion::V_2026_07_28, true).await;
    // Round 1: the question, as an input-required result; no task yet.
    let first = client
        .call_tool_once(call("greet_later", json!({})))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(first) = first else {
        panic!("an input-required result: {first:?}")
    };
    let keys: Vec<_> = first
        .input_requests
        .iter()
        .flatten()
        .map(|(k, _)| k.clone())
        .collect();
    assert_eq!(keys, ["name"]);
    // Round 2, with the answer: the call goes on as a task, which runs the tool again with
    // the answer it already has.
    let answers = serde_json::from_value(json!({
        "name": {"action": "accept", "content": {"name": "Alice"}}
    }))
    .unwrap();
    let mut again = call("greet_later", json!({}));
    again.input_responses = Some(answers);
    again.request_state = first.request_state.clone();
    let CallToolResponse::Task(created) = client.call_tool_once(again).await.unwrap() else {
        panic!("a task")
    };
    let TaskPayload::Completed { result } = settle(&client, &created.task.task_id).await else {
        panic!("completed")
    };
    assert_eq!(text_of(&result), "Hello, Alice!");
}

#[tokio::test]
async fn a_deferred_tool_without_tasks_runs_as_a_plain_call() {
    // 2026-07-28 without tasks: rounds, then the result (rmcp's client answers the round
    // through its handler); 2025-11-25 with or without tasks: the question as a request.
    for (version, tasks) in [
        (ProtocolVersion::V_2026_07_28, false),
        (ProtocolVersion::V_2025_11_25, true),
        (ProtocolVersion::V_2025_11_25, false),
    ] {
        let (client, _) = connect(version.clone(), tasks).await;
        let result = client
            .call_tool(call("greet_later", json!({})))
            .await
            .unwrap_or_else(|error| panic!("{version} {tasks}: {error}"));
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "Hello, Bea!",
            "{version} {tasks}"
        );
    }
}

/// A store of one's own: rmcp's, with every call written down.
struct Recording {
    inner: rmcp::task_manager::TaskManager,
    seen: Arc<std::sync::Mutex<Vec<String>>>,
}

impl Recording {
    fn note(&self, what: String) {
        self.seen.lock().unwrap().push(what);
    }
}

impl TaskStore for Recording {
    fn spawn(
        &self,
        options: TaskOptions,
        work: TaskWork,
    ) -> BoxFuture<'_, Result<rmcp::model::Task, ErrorData>> {
        let seen = self.seen.clone();
        Box::pin(async move {
            let task = TaskStore::spawn(
                &self.inner,
                options,
                Box::new(move |handle: TaskHandle| {
                    seen.lock().unwrap().push("work".to_owned());
                    work(handle)
                }),
            )
            .await?;
            self.note(format!("spawn {}", task.ttl_ms.unwrap_or_default()));
            Ok(task)
        })
    }

    fn get<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<DetailedTask, ErrorData>> {
        self.note("get".to_owned());
        TaskStore::get(&self.inner, task_id)
    }

    fn update<'a>(
        &'a self,
        task_id: &'a str,
        responses: InputResponses,
    ) -> BoxFuture<'a, Result<(), ErrorData>> {
        self.note(format!("update {}", responses.len()));
        TaskStore::update(&self.inner, task_id, responses)
    }

    fn cancel<'a>(&'a self, task_id: &'a str) -> BoxFuture<'a, Result<(), ErrorData>> {
        self.note("cancel".to_owned());
        TaskStore::cancel(&self.inner, task_id)
    }
}

#[tokio::test]
async fn a_store_of_ones_own_serves_the_tasks() {
    let seen = Arc::new(std::sync::Mutex::new(Vec::new()));
    let (server, _) = server();
    let server = server.with_tasks(
        TaskSettings::default()
            .with_ttl(Some(Duration::from_secs(60)))
            .with_store(Recording {
                inner: rmcp::task_manager::TaskManager::new(),
                seen: seen.clone(),
            }),
    );
    let client = connect_to(server, ProtocolVersion::V_2026_07_28, true).await;
    let id = start(&client, "delete", json!({"path": "b.txt"})).await;
    let TaskPayload::InputRequired { input_requests } = settle(&client, &id).await else {
        panic!("the task asks")
    };
    let key = input_requests.keys().next().unwrap().clone();
    let responses =
        serde_json::from_value(json!({ key: {"action": "accept", "content": {"confirm": true}} }))
            .unwrap();
    client
        .update_task(UpdateTaskParams::new(id.clone(), responses))
        .await
        .unwrap();
    let TaskPayload::Completed { result } = settle(&client, &id).await else {
        panic!("completed")
    };
    assert_eq!(text_of(&result), "deleted b.txt");
    client.cancel_task(CancelTaskParams::new(id)).await.unwrap();

    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen[..2], ["work", "spawn 60000"], "{seen:?}");
    assert!(seen.contains(&"get".to_owned()), "{seen:?}");
    assert!(seen.contains(&"update 1".to_owned()), "{seen:?}");
    assert_eq!(seen.last().unwrap(), "cancel", "{seen:?}");
}

/// A handler with tasks of its own, served beside toolshape's.
struct OwnTasks;

impl rmcp::ServerHandler for OwnTasks {
    fn get_info(&self) -> rmcp::model::ServerConfig {
        rmcp::model::ServerConfig::new(
            rmcp::model::ServerCapabilities::builder()
                .enable_tasks()
                .build(),
        )
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        _: RequestContext<rmcp::RoleServer>,
    ) -> Result<rmcp::model::GetTaskResult, ErrorData> {
        if request.task_id != "theirs-1" {
            return Err(ErrorData::invalid_params("not one of the handler's", None));
        }
        let task = rmcp::model::Task::new("theirs-1", TaskStatus::Working, "t0", "t0");
        Ok(rmcp::model::GetTaskResult::new(DetailedTask::new(
            task,
            TaskPayload::Working,
        )))
    }
}

#[tokio::test]
async fn a_handler_with_tasks_of_its_own_keeps_them() {
    let (server, _) = server();
    let client = connect_to(
        server.with_handler(OwnTasks),
        ProtocolVersion::V_2026_07_28,
        true,
    )
    .await;
    // toolshape's tasks are found in its store.
    let id = start(&client, "work", json!({"millis": 0})).await;
    assert!(matches!(
        settle(&client, &id).await,
        TaskPayload::Completed { .. }
    ));
    // The handler's, by the handler.
    let theirs = client
        .get_task(GetTaskParams::new("theirs-1"))
        .await
        .unwrap();
    assert_eq!(theirs.task.task.task_id, "theirs-1");
    // Neither's: the handler's answer.
    let error = client
        .get_task(GetTaskParams::new("nobody's"))
        .await
        .unwrap_err();
    assert!(
        error.to_string().contains("not one of the handler's"),
        "{error}"
    );
}

#[test]
fn task_support_is_declared_per_tool() {
    let tools = ToolSet::<()>::new(tools![work, only_as_task, greet_later, plain]).unwrap();
    let support = |name| tools.info(name).unwrap().task();
    assert_eq!(support("work"), TaskSupport::Optional);
    assert_eq!(support("only_as_task"), TaskSupport::Required);
    assert_eq!(support("greet_later"), TaskSupport::Deferred);
    assert_eq!(support("plain"), TaskSupport::Never);
}
