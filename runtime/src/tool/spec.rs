//! What a tool is: the [`ToolSpec`] `#[tool]` declares at compile time (name, texts,
//! parameters, annotations, kind), the [`Declaration`] the runtime holds for every tool (that
//! spec borrowed, or the owned texts of a tool declared at run time or renamed by a prefix),
//! and the [`CallFacts`] a call of it gives its format.

use std::borrow::Cow;
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

/// A text of a tool: borrowed from `#[tool]`'s static spec, or owned (a tool declared at run
/// time, a name with a set's prefix).
pub(crate) type Text = Cow<'static, str>;

/// What the runtime knows of a tool, whichever way it was declared: `#[tool]`'s [`ToolSpec`]
/// (its texts borrowed, never copied), or a tool declared at run time
/// ([`ToolDef::dynamic`](crate::tool::ToolDef::dynamic)), whose texts are owned. A set that
/// nests another under a prefix renames its tools here, so that every message a client
/// receives (provenance, errors) names the tool as it is listed.
#[derive(Debug, Clone)]
pub(crate) struct Declaration {
    pub(crate) name: Text,
    pub(crate) title: Option<Text>,
    pub(crate) description: Text,
    pub(crate) version: Text,
    pub(crate) model_id: Option<Text>,
    pub(crate) confirm: Option<&'static str>,
    pub(crate) icons: &'static [IconSpec],
    /// `#[tool]`'s parameters; none for a tool declared at run time (its schema says them).
    pub(crate) params: &'static [ParamSpec],
    pub(crate) annotations: Annotations,
    pub(crate) kind: Option<Kind>,
    pub(crate) ignore_unknown_arguments: bool,
    pub(crate) task: TaskSupport,
    pub(crate) extend_schema: Option<fn() -> serde_json::Value>,
    pub(crate) scopes: Vec<Text>,
    pub(crate) keywords: Vec<Text>,
    pub(crate) app: Option<Text>,
    pub(crate) undo: bool,
    /// The Rust path of the annotated function; empty for a tool declared at run time.
    pub(crate) rust_path: &'static str,
    /// `file:line` of the annotated function, or where a tool declared at run time came from
    /// (`DynamicTool::declared_at`), for messages.
    pub(crate) location: Text,
    /// The prefixes a tool was nested under ([`ToolSet::nest`](crate::ToolSet::nest)),
    /// outermost first, as they were added to its name: for messages.
    pub(crate) prefix: Text,
}

impl Declaration {
    /// `#[tool]`'s spec, borrowed: no text is copied.
    pub(crate) fn of_spec(spec: &'static ToolSpec) -> Self {
        let words =
            |words: &'static [&'static str]| words.iter().map(|w| Text::Borrowed(*w)).collect();
        Declaration {
            name: Text::Borrowed(spec.name),
            title: spec.title.map(Text::Borrowed),
            description: Text::Borrowed(spec.description),
            version: Text::Borrowed(spec.version),
            model_id: spec.model_id.map(Text::Borrowed),
            confirm: spec.confirm,
            icons: spec.icons,
            params: spec.params,
            annotations: spec.annotations,
            kind: spec.kind,
            ignore_unknown_arguments: spec.ignore_unknown_arguments,
            task: spec.task,
            extend_schema: spec.extend_schema,
            scopes: words(spec.scopes),
            keywords: words(spec.keywords),
            app: spec.app.map(Text::Borrowed),
            undo: spec.undo,
            rust_path: spec.rust_path,
            location: Text::Borrowed(spec.location),
            prefix: Text::Borrowed(""),
        }
    }

    /// Where the tool was declared, for messages: "`path::to::function` (src/file.rs:12)",
    /// or "the tool declared at run time (tools.json)", with the prefix it was nested under.
    pub(crate) fn origin(&self) -> String {
        let mut origin = if self.rust_path.is_empty() {
            "a tool declared at run time".to_owned()
        } else {
            format!("`{}`", self.rust_path)
        };
        if !self.location.is_empty() {
            origin = format!("{origin} ({})", self.location);
        }
        if !self.prefix.is_empty() {
            origin = format!("{origin}, nested under the prefix `{}`", self.prefix);
        }
        origin
    }

    /// The facts a format records about a call of this tool that started at `started`, for
    /// `caller` when the server records who asked.
    pub(crate) fn facts(&self, started: Instant, caller: Option<String>) -> CallFacts<'_> {
        CallFacts {
            tool: &self.name,
            version: &self.version,
            model_id: self.model_id.as_deref(),
            confirm: self.confirm,
            started,
            caller,
        }
    }
}

/// Whether `name` is a tool name MCP allows: 1 to 128 characters from `A-Z a-z 0-9 _ - .`.
/// For `#[tool(name = CONSTANT)]`, checked where the compiler evaluates the constant, and for
/// the names of tools declared at run time.
#[doc(hidden)]
pub const fn is_tool_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    if bytes.is_empty() || bytes.len() > 128 {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !(b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.') {
            return false;
        }
        i += 1;
    }
    true
}
