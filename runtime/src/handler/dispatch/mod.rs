//! A `tools/call` reaching a [`Server`]: with tool search, `call_tool` first becomes the call
//! it names; refused for a caller without the tool's scopes or one the tool filter hides,
//! then run as a plain call or as a task, as the tool, the client and the server's task
//! limit allow.

use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, CallToolResponse, ClientCapabilities, CreateTaskResult};
use rmcp::service::RequestContext;
use rmcp::task_manager::TaskOptions;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::context::{CallTools, FromServer, TaskStarter};
use crate::handler::Server;
use crate::handler::access::Admission;
use crate::handler::task_work;
use crate::tool::spec::TaskSupport;
use crate::toolset::ToolSet;

/// The tools a tool of a [`Server`] can call through [`Context::call_tool`](crate::Context::call_tool).
struct Reachable<S> {
    state: Arc<S>,
    tools: Arc<ToolSet<S>>,
}

/// What `Context::call_tool` reaches in a server of this state and these tools: made once
/// with the server, lent to each call by one reference count (not made per call).
pub(super) fn reachable<S: Send + Sync + 'static>(
    state: &Arc<S>,
    tools: &Arc<ToolSet<S>>,
) -> Arc<dyn CallTools> {
    Arc::new(Reachable {
        state: state.clone(),
        tools: tools.clone(),
    })
}

impl<S: Send + Sync + 'static> CallTools for Reachable<S> {
    fn call<'a>(
        &'a self,
        name: &'a str,
        arguments: rmcp::model::JsonObject,
        context: crate::context::Context,
    ) -> crate::tool::BoxFuture<'a, Result<rmcp::model::CallToolResult, ErrorData>> {
        if self.tools.get(name).is_none() {
            return Box::pin(std::future::ready(Err(ErrorData::invalid_params(
                format!("no tool is named `{name}`"),
                None,
            ))));
        }
        self.tools
            .call_through_layers(name, &self.state, arguments, context)
    }
}

/// What admission decides about a call ([`Server::admit`]): run the tool found, or answer at
/// once.
enum Admit<'a, S> {
    Run(&'a crate::toolset::Entry<S>),
    Answer(Result<CallToolResponse, ErrorData>),
}

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// Answers a `tools/call`.
    pub(super) async fn dispatch(
        &self,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.record_caller {
            context
                .extensions
                .insert(crate::context::caller::RecordCaller);
        }
        // with tool search: `search_tools` answered, `call_tool` made the call it names
        let (request, through) = match self.search_step(request, &context) {
            super::search::Step::Call(request, through) => (request, through),
            super::search::Step::Answer(answer) => return answer,
        };
        #[cfg(feature = "code")]
        if let Some(code) = self.runs_script(&request.name) {
            return self.execute(code, request, context).await;
        }
        // the tool, found once, and its caller admitted once: every route of a call (direct,
        // `call_tool`, a script's, a task's) comes through here
        let entry = match self.admit(&request.name, &context) {
            Admit::Run(entry) => entry,
            Admit::Answer(answer) => return answer,
        };
        // named by `call_tool`: the result names the tool's MCP Apps view
        let view = through
            .then(|| crate::apps::view_uri(&entry.tool))
            .flatten();
        // what `Context::call_tool` reaches: this server's tools and state
        context.extensions.insert(FromServer {
            tools: self.reachable.clone(),
            log_level: self.log_level.clone(),
            journal: self.journal.clone(),
        });
        let answer = if entry.info().task() == TaskSupport::Never {
            (self.tools)
                .respond_admitted(entry, &self.state, request, context)
                .await
        } else {
            // boxed: a plain call's future holds no room for a task's
            Box::pin(self.run_task_tool(entry, request, context)).await
        };
        match view {
            Some(view) => answer.map(|answer| super::search::with_view(answer, view)),
            None => answer,
        }
    }

    /// Runs the call of a tool that may run as a task (`#[tool(task = "...")]`), its caller
    /// admitted: at once, or as a task.
    async fn run_task_tool(
        &self,
        entry: &crate::toolset::Entry<S>,
        request: CallToolRequestParams,
        mut context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let task = entry.info().task();
        // Read (and, on 2026-07-28, parsed from the request) only for a task tool.
        let client_runs_tasks = context
            .client_capabilities()
            .is_some_and(|capabilities| capabilities.supports_tasks());
        match task {
            TaskSupport::Deferred if client_runs_tasks => {
                // A plain call that the tool may turn into a task: the task runs the same
                // request again, with the answers of its last round.
                let (server, params, task_context) =
                    (self.clone(), request.clone(), context.clone());
                context.extensions.insert(TaskStarter::new(move || {
                    Box::pin(async move { server.start_task(params, task_context).await })
                }));
                (self.tools)
                    .respond_admitted(entry, &self.state, request, context)
                    .await
            }
            // At the limit (or when the store cannot say), a call that may run either way
            // runs as a plain call.
            TaskSupport::Optional
                if client_runs_tasks && self.at_task_limit().await.unwrap_or(true) =>
            {
                (self.tools)
                    .respond_admitted(entry, &self.state, request, context)
                    .await
            }
            TaskSupport::Optional | TaskSupport::Required if client_runs_tasks => {
                // Arguments that do not fit are refused now, as a plain call would refuse
                // them, not in a task the client would have to poll to learn it.
                let arguments = request.arguments.clone().unwrap_or_default();
                if let Some(refusal) = self.tools.check_arguments(&request.name, arguments) {
                    return Ok(CallToolResponse::Complete(refusal));
                }
                let task = self.start_task(request, context).await?;
                Ok(CallToolResponse::Task(CreateTaskResult::new(task)))
            }
            TaskSupport::Required => Err(ErrorData::missing_required_client_capability(
                ClientCapabilities::builder().enable_tasks().build(),
            )),
            _ => {
                (self.tools)
                    .respond_admitted(entry, &self.state, request, context)
                    .await
            }
        }
    }

    /// The tool `name`, found, for a caller admitted to call it ([`Server::admission_of`]);
    /// else the answer, before anything starts (a task too): a tool that does not exist, or
    /// that the caller is not offered (switched off, or hidden by the filter), is refused as
    /// one that does not exist (with tool search on, by a tool error naming the nearest
    /// tools); a caller without the tool's scopes gets a tool error naming them.
    ///
    /// Not part of [`Server::dispatch`]'s body: what it reads would live in that future
    /// across its awaits, and a `tools/call`'s future is moved whole into the task that
    /// runs it.
    fn admit(&self, name: &str, context: &RequestContext<RoleServer>) -> Admit<'_, S> {
        let caller = crate::context::Caller::of(context);
        let capabilities = self.capabilities_for_filter(context);
        let entry = self.tools.found(name);
        match (
            entry,
            self.admission_of(name, entry, caller, capabilities.as_ref()),
        ) {
            (Some(entry), Admission::Granted) => Admit::Run(entry),
            (Some(entry), Admission::NotGranted) => Admit::Answer(Ok(CallToolResponse::Complete(
                crate::toolset::refuse_scopes(entry, || caller.clone())
                    .unwrap_or_else(|| unreachable!("a tool not granted has scopes")),
            ))),
            (entry, _) => Admit::Answer(match self.unknown(name, context) {
                Some(answer) => Ok(CallToolResponse::Complete(answer)),
                None if entry.is_some() => Err(ErrorData::invalid_params(
                    format!("no tool is named `{name}`"),
                    None,
                )),
                None => Err(ErrorData::invalid_params(
                    format!("unknown tool `{name}`"),
                    None,
                )),
            }),
        }
    }

    /// The capabilities the client declared, read only when a tool filter will look at them.
    pub(super) fn capabilities_for_filter(
        &self,
        context: &RequestContext<RoleServer>,
    ) -> Option<ClientCapabilities> {
        self.access
            .filter
            .as_ref()
            .and_then(|_| context.client_capabilities())
    }

    /// Runs the call as a task in the server's store: the task exists (`tasks/get` finds
    /// it) when this returns. Refused when the store already runs the server's limit.
    async fn start_task(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::Task, ErrorData> {
        if self.at_task_limit().await? {
            return Err(ErrorData::internal_error(
                format!(
                    "{} tasks are running, this server's limit: call again when one has ended",
                    self.task_limit
                ),
                None,
            ));
        }
        let ttl_ms = self
            .task_ttl
            .map(|ttl| u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX));
        let span = task_work::span(&request.name, self.instance_id.as_deref());
        let work = task_work::work(self.state.clone(), self.tools.clone(), request, context);
        let task = self
            .tasks
            .spawn(
                TaskOptions::new().with_ttl_ms(ttl_ms),
                task_work::traced(work, span.clone()),
            )
            .await?;
        span.record("mcp.task.id", task.task_id.as_str());
        Ok(task)
    }

    /// Whether the store runs as many tasks as the server allows (a store that does not
    /// count them never is); the store's error when it cannot say.
    async fn at_task_limit(&self) -> Result<bool, ErrorData> {
        Ok(self
            .tasks
            .running()
            .await?
            .is_some_and(|running| running >= self.task_limit))
    }
}

#[cfg(test)]
mod tests;
