//! One declared tool as a value: [`ToolDef`], built by generated code from the spec, the
//! parameters, the handler and the format (or at run time, from a schema and a handler over
//! JSON: `tool::dynamic`), with the type-erased call that parses the arguments, runs the
//! handler (catching panics) and renders the result.

use std::any::Any;
use std::fmt;
use std::marker::PhantomData;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{self, Poll, ready};
use std::time::Instant;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject, Tool};

use crate::context::Context;
use crate::formats::facts::{CallFacts, error_result};
use crate::formats::{Format, Render};
use crate::tool::args::{self, ParamList, Reading};
use crate::tool::spec::{BoxFuture, Declaration, TOOL_META_KEY, ToolSpec};

pub(crate) type ParamSchemas =
    dyn Fn(&mut schemars::SchemaGenerator) -> Vec<(schemars::Schema, bool)> + Send + Sync;

/// The handler generated for one tool, typed by its parameters and output:
/// `(state, parameters, context) -> future of Result<T, E>`.
pub type Handler<S, P, T, E> = for<'a> fn(&'a S, P, Context) -> BoxFuture<'a, Result<T, E>>;

/// Runs the tool: always a result (a tool error for arguments it cannot read, or a panic),
/// in the `Result` the layer chain passes along, so that the chain's end adds no future of
/// its own around it. The declaration is the tool's as its set holds it (renamed by a
/// prefix, say), for every message the call writes.
pub(crate) type Invoke<S> = dyn for<'a> Fn(
        &'a S,
        &'a Declaration,
        &'a Reading,
        JsonObject,
        Context,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>>
    + Send
    + Sync;

/// Reads the arguments as the call would, without running it: what a call with them would
/// answer at once (a tool error naming each problem), if anything.
pub(crate) type Check =
    dyn Fn(&Declaration, &Reading, JsonObject) -> Option<CallToolResult> + Send + Sync;

/// Where a tool's input schema, its reading of arguments and its output schema come from.
#[derive(Clone)]
pub(crate) enum Described {
    /// `#[tool]`: the parameters' types and the format's output type.
    Typed {
        param_schemas: Arc<ParamSchemas>,
        output_schema: fn() -> Option<JsonObject>,
    },
    /// Declared at run time: the schemas as given (checked well-formed), the output schema
    /// already in its listed form.
    Given {
        input: Arc<JsonObject>,
        output: Option<Arc<JsonObject>>,
    },
}

/// A tool ready to be added to a [`ToolSet`](crate::ToolSet): what `tools![…]` produces
/// for each annotated function, and [`ToolDef::dynamic`] for a tool declared at run time.
///
/// `S` is the state the tool needs: the type of `self` for a method, `T` for a
/// `#[state] x: &T` parameter (through [`Provides`](crate::tool::Provides)), or any type for a
/// tool that needs none.
pub struct ToolDef<S> {
    pub(crate) decl: Arc<Declaration>,
    pub(crate) described: Described,
    pub(crate) format: Format,
    /// Whether results carry toolshape's envelope (`Render::ENVELOPE`).
    pub(crate) envelope: bool,
    pub(crate) invoke: Arc<Invoke<S>>,
    pub(crate) check: Arc<Check>,
}

impl<S> Clone for ToolDef<S> {
    fn clone(&self) -> Self {
        ToolDef {
            decl: self.decl.clone(),
            described: self.described.clone(),
            format: self.format,
            envelope: self.envelope,
            invoke: self.invoke.clone(),
            check: self.check.clone(),
        }
    }
}

impl<S> fmt::Debug for ToolDef<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolDef")
            .field("name", &self.decl.name)
            .field("origin", &self.decl.origin())
            .finish_non_exhaustive()
    }
}

impl<S: Send + Sync + 'static> ToolDef<S> {
    /// Used by generated code: starts a tool from its spec. The builder's steps carry the
    /// trait bounds one at a time, so that generated code can span each on the user's tokens
    /// (the parameter types, the return type) and a compile error points there.
    #[doc(hidden)]
    pub fn build(spec: &'static ToolSpec) -> Builder<S> {
        Builder {
            spec,
            state: PhantomData,
        }
    }

    /// The tool's name.
    pub fn name(&self) -> &str {
        &self.decl.name
    }
}

/// A tool under construction by generated code: [`ToolDef::build`], then
/// [`Builder::params`], [`WithParams::handler`], [`WithHandler::format`].
#[doc(hidden)]
pub struct Builder<S> {
    spec: &'static ToolSpec,
    state: PhantomData<fn(&S)>,
}

impl<S> Builder<S> {
    /// The parameters: a tuple of `__private::param::<T>()`, one per parameter in
    /// declaration order, each spanned at the parameter's type.
    pub fn params<L: ParamList>(self, list: L) -> WithParams<S, L> {
        WithParams {
            spec: self.spec,
            list,
            state: PhantomData,
        }
    }
}

#[doc(hidden)]
pub struct WithParams<S, L> {
    spec: &'static ToolSpec,
    list: L,
    state: PhantomData<fn(&S)>,
}

impl<S, L: ParamList> WithParams<S, L> {
    /// The function that runs the tool.
    pub fn handler<T, E>(self, handler: Handler<S, L::Values, T, E>) -> WithHandler<S, L, T, E> {
        WithHandler {
            spec: self.spec,
            list: self.list,
            handler,
        }
    }
}

#[doc(hidden)]
pub struct WithHandler<S, L: ParamList, T, E> {
    spec: &'static ToolSpec,
    list: L,
    handler: Handler<S, L::Values, T, E>,
}

impl<S, L: ParamList, T, E> WithHandler<S, L, T, E> {
    /// The output format, which renders `T`; completes the tool.
    pub fn format<F>(self, _format: F) -> ToolDef<S>
    where
        S: Send + Sync + 'static,
        T: Send + 'static,
        E: fmt::Display + Send + 'static,
        F: Render<T>,
    {
        let WithHandler {
            spec,
            list,
            handler,
        } = self;
        let (param_schemas, check) = reading_of(list);
        ToolDef {
            decl: Arc::new(Declaration::of_spec(spec)),
            described: Described::Typed {
                param_schemas,
                output_schema: F::output_schema,
            },
            format: F::FORMAT,
            envelope: F::ENVELOPE,
            invoke: Arc::new(move |state, decl, reading, arguments, context| {
                invoke::<S, L, T, E>(
                    list,
                    handler,
                    F::render,
                    decl,
                    state,
                    reading,
                    arguments,
                    context,
                )
            }),
            check,
        }
    }
}

/// How a tool describes and checks its parameters: generic over the parameter list alone,
/// so compiled once for all the tools that take the same parameters, not once per tool.
fn reading_of<L: ParamList>(list: L) -> (Arc<ParamSchemas>, Arc<Check>) {
    let param_schemas: Arc<ParamSchemas> = Arc::new(move |generator| list.describe(generator));
    let check: Arc<Check> = Arc::new(move |decl, reading, arguments| {
        let started = Instant::now();
        let problems =
            args::parse(&list, &reading.params, arguments, reading.ignore_unknown).err()?;
        Some(refusal(decl, reading, &problems, started, None))
    });
    (param_schemas, check)
}

/// The tool's `tools/list` entry and how it reads its arguments.
pub(crate) fn describe<S>(def: &ToolDef<S>) -> (Tool, Reading) {
    let spec = &*def.decl;
    let (mut input_schema, params, output_schema) = match &def.described {
        Described::Typed {
            param_schemas,
            output_schema,
        } => {
            let (input, params) = args::input_schema(&**param_schemas, spec.params);
            (input, params, output_schema())
        }
        Described::Given { input, output } => {
            let (params, _) = args::given::params_of(input);
            let mut listed = (**input).clone();
            crate::formats::listed_schema::listed(
                &mut listed,
                crate::formats::listed_schema::Side::Input,
            );
            (listed, params, output.as_deref().cloned())
        }
    };
    let mut reading = Reading {
        params,
        ignore_unknown: false,
    };
    if spec.ignore_unknown_arguments {
        ignore_unknown_arguments(&mut reading, &mut input_schema);
    }
    if let Some(extend) = spec.extend_schema {
        extend_input_schema(&mut input_schema, extend(), spec);
    }
    let mut tool = Tool::new(spec.name.clone(), spec.description.clone(), input_schema);
    if let Some(title) = &spec.title {
        tool = tool.with_title(title.clone());
    }
    if !spec.icons.is_empty() {
        tool = tool.with_icons(spec.icons.iter().map(|icon| icon.to_icon()).collect());
    }
    let hints = spec.annotations;
    if !hints.is_empty() {
        let mut annotations = rmcp::model::ToolAnnotations::new();
        annotations.read_only_hint = hints.read_only;
        annotations.destructive_hint = hints.destructive;
        annotations.idempotent_hint = hints.idempotent;
        annotations.open_world_hint = hints.open_world;
        tool = tool.with_annotations(annotations);
    }
    // What the tool is, for programs that treat tools generically (an undo journal looks
    // for `state` tools; a UI shows `text` tools to people): `_meta["dev.toolshape/tool"]`.
    let mut about = JsonObject::new();
    about.insert("format".into(), def.format.as_str().into());
    if def.format != Format::Text && !def.envelope {
        // MCP's plain structured result (`envelope = false`): said, so that programs (and
        // the budget layer) do not look for an envelope's `data`.
        about.insert("envelope".into(), false.into());
    }
    if let Some(kind) = spec.kind {
        about.insert("kind".into(), kind.as_str().into());
    }
    if let Some(task) = spec.task.as_str() {
        about.insert("task".into(), task.into());
    }
    let mut meta = JsonObject::new();
    meta.insert(TOOL_META_KEY.into(), about.into());
    if let Some(uri) = &spec.app {
        // MCP Apps: the view a host renders beside the tool's results
        meta.insert("ui".into(), crate::apps::tool_meta(uri));
    }
    tool = tool.with_meta(rmcp::model::MetaObject(meta));
    if let Some(output_schema) = output_schema {
        tool = tool.with_raw_output_schema(Arc::new(output_schema));
    }
    (tool, reading)
}

/// A tool drops the arguments it does not take instead of refusing them, and its input
/// schema says so (no `additionalProperties: false`): for `unknown_arguments = "ignore"`
/// and for every tool of a set told so.
pub(crate) fn ignore_unknown_arguments(reading: &mut Reading, input_schema: &mut JsonObject) {
    reading.ignore_unknown = true;
    input_schema.remove("additionalProperties");
}

/// `#[tool(extend_schema = f)]`: the members of `f()` added to the input schema's root —
/// constraints across parameters (`allOf`, `anyOf`, `oneOf`, `if`/`then`/`else`,
/// `dependentRequired`), `$comment`, … The members that come from the parameters (`type`,
/// `properties`, `required`, `$schema`, `$defs`, `additionalProperties`) are kept, and
/// anything else than an object is ignored, each with a warning in the server's log.
fn extend_input_schema(schema: &mut JsonObject, extension: serde_json::Value, spec: &Declaration) {
    const FROM_PARAMETERS: [&str; 6] = [
        "type",
        "properties",
        "required",
        "$schema",
        "$defs",
        "additionalProperties",
    ];
    let serde_json::Value::Object(extension) = extension else {
        tracing::warn!(
            tool = &*spec.name,
            "`extend_schema` gave something other than a JSON object; the input schema is unchanged"
        );
        return;
    };
    for (key, value) in extension {
        if FROM_PARAMETERS.contains(&key.as_str()) {
            tracing::warn!(
                tool = &*spec.name,
                key,
                "`extend_schema` cannot replace a member the parameters make; it is kept"
            );
        } else {
            schema.insert(key, value);
        }
    }
}

/// How a format renders a tool's successful value: [`Render::render`] of the tool's format.
pub(crate) type RenderFn<T> = fn(T, &CallFacts<'_>) -> CallToolResult;

/// One call: parse the arguments, start the handler, and hand the rest to [`Guarded`].
///
/// Generic over the tool's types but small: what does not depend on them (the panic guard,
/// the refusal, the error results) is compiled once, not once per tool.
#[allow(clippy::too_many_arguments)] // one call's parts, passed through once
fn invoke<'a, S, L: ParamList, T, E>(
    list: L,
    handler: Handler<S, L::Values, T, E>,
    render: RenderFn<T>,
    spec: &'a Declaration,
    state: &'a S,
    reading: &'a Reading,
    arguments: JsonObject,
    context: Context,
) -> BoxFuture<'a, Result<CallToolResult, ErrorData>>
where
    T: Send + 'static,
    E: fmt::Display + Send + 'static,
{
    let started = Instant::now();
    let caller = crate::context::caller::recorded(&context);
    match args::parse(&list, &reading.params, arguments, reading.ignore_unknown) {
        Ok(parsed) => Box::pin(Guarded::<'a, T, E> {
            call: handler(state, parsed, context),
            render,
            spec,
            started,
            caller,
        }),
        Err(problems) => refused(spec, reading, &problems, started, caller),
    }
}

/// [`refusal`] as the call's future.
pub(crate) fn refused<'a>(
    spec: &Declaration,
    reading: &Reading,
    problems: &[args::ArgProblem],
    started: Instant,
    caller: Option<String>,
) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
    let result = refusal(spec, reading, problems, started, caller);
    Box::pin(std::future::ready(Ok(result)))
}

/// The tool error for arguments the tool cannot read, naming each problem. Not generic.
pub(crate) fn refusal(
    spec: &Declaration,
    reading: &Reading,
    problems: &[args::ArgProblem],
    started: Instant,
    caller: Option<String>,
) -> CallToolResult {
    let message = args::describe_problems(&spec.name, &reading.params, problems);
    error_result(message, &spec.facts(started, caller))
}

/// A started call: the handler's future, then its value rendered by the format's `render`;
/// a panic in either becomes an `internal error` result ([`poll_guarded`]).
///
/// A future written by hand rather than an `async` block, so that what is compiled per tool
/// is one small `poll`; the panic guard and the error results are compiled once.
pub(crate) struct Guarded<'a, T, E> {
    pub(crate) call: BoxFuture<'a, Result<T, E>>,
    pub(crate) render: RenderFn<T>,
    pub(crate) spec: &'a Declaration,
    pub(crate) started: Instant,
    pub(crate) caller: Option<String>,
}

impl<T, E> Future for Guarded<'_, T, E>
where
    E: fmt::Display,
{
    type Output = Result<CallToolResult, ErrorData>;

    fn poll(self: Pin<&mut Self>, cx: &mut task::Context<'_>) -> Poll<Self::Output> {
        // Every field is `Unpin` (the handler's future is boxed).
        let Guarded {
            call,
            render,
            spec,
            started,
            caller,
        } = self.get_mut();
        let (render, spec, started) = (*render, *spec, *started);
        let caller = &*caller;
        let mut step = |cx: &mut task::Context<'_>| {
            Poll::Ready(match ready!(call.as_mut().poll(cx)) {
                Ok(value) => render(value, &spec.facts(started, caller.clone())),
                Err(error) => failed(&error, spec, started, caller),
            })
        };
        poll_guarded(&mut step, cx, spec, started, caller)
    }
}

/// The result of a call whose tool returned an error: its text after `Error: `. Not generic.
fn failed(
    error: &dyn fmt::Display,
    spec: &Declaration,
    started: Instant,
    caller: &Option<String>,
) -> CallToolResult {
    error_result(
        format!("Error: {error}"),
        &spec.facts(started, caller.clone()),
    )
}

tokio::task_local! {
    /// Present while a call runs as a task: set when the tool panics, so that the task ends
    /// `failed` (a fault of the server) rather than `completed` with a tool error.
    pub(crate) static PANICKED: std::cell::Cell<bool>;
}

/// Polls a call's `step` once; a panic in the handler or in rendering its value becomes an
/// `internal error` result, logged, and the server goes on serving. Not generic: the step is
/// called through `dyn`, once per poll.
fn poll_guarded(
    step: &mut dyn FnMut(&mut task::Context<'_>) -> Poll<CallToolResult>,
    cx: &mut task::Context<'_>,
    spec: &Declaration,
    started: Instant,
    caller: &Option<String>,
) -> Poll<Result<CallToolResult, ErrorData>> {
    match std::panic::catch_unwind(AssertUnwindSafe(|| step(cx))) {
        Ok(Poll::Pending) => Poll::Pending,
        Ok(Poll::Ready(result)) => Poll::Ready(Ok(result)),
        Err(payload) => {
            tracing::error!(
                tool = &*spec.name,
                function = spec.rust_path,
                panic = panic_message(&*payload),
                "tool handler panicked; the server goes on serving"
            );
            // Outside a task there is no flag to set, and nothing to do.
            let _ = PANICKED.try_with(|panicked| panicked.set(true));
            Poll::Ready(Ok(error_result(
                format!("Error: internal error in tool `{}`", spec.name),
                &spec.facts(started, caller.clone()),
            )))
        }
    }
}

fn panic_message(payload: &(dyn Any + Send)) -> &str {
    if let Some(message) = payload.downcast_ref::<&'static str>() {
        message
    } else if let Some(message) = payload.downcast_ref::<String>() {
        message
    } else {
        "(a panic payload that is not a string)"
    }
}
