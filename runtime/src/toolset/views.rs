//! The MCP Apps views a tool set serves: those registered with [`ToolSet::app_view`], and
//! the built-in result view when a tool declares `#[tool(app)]`; the start-up check that
//! every view a tool names is served.

use std::sync::Arc;

use rmcp::model::Tool;

use super::ToolSet;
use crate::apps::{AppView, BUILTIN_VIEW, ViewError, builtin};

/// The view URI a tool's listing names in `_meta.ui.resourceUri`, if any.
fn view_of(tool: &Tool) -> Option<&str> {
    tool.meta.as_ref()?.get("ui")?.get("resourceUri")?.as_str()
}

impl<S: Send + Sync + 'static> ToolSet<S> {
    /// Registers the MCP Apps view `uri` (a `ui://…` URI), for the tools declared
    /// `#[tool(app = "ui://…")]` with that URI: the [`Server`](crate::Server) lists and
    /// serves it as a resource of type `text/html;profile=mcp-app`. `view` is the HTML, or
    /// an [`AppView`] with its CSP and border preference.
    ///
    /// The view talks to the host over `postMessage` JSON-RPC as MCP Apps define it
    /// (`ui/initialize`, then the tool's input and result as notifications). A URI no tool
    /// names is served all the same; a URI a tool names that nobody registered is an error
    /// when the server starts ([`ToolSet::check_views`]).
    ///
    /// ```
    /// use toolshape::{ToolSet, tool, tools};
    ///
    /// /// Show a greeting.
    /// #[tool(format = "json", app = "ui://hello/card")]
    /// fn hello(name: String) -> String { format!("Hello, {name}!") }
    ///
    /// let tools = ToolSet::<()>::new(tools![hello])
    ///     .unwrap()
    ///     .app_view("ui://hello/card", "<!doctype html><p id=greeting></p>");
    /// assert!(tools.check_views().is_ok());
    /// ```
    #[must_use]
    pub fn app_view(mut self, uri: impl Into<String>, view: impl Into<AppView>) -> Self {
        self.views.insert(uri.into(), Arc::new(view.into()));
        self
    }

    /// Whether every view a tool names is served: registered with [`ToolSet::app_view`], or
    /// the built-in one. The servers' transports check it when they start.
    ///
    /// # Errors
    /// [`ViewError`] naming each tool whose view nobody registered, and each registered URI
    /// that is not a `ui://` URI.
    pub fn check_views(&self) -> Result<(), ViewError> {
        let mut problems = Vec::new();
        for uri in self.views.keys() {
            if !uri.starts_with("ui://") {
                problems.push(format!(
                    "the view `{uri}` is registered, but a view's URI starts with `ui://`"
                ));
            }
        }
        for entry in self.entries.values() {
            let Some(uri) = view_of(&entry.tool) else {
                continue;
            };
            if uri != BUILTIN_VIEW && !self.views.contains_key(uri) {
                problems.push(format!(
                    "the tool `{}` shows its results in the view `{uri}`, which is not registered: \
                     register it with `ToolSet::app_view(\"{uri}\", html)`, or write `#[tool(app)]` \
                     for toolshape's built-in view",
                    entry.tool.name
                ));
            }
        }
        ViewError::new(problems).map_or(Ok(()), Err)
    }

    /// The views the set serves, by URI: the registered ones, and the built-in view when a
    /// tool uses it.
    pub fn views(&self) -> Vec<(String, Arc<AppView>)> {
        let mut views: Vec<(String, Arc<AppView>)> = self
            .views
            .iter()
            .map(|(uri, view)| (uri.clone(), view.clone()))
            .collect();
        if !self.views.contains_key(BUILTIN_VIEW) && self.uses_builtin_view() {
            views.push((BUILTIN_VIEW.to_owned(), Arc::new(builtin())));
        }
        views
    }

    /// The view at `uri`, if the set serves one there.
    pub fn view(&self, uri: &str) -> Option<Arc<AppView>> {
        match self.views.get(uri) {
            Some(view) => Some(view.clone()),
            None if uri == BUILTIN_VIEW && self.uses_builtin_view() => Some(Arc::new(builtin())),
            None => None,
        }
    }

    fn uses_builtin_view(&self) -> bool {
        self.entries
            .values()
            .any(|entry| view_of(&entry.tool) == Some(BUILTIN_VIEW))
    }
}
