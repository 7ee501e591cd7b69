//! A call of a tool run as a task: the work a [`TaskStore`](crate::store::tasks::TaskStore) runs.

use std::cell::Cell;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

use futures::FutureExt as _;
use rmcp::model::{CallToolRequestParams, CallToolResponse};
use rmcp::service::RequestContext;
use rmcp::task_manager::{TaskExit, TaskFuture};
use rmcp::{ErrorData, RoleServer};
use tracing::Instrument as _;
use tracing::field::Empty;

use crate::store::tasks::{TaskHandle, TaskWork};
use crate::tool::def::PANICKED;
use crate::toolset::ToolSet;

/// How long a tool called as a task may go on after `tasks/cancel` to wind down (it sees
/// [`Context::cancelled`](crate::Context::cancelled)) before it is dropped.
const WIND_DOWN: Duration = Duration::from_secs(10);

/// The work of a task that runs one call of a tool: the call, with the task's handle in its
/// context (its questions go to the task, its progress is the task's status message), to
/// the task's outcome:
/// - the tool's result, a tool error included: `completed`;
/// - a panic (the tool's, caught and logged by the call, or a layer's): `failed`, the
///   protocol's internal error;
/// - `tasks/cancel`: `cancelled` at once; the tool sees its cancellation and has
///   [`WIND_DOWN`] to end, in the background, before it is dropped. Its answer is not kept.
pub(crate) fn work<S: Send + Sync + 'static>(
    state: Arc<S>,
    tools: Arc<ToolSet<S>>,
    request: CallToolRequestParams,
    mut context: RequestContext<RoleServer>,
) -> TaskWork {
    Box::new(move |task: TaskHandle| -> TaskFuture {
        Box::pin(async move {
            let name = request.name.clone();
            // The request that started the task is answered at once: the call gets a
            // cancellation of its own.
            context.ct = Default::default();
            let cancel = context.ct.clone();
            context.extensions.insert(task.clone());
            let call = PANICKED.scope(Cell::new(false), async move {
                let response = AssertUnwindSafe(tools.respond(&state, request, context))
                    .catch_unwind()
                    .await;
                (response, PANICKED.with(Cell::get))
            });
            let mut call = Box::pin(call);
            let fault = |message: String| TaskExit::Error(ErrorData::internal_error(message, None));
            tokio::select! {
                outcome = &mut call => match outcome {
                    (Ok(Ok(CallToolResponse::Complete(result))), false) => Ok(result),
                    (Ok(Ok(_)), true) | (Err(_), _) => {
                        Err(fault(format!("internal error in tool `{name}`")))
                    }
                    // Inside a task, questions go to the task and `continue_as_task` returns
                    // at once: a call cannot answer with anything but its result.
                    (Ok(Ok(_)), false) => {
                        Err(fault(format!("tool `{name}` did not answer with a result")))
                    }
                    (Ok(Err(error)), _) => Err(TaskExit::Error(error)),
                },
                () = task.cancelled() => {
                    cancel.cancel();
                    tokio::spawn(tokio::time::timeout(WIND_DOWN, call));
                    Err(TaskExit::Cancelled)
                }
            }
        })
    })
}

/// The span a task's work runs in: `task {tool}`, with the tool, the task's id (recorded
/// once the store has given it one) and the replica running it. A child of the span of the
/// request that started the task, so it is in the client's trace.
pub(crate) fn span(tool: &str, instance: Option<&str>) -> tracing::Span {
    let span = super::spans::span!(
        "mcp.task",
        "otel.name" = Empty,
        "otel.status_code" = Empty,
        "otel.status_description" = Empty,
        "mcp.method.name" = "tools/call",
        "gen_ai.tool.name" = tool,
        "gen_ai.operation.name" = "execute_tool",
        "mcp.task.id" = Empty,
        "service.instance.id" = instance,
        "error.type" = Empty,
    );
    if !span.is_disabled() {
        span.record("otel.name", format!("task {tool}"));
    }
    span
}

/// `work` in `span`, and how the task ended on it: `error.type` is `tool_error` for a
/// result with `isError: true`, the JSON-RPC code of a failure, or `cancelled`.
pub(crate) fn traced(work: TaskWork, span: tracing::Span) -> TaskWork {
    Box::new(move |task: TaskHandle| -> TaskFuture {
        let run = work(task);
        Box::pin(
            async move {
                let outcome = run.await;
                let span = tracing::Span::current();
                let error = match &outcome {
                    Ok(result) if result.is_error == Some(true) => Some("tool_error".to_owned()),
                    Ok(_) => None,
                    Err(TaskExit::Error(error)) => {
                        span.record("otel.status_description", error.message.as_ref());
                        Some(error.code.0.to_string())
                    }
                    Err(_) => Some("cancelled".to_owned()),
                };
                if let Some(error) = error {
                    span.record("error.type", error);
                    span.record("otel.status_code", "error");
                }
                outcome
            }
            .instrument(span),
        )
    })
}
