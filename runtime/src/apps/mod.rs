//! MCP Apps views (SEP-1865): the HTML a host renders beside a tool's result, in a sandboxed
//! iframe, talking to the host over `postMessage` JSON-RPC.
//!
//! A tool names its view with `#[tool(app)]` (toolshape's built-in result view, at
//! [`BUILTIN_VIEW`]) or `#[tool(app = "ui://…")]` (a view the server registers with
//! [`ToolSet::app_view`](crate::ToolSet::app_view)); its `tools/list` entry then carries
//! `_meta.ui.resourceUri`, and [`Server`](crate::Server) serves the view as a resource of
//! type [`VIEW_MIME_TYPE`] beside the handler's own resources.
//!
//! This module owns what a view is ([`AppView`]), the built-in one (`view/`: one HTML file
//! with its style and script inline, assembled at compile time) and how a view is listed and
//! read as a resource.

use std::borrow::Cow;

use rmcp::model::{JsonObject, MetaObject, Resource, ResourceContents};
use serde_json::{Value, json};

/// The MIME type of an MCP Apps view, as the spec names it.
pub const VIEW_MIME_TYPE: &str = "text/html;profile=mcp-app";

/// The URI of toolshape's built-in result view, which `#[tool(app)]` names.
pub const BUILTIN_VIEW: &str = "ui://toolshape/result-view";

/// The built-in view: one self-contained page (no network, no `eval`, no `blob:`), so that
/// it runs under the spec's default CSP. Its parts are separate files to be readable; they
/// are put together here, at compile time.
pub(crate) const BUILTIN_HTML: &str = concat!(
    include_str!("view/head.html"),
    "<style>\n",
    include_str!("view/view.css"),
    "</style>\n</head>\n<body>\n",
    include_str!("view/body.html"),
    "<script>\n",
    include_str!("view/view.js"),
    "</script>\n</body>\n</html>\n"
);

/// A view a server serves: its HTML and the resource metadata the spec defines (`_meta.ui`:
/// the origins its Content Security Policy must allow, whether it wants a border).
///
/// A view that loads nothing from the network needs no CSP entry: hosts apply the spec's
/// strict default (inline script and style, `data:` images, no connections).
///
/// ```
/// use toolshape::apps::AppView;
///
/// let view = AppView::new("<!doctype html><p>Hello</p>")
///     .with_connect_domains(["https://api.example.com"])
///     .with_prefers_border(true);
/// assert_eq!(view.html(), "<!doctype html><p>Hello</p>");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct AppView {
    html: Cow<'static, str>,
    csp: JsonObject,
    prefers_border: Option<bool>,
}

impl AppView {
    /// A view of this HTML, with the default CSP and no border preference.
    pub fn new(html: impl Into<Cow<'static, str>>) -> Self {
        AppView {
            html: html.into(),
            csp: JsonObject::new(),
            prefers_border: None,
        }
    }

    /// The view's HTML.
    pub fn html(&self) -> &str {
        &self.html
    }

    fn with_domains<I, D>(mut self, key: &str, domains: I) -> Self
    where
        I: IntoIterator<Item = D>,
        D: Into<String>,
    {
        let list: Vec<Value> = domains
            .into_iter()
            .map(|d| Value::String(d.into()))
            .collect();
        self.csp.insert(key.to_owned(), Value::Array(list));
        self
    }

    /// Origins the view may connect to (`fetch`, WebSocket): CSP `connect-src`.
    pub fn with_connect_domains<D: Into<String>>(
        self,
        domains: impl IntoIterator<Item = D>,
    ) -> Self {
        self.with_domains("connectDomains", domains)
    }

    /// Origins the view may load scripts, styles, images and fonts from.
    pub fn with_resource_domains<D: Into<String>>(
        self,
        domains: impl IntoIterator<Item = D>,
    ) -> Self {
        self.with_domains("resourceDomains", domains)
    }

    /// Origins the view may embed in frames of its own: CSP `frame-src`.
    pub fn with_frame_domains<D: Into<String>>(self, domains: impl IntoIterator<Item = D>) -> Self {
        self.with_domains("frameDomains", domains)
    }

    /// Whether the view asks the host for a visible border and background.
    pub fn with_prefers_border(mut self, prefers_border: bool) -> Self {
        self.prefers_border = Some(prefers_border);
        self
    }

    /// The resource's `_meta`: `{"ui": {"csp": …, "prefersBorder": …}}`.
    fn meta(&self) -> MetaObject {
        let mut ui = JsonObject::new();
        if !self.csp.is_empty() {
            ui.insert("csp".into(), Value::Object(self.csp.clone()));
        }
        if let Some(border) = self.prefers_border {
            ui.insert("prefersBorder".into(), border.into());
        }
        let mut meta = JsonObject::new();
        meta.insert("ui".into(), Value::Object(ui));
        MetaObject(meta)
    }

    /// The view's entry in `resources/list`.
    pub(crate) fn resource(&self, uri: &str) -> Resource {
        let name = uri.strip_prefix("ui://").unwrap_or(uri);
        Resource::new(uri, name)
            .with_mime_type(VIEW_MIME_TYPE)
            .with_size(self.html.len() as u64)
            .with_meta(self.meta())
    }

    /// The view's contents in `resources/read`.
    pub(crate) fn contents(&self, uri: &str) -> ResourceContents {
        ResourceContents::text(self.html.clone().into_owned(), uri)
            .with_mime_type(VIEW_MIME_TYPE)
            .with_meta(self.meta())
    }
}

impl From<&'static str> for AppView {
    fn from(html: &'static str) -> Self {
        AppView::new(html)
    }
}

impl From<String> for AppView {
    fn from(html: String) -> Self {
        AppView::new(html)
    }
}

/// The built-in result view: a border, so that its tables stand apart from the chat.
pub(crate) fn builtin() -> AppView {
    AppView::new(BUILTIN_HTML).with_prefers_border(true)
}

/// A tool names a view that no one registered, or a view was registered under a URI that is
/// not a `ui://` URI: found when the server starts, before it serves anything.
#[derive(Clone, PartialEq, Eq)]
pub struct ViewError {
    problems: Vec<String>,
}

impl ViewError {
    pub(crate) fn new(problems: Vec<String>) -> Option<Self> {
        (!problems.is_empty()).then_some(ViewError { problems })
    }
}

impl std::fmt::Display for ViewError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.problems.as_slice() {
            [one] => f.write_str(one),
            all => {
                f.write_str("the tools' views are not all served:")?;
                for problem in all {
                    write!(f, "\n- {problem}")?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for ViewError {}

debug_as_message!(ViewError);

/// The view URI a tool's `tools/list` entry names in `_meta.ui.resourceUri`, if any.
pub(crate) fn view_uri(tool: &rmcp::model::Tool) -> Option<&str> {
    tool.meta.as_ref()?.get("ui")?.get("resourceUri")?.as_str()
}

/// `_meta.ui` of a tool's `tools/list` entry: `{"resourceUri": uri}`.
pub(crate) fn tool_meta(uri: &str) -> Value {
    json!({ "resourceUri": uri })
}
