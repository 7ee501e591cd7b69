//! A [`Server`] with code mode: `execute` runs a script (see [`code`](crate::code)), and each
//! call the script makes is dispatched as a client's `tools/call` is, in a span of its own.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use futures::future::join_all;
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, JsonObject};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use tracing::Instrument;
use tracing::field::Empty;

use crate::code::{self, CodeMode, EXECUTE, Event, Inner, Outcome, Tracked};
use crate::handler::Server;
use crate::layer::ScriptRun;
use crate::search::{CALL_TOOL, SEARCH_TOOLS};

/// A script run's number (its calls' [`Origin::Script`](crate::layer::Origin)): random, so
/// that the runs of replicas sharing an undo journal do not share one; a counter when the
/// system has no random source.
fn run_number() -> u64 {
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    let mut bytes = [0u8; 8];
    match getrandom::fill(&mut bytes) {
        // 53 bits: exact as a JSON number in every client
        Ok(()) => u64::from_le_bytes(bytes) >> 11,
        Err(_) => COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
    }
}

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// Code mode's settings, when `name` is `execute` on a server with code mode.
    pub(super) fn runs_script(&self, name: &str) -> Option<&CodeMode> {
        if name != EXECUTE {
            return None;
        }
        self.search.as_ref()?.settings.code_mode()
    }

    /// Runs the script of an `execute` call.
    pub(super) async fn execute(
        &self,
        code: &CodeMode,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let started = Instant::now();
        let limits = code.limits().clone();
        let script = match read_code(request.arguments.as_ref(), limits.max_code_bytes) {
            Ok(script) => script,
            Err(why) => return Ok(complete(code::failure(&why, started, &[]))),
        };
        let deadline = tokio::time::Instant::from_std(started + limits.wall_time);
        let timed_out = |calls: &[Tracked]| {
            let wall = limits.wall_time.as_secs_f64();
            let why = format!("the script: TimeoutError: the wall-time limit of {wall} s expired");
            code::failure(&why, started, calls)
        };
        let turn = match self.search.as_ref().and_then(|s| s.scripts.clone()) {
            Some(scripts) => match tokio::time::timeout_at(deadline, scripts.acquire_owned()).await
            {
                Ok(Ok(permit)) => Some(permit),
                Ok(Err(_)) => return Err(ErrorData::internal_error("code mode stopped", None)),
                Err(_) => return Ok(complete(timed_out(&[]))),
            },
            None => None,
        };
        // the tools the caller may call by name
        let caller = crate::context::Caller::of(&context);
        let capabilities = self.capabilities_for_filter(&context);
        let tools: HashSet<String> = (self.tools.list().into_iter())
            .map(|tool| tool.name.into_owned())
            .filter(|name| ![EXECUTE, CALL_TOOL, SEARCH_TOOLS].contains(&name.as_str()))
            .filter(|name| self.visible(name, caller, capabilities.as_ref()))
            .collect();
        let (events, mut heard) = tokio::sync::mpsc::unbounded_channel();
        if let Err(error) = code::spawn(script, Arc::new(tools), limits.clone(), events, turn) {
            return Err(ErrorData::internal_error(
                format!("the sandbox could not start: {error}"),
                None,
            ));
        }
        let run = run_number();
        let mut calls: Vec<Tracked> = Vec::new();
        let running = async {
            loop {
                match heard.recv().await {
                    Some(Event::Calls(asked, reply)) => {
                        // in the provenance as cut off until answered: the wall time may
                        // expire while they run
                        let first = calls.len();
                        calls.extend(asked.iter().map(|inner| code::cut_off(&inner.name)));
                        let answers = join_all(
                            asked
                                .into_iter()
                                .map(|inner| self.inner(inner, run, &context)),
                        )
                        .await;
                        let mut replies = Vec::with_capacity(answers.len());
                        for (at, (id, outcome, tracked)) in answers.into_iter().enumerate() {
                            calls[first + at] = tracked;
                            replies.push((id, outcome));
                        }
                        let _ = reply.send(replies);
                    }
                    Some(Event::Done(done)) => break Some(done),
                    None => break None,
                }
            }
        };
        let ended = tokio::time::timeout_at(deadline, running).await;
        Ok(complete(match ended {
            Ok(Some(done)) => code::finish(done, &limits, started, &calls),
            Ok(None) => code::failure("the sandbox stopped", started, &calls),
            // the calls answered, and those the limit cut off
            Err(_) => timed_out(&calls),
        }))
    }

    /// One call of the script, dispatched as a client's call is.
    async fn inner(
        &self,
        inner: Inner,
        run: u64,
        context: &RequestContext<RoleServer>,
    ) -> (u32, Outcome, Tracked) {
        let Inner {
            id,
            name,
            arguments,
        } = inner;
        if [EXECUTE, CALL_TOOL, SEARCH_TOOLS].contains(&name.as_str()) {
            let (outcome, tracked) = code::refused(
                &name,
                format!(
                    "`{name}` cannot be called from a script: call the tools themselves, by \
                     their names"
                ),
            );
            return (id, outcome, tracked);
        }
        let mut context = context.clone();
        context.extensions.insert(ScriptRun(run));
        let span = super::spans::span!(
            "mcp.script.call",
            "otel.name" = Empty,
            "gen_ai.tool.name" = name.as_str(),
            "gen_ai.operation.name" = "execute_tool",
            "mcp.script.call.id" = i64::from(id),
            "error.type" = Empty,
        );
        if !span.is_disabled() {
            span.record("otel.name", format!("script {name}"));
        }
        let request = CallToolRequestParams::new(name.clone()).with_arguments(arguments);
        let answer = Box::pin(self.dispatch(request, context))
            .instrument(span.clone())
            .await;
        let (outcome, tracked) = match answer {
            Ok(CallToolResponse::Complete(result)) => code::outcome_of(&name, &result),
            Ok(_) => code::refused(
                &name,
                format!(
                    "`{name}` runs as a task or asks the client for input, which a script \
                     cannot wait for: call it directly"
                ),
            ),
            Err(error) => code::refused(&name, format!("Error: {}", error.message)),
        };
        if matches!(outcome, Outcome::Failed(_)) {
            span.record("error.type", "tool_error");
        }
        (id, outcome, tracked)
    }
}

fn complete(result: CallToolResult) -> CallToolResponse {
    CallToolResponse::Complete(result)
}

/// The script of an `execute` call; why the call is wrong, when it is.
fn read_code(arguments: Option<&JsonObject>, max: usize) -> Result<String, String> {
    let empty = JsonObject::new();
    let arguments = arguments.unwrap_or(&empty);
    if let Some(unknown) = arguments.keys().find(|key| *key != "code") {
        return Err(format!(
            "unknown parameter `{unknown}`: `execute` takes `code` only, a Python script"
        ));
    }
    match arguments.get("code") {
        Some(serde_json::Value::String(code)) if code.len() > max => Err(format!(
            "parameter `code`: the script is {} bytes, over the limit of {max} — the script's size",
            code.len()
        )),
        Some(serde_json::Value::String(code)) if code.trim().is_empty() => {
            Err("parameter `code`: expected a Python script, got an empty string".into())
        }
        Some(serde_json::Value::String(code)) => Ok(code.clone()),
        Some(_) => Err("parameter `code`: expected a string, a Python script".into()),
        None => Err("missing required parameter `code` (a string, a Python script)".into()),
    }
}

#[cfg(test)]
mod tests {
    /// A script calls tools by name with search's own `call_tool`.
    #[test]
    fn scripts_call_tools_with_the_name_search_lists() {
        assert_eq!(crate::code::CALL_TOOL, crate::search::CALL_TOOL);
    }
}
