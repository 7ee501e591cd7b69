//! A [`Context`] for unit tests whose questions to the client get answers the test gives
//! ([`Context::answering`] with [`Answers`]): a tool that asks for a form, a sample or the
//! client's roots is tested as a plain function, without a client.

// rmcp marks sampling and roots deprecated (SEP-2577); they are part of 2025-11-25, and
// 2026-07-28 still asks for samples and roots as the questions of an input-required result.
#![allow(deprecated)]

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use rmcp::model::{ClientCapabilities, CreateMessageResult, Root, SamplingMessage};
use serde::Serialize;
use serde_json::Value;

use crate::context::ask::Elicitation;
use crate::context::inputs::{GivenAnswers, Inputs, Kind, era_of};
use crate::context::{Context, detached_request};

/// The answers a test gives to the questions a tool asks, for [`Context::answering`].
///
/// Questions are answered by kind, in the order the tool asks them: the first
/// [`elicit`](Answers::elicit) answers the tool's first form or URL, the second its second,
/// and so on; samples and roots likewise. A question the tool names with
/// [`Ask::key`](crate::context::Ask::key) is answered by the answer given that name with
/// [`key`](Answers::key) (it still counts in its kind's order).
///
/// The context declares the elicitation, sampling and roots capabilities, so
/// [`Context::can_elicit`] and its siblings say yes; [`capabilities`](Answers::capabilities)
/// declares others. A question with no answer here fails with [`InputError::Failed`](crate::context::InputError::Failed)
/// naming it, as a client that fails to answer would.
#[derive(Debug, Clone)]
pub struct Answers {
    answers: BTreeMap<String, Value>,
    asked: HashMap<Kind, usize>,
    last: Option<String>,
    capabilities: ClientCapabilities,
}

impl Default for Answers {
    fn default() -> Self {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = Some(Default::default());
        capabilities.sampling = Some(Default::default());
        capabilities.roots = Some(Default::default());
        Answers {
            answers: BTreeMap::new(),
            asked: HashMap::new(),
            last: None,
            capabilities,
        }
    }
}

impl Answers {
    /// No answers yet, from a client that declares elicitation, sampling and roots.
    pub fn new() -> Self {
        Answers::default()
    }

    /// The user's answer to the next form ([`Context::elicit`], [`Context::elicit_form`]) or
    /// URL ([`Context::elicit_url`], answered with `Elicitation::Accepted(())`): the form's
    /// values, or that the user declined or cancelled.
    ///
    /// # Panics
    /// If the values cannot be written as JSON (a map whose keys are not strings, say).
    pub fn elicit<T: Serialize>(self, answer: Elicitation<T>) -> Self {
        let answer = match answer {
            Elicitation::Accepted(values) => match serde_json::to_value(values) {
                Ok(Value::Null) => serde_json::json!({"action": "accept"}),
                Ok(content) => serde_json::json!({"action": "accept", "content": content}),
                Err(error) => panic!("the form's values cannot be written as JSON: {error}"),
            },
            Elicitation::Declined => serde_json::json!({"action": "decline"}),
            Elicitation::Cancelled => serde_json::json!({"action": "cancel"}),
        };
        self.next(Kind::Elicit, answer)
    }

    /// The client's model's answer to the next [`Context::sample`]: `text`, from a model named
    /// `test-model`.
    pub fn sample(self, text: impl Into<String>) -> Self {
        self.sample_result(CreateMessageResult::new(
            SamplingMessage::assistant_text(text.into()),
            "test-model".into(),
        ))
    }

    /// The client's whole answer to the next [`Context::sample`]: several content blocks,
    /// the model's name, why it stopped.
    pub fn sample_result(self, result: CreateMessageResult) -> Self {
        let answer = serde_json::to_value(result).unwrap_or(Value::Null);
        self.next(Kind::Sample, answer)
    }

    /// The client's answer to the next [`Context::roots`].
    pub fn roots(self, roots: impl IntoIterator<Item = Root>) -> Self {
        let roots: Vec<Root> = roots.into_iter().collect();
        self.next(Kind::Roots, serde_json::json!({"roots": roots}))
    }

    /// Names the answer given last: it answers the question the tool names `key` with
    /// [`Ask::key`](crate::context::Ask::key).
    pub fn key(mut self, key: impl Into<String>) -> Self {
        if let Some(last) = self.last.take()
            && let Some(answer) = self.answers.remove(&last)
        {
            let key = key.into();
            self.answers.insert(key.clone(), answer);
            self.last = Some(key);
        }
        self
    }

    /// The capabilities the client declares, instead of elicitation, sampling and roots: a
    /// question needing one it lacks fails with [`InputError::Unsupported`](crate::context::InputError::Unsupported).
    pub fn capabilities(mut self, capabilities: ClientCapabilities) -> Self {
        self.capabilities = capabilities;
        self
    }

    /// Records `answer` under the key the engine gives the next question of `kind`.
    fn next(mut self, kind: Kind, answer: Value) -> Self {
        let n = self.asked.entry(kind).or_default();
        *n += 1;
        let key = format!("{}-{n}", kind.as_str());
        self.answers.insert(key.clone(), answer);
        self.last = Some(key);
        self
    }
}

impl Context {
    /// A [`detached`](Context::detached) context whose questions to the client get
    /// `answers`: a tool that asks for a form ([`Context::elicit`]), a sample
    /// ([`Context::sample`]) or the client's roots ([`Context::roots`]) runs in a unit test
    /// as it would with a client that answers so. Pass it to
    /// [`ToolSet::call_json`](crate::ToolSet::call_json) as well: the tool's questions get the
    /// same answers there.
    ///
    /// Must be called inside a tokio runtime (`#[tokio::test]`).
    ///
    /// ```
    /// use schemars::JsonSchema;
    /// use serde::{Deserialize, Serialize};
    /// use toolshape::{context::Answers, Context, context::Elicitation, ToolError};
    ///
    /// #[derive(Serialize, Deserialize, JsonSchema)]
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
    ///
    /// # #[tokio::main(flavor = "current_thread")] async fn main() {
    /// let typed = |name: &str| Answers::new().elicit(Elicitation::Accepted(Confirm { name: name.into() }));
    /// assert!(delete_volume(Context::answering(typed("db-1")), "db-1".into()).await.unwrap());
    /// assert!(!delete_volume(Context::answering(typed("db-2")), "db-1".into()).await.unwrap());
    /// let declined = Answers::new().elicit(Elicitation::<Confirm>::Declined);
    /// assert!(!delete_volume(Context::answering(declined), "db-1".into()).await.unwrap());
    /// // No answer at all: the question fails, as with a client that does not answer.
    /// assert!(delete_volume(Context::answering(Answers::new()), "db-1".into()).await.is_err());
    /// # }
    /// ```
    pub fn answering(answers: Answers) -> Self {
        let mut request = detached_request();
        request.meta.set_client_capabilities(answers.capabilities);
        let given = Arc::new(answers.answers);
        request.extensions.insert(GivenAnswers(given.clone()));
        let inputs = Inputs::new(era_of(&request), given.as_ref().clone());
        Context::with_inputs(request, Arc::new(inputs))
    }
}
