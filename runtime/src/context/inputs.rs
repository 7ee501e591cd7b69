//! The round engine: the questions and answers of one run of a tool, which
//! [`rounds`](crate::context::rounds) drives. Each question gets a key (`elicit-1`, or the one
//! the tool gave), an answer the client already gave is read back, and a question without
//! one stops the run: a 2026-07-28 call ends with an input-required result, to run again
//! with the answers. Also how a call becomes a task ([`TaskStarter`]).

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use rmcp::model::{ClientCapabilities, InputRequest, ProtocolVersion};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde_json::Value;

use crate::store::tasks::TaskHandle;

/// How a request's questions are asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Era {
    /// 2025-11-25 and before: as requests to the client while the call runs.
    Requests,
    /// 2026-07-28 and after: as an input-required result, answered by a new call.
    Rounds,
    /// A call running as a task: the task reports `input_required` with the question, and
    /// the client answers with `tasks/update`.
    Task,
    /// A context for unit tests ([`Context::answering`](crate::Context::answering)): the
    /// answers are the test's, and a question without one fails.
    Answered,
}

pub(crate) fn era_of(request: &RequestContext<RoleServer>) -> Era {
    if request.extensions.get::<GivenAnswers>().is_some() {
        return Era::Answered;
    }
    if request.extensions.get::<TaskHandle>().is_some() {
        return Era::Task;
    }
    match request.protocol_version() {
        Some(version) if version.as_str() >= ProtocolVersion::V_2026_07_28.as_str() => Era::Rounds,
        _ => Era::Requests,
    }
}

/// The answers a unit test gave ([`Context::answering`](crate::Context::answering)), kept in
/// the request's extensions so that a call through a tool set
/// ([`ToolSet::call_json`](crate::ToolSet::call_json)) is answered with them too.
#[derive(Debug, Clone)]
pub(crate) struct GivenAnswers(pub(crate) Arc<BTreeMap<String, Value>>);

/// Why a run of a tool stopped before its result.
#[derive(Debug)]
pub(crate) enum Stop {
    /// It asked a question whose answer this round does not have.
    Ask(String, Value),
    /// The request cannot be served as sent (an answer that is not what its question takes,
    /// a capability the client did not declare): a protocol error.
    Refuse(ErrorData),
    /// It asked to go on as a task ([`Context::continue_as_task`]).
    Task,
}

/// How a round ended without the tool's result: [`Inputs::stopped`].
#[derive(Debug)]
pub(crate) enum Halt {
    /// A protocol error.
    Refuse(ErrorData),
    /// Questions for the client: an input-required result.
    Ask(BTreeMap<String, InputRequest>),
    /// The call goes on as a task.
    Task,
}

/// Starts the call being served as a task (it runs again, in the task, with the answers of
/// its rounds): put in the request's extensions by the server for a `task = "deferred"` tool
/// whose client supports tasks.
#[derive(Clone)]
pub(crate) struct TaskStarter(Arc<Mutex<Option<StartTask>>>);

/// What starts the task: the server, the request and its context, captured.
type StartTask = Box<dyn FnOnce() -> StartedTask + Send>;

/// The task being started, once the store has it.
pub(crate) type StartedTask =
    futures::future::BoxFuture<'static, Result<rmcp::model::Task, ErrorData>>;

impl TaskStarter {
    pub(crate) fn new(start: impl FnOnce() -> StartedTask + Send + 'static) -> Self {
        TaskStarter(Arc::new(Mutex::new(Some(Box::new(start)))))
    }

    /// Starts the task, once: `None` the second time.
    pub(crate) fn start(&self) -> Option<StartedTask> {
        let start = self
            .0
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
            .take()?;
        Some(start())
    }
}

/// The questions and answers of one call of a tool.
#[derive(Debug)]
pub(crate) struct Inputs {
    pub(crate) era: Era,
    /// The answers the client has given, this round and (from the sealed state) before.
    answers: BTreeMap<String, Value>,
    round: Mutex<Round>,
}

#[derive(Debug, Default)]
struct Round {
    asked: HashMap<Kind, usize>,
    /// Answers the tool has read: what the next round's state carries.
    used: BTreeMap<String, Value>,
    /// Questions without an answer yet.
    pending: BTreeMap<String, Value>,
    invalid: Option<ErrorData>,
    /// The tool asked to go on as a task.
    task: bool,
}

impl Inputs {
    pub(crate) fn new(era: Era, answers: BTreeMap<String, Value>) -> Self {
        Inputs {
            era,
            answers,
            round: Mutex::new(Round::default()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Round> {
        // The lock guards plain maps, never held across an await: a poisoned one is intact.
        self.round
            .lock()
            .unwrap_or_else(|poison| poison.into_inner())
    }

    pub(crate) fn key_for(&self, kind: Kind, key: Option<String>) -> String {
        let mut round = self.lock();
        let n = round.asked.entry(kind).or_default();
        *n += 1;
        key.unwrap_or_else(|| format!("{}-{n}", kind.as_str()))
    }

    pub(crate) fn answer(&self, key: &str) -> Option<Value> {
        let answer = self.answers.get(key)?.clone();
        self.lock().used.insert(key.to_owned(), answer.clone());
        Some(answer)
    }

    pub(crate) fn stop(&self, stop: Stop) {
        let mut round = self.lock();
        match stop {
            Stop::Ask(key, request) => {
                round.pending.insert(key, request);
            }
            Stop::Refuse(error) => {
                round.invalid.get_or_insert(error);
            }
            Stop::Task => round.task = true,
        }
    }

    /// Why the run cannot go on, if it cannot: a protocol error first, else the questions,
    /// else its wish to go on as a task.
    pub(crate) fn stopped(&self) -> Option<Halt> {
        let mut round = self.lock();
        if let Some(error) = round.invalid.take() {
            return Some(Halt::Refuse(error));
        }
        if round.pending.is_empty() {
            return round.task.then_some(Halt::Task);
        }
        let requests = std::mem::take(&mut round.pending)
            .into_iter()
            .map(|(key, request)| {
                serde_json::from_value::<InputRequest>(request)
                    .map(|request| (key.clone(), request))
                    .map_err(|error| {
                        ErrorData::internal_error(
                            format!("the question `{key}` could not be written: {error}"),
                            None,
                        )
                    })
            })
            .collect();
        Some(match requests {
            Ok(requests) => Halt::Ask(requests),
            Err(error) => Halt::Refuse(error),
        })
    }

    /// The answers the run has read, for the next round's state.
    pub(crate) fn used(&self) -> BTreeMap<String, Value> {
        self.lock().used.clone()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Kind {
    Elicit,
    Sample,
    Roots,
}

impl Kind {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Kind::Elicit => "elicit",
            Kind::Sample => "sample",
            Kind::Roots => "roots",
        }
    }

    pub(crate) fn capability(self) -> &'static str {
        match self {
            Kind::Elicit => "elicitation",
            Kind::Sample => "sampling",
            Kind::Roots => "roots",
        }
    }

    pub(crate) fn required(self) -> ClientCapabilities {
        let mut capabilities = ClientCapabilities::default();
        match self {
            Kind::Elicit => capabilities.elicitation = Some(Default::default()),
            Kind::Sample => capabilities.sampling = Some(Default::default()),
            Kind::Roots => capabilities.roots = Some(Default::default()),
        }
        capabilities
    }
}
