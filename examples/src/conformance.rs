//! The fixture tools of the official MCP conformance suite (`@modelcontextprotocol/conformance`,
//! server scenarios), written as toolshape tools: names, arguments and answers as the suite's
//! scenarios describe them.
//!
//! Every tool here is an ordinary `#[tool]` function; what they exercise is the tool
//! context (progress, log messages, questions to the user and the client's model) and rich
//! content (images, audio, embedded resources). The fixture resources and prompts are
//! [`Fixtures`], an rmcp handler served beside the tools with `Server::with_handler`.

use rmcp::handler::server::prompt::PromptContext;
use rmcp::handler::server::router::prompt::PromptRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    CacheScope, ElicitationSchema, GetPromptRequestParams, GetPromptResponse, GetPromptResult,
    InputRequest, InputRequests, InputRequiredResult, InputResponses, JsonObject,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, PaginatedRequestParams,
    Prompt, PromptMessage, ProtocolVersion, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, Resource, ResourceContents, ResourceTemplate, ResultType, Role,
    ServerCapabilities, ServerConfig, SubscribeRequestParams, UnsubscribeRequestParams,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, prompt, prompt_router};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use toolshape::{
    Context, ToolError, ToolSet, context::Elicitation, context::LogLevel, context::Sampled,
    formats::Attachment, formats::Rich, tool, tools,
};

/// A 1×1 PNG.
pub const PNG: &[u8] = b"\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90\x77\x53\xde\x00\x00\x00\x0c\x49\x44\x41\x54\x78\x9c\x63\xf8\xcf\xc0\x00\x00\x03\x01\x01\x00\xc9\xfe\x92\xef\x00\x00\x00\x00\x49\x45\x4e\x44\xae\x42\x60\x82";

/// One millisecond of silence as a WAV file (8 kHz, 8-bit, mono).
pub const WAV: &[u8] = b"\x52\x49\x46\x46\x2c\x00\x00\x00\x57\x41\x56\x45\x66\x6d\x74\x20\x10\x00\x00\x00\x01\x00\x01\x00\x40\x1f\x00\x00\x40\x1f\x00\x00\x01\x00\x08\x00\x64\x61\x74\x61\x08\x00\x00\x00\x80\x80\x80\x80\x80\x80\x80\x80";

/// The conformance fixture tools.
pub fn toolset() -> ToolSet<()> {
    ToolSet::new(tools![
        test_simple_text,
        test_image_content,
        test_audio_content,
        test_embedded_resource,
        test_multiple_content_types,
        test_tool_with_logging,
        test_tool_with_progress,
        test_error_handling,
        test_sampling,
        test_elicitation,
        test_elicitation_sep1034_defaults,
        test_elicitation_sep1330_enums,
        json_schema_2020_12_tool,
        test_input_required_result_elicitation,
        test_input_required_result_sampling,
        test_input_required_result_list_roots,
        test_input_required_result_request_state,
        test_input_required_result_multiple_inputs,
        test_input_required_result_multi_round,
        test_input_required_result_tampered_state,
        test_input_required_result_capabilities,
        test_missing_capability,
        test_streaming_elicitation,
        test_logging_tool,
        greet,
        slow_compute,
        failing_job,
        protocol_error_job,
        confirm_delete,
        multi_input,
        test_tool_with_task,
        test_custom_header,
    ])
    .expect("the fixture tools have distinct names")
}

/// Greets someone (answered at once: no task).
#[tool(format = "text")]
fn greet(
    /// Who to greet.
    name: String,
) -> String {
    format!("Hello, {name}!")
}

/// Works for a number of seconds, as a task when the client supports tasks.
#[tool(format = "text", task = "optional")]
async fn slow_compute(
    /// How long to work, in seconds.
    #[arg(range(max = 3600))]
    seconds: u64,
    /// A label echoed in the result.
    #[arg(default)]
    label: String,
) -> String {
    tokio::time::sleep(std::time::Duration::from_secs(seconds)).await;
    format!("Computed {label} in {seconds} s")
}

/// Fails after a second, with a tool error; runs only as a task.
#[tool(format = "text", task = "required")]
async fn failing_job() -> Result<String, ToolError> {
    tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    Err(ToolError::new("the job failed"))
}

/// Panics: a task whose tool panics fails with the protocol's internal error.
#[tool(format = "text", task = "optional")]
async fn protocol_error_job() -> String {
    panic!("the job crashed")
}

/// A yes or no.
#[derive(Deserialize, JsonSchema)]
pub struct Confirm {
    /// Whether to go ahead.
    pub confirm: bool,
}

/// Deletes a file once the user confirms (as a task, the question is the task's).
#[tool(format = "text", task = "optional")]
async fn confirm_delete(
    #[context] cx: Context,
    /// The file to delete.
    filename: String,
) -> Result<String, ToolError> {
    let answer = cx.elicit::<Confirm>(format!("Delete {filename}?")).await?;
    Ok(match answer.accepted() {
        Some(Confirm { confirm: true }) => format!("Deleted {filename}"),
        _ => format!("Kept {filename}"),
    })
}

/// Asks two questions at once.
#[tool(format = "text", task = "optional")]
async fn multi_input(#[context] cx: Context) -> Result<String, ToolError> {
    let (name, confirm) = tokio::join!(
        cx.elicit::<Name>("What is your name?"),
        cx.elicit::<Confirm>("Go ahead?"),
    );
    let confirmed = confirm?.accepted().is_some_and(|c| c.confirm);
    Ok(format!("Name: {}; confirmed: {confirmed}", name_of(name?)))
}

/// Echoes a region that an HTTP client also sends as the header `Mcp-Param-Region`.
#[tool(format = "text")]
fn test_custom_header(
    /// The region, e.g. `eu-west-1`.
    #[arg(header = "Region")]
    region: String,
) -> String {
    format!("Region: {region}")
}

/// Asks the user's name, then goes on as a task that greets them.
#[tool(format = "text", task = "deferred")]
async fn test_tool_with_task(#[context] cx: Context) -> Result<String, ToolError> {
    let name = cx
        .elicit::<Name>("What is your name?")
        .key("user_name")
        .await?;
    cx.continue_as_task().await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    Ok(format!("Hello, {}!", name_of(name)))
}

async fn pause() {
    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
}

/// Tests simple text content response.
#[tool(format = "text")]
fn test_simple_text() -> String {
    "This is a simple text response for testing.".into()
}

/// Tests image content response.
#[tool(format = "text")]
fn test_image_content() -> Rich<String> {
    Rich::new("A 1x1 PNG image.".to_owned()).with(Attachment::image(PNG, "image/png"))
}

/// Tests audio content response.
#[tool(format = "text")]
fn test_audio_content() -> Rich<String> {
    Rich::new("A WAV recording.".to_owned()).with(Attachment::audio(WAV, "audio/wav"))
}

/// Tests embedded resource content response.
#[tool(format = "text")]
fn test_embedded_resource() -> Rich<String> {
    Rich::new("An embedded resource.".to_owned()).with(Attachment::resource_text(
        "test://embedded-resource",
        "text/plain",
        "This is an embedded resource content.",
    ))
}

/// Tests response with multiple content types (text, image, resource).
#[tool(format = "text")]
fn test_multiple_content_types() -> Rich<String> {
    Rich::new("Multiple content types test:".to_owned())
        .with(Attachment::image(PNG, "image/png"))
        .with(Attachment::resource_text(
            "test://mixed-content-resource",
            "application/json",
            json!({"test": "data", "value": 123}).to_string(),
        ))
}

/// Tests tool that emits log messages during execution.
#[tool(format = "text")]
async fn test_tool_with_logging(#[context] cx: Context) -> String {
    cx.log(LogLevel::Info, "Tool execution started").await;
    pause().await;
    cx.log(LogLevel::Info, "Tool processing data").await;
    pause().await;
    cx.log(LogLevel::Info, "Tool execution completed").await;
    "Tool with logging executed successfully".into()
}

/// Tests tool that reports progress notifications.
#[tool(format = "text")]
async fn test_tool_with_progress(#[context] cx: Context) -> String {
    for done in [0.0, 50.0, 100.0] {
        cx.progress_message(done, Some(100.0), format!("Completed step {done} of 100"))
            .await;
        if done < 100.0 {
            pause().await;
        }
    }
    "Progress reported: 0, 50 and 100 of 100.".into()
}

/// Tests error response handling.
#[tool(format = "text")]
fn test_error_handling() -> Result<String, ToolError> {
    Err(ToolError::new(
        "This tool intentionally returns an error for testing",
    ))
}

fn text_of(answer: &Sampled) -> String {
    answer
        .text
        .clone()
        .unwrap_or_else(|| "no response".to_owned())
}

/// Tests server-initiated sampling (LLM completion request).
#[tool(format = "text")]
async fn test_sampling(
    #[context] cx: Context,
    /// The prompt to send to the LLM.
    prompt: String,
) -> Result<String, ToolError> {
    let answer = cx.sample(prompt, 100).await?;
    Ok(format!("LLM response: {}", text_of(&answer)))
}

fn described(elicitation: Elicitation<JsonObject>) -> String {
    let (action, content) = match elicitation {
        Elicitation::Accepted(content) => ("accept", Value::Object(content)),
        Elicitation::Declined => ("decline", json!({})),
        Elicitation::Cancelled => ("cancel", json!({})),
    };
    format!("action={action}, content={content}")
}

fn schema(schema: Value) -> Result<ElicitationSchema, ToolError> {
    let Value::Object(schema) = schema else {
        return Err(ToolError::new("a form schema is an object"));
    };
    ElicitationSchema::from_json_schema(schema)
        .map_err(|error| ToolError::new(format!("not a form schema: {error}")))
}

/// Tests server-initiated elicitation (user input request).
#[tool(format = "text")]
async fn test_elicitation(
    #[context] cx: Context,
    /// The message to show the user.
    message: String,
) -> Result<String, ToolError> {
    let form = schema(json!({
        "type": "object",
        "properties": {"response": {"type": "string", "description": "User's response"}},
        "required": ["response"]
    }))?;
    let answer = cx.elicit_form(message, form).await?;
    Ok(format!("User response: {}", described(answer)))
}

/// Tests elicitation with default values per SEP-1034.
#[tool(format = "text")]
async fn test_elicitation_sep1034_defaults(#[context] cx: Context) -> Result<String, ToolError> {
    let form = schema(json!({
        "type": "object",
        "properties": {
            "name": {"type": "string", "description": "User name", "default": "John Doe"},
            "age": {"type": "integer", "description": "User age", "default": 30},
            "score": {"type": "number", "description": "User score", "default": 95.5},
            "status": {"type": "string", "description": "User status",
                "enum": ["active", "inactive", "pending"], "default": "active"},
            "verified": {"type": "boolean", "description": "Verification status", "default": true}
        },
        "required": []
    }))?;
    let answer = cx
        .elicit_form(
            "Please review and update the form fields with defaults",
            form,
        )
        .await?;
    Ok(format!("Elicitation completed: {}", described(answer)))
}

/// Tests elicitation with enum schema improvements per SEP-1330.
#[tool(format = "text")]
async fn test_elicitation_sep1330_enums(#[context] cx: Context) -> Result<String, ToolError> {
    let form = schema(json!({
        "type": "object",
        "properties": {
            "untitledSingle": {"type": "string", "description": "Select one option",
                "enum": ["option1", "option2", "option3"]},
            "titledSingle": {"type": "string", "description": "Select one option with titles",
                "oneOf": [
                    {"const": "value1", "title": "First Option"},
                    {"const": "value2", "title": "Second Option"},
                    {"const": "value3", "title": "Third Option"}
                ]},
            "legacyEnum": {"type": "string", "description": "Select one option (legacy)",
                "enum": ["opt1", "opt2", "opt3"],
                "enumNames": ["Option One", "Option Two", "Option Three"]},
            "untitledMulti": {"type": "array", "description": "Select multiple options",
                "minItems": 1, "maxItems": 3,
                "items": {"type": "string", "enum": ["option1", "option2", "option3"]}},
            "titledMulti": {"type": "array", "description": "Select multiple options with titles",
                "minItems": 1, "maxItems": 3,
                "items": {"anyOf": [
                    {"const": "value1", "title": "First Choice"},
                    {"const": "value2", "title": "Second Choice"},
                    {"const": "value3", "title": "Third Choice"}
                ]}}
        },
        "required": []
    }))?;
    let answer = cx
        .elicit_form("Please select options from the enum fields", form)
        .await?;
    Ok(format!("Elicitation completed: {}", described(answer)))
}

/// A postal address.
#[derive(Deserialize, JsonSchema)]
#[schemars(rename = "address", extend("$anchor" = "addressDef"))]
pub struct Address {
    /// The street.
    pub street: Option<String>,
    /// The city.
    pub city: Option<String>,
}

/// Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613, SEP-2106).
#[tool(format = "text", extend_schema = contact_rules)]
fn json_schema_2020_12_tool(
    name: Option<String>,
    address: Option<Address>,
    /// How to reach the person.
    #[arg(rename = "contactMethod", one_of("phone", "email"))]
    contact_method: Option<String>,
    phone: Option<String>,
    email: Option<String>,
) -> Result<String, ToolError> {
    // The rules across parameters that the schema states (`contact_rules`), checked here:
    // the parameters' own checks see one parameter at a time.
    if phone.is_none() && email.is_none() {
        return Err(ToolError::new("give a `phone` or an `email`"));
    }
    match contact_method.as_deref() {
        Some("phone") if phone.is_none() => {
            return Err(ToolError::new("`contactMethod` is phone: give a `phone`"));
        }
        Some("email") | None if email.is_none() => {
            return Err(ToolError::new("give an `email`, or `contactMethod` phone"));
        }
        _ => {}
    }
    let address = address.map(|a| json!({"street": a.street, "city": a.city}));
    Ok(format!(
        "JSON Schema 2020-12 tool called with: {}",
        json!({"name": name, "address": address, "contactMethod": contact_method,
               "phone": phone, "email": email})
    ))
}

/// The rules across `json_schema_2020_12_tool`'s parameters: a phone or an email, and the
/// one `contactMethod` names.
fn contact_rules() -> Value {
    json!({
        "allOf": [{"anyOf": [{"required": ["phone"]}, {"required": ["email"]}]}],
        "if": {"properties": {"contactMethod": {"const": "phone"}}, "required": ["contactMethod"]},
        "then": {"required": ["phone"]},
        "else": {"required": ["email"]}
    })
}

/// What the user types when asked their name.
#[derive(Deserialize, JsonSchema)]
pub struct Name {
    /// Your name.
    pub name: String,
}

/// What the user picks when asked their favourite colour.
#[derive(Deserialize, JsonSchema)]
pub struct Color {
    /// Your favourite colour.
    pub color: String,
}

/// The user's confirmation.
#[derive(Deserialize, JsonSchema)]
pub struct Confirmation {
    /// Whether the user confirms.
    pub ok: bool,
}

/// A value the user gives.
#[derive(Deserialize, JsonSchema)]
pub struct Given {
    /// The value.
    pub value: String,
}

fn name_of(answer: Elicitation<Name>) -> String {
    answer
        .accepted()
        .map_or_else(|| "nobody".to_owned(), |n| n.name)
}

/// Asks the user's name, then greets them (input-required result with an elicitation).
#[tool(format = "text")]
async fn test_input_required_result_elicitation(
    #[context] cx: Context,
) -> Result<String, ToolError> {
    let answer = cx
        .elicit::<Name>("What is your name?")
        .key("user_name")
        .await?;
    Ok(format!("Hello, {}!", name_of(answer)))
}

/// Asks the client's model a question (input-required result with a sampling request).
#[tool(format = "text")]
async fn test_input_required_result_sampling(#[context] cx: Context) -> Result<String, ToolError> {
    let answer = cx
        .sample("What is the capital of France?", 100)
        .key("capital_question")
        .await?;
    Ok(format!("Sampling result: {}", text_of(&answer)))
}

/// Counts the client's roots (input-required result with a roots request).
#[tool(format = "text")]
async fn test_input_required_result_list_roots(
    #[context] cx: Context,
) -> Result<String, ToolError> {
    let roots = cx.roots().key("client_roots").await?;
    Ok(format!("Found {} root(s)", roots.len()))
}

/// Asks for a confirmation; the answer comes back with the sealed request state.
#[tool(format = "text")]
async fn test_input_required_result_request_state(
    #[context] cx: Context,
) -> Result<String, ToolError> {
    let answer = cx
        .elicit::<Confirmation>("Please confirm")
        .key("confirm")
        .await?;
    Ok(match answer.accepted() {
        Some(Confirmation { ok: true }) => "state-ok: requestState validated".into(),
        _ => "state-ok: requestState validated, not confirmed".into(),
    })
}

/// Asks three questions at once: the user's name, a greeting from the model, the roots.
#[tool(format = "text")]
async fn test_input_required_result_multiple_inputs(
    #[context] cx: Context,
) -> Result<String, ToolError> {
    let (name, greeting, roots) = tokio::join!(
        cx.elicit::<Name>("What is your name?").key("user_name"),
        cx.sample("Generate a greeting", 50).key("greeting"),
        cx.roots().key("client_roots"),
    );
    Ok(format!(
        "Name: {}; Greeting: {}; Roots: {}",
        name_of(name?),
        text_of(&greeting?),
        roots?.len()
    ))
}

/// Asks two questions, one round each.
#[tool(format = "text")]
async fn test_input_required_result_multi_round(
    #[context] cx: Context,
) -> Result<String, ToolError> {
    let name = cx
        .elicit::<Name>("Step 1: What is your name?")
        .key("step1")
        .await?;
    let color = cx
        .elicit::<Color>("Step 2: What is your favorite color?")
        .key("step2")
        .await?;
    let color = color
        .accepted()
        .map_or_else(|| "nothing".into(), |c| c.color);
    Ok(format!(
        "Multi-round complete for {} who likes {color}",
        name_of(name)
    ))
}

/// Asks for a confirmation; tampered request state is refused.
#[tool(format = "text")]
async fn test_input_required_result_tampered_state(
    #[context] cx: Context,
) -> Result<String, ToolError> {
    cx.elicit::<Confirmation>("Please confirm")
        .key("confirm")
        .await?;
    Ok("integrity-ok: state verified".into())
}

/// Asks only what the client declared it can answer.
#[tool(format = "text")]
async fn test_input_required_result_capabilities(
    #[context] cx: Context,
) -> Result<String, ToolError> {
    let mut received = Vec::new();
    if cx.can_elicit() {
        cx.elicit::<Given>("Elicitation input")
            .key("elicit_input")
            .await?;
        received.push("elicit_input");
    }
    if cx.can_sample() {
        cx.sample("Sample request", 50).key("sample_input").await?;
        received.push("sample_input");
    }
    Ok(if received.is_empty() {
        "No supported capabilities declared".into()
    } else {
        format!("capabilities-ok: received {}", received.join(","))
    })
}

/// Test tool requiring sampling: a client that does not declare it gets the protocol's
/// missing-capability error.
#[tool(format = "text")]
async fn test_missing_capability(#[context] cx: Context) -> Result<String, ToolError> {
    cx.sample("Say anything", 10).await?;
    Ok("Success".into())
}

/// Asks the user for a value while reporting progress: the response stream carries only
/// notifications and the result, never a request to the client.
#[tool(format = "text")]
async fn test_streaming_elicitation(#[context] cx: Context) -> Result<String, ToolError> {
    cx.progress(50.0, 100.0).await;
    let given = cx.elicit::<Given>("Elicitation input").await?;
    Ok(format!(
        "Streaming complete: {}",
        given.accepted().is_some()
    ))
}

/// Logs at info: sent only when the request asked for a log level.
#[tool(format = "text")]
async fn test_logging_tool(#[context] cx: Context) -> String {
    cx.log(LogLevel::Info, "Diagnostic trace logging activated")
        .await;
    "Logging evaluated".into()
}

/// The conformance suite's fixture resources and prompts: everything of the server that is
/// not a tool, served beside the tools through [`Server::with_handler`](toolshape::Server::with_handler).
/// Prompts are rmcp's own `#[prompt_router]`, except the one that asks the client for input
/// before it answers (rmcp's prompt functions do not see the client's answers); resources
/// are rmcp's `ServerHandler` methods.
pub struct Fixtures {
    prompt_router: PromptRouter<Fixtures>,
    subscriptions: std::sync::Mutex<std::collections::BTreeSet<String>>,
}

impl Default for Fixtures {
    fn default() -> Self {
        Fixtures {
            prompt_router: Fixtures::prompt_router(),
            subscriptions: Default::default(),
        }
    }
}

impl std::fmt::Debug for Fixtures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Fixtures").finish_non_exhaustive()
    }
}

/// The arguments of `test_prompt_with_arguments`.
#[derive(Deserialize, JsonSchema)]
pub struct PromptArgs {
    /// First test argument.
    pub arg1: String,
    /// Second test argument.
    pub arg2: String,
}

/// The argument of `test_prompt_with_embedded_resource`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmbedArgs {
    /// URI of the resource to embed.
    pub resource_uri: String,
}

#[prompt_router]
impl Fixtures {
    /// A simple prompt without arguments.
    #[prompt(name = "test_simple_prompt")]
    fn simple(&self) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            "This is a simple prompt for testing.",
        )]
    }

    /// A prompt with two required arguments.
    #[prompt(name = "test_prompt_with_arguments")]
    fn with_arguments(&self, Parameters(args): Parameters<PromptArgs>) -> Vec<PromptMessage> {
        vec![PromptMessage::new_text(
            Role::User,
            format!(
                "Prompt with arguments: arg1='{}', arg2='{}'",
                args.arg1, args.arg2
            ),
        )]
    }

    /// A prompt that embeds a resource.
    #[prompt(name = "test_prompt_with_embedded_resource")]
    fn with_embedded_resource(
        &self,
        Parameters(args): Parameters<EmbedArgs>,
    ) -> Vec<PromptMessage> {
        vec![
            PromptMessage::new_resource(
                Role::User,
                args.resource_uri,
                Some("text/plain".to_owned()),
                Some("Embedded resource content for testing.".to_owned()),
                None,
                None,
                None,
            ),
            PromptMessage::new_text(Role::User, "Please process the embedded resource above."),
        ]
    }

    /// A prompt with an image.
    #[prompt(name = "test_prompt_with_image")]
    fn with_image(&self) -> Vec<PromptMessage> {
        vec![
            PromptMessage::new_image(Role::User, PNG, "image/png", None, None),
            PromptMessage::new_text(Role::User, "Please analyze the image above."),
        ]
    }
}

/// The prompt that asks for input first: an input-required result for `prompts/get`.
const INPUT_PROMPT: &str = "test_input_required_result_prompt";
/// The key of its one question.
const INPUT_KEY: &str = "user_context";

/// `prompts/get` of [`INPUT_PROMPT`]: without the client's answer, an input-required result
/// asking for the context (2026-07-28); with it, the prompt.
fn input_required_prompt(
    responses: Option<&InputResponses>,
) -> Result<GetPromptResponse, ErrorData> {
    let Some(answer) = responses.and_then(|responses| responses.get(INPUT_KEY)) else {
        let question = json!({
            "method": "elicitation/create",
            "params": {
                "message": "What context should the prompt use?",
                "requestedSchema": {
                    "type": "object",
                    "properties": { "context": { "type": "string" } },
                    "required": ["context"]
                }
            }
        });
        let question: InputRequest = serde_json::from_value(question)
            .map_err(|error| ErrorData::internal_error(error.to_string(), None))?;
        let requests = InputRequests::from([(INPUT_KEY.to_owned(), question)]);
        return Ok(GetPromptResponse::InputRequired(
            InputRequiredResult::from_input_requests(requests),
        ));
    };
    let context = match (
        answer.get("action").and_then(Value::as_str),
        answer["content"]["context"].as_str(),
    ) {
        (Some("accept"), Some(context)) => context.to_owned(),
        _ => {
            return Err(ErrorData::invalid_params(
                format!("`{INPUT_KEY}` was not answered with a context"),
                Some(json!({ "inputResponse": answer })),
            ));
        }
    };
    Ok(GetPromptResponse::Complete(
        GetPromptResult::new(vec![PromptMessage::new_text(
            Role::User,
            format!("Using the context: {context}"),
        )])
        .with_description("A prompt that asked the client for its context first."),
    ))
}

const STATIC_TEXT: &str = "test://static-text";
const STATIC_BINARY: &str = "test://static-binary";
const WATCHED: &str = "test://watched-resource";
const TEMPLATE: &str = "test://template/{id}/data";

impl ServerHandler for Fixtures {
    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        if request.name == INPUT_PROMPT {
            return input_required_prompt(request.input_responses.as_ref());
        }
        let prompt = PromptContext::new(self, request.name, request.arguments, context);
        self.prompt_router.get_prompt(prompt).await
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let mut prompts = self.prompt_router.list_all();
        prompts.push(Prompt::new(
            INPUT_PROMPT,
            Some("A prompt that asks the client for its context before it answers."),
            None,
        ));
        let cache_hints = context
            .protocol_version()
            .is_some_and(|version| version >= ProtocolVersion::V_2026_07_28);
        Ok(ListPromptsResult {
            result_type: Some(ResultType::COMPLETE),
            prompts,
            meta: None,
            next_cursor: None,
            ttl_ms: cache_hints.then_some(0),
            cache_scope: cache_hints.then_some(CacheScope::Public),
        })
    }

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
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new(STATIC_TEXT, "static-text")
                .with_description("A static text resource.")
                .with_mime_type("text/plain"),
            Resource::new(STATIC_BINARY, "static-binary")
                .with_description("A static binary resource (a PNG).")
                .with_mime_type("image/png"),
            Resource::new(WATCHED, "watched-resource")
                .with_description("A resource to subscribe to.")
                .with_mime_type("text/plain"),
        ]))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new(TEMPLATE, "template-data")
                .with_description("Data for an id.")
                .with_mime_type("application/json"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let uri = request.uri;
        let contents = match uri.as_str() {
            STATIC_TEXT => ResourceContents::text(
                "This is the content of the static text resource.",
                uri.clone(),
            ),
            WATCHED => ResourceContents::text("The watched resource.", uri.clone()),
            STATIC_BINARY => {
                use base64::Engine as _;
                let blob = base64::engine::general_purpose::STANDARD.encode(PNG);
                ResourceContents::blob(blob, uri.clone()).with_mime_type("image/png")
            }
            _ => match template_id(&uri) {
                Some(id) => ResourceContents::text(
                    json!({"id": id, "templateTest": true, "data": format!("Data for ID: {id}")})
                        .to_string(),
                    uri.clone(),
                )
                .with_mime_type("application/json"),
                None => {
                    return Err(ErrorData::invalid_params(
                        "Resource not found",
                        Some(json!({ "uri": uri })),
                    ));
                }
            },
        };
        Ok(ReadResourceResult::new(vec![contents]).into())
    }

    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.subscriptions.lock().unwrap().insert(request.uri);
        Ok(())
    }

    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.subscriptions.lock().unwrap().remove(&request.uri);
        Ok(())
    }
}

/// The `{id}` of `test://template/{id}/data`.
fn template_id(uri: &str) -> Option<&str> {
    let id = uri
        .strip_prefix("test://template/")?
        .strip_suffix("/data")?;
    (!id.is_empty() && !id.contains('/')).then_some(id)
}
