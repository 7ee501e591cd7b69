//! A set of tools, looked up by name: what a server lists and calls.

use std::collections::BTreeMap;
use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, JsonObject, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};

use crate::args::ParamInfo;
use crate::context::Context;
use crate::error::DuplicateTool;
use crate::rounds::{self, StateKeys};
use crate::tool::ToolDef;

struct Entry<S> {
    def: ToolDef<S>,
    tool: Tool,
    params: Arc<[ParamInfo]>,
}

impl<S> Clone for Entry<S> {
    fn clone(&self) -> Self {
        Entry {
            def: self.def.clone(),
            tool: self.tool.clone(),
            params: self.params.clone(),
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
pub struct ToolSet<S> {
    entries: BTreeMap<&'static str, Arc<Entry<S>>>,
    keys: StateKeys,
}

impl<S> Default for ToolSet<S> {
    fn default() -> Self {
        ToolSet {
            entries: BTreeMap::new(),
            keys: StateKeys::default(),
        }
    }
}

impl<S> Clone for ToolSet<S> {
    fn clone(&self) -> Self {
        ToolSet {
            entries: self.entries.clone(),
            keys: self.keys.clone(),
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
        if let Some(existing) = self.entries.get(def.spec.name) {
            return Err(DuplicateTool {
                name: def.spec.name.to_owned(),
                first: format!(
                    "`{}` ({})",
                    existing.def.spec.rust_path, existing.def.spec.location
                ),
                second: format!("`{}` ({})", def.spec.rust_path, def.spec.location),
            });
        }
        let (tool, params) = crate::tool::describe(&def);
        self.entries.insert(
            def.spec.name,
            Arc::new(Entry {
                def,
                tool,
                params: params.into(),
            }),
        );
        Ok(())
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
        let names: Vec<&'static str> = self.entries.keys().copied().collect();
        for name in names {
            self.edit(name, |tool| fill_tool(tool, values));
        }
        self
    }

    /// Changes the `tools/list` entry of the tool `name` at start-up: its description,
    /// title, annotations, schemas. Returns whether there is such a tool. Arguments are still
    /// read as the function's parameters say, so a schema edit should only describe them
    /// better (descriptions, examples, tighter bounds the function checks itself).
    pub fn edit(&mut self, name: &str, edit: impl FnOnce(&mut Tool)) -> bool {
        match self.entries.get_mut(name) {
            Some(entry) => {
                edit(&mut Arc::make_mut(entry).tool);
                true
            }
            None => false,
        }
    }

    /// The tools' `tools/list` entries, in name order.
    pub fn list(&self) -> Vec<Tool> {
        self.entries
            .values()
            .map(|entry| entry.tool.clone())
            .collect()
    }

    /// The `tools/list` entry of one tool.
    pub fn get(&self, name: &str) -> Option<&Tool> {
        self.entries.get(name).map(|entry| &entry.tool)
    }

    /// The number of tools.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether there are no tools.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
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
            .entries
            .get(&*request.name)
            .ok_or_else(|| unknown_tool(&request.name))?;
        let call = rounds::Call {
            tool: request.name.to_string(),
            arguments: request.arguments.unwrap_or_default(),
            input_responses: request.input_responses,
            request_state: request.request_state,
        };
        run(entry, &self.keys, state, call, context).await
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
        for entry in self.entries.into_values() {
            let attr = entry.tool.clone();
            let keys = self.keys.clone();
            router.add_route(ToolRoute::new_dyn(attr, move |call| {
                let entry = entry.clone();
                let keys = keys.clone();
                Box::pin(async move {
                    let request = rounds::Call {
                        tool: call.name.to_string(),
                        arguments: call.arguments.unwrap_or_default(),
                        input_responses: call.input_responses,
                        request_state: call.request_state,
                    };
                    run(&entry, &keys, call.service, request, call.request_context).await
                })
            }));
        }
        router
    }
}

async fn run<S>(
    entry: &Entry<S>,
    keys: &StateKeys,
    state: &S,
    call: rounds::Call,
    context: RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData> {
    rounds::run(keys, call, context, |arguments, context: Context| {
        (entry.def.invoke)(state, &entry.params, arguments, context)
    })
    .await
}

fn fill_tool(tool: &mut Tool, values: &[(&str, &str)]) {
    if let Some(description) = &tool.description
        && let Some(filled) = fill_text(description, values)
    {
        tool.description = Some(filled.into());
    }
    if let Some(title) = &tool.title
        && let Some(filled) = fill_text(title, values)
    {
        tool.title = Some(filled);
    }
    let mut input = (*tool.input_schema).clone();
    if fill_object(&mut input, values) {
        tool.input_schema = Arc::new(input);
    }
    if let Some(output) = &tool.output_schema {
        let mut output = (**output).clone();
        if fill_object(&mut output, values) {
            tool.output_schema = Some(Arc::new(output));
        }
    }
}

fn fill_object(object: &mut JsonObject, values: &[(&str, &str)]) -> bool {
    let mut changed = false;
    for value in object.values_mut() {
        changed |= fill_value(value, values);
    }
    changed
}

fn fill_value(value: &mut serde_json::Value, values: &[(&str, &str)]) -> bool {
    match value {
        serde_json::Value::String(text) => match fill_text(text, values) {
            Some(filled) => {
                *text = filled;
                true
            }
            None => false,
        },
        serde_json::Value::Array(items) => {
            let mut changed = false;
            for item in items {
                changed |= fill_value(item, values);
            }
            changed
        }
        serde_json::Value::Object(object) => fill_object(object, values),
        _ => false,
    }
}

/// `text` with each `{key}` replaced, or `None` when it has none.
fn fill_text(text: &str, values: &[(&str, &str)]) -> Option<String> {
    let mut filled: Option<String> = None;
    for (key, value) in values {
        let placeholder = format!("{{{key}}}");
        let current = filled.as_deref().unwrap_or(text);
        if current.contains(&placeholder) {
            filled = Some(current.replace(&placeholder, value));
        }
    }
    filled
}

fn unknown_tool(name: &str) -> ErrorData {
    ErrorData::invalid_params(format!("unknown tool `{name}`"), None)
}
