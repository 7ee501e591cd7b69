//! What a tool is: the declared [`ToolSpec`] (name, texts, parameters, annotations, kind),
//! and the [`CallFacts`] a call of it gives its format.

use std::time::Instant;

use crate::formats::facts::CallFacts;
use crate::tool::args::ParamSpec;

/// The `_meta` key of a `tools/list` entry that says what the tool is:
/// `{"format": "json" | "text" | "hybrid", "kind"?: "read" | "state" | "action"}`.
pub const TOOL_META_KEY: &str = "dev.toolshape/tool";

/// A boxed future, as tool handlers return them: `futures`' own.
pub use futures::future::BoxFuture;

/// What a tool does, as declared with `#[tool(kind = "...")]`. It sets the tool's MCP
/// annotations and tells programs that treat tools generically (an undo journal, a UI)
/// how to use it; the `tools/list` entry carries it in `_meta["dev.toolshape/tool"]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// `kind = "read"`: reads data for a model or a person to look at.
    Read,
    /// `kind = "state"`: reads configuration or state that programs act on; its result is
    /// structured (`json` or `hybrid`).
    State,
    /// `kind = "action"`: changes something.
    Action,
}

/// Whether a call of a tool may run as a task (the protocol's tasks extension): the server
/// answers at once with the task's id, runs the tool, and the client polls `tasks/get` for the
/// result, answers its questions with `tasks/update` and may `tasks/cancel` it. Declared with
/// `#[tool(task = "optional" | "required")]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum TaskSupport {
    /// No `task`: every call is answered when the tool returns.
    #[default]
    Never,
    /// `task = "optional"`: a task when the request says its client supports tasks, otherwise
    /// a plain call.
    Optional,
    /// `task = "required"`: only a task; a client that does not support tasks gets the
    /// protocol's "missing required client capability" error (-32021).
    Required,
    /// `task = "deferred"`: a plain call that goes on as a task when the tool calls
    /// [`Context::continue_as_task`](crate::Context::continue_as_task) (on protocol
    /// 2026-07-28, for a client that supports tasks): it can ask its questions in
    /// input-required rounds first.
    Deferred,
}

impl TaskSupport {
    /// The word of `#[tool(task = "...")]`, shown in the listing's `_meta`; `None` for a
    /// tool without `task`.
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            TaskSupport::Never => None,
            TaskSupport::Optional => Some("optional"),
            TaskSupport::Required => Some("required"),
            TaskSupport::Deferred => Some("deferred"),
        }
    }
}

impl Kind {
    /// The name used in `#[tool(kind = "...")]` and in the listing's `_meta`.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Read => "read",
            Kind::State => "state",
            Kind::Action => "action",
        }
    }
}

/// The MCP annotations of a tool (hints to clients); `None` leaves a hint unset.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Annotations {
    /// `readOnlyHint`.
    pub read_only: Option<bool>,
    /// `destructiveHint`.
    pub destructive: Option<bool>,
    /// `idempotentHint`.
    pub idempotent: Option<bool>,
    /// `openWorldHint`.
    pub open_world: Option<bool>,
}

impl Annotations {
    /// No hint set.
    pub const NONE: Annotations = Annotations {
        read_only: None,
        destructive: None,
        idempotent: None,
        open_world: None,
    };

    pub(crate) fn is_empty(&self) -> bool {
        *self == Annotations::NONE
    }
}

/// What `#[tool]` knows of a tool at compile time. Built by generated code.
///
/// Text fields are `&'static str` expressions: a literal, `concat!(..)`, `env!(..)` or a
/// `const`, as the user wrote them.
#[doc(hidden)]
#[derive(Debug)]
pub struct ToolSpec {
    pub name: &'static str,
    pub title: Option<&'static str>,
    pub description: &'static str,
    pub version: &'static str,
    /// `#[tool(model_id = "...")]`: the model behind the tool's answers, for provenance.
    pub model_id: Option<&'static str>,
    /// `#[tool(format = "text", confirm = "...")]`: the sentence a result leads with.
    pub confirm: Option<&'static str>,
    /// `#[tool(icon(...))]`: the icons of the tool's listing.
    pub icons: &'static [IconSpec],
    pub params: &'static [ParamSpec],
    /// MCP annotations, from `kind` and the explicit hints.
    pub annotations: Annotations,
    /// `kind = "..."`, if given.
    pub kind: Option<Kind>,
    /// `unknown_arguments = "ignore"`: arguments the tool does not take are dropped rather
    /// than refused.
    pub ignore_unknown_arguments: bool,
    /// `task = "..."`: whether a call may run as a task the client polls.
    pub task: TaskSupport,
    /// `extend_schema = f`: members added to the input schema's root.
    pub extend_schema: Option<fn() -> serde_json::Value>,
    /// `scopes = [..]`: the OAuth scopes a caller must have to see and call the tool.
    pub scopes: &'static [&'static str],
    /// `keywords = [..]`: words users type for what the tool does, which tool search reads
    /// beside its name and description (they are not listed).
    pub keywords: &'static [&'static str],
    /// `app` or `app = "ui://…"`: the URI of the MCP Apps view that shows the tool's
    /// results (the built-in view's for a bare `app`).
    pub app: Option<&'static str>,
    /// `undo = false` (a `kind = "action"` tool): undo leaves the action out.
    pub undo: bool,
    /// The Rust path of the annotated function, for messages.
    pub rust_path: &'static str,
    /// `file:line` of the annotated function, for messages.
    pub location: &'static str,
}

impl ToolSpec {
    /// A spec with every optional part unset, to complete with `..ToolSpec::DEFAULT` where a
    /// spec is written by hand (benchmarks, tests).
    pub const DEFAULT: ToolSpec = ToolSpec {
        name: "",
        title: None,
        description: "",
        version: "0.0.0",
        model_id: None,
        confirm: None,
        icons: &[],
        params: &[],
        annotations: Annotations::NONE,
        kind: None,
        ignore_unknown_arguments: false,
        task: TaskSupport::Never,
        extend_schema: None,
        scopes: &[],
        keywords: &[],
        app: None,
        undo: true,
        rust_path: "",
        location: "",
    };
}

/// One `icon(...)` of `#[tool]`: an entry of the listing's `icons`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IconSpec {
    /// A URL or a `data:` URI.
    pub src: &'static str,
    /// `image/png`, …, when the source does not say.
    pub mime_type: Option<&'static str>,
    /// `48x48`, `any`, …
    pub sizes: &'static [&'static str],
    /// `light` or `dark`: the background the icon is drawn for.
    pub theme: Option<&'static str>,
}

impl IconSpec {
    /// The icon as the listing carries it.
    pub(crate) fn to_icon(self) -> rmcp::model::Icon {
        let mut icon = rmcp::model::Icon::new(self.src);
        icon.mime_type = self.mime_type.map(str::to_owned);
        if !self.sizes.is_empty() {
            icon.sizes = Some(self.sizes.iter().map(|size| (*size).to_owned()).collect());
        }
        icon.theme = match self.theme {
            Some("light") => Some(rmcp::model::IconTheme::Light),
            Some("dark") => Some(rmcp::model::IconTheme::Dark),
            _ => None,
        };
        icon
    }
}

impl ToolSpec {
    /// The facts a format records about a call of this tool that started at `started`, for
    /// `caller` when the server records who asked.
    pub(crate) fn facts(&self, started: Instant, caller: Option<String>) -> CallFacts<'_> {
        CallFacts {
            tool: self.name,
            version: self.version,
            model_id: self.model_id,
            confirm: self.confirm,
            started,
            caller,
        }
    }
}
