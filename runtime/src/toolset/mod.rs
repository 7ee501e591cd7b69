//! A set of tools, looked up by name: what a server lists and calls.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, JsonObject, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};

use crate::context::Context;
use crate::context::caller::Caller;
use crate::context::rounds::{self, StateKeys};
use crate::error::DuplicateTool;
use crate::layer::{Call, Layer, Next, RunTool, Source, ToolInfo, Tools};
use crate::tool::args::Reading;
use crate::tool::def::ToolDef;
use crate::tool::def::ignore_unknown_arguments;
use crate::tool::spec::BoxFuture;

mod compose;
use compose::Mount;
mod fill;
use fill::fill_tool;
mod views;

pub(crate) struct Entry<S> {
    pub(crate) def: ToolDef<S>,
    pub(crate) tool: Tool,
    pub(crate) reading: Arc<Reading>,
    /// For a tool of a set merged or nested into this one, with layers of its own: that set,
    /// which runs the call through its layers.
    pub(crate) mount: Option<Mount<S>>,
}

impl<S> Entry<S> {
    /// What was declared about the tool.
    pub(crate) fn info(&self) -> ToolInfo<'_> {
        ToolInfo::of(&self.tool, &self.def, &self.reading)
    }

    /// Whether `caller`'s token grants every scope the tool needs.
    pub(crate) fn grants(&self, caller: &Caller) -> bool {
        #[cfg(test)]
        counts::SCOPE_CHECKS.with(|n| n.set(n.get() + 1));
        (self.def.decl.scopes.iter()).all(|scope| caller.has_scope(scope))
    }
}

impl<S> Clone for Entry<S> {
    fn clone(&self) -> Self {
        Entry {
            def: self.def.clone(),
            tool: self.tool.clone(),
            reading: self.reading.clone(),
            mount: self.mount.clone(),
        }
    }
}

/// The tools of a server, by name. `S` is the state their handlers receive.
///
/// Build one from `toolshape::tools![…]`; serve it with [`Server`](crate::Server), call it
/// from your own rmcp [`ServerHandler`](rmcp::ServerHandler) ([`ToolSet::list`],
/// [`ToolSet::call`]), or hand it to rmcp's `#[tool_handler]` as a
/// [`ToolRouter`](rmcp::handler::server::router::tool::ToolRouter) with
/// [`ToolSet::into_router`].
///
/// Schemas are generated once, when a tool is added. Tools are listed in name order.
///
/// Every call passes through the set's [layers](crate::layer) ([`ToolSet::layer`]), whichever
/// way it arrives: [`Server`](crate::Server), [`ToolSet::call`] or [`ToolSet::into_router`].
///
/// Sets made apart (in several modules or crates) combine into one with [`ToolSet::merge`]
/// and [`ToolSet::nest`] (under a prefix), each keeping its layers to its own tools; a tool
/// declared at run time ([`ToolDef::dynamic`]) is added as any other.
pub struct ToolSet<S> {
    entries: BTreeMap<Cow<'static, str>, Arc<Entry<S>>>,
    keys: StateKeys,
    layers: Vec<Arc<dyn Layer<S>>>,
    /// [`ToolSet::ignore_unknown_arguments`]: for the tools added after it too.
    ignore_unknown: bool,
    /// [`ToolSet::app_view`]: the MCP Apps views registered, by URI.
    views: BTreeMap<String, Arc<crate::apps::AppView>>,
}

impl<S> Default for ToolSet<S> {
    fn default() -> Self {
        ToolSet {
            entries: BTreeMap::new(),
            keys: StateKeys::default(),
            layers: Vec::new(),
            ignore_unknown: false,
            views: BTreeMap::new(),
        }
    }
}

impl<S> Clone for ToolSet<S> {
    fn clone(&self) -> Self {
        ToolSet {
            entries: self.entries.clone(),
            keys: self.keys.clone(),
            layers: self.layers.clone(),
            ignore_unknown: self.ignore_unknown,
            views: self.views.clone(),
        }
    }
}

impl<S> std::fmt::Debug for ToolSet<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.entries.keys()).finish()
    }
}

impl<S: Send + Sync + 'static> ToolSet<S> {
    /// A set of these tools.
    ///
    /// # Errors
    /// [`DuplicateTool`] when two tools have the same name; it names both declarations.
    pub fn new(tools: impl IntoIterator<Item = ToolDef<S>>) -> Result<Self, DuplicateTool> {
        let mut set = ToolSet::default();
        for tool in tools {
            set.add(tool)?;
        }
        Ok(set)
    }

    /// Adds one tool.
    ///
    /// # Errors
    /// [`DuplicateTool`] when the set already has a tool of that name; it names both.
    pub fn add(&mut self, def: ToolDef<S>) -> Result<(), DuplicateTool> {
        if let Some(existing) = self.entries.get(&*def.decl.name) {
            return Err(DuplicateTool {
                name: def.decl.name.to_string(),
                first: existing.def.decl.origin(),
                second: def.decl.origin(),
            });
        }
        let (mut tool, mut reading) = crate::tool::def::describe(&def);
        if self.ignore_unknown {
            ignore_unknown_arguments(&mut reading, Arc::make_mut(&mut tool.input_schema));
        }
        self.entries.insert(
            def.decl.name.clone(),
            Arc::new(Entry {
                def,
                tool,
                reading: Arc::new(reading),
                mount: None,
            }),
        );
        Ok(())
    }

    /// Every tool of the set, those added later included, drops arguments it does not take
    /// instead of refusing them, as `#[tool(unknown_arguments = "ignore")]` does for one
    /// tool: for clients that send extra arguments, or a server that must answer as another
    /// implementation did. The input schemas then leave out `additionalProperties: false`.
    ///
    /// ```
    /// use toolshape::{ToolSet, tool, tools};
    ///
    /// /// Say hello.
    /// #[tool(format = "text")]
    /// fn hello(name: String) -> String { format!("Hello, {name}!") }
    ///
    /// let tools = ToolSet::<()>::new(tools![hello]).unwrap().ignore_unknown_arguments();
    /// assert!(tools.get("hello").unwrap().input_schema.get("additionalProperties").is_none());
    /// ```
    pub fn ignore_unknown_arguments(mut self) -> Self {
        self.ignore_unknown = true;
        for entry in self.entries.values_mut() {
            let entry = Arc::make_mut(entry);
            ignore_unknown_arguments(
                Arc::make_mut(&mut entry.reading),
                Arc::make_mut(&mut entry.tool.input_schema),
            );
        }
        // the sets merged into this one read their tools' arguments themselves
        self.map_mounts(|set| set.clone().ignore_unknown_arguments());
        self
    }

    /// Fills placeholders in what the tools' listing says, once, at start-up: each
    /// `{key}` of `values` is replaced by its value in every tool's description and title,
    /// and in every string of its input and output schemas (parameter descriptions
    /// included). Text with no such placeholder is left as it is; braces that name no key
    /// stay too.
    ///
    /// ```
    /// use toolshape::{ToolSet, tool, tools};
    ///
    /// /// Today's date in {timezone}.
    /// #[tool(format = "json")]
    /// fn today(
    ///     /// Days from today, in {timezone}.
    ///     offset: i32,
    /// ) -> i32 { offset }
    ///
    /// # fn main() -> Result<(), toolshape::DuplicateTool> {
    /// let timezone = "Europe/Paris"; // read from the system at start-up
    /// let tools = ToolSet::<()>::new(tools![today])?.fill(&[("timezone", timezone)]);
    /// let listed = tools.get("today").unwrap();
    /// assert_eq!(listed.description.as_deref(), Some("Today's date in Europe/Paris."));
    /// assert_eq!(
    ///     listed.input_schema["properties"]["offset"]["description"],
    ///     "Days from today, in Europe/Paris."
    /// );
    /// # Ok(()) }
    /// ```
    pub fn fill(mut self, values: &[(&str, &str)]) -> Self {
        let names: Vec<Cow<'static, str>> = self.entries.keys().cloned().collect();
        for name in names {
            self.edit(&name, |tool| fill_tool(tool, values));
        }
        self
    }

    /// Changes the `tools/list` entry of the tool `name` at start-up: its description,
    /// title, annotations, schemas. Returns whether there is such a tool. Arguments are still
    /// read as the function's parameters say, so a schema edit should only describe them
    /// better (descriptions, examples, tighter bounds the function checks itself).
    ///
    /// Clients on 2025-11-25 see only an `outputSchema` with `"type": "object"` at its root
    /// (rmcp leaves any other out for them, a root `{"$ref": …}` too: inline it); another is
    /// logged as a warning.
    pub fn edit(&mut self, name: &str, edit: impl FnOnce(&mut Tool)) -> bool {
        match self.entries.get_mut(name) {
            Some(entry) => {
                let tool = &mut Arc::make_mut(entry).tool;
                edit(tool);
                warn_of_an_unlisted_output_schema(tool);
                true
            }
            None => false,
        }
    }

    /// Installs a [layer](crate::layer) around every call: the first installed is the
    /// outermost. It may rewrite the listing entries of the tools already in the set
    /// ([`Layer::describe`]), and its own tools ([`Layer::tools`]) join the set, as tools
    /// [added](ToolSet::add) to it.
    ///
    /// # Panics
    /// When a tool of the layer has the name of a tool already in the set: a mistake in the
    /// server's setup, not something a client can cause. The message names both.
    pub fn layer(mut self, layer: impl Layer<S>) -> Self {
        for entry in self.entries.values_mut() {
            let mut tool = entry.tool.clone();
            layer.describe(&mut tool);
            if tool != entry.tool {
                warn_of_an_unlisted_output_schema(&tool);
                *entry = Arc::new(Entry {
                    tool,
                    ..(**entry).clone()
                });
            }
        }
        for def in layer.tools() {
            if let Err(duplicate) = self.add(def) {
                panic!("a layer adds a tool the set already has: {duplicate}");
            }
        }
        self.layers.push(Arc::new(layer));
        self
    }

    /// The tools' `tools/list` entries (the layers' tools included), in name order.
    pub fn list(&self) -> Vec<Tool> {
        self.entries
            .values()
            .map(|entry| entry.tool.clone())
            .collect()
    }

    /// The `tools/list` entries `caller` may see: [`ToolSet::list`] without the tools
    /// whose `#[tool(scopes = [..])]` the caller's token does not all grant.
    pub fn list_for(&self, caller: &Caller) -> Vec<Tool> {
        let mut tools = self.list();
        tools.retain(|tool| self.grants(&tool.name, caller));
        tools
    }

    /// Whether `caller`'s token grants every scope the tool `name` needs (a name no tool
    /// has needs none).
    pub(crate) fn grants(&self, name: &str, caller: &Caller) -> bool {
        self.entries
            .get(name)
            .is_none_or(|entry| entry.grants(caller))
    }

    /// The scopes a caller needs to see and call the tool `name` (`#[tool(scopes = [..])]`;
    /// none for a name no tool has).
    pub fn scopes(&self, name: &str) -> &[Cow<'static, str>] {
        self.entries
            .get(name)
            .map_or(&[], |entry| &entry.def.decl.scopes)
    }

    /// The words users type for the tool `name` that its declaration adds for tool search
    /// (`#[tool(keywords = [..])]`; none for a name no tool has).
    pub fn keywords(&self, name: &str) -> &[Cow<'static, str>] {
        self.entries
            .get(name)
            .map_or(&[], |entry| &entry.def.decl.keywords)
    }

    /// Every scope a tool of the set needs, once each, in name order.
    #[cfg(feature = "http")]
    pub(crate) fn all_scopes(&self) -> Vec<String> {
        let scopes: std::collections::BTreeSet<&str> = self
            .entries
            .values()
            .flat_map(|entry| entry.def.decl.scopes.iter().map(|scope| &**scope))
            .collect();
        scopes.into_iter().map(str::to_owned).collect()
    }

    /// The `tools/list` entry of one tool.
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.entries.get(name).map(|entry| &entry.tool)
    }

    /// What a call of `name` with `arguments` would answer at once because they do not fit
    /// its parameters (a tool error naming each problem), if anything: a call about to run
    /// as a task is refused this way rather than after the client has polled for it.
    pub(crate) fn check_arguments(
        &self,
        name: &str,
        arguments: rmcp::model::JsonObject,
    ) -> Option<CallToolResult> {
        let entry = self.entries.get(name)?;
        (entry.def.check)(&entry.def.decl, &entry.reading, arguments)
    }

    /// Whether a tool can run as a task (`#[tool(task = "...")]`).
    pub(crate) fn runs_tasks(&self) -> bool {
        self.entries
            .values()
            .any(|entry| entry.def.decl.task != crate::tool::TaskSupport::Never)
    }

    /// What was declared about the tool `name`, as [layers](crate::layer) see it.
    pub fn info(&self, name: &str) -> Option<ToolInfo<'_>> {
        self.entries
            .get(name)
            .map(|entry| ToolInfo::of(&entry.tool, &entry.def, &entry.reading))
    }

    /// The number of tools (the layers' tools included).
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no tools.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Seals the request state of input-required results with these keys (by default, a
    /// random key of this process): see [`StateKeys`].
    #[must_use]
    pub fn with_state_keys(mut self, keys: StateKeys) -> Self {
        self.keys = keys;
        self
    }

    /// Serves a `tools/call` request with `state`: the tool's result, or, when the tool asks
    /// a 2026-07-28 client for input it has not given yet, an input-required result.
    ///
    /// Every outcome of the tool itself (success, its error, bad arguments, a panic) is a
    /// [`CallToolResult`].
    ///
    /// A call of a tool whose `#[tool(scopes = [..])]` the [`Caller`] does not all have is
    /// refused with a tool error naming the missing scopes; neither the tool nor a layer
    /// runs.
    ///
    /// # Errors
    /// `invalid_params` when no tool has the requested name, or when the client's answers
    /// or its request state are unacceptable (state that fails its integrity check).
    pub async fn respond(
        &self,
        state: &S,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let entry = self
            .found(&request.name)
            .ok_or_else(|| unknown_tool(&request.name))?;
        if let Some(refusal) = refuse_scopes(entry, || Caller::of(&context).clone()) {
            return Ok(CallToolResponse::Complete(refusal));
        }
        self.respond_admitted(entry, state, request, context).await
    }

    /// The tool `name` as a call finds it: the one lookup of a call, whose entry the call
    /// then carries.
    pub(crate) fn found(&self, name: &str) -> Option<&Entry<S>> {
        #[cfg(test)]
        counts::LOOKUPS.with(|n| n.set(n.get() + 1));
        self.entries.get(name).map(|entry| &**entry)
    }

    /// [`ToolSet::respond`] for a call of `entry` whose caller is admitted (by its scopes, and
    /// by a server's switch and filter): through the rounds of input, the layers, the tool.
    pub(crate) async fn respond_admitted(
        &self,
        entry: &Entry<S>,
        state: &S,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = entry.info();
        // a call of a code-mode script is a client's, and says so
        let source = match context.extensions.get::<crate::layer::ScriptRun>() {
            Some(run) => Source::Script(run.0),
            None => Source::Client,
        };
        let call = rounds::Call {
            tool: request.name.to_string(),
            arguments: request.arguments.unwrap_or_default(),
            input_responses: request.input_responses,
            request_state: request.request_state,
        };
        // One path for every call: through the layers, then the tool, found once. With no
        // layer, `Next` is the tool itself.
        rounds::run(&self.keys, call, context, |arguments, context: Context| {
            let call = Call::new(
                tool.name(),
                Some(tool),
                source.clone(),
                arguments,
                state,
                context,
            )
            .found(entry);
            let running = Next::new(&self.layers, self).run(call);
            async move { running.await.unwrap_or_else(|error| chain_error(&error)) }
        })
        .await
    }

    /// Calls the tool `name` through every layer of the set, as a client's call is: what
    /// [`Context::call_tool`] reaches.
    pub(crate) fn call_through_layers<'a>(
        &'a self,
        name: &str,
        state: &'a S,
        arguments: JsonObject,
        context: Context,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        let tool = self.info(name);
        Next::new(&self.layers, self).run(Call::new(
            name,
            tool,
            Source::Tool,
            arguments,
            state,
            context,
        ))
    }

    /// [`ToolSet::respond`] for a caller that needs the complete result: a tool that still
    /// waits for the client's input ends with an error result saying so.
    ///
    /// # Errors
    /// As [`ToolSet::respond`].
    pub async fn call(
        &self,
        state: &S,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let name = request.name.clone();
        match self.respond(state, request, context).await? {
            CallToolResponse::Complete(result) => Ok(result),
            _ => Ok(CallToolResult::error(vec![
                rmcp::model::ContentBlock::text(format!(
                    "Error: `{name}` needs input from the client to complete"
                )),
            ])),
        }
    }

    /// Calls the tool `name` with `arguments` (a JSON object), in-process: the [`CallToolResult`] is exactly what a client would receive. For tests
    /// (with [`Context::detached`]) and for code that calls tools itself.
    ///
    /// # Errors
    /// `invalid_params` when no tool has that name or `arguments` is not an object, as a
    /// client would be answered.
    pub async fn call_json(
        &self,
        state: &S,
        name: &str,
        arguments: serde_json::Value,
        context: Context,
    ) -> Result<CallToolResult, ErrorData> {
        let arguments = match arguments {
            serde_json::Value::Object(arguments) => arguments,
            serde_json::Value::Null => JsonObject::new(),
            other => {
                return Err(ErrorData::invalid_params(
                    format!("the arguments of `{name}` must be an object, not {other}"),
                    None,
                ));
            }
        };
        let request = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        self.call(state, request, context.request().clone()).await
    }

    /// The tools as an rmcp [`ToolRouter`](rmcp::handler::server::router::tool::ToolRouter),
    /// for servers written with rmcp's own `#[tool_handler]`, or to merge with rmcp tools.
    pub fn into_router(self) -> rmcp::handler::server::router::tool::ToolRouter<S> {
        use rmcp::handler::server::router::tool::{ToolRoute, ToolRouter};
        let mut router = ToolRouter::new();
        let tools = self.list();
        let set = Arc::new(self);
        for attr in tools {
            let set = set.clone();
            router.add_route(ToolRoute::new_dyn(attr, move |call| {
                let set = set.clone();
                Box::pin(async move {
                    let mut request = CallToolRequestParams::new(call.name.to_string());
                    request.arguments = call.arguments;
                    request.input_responses = call.input_responses;
                    request.request_state = call.request_state;
                    set.respond(call.service, request, call.request_context)
                        .await
                })
            }));
        }
        router
    }
}

impl<S: Send + Sync + 'static> Tools<S> for ToolSet<S> {
    fn info(&self, name: &str) -> Option<ToolInfo<'_>> {
        ToolSet::info(self, name)
    }

    fn run_tool<'a>(
        &'a self,
        call: Call<'a, S>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        let Some(entry) = self.found(call.name()) else {
            return Box::pin(std::future::ready(Err(unknown_tool(call.name()))));
        };
        if let Some(refusal) = refuse_scopes(entry, || call.context().caller()) {
            return Box::pin(std::future::ready(Ok(refusal)));
        }
        entry.run(call)
    }
}

impl<S: Send + Sync + 'static> RunTool<S> for Entry<S> {
    fn run<'a>(&'a self, call: Call<'a, S>) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        if let Some(mount) = &self.mount {
            return mount.run(call);
        }
        let (_, arguments, state, context) = call.into_parts();
        (self.def.invoke)(state, &self.def.decl, &self.reading, arguments, context)
    }
}

/// The tool error of a call whose caller lacks one of the tool's scopes. The caller is read
/// only for a tool that has scopes.
pub(crate) fn refuse_scopes<S>(
    entry: &Entry<S>,
    caller: impl FnOnce() -> Caller,
) -> Option<CallToolResult> {
    #[cfg(test)]
    counts::SCOPE_CHECKS.with(|n| n.set(n.get() + 1));
    let decl = &entry.def.decl;
    if decl.scopes.is_empty() {
        return None;
    }
    let missing = caller().missing(&decl.scopes);
    if missing.is_empty() {
        return None;
    }
    let facts = decl.facts(std::time::Instant::now(), None);
    Some(crate::formats::facts::error_result(
        crate::context::caller::refusal(&decl.name, &missing),
        &facts,
    ))
}

/// What a client receives when a layer answers a call with a protocol error after the
/// call has started (rounds of input may already have run): a tool error saying so.
fn chain_error(error: &ErrorData) -> CallToolResult {
    CallToolResult::error(vec![rmcp::model::ContentBlock::text(format!(
        "Error: {}",
        error.message
    ))])
}

fn unknown_tool(name: &str) -> ErrorData {
    ErrorData::invalid_params(format!("unknown tool `{name}`"), None)
}

/// Whether the tool has no `outputSchema`, or one rmcp lists for every client (an object at
/// its root).
fn output_schema_is_listed(tool: &Tool) -> bool {
    tool.output_schema.as_ref().is_none_or(|schema| {
        schema.get("type").and_then(serde_json::Value::as_str) == Some("object")
    })
}

/// Logs a warning for an `outputSchema` whose root is not `"type": "object"` (set by a
/// layer or an edit): rmcp drops such a schema from the listing for 2025-11-25 clients,
/// which would otherwise go unnoticed.
fn warn_of_an_unlisted_output_schema(tool: &Tool) {
    if !output_schema_is_listed(tool) {
        tracing::warn!(
            tool = %tool.name,
            "the outputSchema of `{}` has no \"type\": \"object\" at its root; clients on \
             2025-11-25 will not see it (before 2026-07-28, MCP's output schemas are objects: \
             inline a root \"$ref\")",
            tool.name
        );
    }
}

/// How many times this thread looked a tool up for a call, and checked a caller's scopes:
/// the tests of each route count them.
#[cfg(test)]
pub(crate) mod counts {
    use std::cell::Cell;

    thread_local! {
        pub(crate) static LOOKUPS: Cell<usize> = const { Cell::new(0) };
        pub(crate) static SCOPE_CHECKS: Cell<usize> = const { Cell::new(0) };
    }

    /// The lookups and scope checks `run` makes on this thread.
    pub(crate) async fn of<T>(run: impl Future<Output = T>) -> ((usize, usize), T) {
        LOOKUPS.with(|n| n.set(0));
        SCOPE_CHECKS.with(|n| n.set(0));
        let value = run.await;
        (
            (LOOKUPS.with(Cell::get), SCOPE_CHECKS.with(Cell::get)),
            value,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_output_schema_is_listed_only_with_an_object_root() {
        let schema = |value: serde_json::Value| {
            let serde_json::Value::Object(object) = value else {
                unreachable!()
            };
            Some(Arc::new(object))
        };
        let mut tool = Tool::new("t", "d", rmcp::model::JsonObject::new());
        assert!(output_schema_is_listed(&tool), "no output schema");
        tool.output_schema = schema(serde_json::json!({"type": "object", "properties": {}}));
        assert!(output_schema_is_listed(&tool));
        tool.output_schema = schema(serde_json::json!({"$ref": "#/$defs/T", "$defs": {}}));
        assert!(!output_schema_is_listed(&tool), "a root $ref");
        tool.output_schema = schema(serde_json::json!({"type": "array"}));
        assert!(!output_schema_is_listed(&tool));
    }
}
