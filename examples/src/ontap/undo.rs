//! Undo driven by the tools' own listing, with no per-tool mapping code.
//!
//! * **Capture.** [`Undoable`] wraps a [`Server`] and sees every `tools/call`. When the tool
//!   is an action (its `readOnlyHint` is `false`, which `kind = "action"` sets) and one of
//!   the journal's *state tools* can be called with the action's own arguments (each of its
//!   required parameters is an argument of the action, by name), the state tool is called
//!   first and its `data` kept. The action then runs; if it succeeds, the journal records the
//!   action, its arguments and the state captured before it.
//! * **Restore.** [`Journal::undo_last`] calls the same action again, with arguments picked
//!   *by parameter name* from the captured state: for every property of the action's input
//!   schema, the one field of that name in the captured data. This works because the state
//!   tool names its fields as the setters name their parameters (`autosize.mode` for `mode`,
//!   `size` for `size`): the seed's "field names = parameter names" rule.
//!
//! Neither step knows any tool. A new action is undoable as soon as a state tool covers it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, JsonObject, ListToolsResult,
    PaginatedRequestParams, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;
use toolshape::{Provides, Server, ToolSet};

/// One action the journal can undo.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct JournalEntry {
    /// Sequence number, from 1.
    pub id: u64,
    /// The action tool that ran.
    pub action: String,
    /// The arguments it ran with.
    pub arguments: JsonObject,
    /// The state tool that captured the state before it.
    pub state_tool: String,
    /// The arguments the state tool was called with (the action's, by name).
    pub state_arguments: JsonObject,
    /// The state tool's `data` before the action: what undo restores.
    pub before: JsonObject,
    /// When the action ran, RFC 3339 UTC.
    pub at: String,
}

/// The undo journal: which tools capture state, and the actions recorded so far.
pub struct Journal<S> {
    state_tools: Vec<String>,
    tools: OnceLock<ToolSet<S>>,
    entries: Mutex<Vec<JournalEntry>>,
    next_id: AtomicU64,
    /// Held from capture to record, and through an undo, so that no other action runs in
    /// between (HTTP serves several sessions at once).
    serial: tokio::sync::Mutex<()>,
}

impl<S> std::fmt::Debug for Journal<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Journal")
            .field("state_tools", &self.state_tools)
            .field("entries", &self.entries)
            .finish_non_exhaustive()
    }
}

/// Why an action cannot be undone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UndoError(pub String);

impl std::fmt::Display for UndoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl<S: Send + Sync + 'static> Journal<S> {
    /// A journal whose state is captured by these tools (`kind = "state"` tools).
    pub fn new(state_tools: impl IntoIterator<Item = impl Into<String>>) -> Self {
        Journal {
            state_tools: state_tools.into_iter().map(Into::into).collect(),
            tools: OnceLock::new(),
            entries: Mutex::new(Vec::new()),
            next_id: AtomicU64::new(1),
            serial: tokio::sync::Mutex::new(()),
        }
    }

    /// Gives the journal the tool set it calls (once, after the set is built).
    pub fn attach(&self, tools: ToolSet<S>) {
        let _ = self.tools.set(tools);
    }

    fn tools(&self) -> Result<&ToolSet<S>, UndoError> {
        self.tools
            .get()
            .ok_or_else(|| UndoError("the undo journal has no tools attached".into()))
    }

    /// The recorded actions, oldest first.
    pub fn entries(&self) -> Vec<JournalEntry> {
        self.entries.lock().expect("journal lock").clone()
    }

    /// The state tool that covers `action` called with `arguments`, and its arguments: the
    /// first state tool whose required parameters are all among `arguments`.
    fn state_tool_for(
        &self,
        tools: &ToolSet<S>,
        action: &Tool,
        arguments: &JsonObject,
    ) -> Option<(String, JsonObject)> {
        if action.annotations.as_ref().and_then(|a| a.read_only_hint) != Some(false) {
            return None;
        }
        self.state_tools.iter().find_map(|name| {
            let tool = tools.get(name)?;
            let required = required_of(&tool.input_schema);
            if required.is_empty() {
                return None;
            }
            let mut picked = JsonObject::new();
            for key in required {
                picked.insert(key.clone(), arguments.get(&key)?.clone());
            }
            Some((name.clone(), picked))
        })
    }

    /// Serves one `tools/call` through `tools`, capturing state before an action and
    /// recording the action if it succeeds.
    pub async fn call_recorded(
        &self,
        state: &S,
        tools: &ToolSet<S>,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, ErrorData> {
        let arguments = request.arguments.clone().unwrap_or_default();
        let capture = match tools.get(&request.name) {
            Some(action) => self.state_tool_for(tools, action, &arguments),
            None => None,
        };
        let _serial = if capture.is_some() {
            Some(self.serial.lock().await)
        } else {
            None
        };
        let before = match &capture {
            Some((state_tool, state_arguments)) => {
                let request = CallToolRequestParams::new(state_tool.clone())
                    .with_arguments(state_arguments.clone());
                data_of(&tools.call(state, request, context.clone()).await?)
            }
            None => None,
        };
        let action = request.name.to_string();
        let result = tools.call(state, request, context).await?;
        if let (Some((state_tool, state_arguments)), Some(before)) = (capture, before)
            && result.is_error != Some(true)
        {
            let id = self.next_id.fetch_add(1, Ordering::Relaxed);
            self.entries
                .lock()
                .expect("journal lock")
                .push(JournalEntry {
                    id,
                    action,
                    arguments,
                    state_tool,
                    state_arguments,
                    before,
                    at: chrono_now(),
                });
        }
        Ok(result)
    }

    /// Undoes the last recorded action: calls it again with the arguments picked by name from
    /// the state captured before it, then reads the state again to check it is restored.
    /// `Ok(None)` when there is nothing to undo.
    ///
    /// # Errors
    /// When the captured state lacks a required parameter or has it twice, or the restoring
    /// call fails; the entry then stays in the journal.
    pub async fn undo_last(
        &self,
        state: &S,
        context: RequestContext<RoleServer>,
    ) -> Result<Option<Undone>, UndoError> {
        let tools = self.tools()?;
        let _serial = self.serial.lock().await;
        let Some(entry) = self.entries.lock().expect("journal lock").last().cloned() else {
            return Ok(None);
        };
        let action = tools
            .get(&entry.action)
            .ok_or_else(|| UndoError(format!("the tool `{}` is gone", entry.action)))?;
        let restore =
            restore_arguments(&action.input_schema, &Value::Object(entry.before.clone()))?;
        let request =
            CallToolRequestParams::new(entry.action.clone()).with_arguments(restore.clone());
        let result = tools
            .call(state, request, context.clone())
            .await
            .map_err(|e| UndoError(e.message.to_string()))?;
        if result.is_error == Some(true) {
            return Err(UndoError(format!(
                "`{}` refused to restore the state: {}",
                entry.action,
                text_of(&result)
            )));
        }
        let request = CallToolRequestParams::new(entry.state_tool.clone())
            .with_arguments(entry.state_arguments.clone());
        let after = tools
            .call(state, request, context)
            .await
            .ok()
            .as_ref()
            .and_then(data_of);
        {
            let mut entries = self.entries.lock().expect("journal lock");
            if let Some(position) = entries.iter().rposition(|e| e.id == entry.id) {
                entries.remove(position);
            }
        }
        Ok(Some(Undone {
            id: entry.id,
            action: entry.action,
            undone_arguments: entry.arguments,
            restore_arguments: restore,
            state_restored: after.as_ref() == Some(&entry.before),
        }))
    }
}

/// What [`Journal::undo_last`] did.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct Undone {
    /// The journal entry undone.
    pub id: u64,
    /// The action undone.
    pub action: String,
    /// The arguments the action had run with.
    pub undone_arguments: JsonObject,
    /// The arguments it was called with to restore the state (picked by name from the
    /// captured state).
    pub restore_arguments: JsonObject,
    /// Whether the state tool now reads exactly what it read before the action.
    pub state_restored: bool,
}

/// The arguments that restore `before`: for each property of `input_schema`, the one field of
/// that name anywhere in `before` (objects only, not inside arrays).
///
/// # Errors
/// A required parameter with no field of its name, or any parameter with two.
pub fn restore_arguments(
    input_schema: &JsonObject,
    before: &Value,
) -> Result<JsonObject, UndoError> {
    let required = required_of(input_schema);
    let mut arguments = JsonObject::new();
    let Some(Value::Object(properties)) = input_schema.get("properties") else {
        return Ok(arguments);
    };
    for name in properties.keys() {
        let mut found = Vec::new();
        find_fields(before, name, "", &mut found);
        match found.as_slice() {
            [] if required.contains(name) => {
                return Err(UndoError(format!(
                    "the captured state has no field `{name}`, a required parameter"
                )));
            }
            [] => {}
            [(_, value)] => {
                arguments.insert(name.clone(), (*value).clone());
            }
            several => {
                let paths: Vec<&str> = several.iter().map(|(path, _)| path.as_str()).collect();
                return Err(UndoError(format!(
                    "the captured state has several fields `{name}` ({}): rename them so each parameter has one",
                    paths.join(", ")
                )));
            }
        }
    }
    Ok(arguments)
}

fn find_fields<'a>(value: &'a Value, name: &str, path: &str, found: &mut Vec<(String, &'a Value)>) {
    if let Value::Object(object) = value {
        for (key, child) in object {
            let here = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            if key == name {
                found.push((here.clone(), child));
            }
            find_fields(child, name, &here, found);
        }
    }
}

fn required_of(schema: &JsonObject) -> Vec<String> {
    match schema.get("required") {
        Some(Value::Array(names)) => names
            .iter()
            .filter_map(|n| n.as_str().map(str::to_owned))
            .collect(),
        _ => Vec::new(),
    }
}

/// The `data` of a successful structured result, when it is an object.
fn data_of(result: &CallToolResult) -> Option<JsonObject> {
    if result.is_error == Some(true) {
        return None;
    }
    result
        .structured_content
        .as_ref()?
        .get("data")?
        .as_object()
        .cloned()
}

fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}

fn chrono_now() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A [`Server`] whose `tools/call` goes through the state's [`Journal`]: every other request
/// is the server's own.
pub struct Undoable<S> {
    server: Server<S>,
}

impl<S> Clone for Undoable<S> {
    fn clone(&self) -> Self {
        Undoable {
            server: self.server.clone(),
        }
    }
}

impl<S: Send + Sync + 'static + Provides<Journal<S>>> Undoable<S> {
    /// Wraps `server`, and gives its journal the server's tools.
    pub fn new(server: Server<S>) -> Self {
        let journal: &Journal<S> = server.state().provide();
        journal.attach(server.tools().clone());
        Undoable { server }
    }

    /// The wrapped server.
    pub fn server(&self) -> &Server<S> {
        &self.server
    }
}

impl<S: Send + Sync + 'static + Provides<Journal<S>>> ServerHandler for Undoable<S> {
    fn get_info(&self) -> ServerConfig {
        self.server.get_info()
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        self.server.list_tools(request, context).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let state = self.server.state();
        let journal: &Journal<S> = state.provide();
        journal
            .call_recorded(state, self.server.tools(), request, context)
            .await
            .map(Into::into)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.server.get_tool(name)
    }

    #[allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.server.set_level(request, context).await
    }
}
