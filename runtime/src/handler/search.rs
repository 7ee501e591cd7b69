//! A [`Server`] with tool search ([`Server::with_tool_search`]): its `tools/list` (the
//! pinned tools and search's two), `search_tools`' answer, and `call_tool` turned into the
//! call of the tool it names before the one dispatch of a `tools/call` goes on with it.

use rmcp::model::{CallToolRequestParams, CallToolResponse, ClientCapabilities, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::handler::Server;
use crate::handler::access::Admission;
use crate::search::served::Served;
use crate::search::tools::{CALL_TOOL, SEARCH_TOOLS, read_query, unwrap_call};

/// How many of the nearest tools a call of an unknown tool names.
const NEAREST: usize = 3;

/// What a `tools/call` becomes on a server with tool search.
pub(super) enum Step {
    /// Answered already (`search_tools`, a bad argument of `call_tool`, a server that
    /// cannot serve).
    Answer(Result<CallToolResponse, ErrorData>),
    /// The call to dispatch: the request itself, or the call `call_tool` names (`true`):
    /// its result then names the tool's MCP Apps view, when it has one ([`with_view`]).
    Call(CallToolRequestParams, bool),
}

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// Whether `caller` sees the tool `name` ([`Server::admission`]): what `tools/list`
    /// lists and `search_tools` finds.
    pub(super) fn visible(
        &self,
        name: &str,
        caller: &crate::context::Caller,
        capabilities: Option<&ClientCapabilities>,
    ) -> bool {
        self.admission(name, caller, capabilities) == Admission::Granted
    }

    /// The `tools/list` entries the caller sees.
    pub(super) fn listing(
        &self,
        context: &RequestContext<RoleServer>,
    ) -> Result<Vec<Tool>, ErrorData> {
        let caller = crate::context::Caller::of(context);
        let capabilities = self.capabilities_for_filter(context);
        let visible = |tool: &Tool| self.visible(&tool.name, caller, capabilities.as_ref());
        let Some(search) = &self.search else {
            return Ok(self.tools.list().into_iter().filter(visible).collect());
        };
        unready(search)?;
        // code mode alone, with nothing pinned, keeps every tool listed
        let every = !search.settings.searches() && search.settings.pinned().is_empty();
        // a tool with a view stays listed (unless the author says not): a host shows views
        // only for the tools it lists
        let view =
            |tool: &Tool| search.settings.pins_views() && crate::apps::view_uri(tool).is_some();
        let mut tools: Vec<Tool> = (self.tools.list().into_iter())
            .filter(|tool| {
                every || view(tool) || search.settings.pinned().iter().any(|pin| *pin == tool.name)
            })
            .filter(visible)
            .collect();
        tools.extend(search.entries.iter().cloned());
        Ok(tools)
    }

    /// The entry of the tool `name` (search's own when search is on).
    pub(super) fn entry(&self, name: &str) -> Option<Tool> {
        if let Some(search) = &self.search
            && let Some(own) = search.entries.iter().find(|tool| tool.name == name)
        {
            return Some(own.clone());
        }
        self.tools.get(name).cloned()
    }

    /// A `tools/call` on a server with tool search: `search_tools` is answered here;
    /// `call_tool` becomes the request of the tool it names (same `_meta`, same answers to
    /// earlier questions), dispatched as a direct call of it is.
    pub(super) fn search_step(
        &self,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
    ) -> Step {
        let Some(search) = &self.search else {
            return Step::Call(request, false);
        };
        if let Err(error) = unready(search) {
            return Step::Answer(Err(error));
        }
        let through = request.name == CALL_TOOL;
        let request = if through {
            match unwrap_call(request) {
                Ok(inner) => inner,
                Err(refusal) => return Step::Answer(Ok(CallToolResponse::Complete(refusal))),
            }
        } else {
            request
        };
        if request.name != SEARCH_TOOLS || !search.settings.searches() {
            // the host saw a call of `call_tool`, which has no view: the result names the
            // view of the tool it called (once the call is admitted)
            return Step::Call(request, through);
        }
        let query = match read_query(request.arguments.as_ref(), search.default_limit()) {
            Ok(query) => query,
            Err(refusal) => return Step::Answer(Ok(CallToolResponse::Complete(refusal))),
        };
        let switch = self.access.switch.as_ref();
        let built = search.index(
            switch.map(crate::handler::ToolSwitch::changes),
            || self.tools.list(),
            |name| switch.is_none_or(|switch| switch.is_enabled(name)),
        );
        let caller = crate::context::Caller::of(context);
        let capabilities = self.capabilities_for_filter(context);
        let found = built.index.answer(&query.words, query.limit, |index| {
            (built.tools.get(index))
                .is_some_and(|tool| self.visible(&tool.name, caller, capabilities.as_ref()))
        });
        let tools: Vec<&Tool> = (found.hits.iter())
            .filter_map(|hit| built.tools.get(hit.index))
            .collect();
        #[cfg(feature = "code")]
        let code = search.settings.code_mode().is_some();
        #[cfg(not(feature = "code"))]
        let code = false;
        let mut answer = crate::search::render::answer(&query.words, &tools, code);
        crate::search::served::fits(&query.words, found.fits, &mut answer);
        Step::Answer(Ok(CallToolResponse::Complete(answer)))
    }

    /// A call of a tool that does not exist, or that this caller may not see (switched
    /// off, hidden by the filter), on a server with search: a tool error the model reads,
    /// naming the nearest tools it may call and pointing to `search_tools`, rather than a
    /// protocol error. `None` without search.
    pub(super) fn unknown(
        &self,
        name: &str,
        context: &RequestContext<RoleServer>,
    ) -> Option<rmcp::model::CallToolResult> {
        let search = self.search.as_ref()?;
        let caller = crate::context::Caller::of(context);
        let capabilities = self.capabilities_for_filter(context);
        let switch = self.access.switch.as_ref();
        let built = search.index(
            switch.map(crate::handler::ToolSwitch::changes),
            || self.tools.list(),
            |name| switch.is_none_or(|switch| switch.is_enabled(name)),
        );
        // the name's words are the query: `get_user_email` finds `get_user`
        let words = crate::search::text_of_name(name);
        let nearest: Vec<&str> = (built.index.search(&words).into_iter())
            .filter_map(|hit| built.tools.get(hit.index))
            .filter(|tool| self.visible(&tool.name, caller, capabilities.as_ref()))
            .take(NEAREST)
            .map(|tool| &*tool.name)
            .collect();
        Some(crate::search::served::unknown(name, &nearest))
    }

    /// Whether tool search is on.
    #[cfg(feature = "http")]
    pub(crate) fn searches(&self) -> bool {
        self.search.is_some()
    }

    /// Why this server cannot start (a skill names a tool it does not have, its tool search is
    /// set up wrong), if it cannot: what
    /// the `serve_*` methods return.
    #[cfg_attr(not(any(feature = "stdio", feature = "http")), allow(dead_code))]
    pub(crate) fn setup_problem(&self) -> Option<&str> {
        if let Some((_, Err(problem))) = &self.skills {
            return Some(problem);
        }
        self.search.as_ref()?.problem.as_deref()
    }
}

/// `answer` with `_meta.ui.resourceUri` naming `view`: a call through `call_tool` of a tool
/// that has an MCP Apps view. The extension's hosts read a view from a tool's `tools/list`
/// entry; a host that also reads a result's `_meta` (as MCP Apps drafts propose) finds the
/// view here. A `_meta.ui` the tool set itself is kept.
pub(super) fn with_view(answer: CallToolResponse, view: &str) -> CallToolResponse {
    match answer {
        CallToolResponse::Complete(mut result) => {
            let meta = result.meta.get_or_insert_with(Default::default);
            meta.0
                .entry("ui")
                .or_insert_with(|| crate::apps::tool_meta(view));
            CallToolResponse::Complete(result)
        }
        other => other,
    }
}

/// A server whose tool search is set up wrong answers no tool request: the error names
/// what is wrong (the `serve_*` methods refuse to start it; this is for a server served
/// some other way).
fn unready(search: &Served) -> Result<(), ErrorData> {
    match &search.problem {
        Some(problem) => Err(ErrorData::internal_error(problem.clone(), None)),
        None => Ok(()),
    }
}
