//! Tool search: a server with many tools lists a few and lets the model find the rest.
//!
//! With [`Server::with_tool_search`](crate::Server::with_tool_search), `tools/list` answers
//! the pinned tools and those with an MCP Apps view, plus two of search's own: `search_tools`, which finds the tools for a
//! query (ranked by [`SearchIndex`]), and `call_tool`, which calls one by name exactly as a
//! direct `tools/call` would. Every tool stays callable directly by its name. See the guide's
//! tool-search page and `docs/wire-format.md` for what a client receives.
//!
//! The files: [`ToolSearch`] (the settings) here; `rank` (the ranking), `text` (how tool
//! texts and queries become terms) with `vocabulary` (its tables), `tools` (the two
//! tools' entries and arguments), `render` (what a search answers), `served` (what a server
//! keeps: the index, rebuilt when the tools switched on change, and its start-up problems).
//! The server's side (listing, dispatch) lives with the server.

mod rank;
pub(crate) mod render;
pub(crate) mod served;
mod text;
pub(crate) mod tools;
mod vocabulary;

pub use rank::{Answer, FIT, Hit, SearchIndex};
pub use render::text as result_text;
pub use tools::{CALL_TOOL, MAX_LIMIT, SEARCH_TOOLS};

/// A tool's name as words a search reads (`get_user_email` → `get user email`).
pub(crate) fn text_of_name(name: &str) -> String {
    text::split(name).join(" ")
}

/// How a server offers its tools through search instead of one long listing: given to
/// [`Server::with_tool_search`](crate::Server::with_tool_search).
///
/// With it, `tools/list` answers the [pinned](ToolSearch::pin) tools and those with an MCP
/// Apps view ([`pin_views`](ToolSearch::pin_views)) plus `search_tools`
/// (`{"query": "...", "limit"?: n}`: the tools that match, best first, as a compact text for
/// the model and their `tools/list` entries in `structuredContent`) and `call_tool`
/// (`{"name": "...", "arguments": {...}}`: the tool's answer, exactly as a direct call's).
/// Every tool stays callable directly by its name, and a caller finds only the tools it may
/// call (scopes, [tool filter](crate::serve::Access::with_filter),
/// [switch](crate::serve::ToolSwitch)).
///
/// Turn it on for a server of many tools (a few dozen and more), whose listing costs a model
/// thousands of tokens on every turn; pin the few tools most conversations need.
///
/// A pinned name that names no tool, or a tool named `search_tools` or `call_tool`, stops
/// the server from starting: [`Server::serve_stdio`](crate::Server::serve_stdio) and the
/// other `serve_*` methods return an error naming it.
///
/// ```
/// use toolshape::search::ToolSearch;
/// use toolshape::{Server, ToolSet, tool, tools};
///
/// /// Show one volume: its size, its state, where it is exported.
/// #[tool(format = "json")]
/// fn get_volume(name: String) -> String { name }
///
/// /// Delete a snapshot of a volume.
/// #[tool(format = "text", kind = "action")]
/// fn delete_snapshot(volume: String, snapshot: String) -> String {
///     format!("deleted {volume}@{snapshot}")
/// }
///
/// # fn main() -> Result<(), toolshape::DuplicateTool> {
/// let server = Server::new((), ToolSet::new(tools![get_volume, delete_snapshot])?)
///     .with_tool_search(ToolSearch::new().pin(["get_volume"]).limit(3));
/// # let _ = server;
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct ToolSearch {
    pinned: Vec<String>,
    limit: usize,
    /// Whether `search_tools` is listed: not when code mode alone was given.
    searching: bool,
    #[cfg(feature = "code")]
    code: Option<crate::code::CodeMode>,
    keywords: Vec<(String, Vec<String>)>,
    /// Whether the tools with an MCP Apps view stay listed.
    pin_views: bool,
}

impl Default for ToolSearch {
    fn default() -> Self {
        ToolSearch::new()
    }
}

impl ToolSearch {
    /// Search with no pinned tools and the default result count.
    pub fn new() -> Self {
        ToolSearch {
            pinned: Vec::new(),
            limit: 5,
            searching: true,
            #[cfg(feature = "code")]
            code: None,
            keywords: Vec::new(),
            pin_views: true,
        }
    }

    /// Adds code mode ([`CodeMode`](crate::code::CodeMode)): `execute` is listed beside
    /// `search_tools` and `call_tool`, and runs a script of tool calls (feature `code`).
    #[cfg(feature = "code")]
    pub fn with_code_mode(mut self, code: crate::code::CodeMode) -> Self {
        self.code = Some(code);
        self
    }

    /// Code mode's settings, when it is on.
    #[cfg(feature = "code")]
    pub fn code_mode(&self) -> Option<&crate::code::CodeMode> {
        self.code.as_ref()
    }

    /// Whether `search_tools` is listed (not for code mode alone).
    pub fn searches(&self) -> bool {
        self.searching
    }

    /// Keeps the named tools in `tools/list` beside `search_tools` and `call_tool`.
    pub fn pin<I>(mut self, names: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        self.pinned.extend(names.into_iter().map(Into::into));
        self
    }

    /// Whether the tools that have an MCP Apps view (`#[tool(app)]`, `app = "ui://…"`) stay
    /// in `tools/list` as pinned tools do (`true` unless set). A host shows a tool's view for
    /// the results of a tool it lists with `_meta.ui.resourceUri`; a tool reached through
    /// `call_tool` is, to the host, a call of `call_tool`, which has no view. Kept listed, such
    /// a tool is called by its name and its view shows. With `false`, the view tools are
    /// found by search like the others; a call through `call_tool` then carries the view's
    /// URI in its result's `_meta.ui.resourceUri`, which only hosts that read a result's
    /// `_meta` act on.
    ///
    /// ```
    /// use toolshape::search::ToolSearch;
    ///
    /// // a server with many views, listed only when searched for
    /// let search = ToolSearch::new().pin_views(false);
    /// assert!(!search.pins_views());
    /// ```
    pub fn pin_views(mut self, pin: bool) -> Self {
        self.pin_views = pin;
        self
    }

    /// Whether the tools that have an MCP Apps view stay listed
    /// ([`pin_views`](ToolSearch::pin_views)).
    pub fn pins_views(&self) -> bool {
        self.pin_views
    }

    /// How many tools a search answers when the call gives no `limit` (5 unless set; kept
    /// within 1 to [`MAX_LIMIT`]). A call's `limit` overrides it, within the same bounds.
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = limit.clamp(1, MAX_LIMIT);
        self
    }

    /// Adds words users type for the tool `name` (its users' words for what it does: a
    /// product's name, a team's jargon), which search reads beside the tool's name and
    /// description, as it reads `#[tool(keywords = [..])]`. For tools declared elsewhere, or
    /// words that belong to this server rather than to the tool. Words are not listed: they
    /// cost no tokens. A name that names no tool stops the server from starting, as a pin's
    /// does.
    ///
    /// ```
    /// use toolshape::search::ToolSearch;
    ///
    /// let search = ToolSearch::new().keywords("reset_password", ["SAP", "sign-in", "locked out"]);
    /// # let _ = search;
    /// ```
    pub fn keywords<I>(mut self, name: impl Into<String>, words: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<String>,
    {
        let words = words.into_iter().map(Into::into).collect();
        self.keywords.push((name.into(), words));
        self
    }

    /// The words added with [`keywords`](ToolSearch::keywords), by tool name, in the order
    /// given.
    pub fn added_keywords(&self) -> &[(String, Vec<String>)] {
        &self.keywords
    }

    /// The pinned tools' names.
    pub fn pinned(&self) -> &[String] {
        &self.pinned
    }

    /// The default result count.
    pub fn default_limit(&self) -> usize {
        self.limit
    }
}

/// Code mode alone: `tools/list` answers every tool (or only the pinned ones, when
/// [`ToolSearch::pin`] names some), `call_tool` and `execute`, without `search_tools`.
#[cfg(feature = "code")]
impl From<crate::code::CodeMode> for ToolSearch {
    fn from(code: crate::code::CodeMode) -> Self {
        ToolSearch {
            searching: false,
            ..ToolSearch::new().with_code_mode(code)
        }
    }
}
