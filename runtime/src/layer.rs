//! Call layers: the one seam every `tools/call` of a [`ToolSet`](crate::ToolSet) passes through.
//!
//! A [`Layer`] wraps the call of a tool. It receives the [`Call`] (the tool's name and what
//! was declared about it, the arguments as JSON, the state, the [`Context`]) and a [`Next`]
//! that runs the rest of the chain; what it returns is what the client receives. So a layer
//! can time or log a call, rewrite its arguments or its result, answer without running the
//! tool (short-circuit), or run it several times (retry). A layer can also add tools of its
//! own to the set ([`Layer::tools`]: ordinary `#[tool]` functions), and rewrite the listing
//! entries of the tools it changes ([`Layer::describe`]).
//!
//! Layers are installed with [`ToolSet::layer`](crate::ToolSet::layer); the first installed
//! is the outermost (it sees the call first and the result last). Every call takes the same
//! path: through the layers, then the tool. With no layer, the chain is the tool alone.
//!
//! The shortest layer is an `async fn` of the call and the rest of the chain, made a layer
//! by [`from_fn`], as axum's `middleware::from_fn` makes one of a handler:
//!
//! ```
//! use toolshape::layer::{self, Call, Next};
//! use toolshape::rmcp::{ErrorData, model::CallToolResult};
//! use toolshape::{ToolSet, tool, tools};
//!
//! /// Logs every call with its duration.
//! async fn timing<State: 'static>(
//!     call: Call<'_, State>,
//!     next: Next<'_, State>,
//! ) -> Result<CallToolResult, ErrorData> {
//!     let started = std::time::Instant::now();
//!     let name = call.name().to_owned();
//!     let result = next.run(call).await;
//!     eprintln!("{name} took {:?}", started.elapsed());
//!     result
//! }
//!
//! /// Add two numbers.
//! #[tool(format = "json")]
//! fn add(a: i64, b: i64) -> i64 { a + b }
//!
//! let tools = ToolSet::new(tools![add]).unwrap().layer(layer::from_fn(timing));
//! # let _: ToolSet<()> = tools;
//! ```
//!
//! A layer with settings or tools of its own implements [`Layer`]:
//!
//! ```
//! use toolshape::layer::{Call, Layer, Next};
//! use toolshape::rmcp::{ErrorData, model::CallToolResult};
//! use toolshape::{tool::BoxFuture, tool::ToolDef, ToolSet, tool, tools};
//!
//! /// Refuses every call of the tools it names, and lists them with `list_refused`.
//! struct Refuse(&'static [&'static str]);
//!
//! /// The tools this server refuses to run.
//! #[tool(format = "json")]
//! fn list_refused() -> Vec<String> {
//!     vec!["delete_everything".to_owned()]
//! }
//!
//! impl<State: Send + Sync + 'static> Layer<State> for Refuse {
//!     fn call<'a>(
//!         &'a self,
//!         call: Call<'a, State>,
//!         next: Next<'a, State>,
//!     ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
//!         if self.0.contains(&call.name()) {
//!             let refusal = format!("Error: `{}` is switched off", call.name());
//!             return Box::pin(async move { Ok(CallToolResult::error(vec![
//!                 toolshape::rmcp::model::ContentBlock::text(refusal),
//!             ])) });
//!         }
//!         next.run(call)
//!     }
//!
//!     fn tools(&self) -> Vec<ToolDef<State>> {
//!         tools![list_refused].into()
//!     }
//! }
//!
//! /// Add two numbers.
//! #[tool(format = "json")]
//! fn add(a: i64, b: i64) -> i64 { a + b }
//!
//! let tools: ToolSet<()> = ToolSet::new(tools![add]).unwrap().layer(Refuse(&["add"]));
//! assert!(tools.get("list_refused").is_some());
//! ```
//!
//! # Calling another tool
//!
//! Both ways of calling another tool run layers, as every call does:
//! [`Next::call_tool`], from a layer, runs the layers installed after the calling one and
//! then the tool (a layer never sees its own nested calls, so it cannot call itself by
//! accident); [`Context::call_tool`], from a tool, is a call like a client's, through every
//! layer of the set. Both fail with one error, [`CallError`], which `?`
//! turns into the protocol's error in a layer and into a [`ToolError`](crate::ToolError) in a
//! tool. A layer that holds a lock around `next.run` should let nested calls
//! made while it holds it pass (the undo layer does, with a tokio task-local).
//!
//! # Why not tower's `Layer` and `Service`
//!
//! tower's `Service::call` takes `&mut self` and owns its request, and its futures outlive the
//! call (`'static` in practice); a tool call borrows the server's state (`&State`) for exactly
//! the call, and a layer needs the state, the tool's declaration and a way to call *other*
//! tools (undo reads state before an action). Forcing those into an owned request would
//! mean an `Arc` clone and a `poll_ready` per call and per layer, for readiness that tools
//! never have. [`Layer`] is the one method tower's middleware boils down to —
//! `call(request, next) -> future` — with the borrow kept, and the chain a slice walked by
//! [`Next`], not nested types. A tower layer can still wrap the whole server at the HTTP
//! level (`Server::http_service`), where tower belongs.

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject, Tool};

use crate::context::Context;
use crate::error::CallError;
use crate::formats::Format;
use crate::store::journal::JournalStore;
use crate::tool::def::ToolDef;
use crate::tool::spec::{BoxFuture, Kind, TaskSupport};

/// Something every `tools/call` of a [`ToolSet`](crate::ToolSet) passes through: see the [module
/// docs](self).
pub trait Layer<State>: Send + Sync + 'static {
    /// Serves `call`: usually does something around `next.run(call)`.
    ///
    /// Return `Err` only for what the protocol answers with a JSON-RPC error (an unknown
    /// tool); a failure of the tool itself is a result with `isError: true`.
    fn call<'a>(
        &'a self,
        call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>>;

    /// Tools this layer adds to the set: ordinary `#[tool]` functions (`tools![…].into()`),
    /// listed, read and run like the set's own, at the end of the chain, through every
    /// layer. A tool reaches what its layer knows the way any tool reaches anything: through
    /// the state, or what the layer puts in scope around `next.run` (a tokio task-local, as
    /// the undo layer does). None by default.
    fn tools(&self) -> Vec<ToolDef<State>> {
        Vec::new()
    }

    /// Rewrites the listing entry of a tool of the set, for a layer that changes what the
    /// tool takes or returns. Called once per tool when the layer is installed (for the
    /// tools of the layers installed before it too, not for its own). Does nothing by
    /// default.
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
    format: Format,
    kind: Option<Kind>,
    task: TaskSupport,
    params: &'a [crate::tool::args::ParamInfo],
    scopes: &'a [Cow<'static, str>],
    undo: bool,
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
    pub(crate) fn of<State>(
        listing: &'a Tool,
        def: &'a ToolDef<State>,
        reading: &'a crate::tool::args::Reading,
    ) -> Self {
        ToolInfo {
            listing,
            format: def.format,
            kind: def.decl.kind,
            task: def.decl.task,
            params: &reading.params,
            scopes: &def.decl.scopes,
            undo: def.decl.undo,
        }
    }

    /// The tool's name.
    pub fn name(&self) -> &'a str {
        &self.listing.name
    }

    /// Its output format.
    pub fn format(&self) -> Format {
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

    /// Its parameters' names, in declaration order (for a tool declared at run time, the
    /// order of its input schema's `properties`).
    pub fn params(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.params.iter().map(|p| &*p.name)
    }

    /// Whether undo may record it: `false` for an action declared `#[tool(undo = false)]`.
    pub fn undo(&self) -> bool {
        self.undo
    }

    /// The OAuth scopes a caller needs to see and call it (`#[tool(scopes = [..])]`).
    pub fn scopes(&self) -> &'a [Cow<'static, str>] {
        self.scopes
    }

    /// Its `tools/list` entry (input and output schemas, annotations).
    pub fn listing(&self) -> &'a Tool {
        self.listing
    }
}

/// Who made a call, as a layer sees it ([`Call::origin`]): a client, or a layer or tool
/// calling another tool on the way of a client's call.
///
/// An audit layer installed before undo (outermost) sees only what clients call
/// (`undo_last_action` included); installed after it, it also sees the calls undo makes
/// itself — its state reads before an action (`Layer { serving }` with the action's name) and
/// its restoring call (`Layer { serving: "undo_last_action" }`) — and can tell them apart by
/// their origin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Origin<'c> {
    /// A client's `tools/call` (also through tool search's `call_tool`).
    Client,
    /// A call a layer made with [`Next::call_tool`] while it served a call of the tool
    /// `serving`.
    Layer {
        /// The tool whose call the layer was serving.
        serving: &'c str,
    },
    /// A call a tool made with [`Context::call_tool`] while it ran.
    Tool,
    /// A call a code-mode script made (feature `code`): it takes the path of a client's call,
    /// and a layer can tell it from one.
    Script {
        /// Which run of a script made it: the calls of one `execute` share it.
        run: u64,
    },
}

/// Put in the request context of each call a code-mode script makes: the call's
/// [`Origin::Script`], with the script's run.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ScriptRun(pub(crate) u64);

/// [`Origin`], as a call carries it.
#[derive(Clone)]
pub(crate) enum Source<'a> {
    Client,
    Layer(Cow<'a, str>),
    Tool,
    Script(u64),
}

/// One `tools/call` on its way through the layers.
pub struct Call<'a, State> {
    /// Borrowed from the tool's declaration when there is such a tool: no copy per call.
    name: Cow<'a, str>,
    tool: Option<ToolInfo<'a>>,
    /// The tool, found once where the call came in and its caller admitted there: the end of
    /// the chain runs it without looking it up again. `None` for a call a layer or a tool
    /// makes of a tool by name.
    runs: Option<&'a dyn RunTool<State>>,
    source: Source<'a>,
    /// The arguments, as the client sent them (`{}` when it sent none).
    pub arguments: JsonObject,
    state: &'a State,
    context: Context,
}

impl<State> Clone for Call<'_, State> {
    fn clone(&self) -> Self {
        Call {
            name: self.name.clone(),
            tool: self.tool,
            runs: self.runs,
            source: self.source.clone(),
            arguments: self.arguments.clone(),
            state: self.state,
            context: self.context.clone(),
        }
    }
}

impl<State> std::fmt::Debug for Call<'_, State> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Call")
            .field("name", &self.name)
            .field("arguments", &self.arguments)
            .finish_non_exhaustive()
    }
}

impl<'a, State> Call<'a, State> {
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

    /// Who made the call: a client, or a layer or tool on the way of a client's call.
    pub fn origin(&self) -> Origin<'_> {
        match &self.source {
            Source::Client => Origin::Client,
            Source::Layer(serving) => Origin::Layer { serving },
            Source::Tool => Origin::Tool,
            Source::Script(run) => Origin::Script { run: *run },
        }
    }

    /// The server's state.
    pub fn state(&self) -> &'a State {
        self.state
    }

    /// The request's context.
    pub fn context(&self) -> &Context {
        &self.context
    }

    /// The undo journal the server's shared store lends its layers
    /// ([`Server::with_store`](crate::Server::with_store), feature `redis`), if it has one:
    /// the journal replicas of the server share.
    pub fn shared_journal(&self) -> Option<Arc<dyn JournalStore>> {
        self.context.lent()?.journal.clone()
    }
}

/// A tool found by name, that runs a call of it: what a call carries once its tool is found
/// and its caller admitted ([`Call::found`]).
pub(crate) trait RunTool<State>: Send + Sync {
    /// Runs `call`: the tool itself, or, for a tool of a set merged into this one, that
    /// set's layers, then the tool.
    fn run<'a>(&'a self, call: Call<'a, State>)
    -> BoxFuture<'a, Result<CallToolResult, ErrorData>>;
}

/// What the chain ends in and looks tools up in: the [`ToolSet`](crate::ToolSet).
pub(crate) trait Tools<State>: Send + Sync {
    /// What was declared about the tool `name`.
    fn info(&self, name: &str) -> Option<ToolInfo<'_>>;

    /// The end of the chain for a call made by name: the tool found, its caller's scopes
    /// checked, then run as [`RunTool::run`] does.
    fn run_tool<'a>(
        &'a self,
        call: Call<'a, State>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>>;
}

/// The rest of the chain after a layer: the layers installed after it, then the tool.
pub struct Next<'a, State> {
    layers: &'a [Arc<dyn Layer<State>>],
    set: &'a dyn Tools<State>,
}

impl<State> Clone for Next<'_, State> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<State> Copy for Next<'_, State> {}

impl<State> std::fmt::Debug for Next<'_, State> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Next")
            .field("layers", &self.layers.len())
            .finish_non_exhaustive()
    }
}

impl<'a, State: 'static> Next<'a, State> {
    pub(crate) fn new(layers: &'a [Arc<dyn Layer<State>>], set: &'a dyn Tools<State>) -> Self {
        Next { layers, set }
    }

    /// Runs `call` through the rest of the chain. Can be called again (a retry) with a clone
    /// of the call.
    pub fn run(self, call: Call<'a, State>) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        match self.layers.split_first() {
            Some((layer, rest)) => layer.call(
                call,
                Next {
                    layers: rest,
                    set: self.set,
                },
            ),
            // the tool found where the call came in, or (a call made by name) found now
            None => match call.runs {
                Some(tool) => tool.run(call),
                None => self.set.run_tool(call),
            },
        }
    }

    /// Calls another tool through the rest of the chain (the layers installed after this one,
    /// then the tool; not this layer or the ones before it), with the state and context of
    /// `like`. See [calling another tool](self#calling-another-tool).
    pub fn call_tool(
        self,
        like: &Call<'a, State>,
        name: &str,
        arguments: JsonObject,
    ) -> BoxFuture<'a, Result<CallToolResult, CallError>> {
        let tool = self.set.info(name);
        let source = Source::Layer(like.name.clone());
        let call = Call::new(
            name,
            tool,
            source,
            arguments,
            like.state,
            like.context.clone(),
        );
        let running = self.run(call);
        let name = name.to_owned();
        Box::pin(async move { running.await.map_err(|error| CallError::new(name, error)) })
    }

    /// What was declared about the tool `name`, if the set or a layer has it.
    pub fn tool(&self, name: &str) -> Option<ToolInfo<'a>> {
        self.set.info(name)
    }
}

impl<'a, State> Call<'a, State> {
    /// The same call, of the tool `name` as the set it goes into knows it (`tool`): a call
    /// of a tool of a merged set, on its way through that set's layers.
    pub(crate) fn renamed(self, name: &'a str, tool: Option<ToolInfo<'a>>) -> Self {
        Call {
            name: Cow::Borrowed(name),
            tool,
            runs: None,
            ..self
        }
    }

    /// The same call, of the tool `tool` found where it came in, its caller admitted: the
    /// end of the chain runs it as it is.
    pub(crate) fn found(self, tool: &'a dyn RunTool<State>) -> Self {
        Call {
            runs: Some(tool),
            ..self
        }
    }

    /// What the tool itself receives: the arguments, the state, the context.
    pub(crate) fn into_parts(self) -> (Cow<'a, str>, JsonObject, &'a State, Context) {
        (self.name, self.arguments, self.state, self.context)
    }

    /// A call of `name` made by `source`; `tool` is what was declared about it, when a tool
    /// has that name.
    pub(crate) fn new(
        name: &str,
        tool: Option<ToolInfo<'a>>,
        source: Source<'a>,
        arguments: JsonObject,
        state: &'a State,
        context: Context,
    ) -> Self {
        Call {
            name: tool.map_or_else(
                || Cow::Owned(name.to_owned()),
                |tool| Cow::Borrowed(tool.name()),
            ),
            tool,
            runs: None,
            source,
            arguments,
            state,
            context,
        }
    }
}

/// A layer made of an `async fn` of the call and the rest of the chain: see the [module
/// docs](self).
///
/// The function takes `(Call<'_, State>, Next<'_, State>)` and returns
/// `Result<CallToolResult, ErrorData>`, as [`Layer::call`] does, without its `Box::pin` and
/// lifetimes. A closure cannot be one (a closure cannot return a future that borrows its
/// arguments on stable Rust): write an `async fn`, or implement [`Layer`] for a layer with
/// settings.
pub fn from_fn<F>(f: F) -> FromFn<F> {
    FromFn(f)
}

/// The layer [`from_fn`] makes.
#[derive(Clone, Copy)]
pub struct FromFn<F>(F);

impl<F> std::fmt::Debug for FromFn<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FromFn")
            .field("fn", &std::any::type_name::<F>())
            .finish()
    }
}

/// An `async fn` that can be a layer: `(Call<'a, State>, Next<'a, State>) ->
/// Result<CallToolResult, ErrorData>`, for every `'a`. Implemented for every such function;
/// see [`from_fn`].
pub trait LayerFn<'a, State: 'a>: Send + Sync + 'static {
    /// The future the function returns.
    type Future: Future<Output = Result<CallToolResult, ErrorData>> + Send + 'a;

    /// Calls the function.
    fn call(&self, call: Call<'a, State>, next: Next<'a, State>) -> Self::Future;
}

impl<'a, State: 'a, F, Fut> LayerFn<'a, State> for F
where
    F: Fn(Call<'a, State>, Next<'a, State>) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<CallToolResult, ErrorData>> + Send + 'a,
{
    type Future = Fut;

    fn call(&self, call: Call<'a, State>, next: Next<'a, State>) -> Fut {
        self(call, next)
    }
}

impl<State, F> Layer<State> for FromFn<F>
where
    State: Send + Sync + 'static,
    F: for<'a> LayerFn<'a, State>,
{
    fn call<'a>(
        &'a self,
        call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(LayerFn::call(&self.0, call, next))
    }
}
