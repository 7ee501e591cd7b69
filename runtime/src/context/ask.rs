//! The questions a tool asks the client ([`Context::elicit`], [`Context::sample`],
//! [`Context::roots`]) and their answers: asked as requests on 2025-11-25, as the questions
//! of an input-required result on 2026-07-28, as a task's `input_required` status inside a
//! task; and the answers decoded into what the tool asked for.

// rmcp marks sampling, roots and logging deprecated (SEP-2577); they are part of 2025-11-25,
// and 2026-07-28 still asks for samples and roots as the questions of an input-required result.
#![allow(deprecated)]

use std::fmt;
use std::future::IntoFuture;
use std::marker::PhantomData;

use rmcp::model::{
    CreateMessageRequestParams, CreateMessageResult, ElicitResult, ElicitationAction,
    ElicitationSchema, ListRootsResult, Root, SamplingMessage,
};
use rmcp::service::Peer;
use rmcp::task_manager::TaskExit;
use rmcp::{ErrorData, RoleServer};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::context::Context;
use crate::context::inputs::{Era, Kind, Stop};
use crate::store::tasks::TaskHandle;
use futures::future::BoxFuture;

impl Context {
    /// Asks the user to fill in a form with `T`'s fields (its JSON Schema: an object of
    /// strings, numbers, booleans and enums, with their descriptions as labels).
    ///
    /// `.await` it for an [`Elicitation<T>`]: accepted with the values, declined or
    /// cancelled. Name the question with [`Ask::key`] if a client needs a stable name for it.
    ///
    /// ```
    /// use serde::Deserialize;
    /// use schemars::JsonSchema;
    /// use toolshape::{Context, context::Elicitation, ToolError};
    ///
    /// #[derive(Deserialize, JsonSchema)]
    /// struct Confirm {
    ///     /// Type the volume's name to confirm.
    ///     name: String,
    /// }
    ///
    /// /// Delete a volume, once the user has typed its name.
    /// #[toolshape::tool(format = "json")]
    /// async fn delete_volume(#[context] cx: Context, volume: String) -> Result<bool, ToolError> {
    ///     match cx.elicit::<Confirm>(format!("Delete {volume}?")).await? {
    ///         Elicitation::Accepted(confirm) if confirm.name == volume => Ok(true),
    ///         _ => Ok(false),
    ///     }
    /// }
    /// # let _: [toolshape::tool::ToolDef<()>; 1] = toolshape::tools![delete_volume];
    /// ```
    pub fn elicit<T>(&self, message: impl Into<String>) -> Ask<'_, Elicitation<T>>
    where
        T: schemars::JsonSchema + DeserializeOwned + Send + 'static,
    {
        let request = ElicitationSchema::from_type::<T>()
            .map_err(|error| {
                InputError::Schema(format!(
                    "`{}` cannot be a form: {error}",
                    std::any::type_name::<T>()
                ))
            })
            .map(|schema| form_request(message.into(), schema));
        self.ask(Kind::Elicit, request)
    }

    /// Asks the user to fill in a form with this schema; the accepted values come as a JSON
    /// object. For forms whose shape is known only at run time.
    pub fn elicit_form(
        &self,
        message: impl Into<String>,
        schema: ElicitationSchema,
    ) -> Ask<'_, Elicitation<rmcp::model::JsonObject>> {
        self.ask(Kind::Elicit, Ok(form_request(message.into(), schema)))
    }

    /// Asks the user to visit `url` (to sign in, pay, or enter a secret the server must not
    /// see through the client), and to say when done. Accepted means the user went there.
    pub fn elicit_url(
        &self,
        message: impl Into<String>,
        url: impl Into<String>,
        elicitation_id: impl Into<String>,
    ) -> Ask<'_, Elicitation<()>> {
        let request = serde_json::json!({
            "method": "elicitation/create",
            "params": {
                "mode": "url",
                "message": message.into(),
                "url": url.into(),
                "elicitationId": elicitation_id.into(),
            }
        });
        self.ask(Kind::Elicit, Ok(request))
    }

    /// Asks the client's model for a completion of one user message (`max_tokens` at most).
    pub fn sample(&self, prompt: impl Into<String>, max_tokens: u32) -> Ask<'_, Sampled> {
        self.sample_with(CreateMessageRequestParams::new(
            vec![SamplingMessage::user_text(prompt)],
            max_tokens,
        ))
    }

    /// Asks the client's model for a completion: messages, system prompt, preferences.
    pub fn sample_with(&self, params: CreateMessageRequestParams) -> Ask<'_, Sampled> {
        let request = serde_json::to_value(&params)
            .map(|params| serde_json::json!({"method": "sampling/createMessage", "params": params}))
            .map_err(|error| InputError::Schema(error.to_string()));
        self.ask(Kind::Sample, request)
    }

    /// Asks the client for its roots: the directories or other places the user lets the
    /// server work in.
    pub fn roots(&self) -> Ask<'_, Vec<Root>> {
        self.ask(Kind::Roots, Ok(serde_json::json!({"method": "roots/list"})))
    }

    fn ask<T: Answer>(&self, kind: Kind, request: Result<Value, InputError>) -> Ask<'_, T> {
        Ask {
            context: self,
            kind,
            key: None,
            request,
            answer: PhantomData,
        }
    }
}

/// A question to the client, from [`Context::elicit`], [`Context::sample`] or
/// [`Context::roots`]: `.await` it for the answer.
#[must_use = "a question is asked when it is awaited"]
pub struct Ask<'a, T> {
    context: &'a Context,
    kind: Kind,
    key: Option<String>,
    request: Result<Value, InputError>,
    answer: PhantomData<fn() -> T>,
}

impl<T> fmt::Debug for Ask<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ask")
            .field("kind", &self.kind)
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl<T> Ask<'_, T> {
    /// Names the question in an input-required result (`inputRequests`), where the client
    /// answers it under the same name. By default questions are named by kind and order:
    /// `elicit-1`, `sample-1`, `roots-1`, `elicit-2`, ...
    pub fn key(mut self, key: impl Into<String>) -> Self {
        self.key = Some(key.into());
        self
    }
}

impl<'a, T: Answer + Send + 'a> IntoFuture for Ask<'a, T> {
    type Output = Result<T, InputError>;
    type IntoFuture = BoxFuture<'a, Result<T, InputError>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(async move {
            let Ask {
                context,
                kind,
                key,
                request,
                ..
            } = self;
            let key = context.inputs.key_for(kind, key);
            let request = request?;
            if !kind.supported_by(context) {
                if context.inputs.era == Era::Rounds {
                    // The request needs a capability its client did not declare: the
                    // protocol's own error (-32021, naming the capability) answers it.
                    context.inputs.stop(Stop::Refuse(
                        ErrorData::missing_required_client_capability(kind.required()),
                    ));
                    return std::future::pending().await;
                }
                return Err(InputError::Unsupported(kind.capability()));
            }
            match context.inputs.era {
                Era::Rounds => {
                    let answer = match context.inputs.answer(&key) {
                        Some(answer) => answer,
                        None => {
                            context.inputs.stop(Stop::Ask(key, request));
                            return std::future::pending().await;
                        }
                    };
                    match T::decode(answer) {
                        Ok(value) => Ok(value),
                        Err(expected) => {
                            context.inputs.stop(Stop::Refuse(ErrorData::invalid_params(
                                format!("the input response `{key}` is not {expected}"),
                                None,
                            )));
                            std::future::pending().await
                        }
                    }
                }
                Era::Task => {
                    // Answers given in input-required rounds before the call became a task.
                    if let Some(answer) = context.inputs.answer(&key) {
                        return T::decode(answer).map_err(|expected| {
                            InputError::Failed(format!("the client's answer is not {expected}"))
                        });
                    }
                    let Some(task) = context.request.extensions.get::<TaskHandle>() else {
                        return Err(InputError::Failed("the task is gone".into()));
                    };
                    let request = serde_json::from_value(request)
                        .map_err(|e| InputError::Failed(format!("not a valid question: {e}")))?;
                    let answer = task.request_input(key, request).await.map_err(|exit| {
                        InputError::Failed(match exit {
                            TaskExit::Cancelled => "the task was cancelled".to_owned(),
                            TaskExit::Error(error) => error.message.into_owned(),
                        })
                    })?;
                    T::decode(answer).map_err(|expected| {
                        InputError::Failed(format!("the client's answer is not {expected}"))
                    })
                }
                Era::Answered => {
                    let Some(answer) = context.inputs.answer(&key) else {
                        return Err(InputError::Failed(format!(
                            "the test gave no answer to the question `{key}`"
                        )));
                    };
                    T::decode(answer).map_err(|expected| {
                        InputError::Failed(format!("the answer to `{key}` is not {expected}"))
                    })
                }
                Era::Requests => {
                    let answer = send(&context.request.peer, kind, request).await?;
                    T::decode(answer).map_err(|expected| {
                        InputError::Failed(format!("the client's answer is not {expected}"))
                    })
                }
            }
        })
    }
}

/// The user's answer to a form or a URL: [`Context::elicit`], [`Context::elicit_url`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Elicitation<T> {
    /// The user submitted the form (or went to the URL).
    Accepted(T),
    /// The user said no.
    Declined,
    /// The user dismissed the question without answering.
    Cancelled,
}

impl<T> Elicitation<T> {
    /// The values, if the user accepted.
    pub fn accepted(self) -> Option<T> {
        match self {
            Elicitation::Accepted(value) => Some(value),
            _ => None,
        }
    }
}

/// The client's model's answer to [`Context::sample`].
#[derive(Debug, Clone)]
pub struct Sampled {
    /// The answer's text (its first text block), if it has one.
    pub text: Option<String>,
    /// The model that answered, as the client names it.
    pub model: String,
    /// Why the model stopped (`endTurn`, `maxTokens`, ...), if the client says.
    pub stop_reason: Option<String>,
    result: CreateMessageResult,
}

impl Sampled {
    /// The whole answer as the client sent it (several content blocks, `_meta`).
    pub fn result(&self) -> &CreateMessageResult {
        &self.result
    }
}

/// Why a question to the client got no answer.
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum InputError {
    /// The client did not declare the capability the question needs (`elicitation`,
    /// `sampling`, `roots`). Only on 2025-11-25: a 2026-07-28 request that lacks it is
    /// answered with the protocol's missing-capability error (-32021) instead.
    Unsupported(&'static str),
    /// The question cannot be asked as written (a form type that is not a flat object, say).
    Schema(String),
    /// The client failed to answer, or answered with something else.
    Failed(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Unsupported(capability) => write!(
                f,
                "the client cannot answer this question: it does not support {capability}"
            ),
            InputError::Schema(message) => write!(f, "the question cannot be asked: {message}"),
            InputError::Failed(message) => write!(f, "the client did not answer: {message}"),
        }
    }
}

impl std::error::Error for InputError {}

debug_as_message!(InputError);

impl From<InputError> for crate::error::ToolError {
    fn from(error: InputError) -> Self {
        crate::error::ToolError::new(error.to_string())
    }
}

impl Kind {
    fn supported_by(self, context: &Context) -> bool {
        match self {
            Kind::Elicit => context.can_elicit(),
            Kind::Sample => context.can_sample(),
            Kind::Roots => context.can_list_roots(),
        }
    }
}

fn form_request(message: String, schema: ElicitationSchema) -> Value {
    serde_json::json!({
        "method": "elicitation/create",
        "params": {"mode": "form", "message": message, "requestedSchema": schema}
    })
}

/// Sends a question to a 2025-11-25 client as a request and returns its answer as JSON.
async fn send(peer: &Peer<RoleServer>, kind: Kind, request: Value) -> Result<Value, InputError> {
    let params = request.get("params").cloned().unwrap_or(Value::Null);
    let failed = |error: &dyn fmt::Display| InputError::Failed(error.to_string());
    let answer = match kind {
        Kind::Elicit => {
            let params = serde_json::from_value(params).map_err(|e| failed(&e))?;
            serde_json::to_value(
                peer.create_elicitation(params)
                    .await
                    .map_err(|e| failed(&e))?,
            )
        }
        Kind::Sample => {
            let params = serde_json::from_value(params).map_err(|e| failed(&e))?;
            #[allow(deprecated)] // sampling: deprecated by SEP-2577, still part of 2025-11-25
            let result = peer.create_message(params).await.map_err(|e| failed(&e))?;
            serde_json::to_value(result)
        }
        Kind::Roots => {
            #[allow(deprecated)] // roots: deprecated by SEP-2577, still part of 2025-11-25
            let result = peer.list_roots().await.map_err(|e| failed(&e))?;
            serde_json::to_value(result)
        }
    };
    answer.map_err(|e| failed(&e))
}

/// What a question's answer decodes into. Sealed: the answers of [`Context`]'s questions.
pub trait Answer: Sized + sealed::Sealed {
    /// The answer from its JSON, or what was expected instead.
    #[doc(hidden)]
    fn decode(answer: Value) -> Result<Self, String>;
}

mod sealed {
    pub trait Sealed {}
    impl<T> Sealed for super::Elicitation<T> {}
    impl Sealed for super::Sampled {}
    impl Sealed for Vec<rmcp::model::Root> {}
}

impl<T: DeserializeOwned> Answer for Elicitation<T> {
    fn decode(answer: Value) -> Result<Self, String> {
        const EXPECTED: &str = "an elicitation result ({\"action\": \"accept\" | \"decline\" | \"cancel\", \"content\"?: {...}})";
        let result: ElicitResult =
            serde_json::from_value(answer).map_err(|error| format!("{EXPECTED}: {error}"))?;
        match result.action {
            ElicitationAction::Accept => {
                let decoded = match result.content {
                    Some(content) => serde_json::from_value(content),
                    // No values: an empty form, or a URL the user went to.
                    None => serde_json::from_value(Value::Object(Default::default()))
                        .or_else(|_| serde_json::from_value(Value::Null)),
                };
                decoded
                    .map(Elicitation::Accepted)
                    .map_err(|error| format!("the form's values ({error})"))
            }
            ElicitationAction::Decline => Ok(Elicitation::Declined),
            // `cancel`, and any action a later protocol adds: the user did not answer.
            _ => Ok(Elicitation::Cancelled),
        }
    }
}

impl Answer for Sampled {
    fn decode(answer: Value) -> Result<Self, String> {
        let result: CreateMessageResult = serde_json::from_value(answer)
            .map_err(|error| format!("a sampling result (role, content, model): {error}"))?;
        let text = result
            .message
            .content
            .first()
            .and_then(|content| content.as_text())
            .map(|text| text.text.clone());
        Ok(Sampled {
            text,
            model: result.model.clone(),
            stop_reason: result.stop_reason.clone(),
            result,
        })
    }
}

impl Answer for Vec<Root> {
    fn decode(answer: Value) -> Result<Self, String> {
        serde_json::from_value::<ListRootsResult>(answer)
            .map(|result| result.roots)
            .map_err(|error| format!("a roots result ({{\"roots\": [...]}}): {error}"))
    }
}
