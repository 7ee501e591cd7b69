//! The tool context through rmcp's client, in both protocol eras: progress, log messages,
//! and questions to the client (elicitation accepted, declined, cancelled; sampling; roots;
//! several rounds) asked as server-to-client requests on 2025-11-25 and as input-required
//! results with sealed state on 2026-07-28; tampered state refused.
#![allow(deprecated)] // rmcp marks sampling, roots and logging deprecated (SEP-2577)

use std::sync::{Arc, Mutex};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ClientCapabilities, ClientConfig,
    CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult,
    ElicitationAction, ElicitationCapability, Implementation, ListRootsResult,
    LoggingMessageNotificationParam, ProgressNotificationParam, ProtocolVersion, Root,
    RootsCapabilities, SamplingCapability, SamplingMessage,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient};
use rmcp::{ClientHandler, ErrorData};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use toolshape::{
    Context, Server, ToolError, ToolSet, context::Elicitation, context::LogLevel,
    context::StateKeys, testing, tool, tools,
};

#[derive(Deserialize, JsonSchema)]
struct Name {
    /// Your name.
    name: String,
}

#[derive(Deserialize, JsonSchema)]
struct Color {
    /// Your favourite colour.
    color: String,
}

/// Greet the user by the name they give.
#[tool(format = "text")]
async fn greet(#[context] cx: Context) -> Result<String, ToolError> {
    Ok(
        match cx
            .elicit::<Name>("What is your name?")
            .key("user_name")
            .await?
        {
            Elicitation::Accepted(Name { name }) => format!("Hello, {name}!"),
            Elicitation::Declined => "declined".to_owned(),
            Elicitation::Cancelled => "cancelled".to_owned(),
        },
    )
}

/// Ask two questions, one round each.
#[tool(format = "text")]
async fn two_rounds(#[context] cx: Context) -> Result<String, ToolError> {
    let name = cx.elicit::<Name>("Step 1: your name?").await?.accepted();
    let color = cx.elicit::<Color>("Step 2: your colour?").await?.accepted();
    Ok(format!(
        "{} likes {}",
        name.map_or("nobody".into(), |n| n.name),
        color.map_or("nothing".into(), |c| c.color)
    ))
}

/// Ask the client's model, and count the client's roots, in one round.
#[tool(format = "text")]
async fn sample_and_roots(#[context] cx: Context) -> Result<String, ToolError> {
    let (answer, roots) = tokio::join!(cx.sample("Capital of France?", 20), cx.roots());
    Ok(format!(
        "{} / {} root(s)",
        answer?.text.unwrap_or_default(),
        roots?.len()
    ))
}

/// Three steps with progress and log messages.
#[tool(format = "text")]
async fn steps(#[context] cx: Context) -> String {
    for step in 0..=2 {
        cx.progress_message(f64::from(step), Some(2.0), format!("step {step}"))
            .await;
        cx.log(LogLevel::Info, format!("step {step}")).await;
    }
    "done".to_owned()
}

/// Log messages at three levels.
#[tool(format = "text")]
async fn warns(#[context] cx: Context) -> String {
    cx.log(LogLevel::Info, "checking the disk").await;
    cx.log(LogLevel::Warning, "disk nearly full").await;
    cx.log(LogLevel::Error, "disk full").await;
    "checked".to_owned()
}

#[derive(Default)]
struct Seen {
    progress: Vec<(f64, Option<f64>, Option<String>)>,
    logs: Vec<Value>,
    asked: Vec<String>,
}

/// A client that answers every question: the user's action and name are set per test.
#[derive(Clone)]
struct Answering {
    action: ElicitationAction,
    version: ProtocolVersion,
    seen: Arc<Mutex<Seen>>,
}

impl ClientHandler for Answering {
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        let message = match &request {
            ElicitRequestParams::FormElicitationParams { message, .. } => message.clone(),
            _ => "url".into(),
        };
        self.seen.lock().unwrap().asked.push(message.clone());
        let content = if message.contains("colour") {
            json!({"color": "green"})
        } else {
            json!({"name": "Alice"})
        };
        let mut result = ElicitResult::new(self.action.clone());
        if self.action == ElicitationAction::Accept {
            result = result.with_content(content);
        }
        Ok(result)
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        self.seen
            .lock()
            .unwrap()
            .asked
            .push(format!("sample {}", params.max_tokens));
        Ok(CreateMessageResult::new(
            SamplingMessage::assistant_text("Paris"),
            "test-model".into(),
        ))
    }

    async fn list_roots(
        &self,
        _: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        self.seen.lock().unwrap().asked.push("roots".into());
        Ok(ListRootsResult::new(vec![
            Root::new("file:///a"),
            Root::new("file:///b"),
        ]))
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        self.seen
            .lock()
            .unwrap()
            .progress
            .push((params.progress, params.total, params.message));
    }

    async fn on_logging_message(
        &self,
        params: LoggingMessageNotificationParam,
        _: NotificationContext<RoleClient>,
    ) {
        self.seen.lock().unwrap().logs.push(params.data);
    }

    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(ElicitationCapability::default());
        capabilities.sampling = Some(SamplingCapability::default());
        capabilities.roots = Some(RootsCapabilities::default());
        ClientConfig::new(capabilities, Implementation::new("context-tests", "0.0.0"))
            .with_protocol_version(self.version.clone())
    }
}

type Client = testing::Client<Answering>;

fn server() -> Server<()> {
    let keys = StateKeys::new(
        "k1",
        [("k1", b"a test key of thirty-two bytes or more".to_vec())],
    )
    .unwrap();
    Server::new(
        (),
        ToolSet::new(tools![greet, two_rounds, sample_and_roots, steps, warns])
            .unwrap()
            .with_state_keys(keys),
    )
}

async fn connect(
    version: ProtocolVersion,
    action: ElicitationAction,
) -> (Client, Arc<Mutex<Seen>>) {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let handler = Answering {
        action,
        version,
        seen: seen.clone(),
    };
    let client = testing::connect_with_client(server(), handler)
        .await
        .expect("connects");
    (client, seen)
}

fn versions() -> [ProtocolVersion; 2] {
    [ProtocolVersion::V_2026_07_28, ProtocolVersion::V_2025_11_25]
}

async fn call_text(client: &Client, name: &str) -> String {
    let result = client
        .call_tool(CallToolRequestParams::new(name.to_owned()).with_arguments(Default::default()))
        .await
        .unwrap_or_else(|error| panic!("{name}: {error}"));
    assert_eq!(result.is_error, Some(false), "{result:?}");
    result.content[0].as_text().expect("text").text.clone()
}

#[tokio::test]
async fn elicitation_accepted_declined_cancelled_in_both_eras() {
    for version in versions() {
        for (action, expected) in [
            (ElicitationAction::Accept, "Hello, Alice!"),
            (ElicitationAction::Decline, "declined"),
            (ElicitationAction::Cancel, "cancelled"),
        ] {
            let (client, seen) = connect(version.clone(), action).await;
            assert_eq!(call_text(&client, "greet").await, expected, "{version}");
            assert_eq!(
                seen.lock().unwrap().asked,
                ["What is your name?"],
                "{version}"
            );
        }
    }
}

#[tokio::test]
async fn two_rounds_in_both_eras() {
    for version in versions() {
        let (client, seen) = connect(version.clone(), ElicitationAction::Accept).await;
        assert_eq!(
            call_text(&client, "two_rounds").await,
            "Alice likes green",
            "{version}"
        );
        // Each question is asked once: the second round answers the first from its state.
        assert_eq!(
            seen.lock().unwrap().asked,
            ["Step 1: your name?", "Step 2: your colour?"],
            "{version}"
        );
    }
}

#[tokio::test]
async fn sampling_and_roots_in_both_eras() {
    for version in versions() {
        let (client, seen) = connect(version.clone(), ElicitationAction::Accept).await;
        assert_eq!(
            call_text(&client, "sample_and_roots").await,
            "Paris / 2 root(s)",
            "{version}"
        );
        let mut asked = seen.lock().unwrap().asked.clone();
        asked.sort();
        assert_eq!(asked, ["roots", "sample 20"], "{version}");
    }
}

#[tokio::test]
async fn input_required_result_names_the_questions_and_seals_the_state() {
    let (client, _) = connect(ProtocolVersion::V_2026_07_28, ElicitationAction::Accept).await;
    let first = client
        .call_tool_once(CallToolRequestParams::new("greet").with_arguments(Default::default()))
        .await
        .unwrap();
    let CallToolResponse::InputRequired(first) = first else {
        panic!("an input-required result: {first:?}")
    };
    let requests = first.input_requests.expect("questions");
    assert_eq!(requests.keys().collect::<Vec<_>>(), ["user_name"]);
    let question = serde_json::to_value(&requests["user_name"]).unwrap();
    assert_eq!(question["method"], "elicitation/create");
    assert_eq!(
        question["params"]["requestedSchema"]["properties"]["name"]["type"],
        "string"
    );
    let state = first.request_state.expect("sealed state");

    let answer = || {
        [(
            "user_name".to_owned(),
            json!({"action": "accept", "content": {"name": "Bob"}}),
        )]
        .into_iter()
        .collect()
    };
    // The state as given, with the answer: the call completes.
    let done = client
        .call_tool_once(
            CallToolRequestParams::new("greet")
                .with_arguments(Default::default())
                .with_input_responses(answer())
                .with_request_state(state.clone()),
        )
        .await
        .unwrap();
    let CallToolResponse::Complete(done) = done else {
        panic!("complete: {done:?}")
    };
    assert_eq!(done.content[0].as_text().unwrap().text, "Hello, Bob!");

    // Tampered state, or state of a call with other arguments: a JSON-RPC error.
    for (state, arguments) in [
        (format!("{state}-TAMPERED"), json!({})),
        (state.clone(), json!({"extra": 1})),
    ] {
        let refused = client
            .call_tool_once(
                CallToolRequestParams::new("greet")
                    .with_arguments(arguments.as_object().unwrap().clone())
                    .with_input_responses(answer())
                    .with_request_state(state),
            )
            .await;
        let error = format!("{:?}", refused.expect_err("tampered state is refused"));
        assert!(
            error.contains("requestState integrity check failed"),
            "{error}"
        );
    }

    // An answer that is not an elicitation result: a JSON-RPC error naming it.
    let invalid = client
        .call_tool_once(
            CallToolRequestParams::new("greet")
                .with_arguments(Default::default())
                .with_input_responses(
                    [("user_name".to_owned(), json!(12345))]
                        .into_iter()
                        .collect(),
                ),
        )
        .await;
    let error = format!("{:?}", invalid.expect_err("an invalid answer is refused"));
    assert!(
        error.contains("user_name") && error.contains("elicitation result"),
        "{error}"
    );
}

#[tokio::test]
async fn progress_and_logs_in_both_eras() {
    for version in versions() {
        let (client, seen) = connect(version.clone(), ElicitationAction::Accept).await;
        // rmcp's client asks for progress on every request (a progress token in `_meta`).
        let request = CallToolRequestParams::new("steps").with_arguments(Default::default());
        let result = client.call_tool(request).await.unwrap();
        assert_eq!(result.content[0].as_text().unwrap().text, "done");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let seen = seen.lock().unwrap();
        assert_eq!(
            seen.progress,
            [
                (0.0, Some(2.0), Some("step 0".to_owned())),
                (1.0, Some(2.0), Some("step 1".to_owned())),
                (2.0, Some(2.0), Some("step 2".to_owned())),
            ],
            "{version}"
        );
        // 2025-11-25 clients get every log message; a 2026-07-28 request that asked for no
        // log level gets none.
        let expected_logs: Vec<Value> = if version >= ProtocolVersion::V_2026_07_28 {
            vec![]
        } else {
            vec![json!("step 0"), json!("step 1"), json!("step 2")]
        };
        assert_eq!(seen.logs, expected_logs, "{version}");
    }
}

/// A 2025-11-25 client that set a level with `logging/setLevel` gets nothing below it.
#[tokio::test]
async fn a_level_set_by_the_client_filters_log_messages() {
    let version = ProtocolVersion::V_2025_11_25;
    let (client, seen) = connect(version, ElicitationAction::Accept).await;
    client
        .set_level(rmcp::model::SetLevelRequestParams::new(
            rmcp::model::LoggingLevel::Warning,
        ))
        .await
        .unwrap();
    for name in ["steps", "warns"] {
        let request = CallToolRequestParams::new(name).with_arguments(Default::default());
        client.call_tool(request).await.unwrap();
    }
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    assert_eq!(
        seen.lock().unwrap().logs,
        [json!("disk nearly full"), json!("disk full")],
        "info messages are below the level"
    );
    // Another session (a new connection) starts without a level: it gets them all.
    let (client, seen) = connect(ProtocolVersion::V_2025_11_25, ElicitationAction::Accept).await;
    let request = CallToolRequestParams::new("warns").with_arguments(Default::default());
    client.call_tool(request).await.unwrap();
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    assert_eq!(seen.lock().unwrap().logs.len(), 3);
}

/// rmcp's client puts a progress token on every request, so this talks JSON-RPC itself: a
/// call without one gets its result and no progress notification.
#[tokio::test]
async fn without_a_progress_token_nothing_is_sent() {
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader};
    let client_io = toolshape::testing::serve_in_memory(server());
    let (read, mut write) = tokio::io::split(client_io);
    let mut lines = BufReader::new(read).lines();
    for message in [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "0"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "steps", "arguments": {}}}),
    ] {
        write
            .write_all(format!("{message}\n").as_bytes())
            .await
            .unwrap();
    }
    let mut methods = Vec::new();
    loop {
        let line = lines
            .next_line()
            .await
            .unwrap()
            .expect("the server answers");
        let message: Value = serde_json::from_str(&line).unwrap();
        if message["id"] == 2 {
            assert_eq!(message["result"]["content"][0]["text"], "done", "{message}");
            break;
        }
        if let Some(method) = message["method"].as_str() {
            methods.push(method.to_owned());
        }
    }
    assert!(
        !methods.iter().any(|m| m == "notifications/progress"),
        "{methods:?}"
    );
    assert_eq!(
        methods
            .iter()
            .filter(|m| *m == "notifications/message")
            .count(),
        3
    );
}
