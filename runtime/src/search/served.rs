//! What a server with tool search keeps: the settings, the problem that stops it from
//! starting (a pinned name that names no tool, a tool named as a search tool), and the
//! index over the tools switched on, built when the server is made and rebuilt when the
//! [`ToolSwitch`](crate::ToolSwitch) changes the tools.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use rmcp::model::{CallToolResult, ContentBlock, Tool};
use serde_json::Value;

use crate::search::tools::{CALL_TOOL, SEARCH_TOOLS};
use crate::search::{SearchIndex, ToolSearch};

/// A server's tool search.
#[derive(Debug)]
pub(crate) struct Served {
    pub(crate) settings: ToolSearch,
    /// Why the server cannot start, when it cannot.
    pub(crate) problem: Option<String>,
    /// The entries of search's own tools: `search_tools` (unless code mode alone), `call_tool`
    /// and, with code mode, `execute`.
    pub(crate) entries: Vec<Tool>,
    /// At most this many scripts run at once (code mode).
    #[cfg(feature = "code")]
    pub(crate) scripts: Option<std::sync::Arc<tokio::sync::Semaphore>>,
    /// The words users type for each tool: its declaration's (`#[tool(keywords = [..])]`)
    /// and the server's ([`ToolSearch::keywords`]).
    keywords: HashMap<String, Vec<String>>,
    built: RwLock<Arc<Built>>,
}

/// The index over the tools switched on when it was built.
#[derive(Debug)]
pub(crate) struct Built {
    /// The switch's change count then (`None`: no switch).
    changes: Option<u64>,
    /// The tools indexed, in the index's order.
    pub(crate) tools: Vec<Tool>,
    pub(crate) index: SearchIndex,
}

impl Built {
    fn new(
        tools: Vec<Tool>,
        changes: Option<u64>,
        keywords: &HashMap<String, Vec<String>>,
    ) -> Arc<Self> {
        let words = |name: &str| keywords.get(name).cloned().unwrap_or_default();
        let index = SearchIndex::with_keywords(&tools, &words);
        Arc::new(Built {
            changes,
            tools,
            index,
        })
    }
}

impl Served {
    /// The search over `tools` (every tool of the server, in name order), whose
    /// declarations add the words `declared` (by tool name).
    pub(crate) fn new(
        settings: ToolSearch,
        tools: Vec<Tool>,
        mut declared: HashMap<String, Vec<String>>,
    ) -> Self {
        let problem = problem(&settings, &tools);
        for (name, words) in settings.added_keywords() {
            declared
                .entry(name.clone())
                .or_default()
                .extend(words.iter().cloned());
        }
        declared.retain(|_, words| !words.is_empty());
        let mut entries = Vec::new();
        if settings.searches() {
            entries.push(crate::search::tools::search_tools_entry(
                settings.default_limit(),
            ));
        }
        entries.push(crate::search::tools::call_tool_entry());
        #[cfg(feature = "code")]
        let scripts = settings.code_mode().map(|code| {
            entries.push(crate::code::execute_entry(
                settings.searches(),
                code.limits(),
            ));
            std::sync::Arc::new(tokio::sync::Semaphore::new(
                code.limits().max_concurrent_scripts,
            ))
        });
        Served {
            settings,
            problem,
            entries,
            #[cfg(feature = "code")]
            scripts,
            built: RwLock::new(Built::new(tools, None, &declared)),
            keywords: declared,
        }
    }

    /// The default result count.
    pub(crate) fn default_limit(&self) -> usize {
        self.settings.default_limit()
    }

    /// The index over the tools `on` keeps, rebuilt when `changes` (the switch's count)
    /// moved since it was built. `all` gives every tool of the server.
    pub(crate) fn index(
        &self,
        changes: Option<u64>,
        all: impl FnOnce() -> Vec<Tool>,
        on: impl Fn(&str) -> bool,
    ) -> Arc<Built> {
        let built = self.built.read().unwrap_or_else(|e| e.into_inner()).clone();
        if built.changes == changes {
            return built;
        }
        let mut tools = all();
        tools.retain(|tool| on(&tool.name));
        let rebuilt = Built::new(tools, changes, &self.keywords);
        *self.built.write().unwrap_or_else(|e| e.into_inner()) = rebuilt.clone();
        rebuilt
    }
}

/// What stops a server with these settings and tools from starting.
fn problem(settings: &ToolSearch, tools: &[Tool]) -> Option<String> {
    let named = |name: &str| tools.iter().any(|tool| tool.name == name);
    let mut problems = Vec::new();
    #[cfg(feature = "code")]
    let code = settings.code_mode().map(|_| crate::code::EXECUTE);
    #[cfg(not(feature = "code"))]
    let code = None;
    for name in [Some(SEARCH_TOOLS), Some(CALL_TOOL), code]
        .into_iter()
        .flatten()
    {
        if named(name) {
            problems.push(format!(
                "a tool is named `{name}`, the name of one of tool search's own tools: \
                 rename it (`#[tool(name = \"...\")]`) or serve without tool search"
            ));
        }
    }
    for (name, _) in settings.added_keywords() {
        if !named(name) {
            problems.push(format!(
                "tool search adds keywords to `{name}`, but no tool has that name"
            ));
        }
    }
    for name in settings.pinned() {
        if !named(name) {
            problems.push(format!(
                "tool search pins `{name}`, but no tool has that name"
            ));
        }
    }
    (!problems.is_empty()).then(|| problems.join("; "))
}

/// Says in a search's answer whether its tools fit the request
/// ([`Answer::fits`](crate::search::Answer::fits)): `structuredContent` carries `"fits"`,
/// and the text of an answer whose tools are weak matches opens with a line that says no
/// tool fits and that the tools below are the nearest.
pub(crate) fn fits(query: &str, fits: bool, answer: &mut CallToolResult) {
    if let Some(Value::Object(structured)) = answer.structured_content.as_mut() {
        structured.insert("fits".into(), Value::Bool(fits));
    }
    let found = matches!(
        answer.structured_content.as_ref().and_then(|s| s.get("tools")),
        Some(Value::Array(tools)) if !tools.is_empty()
    );
    if fits || !found {
        return;
    }
    let opening = format!(
        "No tool fits \"{query}\" well; the nearest tools follow, weak matches. \
         If none of them serves the request, this server cannot do it.\n"
    );
    if let Some(first) = answer.content.first_mut()
        && let Some(text) = first.as_text()
    {
        *first = ContentBlock::text(format!("{opening}{}", text.text));
    }
}

/// The answer to a call of a tool that does not exist (or that the caller may not see) on
/// a server with search: a tool error naming the nearest tools, best first, and pointing
/// to `search_tools`.
pub(crate) fn unknown(name: &str, nearest: &[&str]) -> CallToolResult {
    let mut text = format!("Error: no tool is named `{name}`.");
    if !nearest.is_empty() {
        let names: Vec<String> = nearest.iter().map(|n| format!("`{n}`")).collect();
        text.push_str(&format!(" The nearest: {}.", names.join(", ")));
    }
    text.push_str(&format!(
        " Call `{SEARCH_TOOLS}` with what you want to do to find the tool for it, then \
         `{CALL_TOOL}` with its name."
    ));
    CallToolResult::error(vec![ContentBlock::text(text)])
}
