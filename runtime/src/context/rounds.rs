//! Running a call whose tool may ask the client for input: the input-required result of a
//! 2026-07-28 call, and the sealed request state that carries earlier answers.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;
use std::task::Poll;
use std::time::Duration;

use rmcp::model::{
    CallToolResponse, CallToolResult, CreateTaskResult, InputRequiredResult, InputResponses,
    JsonObject, RequestStateCodec, SealOptions,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::Value;

use crate::context::Context;
use crate::context::inputs::{Era, GivenAnswers, Halt, Inputs, TaskStarter, era_of};

/// How long sealed request state stays valid: a client has this long to answer a question.
const STATE_TTL: Duration = Duration::from_secs(60 * 60);

/// The keys that seal the request state of input-required results.
///
/// When a tool asks a 2026-07-28 client for input, the answers of earlier rounds travel with
/// the client as request state, signed (HMAC-SHA256) with the active key and bound to the
/// tool and its arguments. State that fails the check (tampered, expired, signed by an
/// unknown key, or replayed on another call) is refused with a JSON-RPC error.
///
/// A server that configures none uses a random key of its own: enough for one process.
/// Servers behind a load balancer share keys; rotate them by adding the new key as active and
/// keeping the old one until its state has expired (an hour):
///
/// ```
/// use toolshape::context::StateKeys;
/// let keys = StateKeys::new("2026-11", [
///     ("2026-11", b"a new key of at least thirty-two bytes".to_vec()),
///     ("2026-10", b"the old key, kept while its state lives".to_vec()),
/// ])?;
/// # let _ = keys;
/// # Ok::<(), toolshape::context::StateKeyError>(())
/// ```
#[derive(Clone)]
pub struct StateKeys {
    codec: Arc<RequestStateCodec>,
}

impl fmt::Debug for StateKeys {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("StateKeys(..)")
    }
}

impl StateKeys {
    /// Keys by id, sealing with `active` and opening with any of them. Each key has at least
    /// 32 bytes.
    ///
    /// # Errors
    /// When a key is too short, an id is repeated or empty, or `active` is not among them.
    pub fn new<K, V>(
        active: impl Into<String>,
        keys: impl IntoIterator<Item = (K, V)>,
    ) -> Result<Self, StateKeyError>
    where
        K: Into<String>,
        V: Into<Vec<u8>>,
    {
        let codec = RequestStateCodec::new_with_keyring(active, keys)
            .map_err(|error| StateKeyError(error.to_string()))?;
        Ok(StateKeys {
            codec: Arc::new(codec),
        })
    }

    /// Keys from configuration text: `id:base64key` entries separated by commas, the first
    /// one active (`"2026-11:c2VjcmV0...,2026-10:b2xk..."`). Read it from your configuration
    /// or an environment variable.
    ///
    /// # Errors
    /// When an entry is not `id:base64key`, or as [`StateKeys::new`].
    pub fn parse(configuration: &str) -> Result<Self, StateKeyError> {
        use base64::Engine as _;
        let mut keys = Vec::new();
        for entry in configuration
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            let (id, key) = entry
                .split_once(':')
                .ok_or_else(|| StateKeyError(format!("`{entry}` is not `id:base64key`")))?;
            let key = base64::engine::general_purpose::STANDARD
                .decode(key.trim())
                .map_err(|error| {
                    StateKeyError(format!("the key of `{id}` is not base64: {error}"))
                })?;
            keys.push((id.trim().to_owned(), key));
        }
        let active = keys
            .first()
            .map(|(id, _)| id.clone())
            .ok_or_else(|| StateKeyError("no keys given".into()))?;
        StateKeys::new(active, keys)
    }

    /// A random key, for one process.
    pub fn random() -> Self {
        let mut key = [0u8; 32];
        if let Err(error) = getrandom::fill(&mut key) {
            // The operating system has no randomness to give: nothing sealed with a guessable
            // key may be trusted, so such a server refuses every answered round.
            tracing::error!(%error, "no random key for request state");
        }
        StateKeys::new("random", [("random", key.to_vec())])
            .unwrap_or_else(|_| unreachable!("a 32-byte key with a valid id is accepted"))
    }

    fn seal(&self, answers: &BTreeMap<String, Value>, binding: &[u8]) -> Result<String, ErrorData> {
        self.codec
            .seal_json_with(
                answers,
                &SealOptions::new().associated_data(binding).ttl(STATE_TTL),
            )
            .map_err(|error| ErrorData::internal_error(error.to_string(), None))
    }

    fn open(&self, state: &str, binding: &[u8]) -> Result<BTreeMap<String, Value>, ErrorData> {
        self.codec.open_json_with(state, binding).map_err(|error| {
            ErrorData::invalid_params(
                format!("requestState integrity check failed: {error}"),
                None,
            )
        })
    }
}

impl Default for StateKeys {
    fn default() -> Self {
        StateKeys::random()
    }
}

/// Keys that cannot seal request state: [`StateKeys::new`], [`StateKeys::parse`].
#[derive(Clone, PartialEq, Eq)]
pub struct StateKeyError(String);

impl fmt::Display for StateKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "request state keys: {}", self.0)
    }
}

impl std::error::Error for StateKeyError {}

debug_as_message!(StateKeyError);

/// What one call brings besides its arguments: the answers a 2026-07-28 client sends back.
pub(crate) struct Call {
    pub(crate) tool: String,
    pub(crate) arguments: JsonObject,
    pub(crate) input_responses: Option<InputResponses>,
    pub(crate) request_state: Option<String>,
}

/// Runs one call of a tool (`start` builds its future from the context) to its response: its
/// result, an input-required result when it asked a question this round cannot answer, or a
/// JSON-RPC error when the client's answers or state are unacceptable.
pub(crate) async fn run<'a, Running>(
    keys: &StateKeys,
    call: Call,
    request: RequestContext<RoleServer>,
    start: impl FnOnce(JsonObject, Context) -> Running,
) -> Result<CallToolResponse, ErrorData>
where
    Running: Future<Output = CallToolResult> + Send + 'a,
{
    let era = era_of(&request);
    // What sealed state is bound to, where there can be sealed state: in rounds, and in a
    // task started from a round (which carries that round's answers). Not on 2025-11-25.
    // The arguments' canonical text is taken now (the tool consumes them); it is hashed
    // only when state is opened or sealed, which most calls never do.
    let arguments_text = matches!(era, Era::Rounds | Era::Task)
        .then(|| crate::provenance::canonical::object_to_vec(&call.arguments));
    let mut answers = BTreeMap::new();
    if let Some(given) = request.extensions.get::<GivenAnswers>() {
        answers = given.0.as_ref().clone();
    }
    if let Some(arguments_text) = &arguments_text {
        if let Some(state) = &call.request_state {
            answers = keys.open(state, &binding(&call.tool, arguments_text))?;
        }
        answers.extend(call.input_responses.unwrap_or_default());
    }
    let inputs = Arc::new(Inputs::new(era, answers));
    let starter = request.extensions.get::<TaskStarter>().cloned();
    let mut running = std::pin::pin!(start(
        call.arguments,
        Context::with_inputs(request, inputs.clone()),
    ));

    // The tool runs until it finishes or waits on a question it has no answer for; then
    // the round ends with every question it has asked by then.
    let stopped = std::future::poll_fn(|cx| {
        if let Poll::Ready(result) = running.as_mut().poll(cx) {
            return Poll::Ready(Ok(result));
        }
        match inputs.stopped() {
            Some(stop) => Poll::Ready(Err(stop)),
            None => Poll::Pending,
        }
    })
    .await;
    match stopped {
        Ok(result) => Ok(result.into()),
        Err(Halt::Refuse(error)) => Err(error),
        Err(Halt::Ask(requests)) => {
            // Questions stop a run only in rounds, where the arguments' text was taken.
            let binding = arguments_text
                .map(|text| binding(&call.tool, &text))
                .unwrap_or_default();
            let state = keys.seal(&inputs.used(), &binding)?;
            Ok(InputRequiredResult::new(Some(requests), Some(state)).into())
        }
        Err(Halt::Task) => match starter.and_then(|starter| starter.start()) {
            Some(task) => Ok(CallToolResponse::Task(CreateTaskResult::new(task.await?))),
            None => Err(ErrorData::internal_error(
                "the call cannot go on as a task",
                None,
            )),
        },
    }
}

/// What sealed state is bound to: the tool and its arguments (their canonical JSON text,
/// hashed), so state from one call cannot answer another.
fn binding(tool: &str, arguments_text: &[u8]) -> Vec<u8> {
    let mut binding = b"tools/call\n".to_vec();
    binding.extend_from_slice(tool.as_bytes());
    binding.push(b'\n');
    binding.extend_from_slice(crate::provenance::hash_canonical(arguments_text).as_bytes());
    binding
}
