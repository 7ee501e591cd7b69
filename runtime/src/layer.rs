//! Layers: code that runs around every `tools/call` of a [`ToolSet`].
//!
//! A [`Layer`] sees each call before the tool runs — the tool's listing entry, name, format
//! and kind, the arguments as JSON, the state, the [`Context`] — and the [`CallToolResult`]
//! after. It can rewrite the arguments, answer without calling the tool (short-circuit),
//! call the rest of the chain several times (retry), time or log the call, or rewrite the
//! result. Layers run in the order they are added: the first one added is the outermost.
//!
//! ```
//! use toolshape::layer::{Call, Layer, Next};
//! use toolshape::rmcp::model::CallToolResult;
//! use toolshape::{BoxFuture, ToolSet, tool, tools};
//!
//! /// Add two numbers.
//! #[tool(format = "json")]
//! fn add(a: i64, b: i64) -> i64 { a + b }
//!
//! /// Logs each call's tool and duration.
//! struct Timing;
//!
//! impl<S: Send + Sync + 'static> Layer<S> for Timing {
//!     fn call<'a>(&'a self, call: Call<'a, S>, next: Next<'a, S>) -> BoxFuture<'a, CallToolResult> {
//!         Box::pin(async move {
//!             let (name, started) = (call.name(), std::time::Instant::now());
//!             let result = next.run(call).await;
//!             eprintln!("{name}: {:?}", started.elapsed());
//!             result
//!         })
//!     }
//! }
//!
//! # fn main() -> Result<(), toolshape::DuplicateTool> {
//! let tools = ToolSet::<()>::new(tools![add])?.layer(Timing);
//! # let _ = tools; Ok(()) }
//! ```
//!
//! # Why not tower's `Layer` and `Service`
//!
//! tower's `Service` takes its request by value and returns a `'static` future, polled for
//! readiness through `&mut self`. A tool call borrows the server's state for as long as it
//! runs, and tools have no back-pressure to report, so a tower stack would have to clone an
//! `Arc` of the state and of the tool set into every request and box a service per layer per
//! call, for a `poll_ready` that is always ready. A toolshape layer is one method that gets
//! the call and the rest of the chain ([`Next`]): the same ordered, nestable composition,
//! borrowing instead of cloning. When no layer is installed, a call goes straight to the
//! tool: the cost is one check that the list of layers is empty. (The HTTP transport is a
//! tower service, so tower's own layers still apply to whole HTTP requests.)

use std::sync::Arc;
use std::time::Instant;

use rmcp::model::{CallToolResult, JsonObject, Tool};

use crate::context::Context;
use crate::format::{CallFacts, Format};
use crate::tool::{BoxFuture, Kind};
use crate::toolset::{Entry, ToolSet};

/// Code that runs around every `tools/call` of a [`ToolSet`]: see the [module](self).
pub trait Layer<S>: Send + Sync + 'static {
    /// Serves one call: usually does something, runs `next.run(call)`, and returns its
    /// result (possibly rewritten). Not calling `next` answers without running the tool.
    fn call<'a>(&'a self, call: Call<'a, S>, next: Next<'a, S>) -> BoxFuture<'a, CallToolResult>;
}

/// One `tools/call` on its way through the layers.
pub struct Call<'a, S> {
    /// The arguments, as the client sent them (a layer may rewrite them).
    pub arguments: JsonObject,
    /// The request being served.
    pub context: Context,
    pub(crate) state: &'a S,
    pub(crate) tools: &'a ToolSet<S>,
    pub(crate) entry: &'a Arc<Entry<S>>,
}

impl<S> Clone for Call<'_, S> {
    fn clone(&self) -> Self {
        Call {
            arguments: self.arguments.clone(),
            context: self.context.clone(),
            state: self.state,
            tools: self.tools,
            entry: self.entry,
        }
    }
}

impl<S> std::fmt::Debug for Call<'_, S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Call")
            .field("tool", &self.name())
            .field("arguments", &self.arguments)
            .finish_non_exhaustive()
    }
}

impl<'a, S> Call<'a, S> {
    /// The tool's name.
    pub fn name(&self) -> &'static str {
        self.entry.def.spec.name
    }

    /// The tool's output format.
    pub fn format(&self) -> Format {
        self.entry.def.format
    }

    /// The tool's `kind`, if it declares one.
    pub fn kind(&self) -> Option<Kind> {
        self.entry.def.spec.kind
    }

    /// The names of the tool's parameters, as a client writes them, in declaration order.
    pub fn params(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.entry.params.iter().map(|param| param.name)
    }

    /// The tool's `tools/list` entry: description, input and output schemas, annotations.
    pub fn tool(&self) -> &'a Tool {
        &self.entry.tool
    }

    /// The server's state.
    pub fn state(&self) -> &'a S {
        self.state
    }

    /// The whole tool set, to call other tools (their calls go through every layer).
    pub fn tools(&self) -> &'a ToolSet<S> {
        self.tools
    }

    /// A tool error answering this call, as the tool itself would give one: `message` as
    /// its text (start it with `Error: `, as toolshape's errors do) and the tool's
    /// provenance in `_meta`. For a layer that answers without running the tool.
    pub fn error(&self, message: impl Into<String>) -> CallToolResult {
        let facts = CallFacts {
            spec: self.entry.def.spec,
            started: Instant::now(),
        };
        crate::format::error_result(message.into(), &facts)
    }
}

/// The rest of the chain after a layer: the next layers, then the tool.
pub struct Next<'a, S> {
    pub(crate) layers: &'a [Arc<dyn Layer<S>>],
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
            .finish()
    }
}

impl<'a, S: Send + Sync + 'static> Next<'a, S> {
    /// Runs the rest of the chain on `call`. A layer may run it more than once (a retry),
    /// with a clone of the call.
    pub fn run(self, call: Call<'a, S>) -> BoxFuture<'a, CallToolResult> {
        match self.layers.split_first() {
            Some((layer, rest)) => layer.call(call, Next { layers: rest }),
            None => crate::toolset::invoke(call.entry, call.state, call.arguments, call.context),
        }
    }
}
