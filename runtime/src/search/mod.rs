//! Tool search: a server with many tools lists a few and lets the model find the rest.
//!
//! SCAFFOLD (this session's interface, filled in by the tool-search work): with
//! [`Server::with_tool_search`](crate::Server::with_tool_search), `tools/list` answers the
//! pinned tools plus `search_tools` and `call_tool`; [`SearchIndex`] ranks tools for a query.

mod rank;
mod text;

pub use rank::{Hit, SearchIndex};

/// How a server offers its tools through search instead of one long listing.
///
/// ```
/// use toolshape::search::ToolSearch;
///
/// let search = ToolSearch::new().pin(["get_volume"]).limit(5);
/// # let _ = search;
/// ```
#[derive(Debug, Clone)]
pub struct ToolSearch {
    pinned: Vec<String>,
    limit: usize,
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
        }
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

    /// How many tools a search answers when the call gives no `limit`.
    pub fn limit(mut self, limit: usize) -> Self {
        self.limit = limit;
        self
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
