//! Call layers: the one seam every `tools/call` of a [`ToolSet`](crate::ToolSet) passes through.
//!
//! A [`Layer`] wraps the call of a tool. It receives the [`Call`] (the tool's name and what
//! was declared about it, the arguments as JSON, the state, the [`Context`]) and a [`Next`]
//! that runs the rest of the chain; what it returns is what the client receives. So a layer
//! can time or log a call, rewrite its arguments or its result, answer without running the
//! tool (short-circuit), or run it several times (retry). A layer can also add tools to the
//! listing and serve them itself, or rewrite the listing entries of the tools it changes.
//!
//! Layers are installed with [`ToolSet::layer`](crate::ToolSet::layer); the first installed is the outermost (it
//! sees the call first and the result last). A set with no layer calls its tools directly:
//! the seam costs nothing until it is used.
//!
//! ```
//! use toolshape::layer::{Call, Layer, Next};
//! use toolshape::{BoxFuture, ToolSet, tool, tools};
//! use toolshape::rmcp::{ErrorData, model::CallToolResult};
//!
//! /// Logs every call with its duration.
//! struct Timing;
//!
//! impl<S: Send + Sync + 'static> Layer<S> for Timing {
//!     fn call<'a>(
//!         &'a self,
//!         call: Call<'a, S>,
//!         next: Next<'a, S>,
//!     ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
//!         Box::pin(async move {
//!             let started = std::time::Instant::now();
//!             let name = call.name().to_owned();
//!             let result = next.run(call).await;
//!             eprintln!("{name} took {:?}", started.elapsed());
//!             result
//!         })
//!     }
//! }
//!
//! /// Add two numbers.
//! #[tool(format = "json")]
//! fn add(a: i64, b: i64) -> i64 { a + b }
//!
//! let tools = ToolSet::new(tools![add]).unwrap().layer(Timing);
//! # let _: ToolSet<()> = tools;
//! ```
//!
//! # Why not tower's `Layer` and `Service`
//!
//! tower's `Service::call` takes `&mut self` and owns its request, and its futures outlive the
//! call (`'static` in practice); a tool call borrows the server's state (`&S`) for exactly
//! the call, and a layer needs the state, the tool's declaration and a way to call *other*
//! tools (undo reads state before an action). Forcing those into an owned request would
//! mean an `Arc` clone and a `poll_ready` per call and per layer, for readiness that tools
//! never have. [`Layer`] is the one method tower's middleware boils down to —
//! `call(request, next) -> future` — with the borrow kept, and the chain a slice walked by
//! [`Next`], not nested types. A tower layer can still wrap the whole server at the HTTP
//! level (`Server::http_service`), where tower belongs.

use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject, Tool};

use crate::call::context::Context;
use crate::call::spec::{BoxFuture, Kind, TaskSupport};
use crate::call::tool::ToolDef;
use crate::formats::Format;

/// Something every `tools/call` of a [`ToolSet`](crate::ToolSet) passes through: see the [module
/// docs](self).
pub trait Layer<S>: Send + Sync + 'static {
    /// Serves `call`: usually does something around `next.run(call)`.
    ///
    /// Return `Err` only for what the protocol answers with a JSON-RPC error (an unknown
    /// tool); a failure of the tool itself is a result with `isError: true`.
    fn call<'a>(
        &'a self,
        call: Call<'a, S>,
        next: Next<'a, S>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>>;

    /// Tools this layer serves itself (it answers their calls without `next`), added to the
    /// listing. None by default.
    fn tools(&self) -> Vec<Tool> {
        Vec::new()
    }

    /// Rewrites the listing entry of a tool of the set, for a layer that changes what the
    /// tool takes or returns. Called once per tool when the layer is installed. Does nothing
    /// by default.
    ///
    /// Clients on 2025-11-25 see only an `outputSchema` with `"type": "object"` at its root
    /// (inline a root `$ref`): rmcp leaves any other out for them, and toolshape logs a
    /// warning.
    fn describe(&self, tool: &mut Tool) {
        let _ = tool;
    }
}

/// What was declared about a tool: its name, format, kind, parameters and listing entry.
#[derive(Clone, Copy)]
pub struct ToolInfo<'a> {
    listing: &'a Tool,
    format: Option<Format>,
    kind: Option<Kind>,
    task: TaskSupport,
    params: &'a [crate::call::args::ParamSpec],
    scopes: &'static [&'static str],
}

impl std::fmt::Debug for ToolInfo<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolInfo")
            .field("name", &self.name())
            .field("format", &self.format)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl<'a> ToolInfo<'a> {
    pub(crate) fn of<S>(listing: &'a Tool, def: &'a ToolDef<S>) -> Self {
        ToolInfo {
            listing,
            format: Some(def.format),
            kind: def.spec.kind,
            task: def.spec.task,
            params: def.spec.params,
            scopes: def.spec.scopes,
        }
    }

    pub(crate) fn served(listing: &'a Tool) -> Self {
        ToolInfo {
            listing,
            format: None,
            kind: None,
            task: TaskSupport::Never,
            params: &[],
            scopes: &[],
        }
    }

    /// The tool's name.
    pub fn name(&self) -> &'a str {
        &self.listing.name
    }

    /// Its output format; `None` for a tool a layer serves.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// Its `kind`, if declared.
    pub fn kind(&self) -> Option<Kind> {
        self.kind
    }

    /// Whether a call may run as a task (`#[tool(task = "...")]`).
    pub fn task(&self) -> TaskSupport {
        self.task
    }

    /// Its parameters' names, in declaration order (empty for a tool a layer serves: see its
    /// [`listing`](Self::listing)).
    pub fn params(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.params.iter().map(|p| p.name)
    }

    /// The OAuth scopes a caller needs to see and call it (`#[tool(scopes = [..])]`).
    pub fn scopes(&self) -> &'static [&'static str] {
        self.scopes
    }

    /// Its `tools/list` entry (input and output schemas, annotations).
    pub fn listing(&self) -> &'a Tool {
        self.listing
    }
}

/// One `tools/call` on its way through the layers.
pub struct Call<'a, S> {
    name: String,
    tool: Option<ToolInfo<'a>>,
    /// The arguments, as the client sent them (`{}` when it sent none).
    pub arguments: JsonObject,
    state: &'a S,
    context: Context,
}

impl<S> Clone for Call<'_, S> {
    fn clone(&self) -> Self {
        Call {
            name: self.name.clone(),
            tool: self.tool,
            arguments: self.arguments.clone(),
            state: self.state,
            context: self.context.clone(),
        }
    }
}

impl<S> std::fmt::Debug for Call<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Call")
            .field("name", &self.name)
            .field("arguments", &self.arguments)
            .finish_non_exhaustive()
    }
}

impl<'a, S> Call<'a, S> {
    /// The tool's name, as requested.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// What was declared about the tool; `None` only for a call a layer makes with
    /// [`Next::call_tool`] to a name no tool has (a client's call to an unknown tool is
    /// answered with the protocol's error before any layer runs).
    pub fn tool(&self) -> Option<ToolInfo<'a>> {
        self.tool
    }

    /// The server's state.
    pub fn state(&self) -> &'a S {
        self.state
    }

    /// The request's context.
    pub fn context(&self) -> &Context {
        &self.context
    }
}

/// What the chain ends in and looks tools up in: the [`ToolSet`](crate::ToolSet).
pub(crate) trait Tools<S>: Send + Sync {
    /// What was declared about the tool `name`.
    fn info(&self, name: &str) -> Option<ToolInfo<'_>>;

    /// The end of the chain: the tool itself.
    fn run_tool<'a>(
        &'a self,
        name: String,
        state: &'a S,
        arguments: JsonObject,
        context: Context,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>>;
}

/// The rest of the chain after a layer: the layers installed after it, then the tool.
pub struct Next<'a, S> {
    layers: &'a [Arc<dyn Layer<S>>],
    set: &'a dyn Tools<S>,
}

impl<S> Clone for Next<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<S> Copy for Next<'_, S> {}

impl<S> std::fmt::Debug for Next<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Next")
            .field("layers", &self.layers.len())
            .finish_non_exhaustive()
    }
}

impl<'a, S: Send + Sync + 'static> Next<'a, S> {
    pub(crate) fn new(layers: &'a [Arc<dyn Layer<S>>], set: &'a dyn Tools<S>) -> Self {
        Next { layers, set }
    }

    /// Runs `call` through the rest of the chain. Can be called again (a retry) with a clone
    /// of the call.
    pub fn run(self, call: Call<'a, S>) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        match self.layers.split_first() {
            Some((layer, rest)) => layer.call(
                call,
                Next {
                    layers: rest,
                    set: self.set,
                },
            ),
            None => self
                .set
                .run_tool(call.name, call.state, call.arguments, call.context),
        }
    }

    /// Calls another tool through the rest of the chain (not through this layer or the ones
    /// before it), with the state and context of `like`.
    pub fn call_tool(
        self,
        like: &Call<'a, S>,
        name: &str,
        arguments: JsonObject,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        let tool = self.set.info(name);
        let call = Call::new(
            name.to_owned(),
            tool,
            arguments,
            like.state,
            like.context.clone(),
        );
        self.run(call)
    }

    /// What was declared about the tool `name`, if the set or a layer has it.
    pub fn tool(&self, name: &str) -> Option<ToolInfo<'a>> {
        self.set.info(name)
    }
}

impl<'a, S> Call<'a, S> {
    pub(crate) fn new(
        name: String,
        tool: Option<ToolInfo<'a>>,
        arguments: JsonObject,
        state: &'a S,
        context: Context,
    ) -> Self {
        Call {
            name,
            tool,
            arguments,
            state,
            context,
        }
    }
}
