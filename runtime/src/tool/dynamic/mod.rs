//! Tools declared at run time, without `#[tool]`: from a configuration file, a plugin, an API
//! description. [`ToolDef::dynamic`] starts one by name; [`DynamicTool`]'s methods say what a
//! `#[tool(...)]` would (description, kind, format, scopes, …), the input schema takes the
//! place of the parameters' types and the handler receives the arguments as JSON; `build`
//! checks it all and makes the same [`ToolDef`] a `#[tool]` makes.
//!
//! See [`DynamicTool`] for an example.
//!
//! A tool declared at run time is one like any other: its arguments are checked against its
//! input schema before the handler runs (every problem named at its path, in the words a
//! `#[tool]`'s parameters use), its results carry the envelope and provenance of its format,
//! and layers, undo, budgets, scopes, tool search and code mode treat it as they treat a
//! `#[tool]`. What its handler returns is checked against the output schema it declares,
//! which a `#[tool]`'s Rust types guarantee.

mod output;
mod schema;

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;
use std::time::Instant;

use rmcp::model::JsonObject;
use serde_json::Value;

use crate::context::Context;
use crate::formats::Format;
use crate::tool::args::given;
use crate::tool::def::{Check, Described, Guarded, Invoke, ToolDef, refusal, refused};
use crate::tool::spec::{BoxFuture, Declaration, Kind, TaskSupport, ToolSpec, is_tool_name};
pub use output::DynamicOutput;
use output::Produced;

/// A handler, its output made one type and its error text.
type ErasedHandler<S> = dyn for<'a> Fn(&'a S, JsonObject, Context) -> BoxFuture<'a, Result<Produced, String>>
    + Send
    + Sync;

impl<S: Send + Sync + 'static> ToolDef<S> {
    /// Starts a tool declared at run time, named `name`: see [`DynamicTool`].
    ///
    /// The name follows MCP's rule (1 to 128 characters from `A-Z a-z 0-9 _ - .`), checked
    /// by [`DynamicTool::build`].
    pub fn dynamic(name: impl Into<Cow<'static, str>>) -> DynamicTool<S> {
        DynamicTool {
            decl: Declaration {
                name: name.into(),
                ..Declaration::of_spec(&ToolSpec::DEFAULT)
            },
            input: None,
            output: None,
            format: Format::Json,
            envelope: true,
            handler: None,
        }
    }
}

/// A tool declared at run time, under construction: [`ToolDef::dynamic`], the methods that
/// say what it is and takes, [`handler`](DynamicTool::handler), then
/// [`build`](DynamicTool::build).
///
/// ```
/// use serde_json::json;
/// use toolshape::tool::{Kind, ToolDef};
/// use toolshape::{ToolError, ToolSet, formats::Format};
///
/// # fn main() -> Result<(), Box<dyn std::error::Error>> {
/// let add = ToolDef::<()>::dynamic("add")
///     .description("Add two numbers.")
///     .input_schema(json!({
///         "type": "object",
///         "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}},
///         "required": ["a", "b"],
///         "additionalProperties": false
///     }))
///     .output_schema(json!({"type": "integer"}))
///     .kind(Kind::Read)
///     .format(Format::Json)
///     .handler(|_state, args, _context| {
///         Box::pin(async move {
///             // the arguments are checked against the schema before the handler runs
///             let (a, b) = (args["a"].as_i64().unwrap(), args["b"].as_i64().unwrap());
///             a.checked_add(b).map(|sum| json!(sum)).ok_or(ToolError::new("overflow"))
///         })
///     })
///     .build()?;
/// let tools = ToolSet::new([add])?;
/// assert_eq!(tools.get("add").unwrap().input_schema["required"], json!(["a", "b"]));
/// # Ok(()) }
/// ```
///
/// A tool declared at run time is one like any other: its arguments are checked against its
/// input schema before the handler runs (every problem named at its path, in the words a
/// `#[tool]`'s parameters use), its results carry the envelope and provenance of its format,
/// and layers, undo, budgets, scopes, tool search and code mode treat it as they treat a
/// `#[tool]`.
///
/// Each method says what the `#[tool(...)]` argument of the same name says; what is not
/// said has the same default (format `json` with the envelope, no kind, no scopes, undo on).
#[must_use = "a tool is declared by `build`"]
pub struct DynamicTool<S> {
    decl: Declaration,
    input: Option<Value>,
    output: Option<Value>,
    format: Format,
    envelope: bool,
    handler: Option<(Arc<ErasedHandler<S>>, output::Produce)>,
}

impl<S> fmt::Debug for DynamicTool<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("DynamicTool")
            .field("name", &self.decl.name)
            .field("format", &self.format)
            .field("kind", &self.decl.kind)
            .field("handler", &self.handler.is_some())
            .finish_non_exhaustive()
    }
}

impl<S: Send + Sync + 'static> DynamicTool<S> {
    /// What a model reads to decide when to call the tool (a `#[tool]`'s doc comment).
    /// Required.
    pub fn description(mut self, description: impl Into<Cow<'static, str>>) -> Self {
        self.decl.description = description.into();
        self
    }

    /// A title for people (`title = "..."`).
    pub fn title(mut self, title: impl Into<Cow<'static, str>>) -> Self {
        self.decl.title = Some(title.into());
        self
    }

    /// The tool's version in the provenance of its results (`tool_version`); `0.0.0` unless
    /// said (a `#[tool]`'s is its crate's: `.version(env!("CARGO_PKG_VERSION"))`).
    pub fn version(mut self, version: impl Into<Cow<'static, str>>) -> Self {
        self.decl.version = version.into();
        self
    }

    /// The JSON Schema of the arguments, which takes the place of a `#[tool]`'s parameters:
    /// an object schema (`"type": "object"` is added when it is missing) whose `properties`
    /// are the parameters and whose `required` names the ones a call must send. Arguments no
    /// property names are refused when it says `"additionalProperties": false`, and otherwise
    /// passed to the handler (checked against `additionalProperties` when it is a schema).
    ///
    /// Arguments are checked against it as a `#[tool]`'s are against its parameters' types,
    /// every problem named at its path; it is listed in the same form. None means a tool
    /// without parameters. A schema that is not well formed (a `type` JSON Schema does not
    /// have, a `required` that is not a list, a `$ref` to nothing, a `pattern` that does not
    /// compile, …) is an error of [`build`](DynamicTool::build) that says where.
    pub fn input_schema(mut self, schema: Value) -> Self {
        self.input = Some(schema);
        self
    }

    /// The JSON Schema of the data the handler returns, which takes the place of a `#[tool]`'s
    /// return type: for `json` and `hybrid`, the schema of the envelope's `data` (the
    /// `outputSchema` is the envelope around it); for `json` without the envelope, the
    /// `outputSchema` itself. A `text` tool has none. What the handler returns is checked
    /// against it: a value that does not fit is a tool error naming where, and no client
    /// receives data its schema does not describe. None means any JSON value.
    pub fn output_schema(mut self, schema: Value) -> Self {
        self.output = Some(schema);
        self
    }

    /// What the tool does (`kind = "read" | "state" | "action"`): sets its MCP annotations
    /// (a read or state tool is read-only and idempotent, an action destructive), tells undo
    /// which tools to pair, and is listed in `_meta["dev.toolshape/tool"]`. A `state` tool's
    /// format is `json` or `hybrid`.
    pub fn kind(mut self, kind: Kind) -> Self {
        self.decl.kind = Some(kind);
        self
    }

    /// The output format (`format = "json" | "text" | "hybrid"`); `json` unless said. What
    /// the handler returns for each is said by [`DynamicOutput`].
    pub fn format(mut self, format: Format) -> Self {
        self.format = format;
        self
    }

    /// `false`: a `json` tool's result is MCP's plain structured result, without toolshape's
    /// envelope (`envelope = false`): `structuredContent` is the handler's value and the
    /// output schema its schema.
    pub fn envelope(mut self, envelope: bool) -> Self {
        self.envelope = envelope;
        self
    }

    /// Sets the MCP hint `readOnlyHint`, over the one the kind implies.
    pub fn read_only(mut self, hint: bool) -> Self {
        self.decl.annotations.read_only = Some(hint);
        self
    }

    /// Sets the MCP hint `destructiveHint`, over the one the kind implies.
    pub fn destructive(mut self, hint: bool) -> Self {
        self.decl.annotations.destructive = Some(hint);
        self
    }

    /// Sets the MCP hint `idempotentHint`, over the one the kind implies.
    pub fn idempotent(mut self, hint: bool) -> Self {
        self.decl.annotations.idempotent = Some(hint);
        self
    }

    /// Sets the MCP hint `openWorldHint`, over the one the kind implies.
    pub fn open_world(mut self, hint: bool) -> Self {
        self.decl.annotations.open_world = Some(hint);
        self
    }

    /// The OAuth scopes a caller must have to see and call the tool (`scopes = [..]`).
    pub fn scopes<I>(mut self, scopes: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<Cow<'static, str>>,
    {
        self.decl.scopes = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// Words users type for what the tool does, which tool search reads beside its name and
    /// description (`keywords = [..]`).
    pub fn keywords<I>(mut self, keywords: I) -> Self
    where
        I: IntoIterator,
        I::Item: Into<Cow<'static, str>>,
    {
        self.decl.keywords = keywords.into_iter().map(Into::into).collect();
        self
    }

    /// Whether a call may run as a task the client polls (`task = "..."`).
    pub fn task(mut self, task: TaskSupport) -> Self {
        self.decl.task = task;
        self
    }

    /// `false`: undo leaves this action out (`kind = "action", undo = false`).
    pub fn undo(mut self, undo: bool) -> Self {
        self.decl.undo = undo;
        self
    }

    /// The model behind the tool's answers, for provenance (`model_id = "..."`).
    pub fn model_id(mut self, model_id: impl Into<Cow<'static, str>>) -> Self {
        self.decl.model_id = Some(model_id.into());
        self
    }

    /// The MCP Apps view that shows the tool's results (`app = "ui://…"`; the built-in view's
    /// URI is [`BUILTIN_VIEW`](crate::apps::BUILTIN_VIEW)).
    pub fn app(mut self, uri: impl Into<Cow<'static, str>>) -> Self {
        self.decl.app = Some(uri.into());
        self
    }

    /// Arguments the schema does not name are dropped instead of refused
    /// (`unknown_arguments = "ignore"`); the listed schema leaves out
    /// `additionalProperties: false`.
    pub fn ignore_unknown_arguments(mut self) -> Self {
        self.decl.ignore_unknown_arguments = true;
        self
    }

    /// Where the tool was declared (`tools.json`, `plugin weather 1.2`), named by the errors
    /// that concern it: its own, and a [`DuplicateTool`](crate::DuplicateTool) with another
    /// tool of its name.
    pub fn declared_at(mut self, place: impl Into<Cow<'static, str>>) -> Self {
        self.decl.location = place.into();
        self
    }

    /// The function that runs the tool: `(state, arguments, context)` → a boxed future of
    /// `Result<T, E>`, as a `#[tool]`'s function with its arguments in one JSON object.
    ///
    /// The arguments are those the input schema accepts, checked before the handler runs:
    /// whole floats written as integers (`3.0` is `3`), an optional parameter sent as `null`
    /// left out. `T` is what the format renders ([`DynamicOutput`]: `serde_json::Value`,
    /// `String` or `Hybrid<Value>`), and `Err(e)` is a tool error with the text `Error: {e}`,
    /// as for a `#[tool]`; a panic is an `internal error` result, and the server goes on.
    ///
    /// The future borrows the state, hence the box (`toolshape::tool::BoxFuture`):
    ///
    /// ```
    /// use serde_json::json;
    /// use toolshape::{ToolError, tool::ToolDef};
    ///
    /// struct Prices { euros: std::collections::BTreeMap<String, u64> }
    ///
    /// let price = ToolDef::<Prices>::dynamic("price")
    ///     .description("The price of a product, in euros.")
    ///     .input_schema(json!({"properties": {"product": {"type": "string"}}, "required": ["product"]}))
    ///     .handler(|prices, args, _context| Box::pin(async move {
    ///         let product = args["product"].as_str().unwrap_or_default();
    ///         match prices.euros.get(product) {
    ///             Some(euros) => Ok(json!(euros)),
    ///             None => Err(ToolError::new(format!("no product is named {product}"))),
    ///         }
    ///     }))
    ///     .build();
    /// assert!(price.is_ok());
    /// ```
    pub fn handler<F, T, E>(mut self, handler: F) -> Self
    where
        F: for<'a> Fn(&'a S, JsonObject, Context) -> BoxFuture<'a, Result<T, E>>
            + Send
            + Sync
            + 'static,
        T: DynamicOutput,
        E: fmt::Display + Send + 'static,
    {
        let erased: Arc<ErasedHandler<S>> = Arc::new(move |state, arguments, context| {
            let call = handler(state, arguments, context);
            Box::pin(async move {
                match call.await {
                    Ok(value) => Ok(value.into_produced()),
                    Err(error) => Err(error.to_string()),
                }
            })
        });
        self.handler = Some((erased, T::SHAPE));
        self
    }

    /// Checks what was said and makes the tool.
    ///
    /// # Errors
    /// [`DynamicToolError`], naming the tool and each problem: a name MCP does not allow, no
    /// description, no handler, a schema that is not well formed (where, as a JSON Pointer),
    /// an output schema for a `text` tool, a format that cannot render what the handler
    /// returns, and what `#[tool]` refuses at compile time (a `state` tool with `format =
    /// "text"`, `undo(false)` for a tool that is not an action).
    pub fn build(self) -> Result<ToolDef<S>, DynamicToolError> {
        let DynamicTool {
            mut decl,
            input,
            output,
            format,
            envelope,
            handler,
        } = self;
        let mut problems = Vec::new();
        if !is_tool_name(&decl.name) {
            problems.push(format!(
                "`{}` is not a name MCP allows: 1 to 128 characters from `A-Z a-z 0-9 _ - .`",
                decl.name
            ));
        }
        if decl.description.trim().is_empty() {
            problems.push(
                "a tool needs a description, which is what a model reads to decide when to \
                 call it: `.description(\"...\")`"
                    .to_owned(),
            );
        }
        let input = match input {
            None => serde_json::Map::from_iter([
                ("type".to_owned(), Value::from("object")),
                ("properties".to_owned(), Value::Object(JsonObject::new())),
                ("additionalProperties".to_owned(), Value::Bool(false)),
            ]),
            Some(Value::Object(mut input)) => {
                input.entry("type").or_insert_with(|| Value::from("object"));
                problems.extend(
                    schema::input_problems(&input)
                        .into_iter()
                        .map(|problem| format!("input schema, {problem}")),
                );
                input
            }
            Some(other) => {
                problems.push(format!("the input schema is a JSON object, not {other}"));
                JsonObject::new()
            }
        };
        if let Some(output) = &output {
            if format == Format::Text {
                problems.push(
                    "a text tool has no output schema: its result is one text block".to_owned(),
                );
            }
            problems.extend(
                schema::problems(output)
                    .into_iter()
                    .map(|problem| format!("output schema, {problem}")),
            );
        }
        if decl.kind == Some(Kind::State) && format == Format::Text {
            problems.push(
                "a `state` tool's results are read by programs (undo, UI forms): its format is \
                 json or hybrid, not text"
                    .to_owned(),
            );
        }
        if !decl.undo && decl.kind != Some(Kind::Action) {
            problems.push(
                "`undo(false)` leaves an action out of undo: the tool's kind is `Kind::Action`"
                    .to_owned(),
            );
        }
        if !envelope && format != Format::Json {
            problems.push("`envelope(false)` is for a json tool".to_owned());
        }
        let render = match &handler {
            None => {
                problems.push("a tool needs a handler: `.handler(|state, arguments, context| Box::pin(async move { … }))`".to_owned());
                None
            }
            Some((_, produce)) => match output::renderer(format, envelope, *produce) {
                Ok(render) => Some(render),
                Err(problem) => {
                    problems.push(problem);
                    None
                }
            },
        };
        let (Some((handler, produce)), Some(render), true) = (handler, render, problems.is_empty())
        else {
            return Err(DynamicToolError {
                tool: decl.name.to_string(),
                place: decl.location.to_string(),
                problems,
            });
        };
        // MCP annotations: the kind's, under the hints said
        if let Some(kind) = decl.kind {
            let (read_only, destructive, idempotent) = match kind {
                Kind::Read | Kind::State => (true, false, true),
                Kind::Action => (false, true, false),
            };
            let hints = &mut decl.annotations;
            hints.read_only = hints.read_only.or(Some(read_only));
            hints.destructive = hints.destructive.or(Some(destructive));
            hints.idempotent = hints.idempotent.or(Some(idempotent));
            hints.open_world = hints.open_world.or(Some(false));
        }
        let listed_output = output::output_schema(format, envelope, produce, output.as_ref());
        let expected = output.map(Arc::new);
        let (_, extra) = given::params_of(&input);
        let extra = Arc::new(extra);
        let reads = extra.clone();
        let invoke: Arc<Invoke<S>> = Arc::new(move |state, decl, reading, arguments, context| {
            let started = Instant::now();
            let caller = crate::context::caller::recorded(&context);
            match given::read(&reading.params, &extra, reading.ignore_unknown, arguments) {
                Ok(arguments) => {
                    let mut call = handler(state, arguments, context);
                    if let Some(expected) = &expected {
                        call = checked(call, expected.clone());
                    }
                    Box::pin(Guarded {
                        call,
                        render,
                        spec: decl,
                        started,
                        caller,
                    })
                }
                Err(problems) => refused(decl, reading, &problems, started, caller),
            }
        });
        let check: Arc<Check> = Arc::new(move |decl, reading, arguments| {
            let started = Instant::now();
            let problems =
                given::read(&reading.params, &reads, reading.ignore_unknown, arguments).err()?;
            Some(refusal(decl, reading, &problems, started, None))
        });
        Ok(ToolDef {
            decl: Arc::new(decl),
            described: Described::Given {
                input: Arc::new(input),
                output: listed_output.map(Arc::new),
            },
            format,
            envelope: format != Format::Text && envelope,
            invoke,
            check,
        })
    }
}

/// The handler's call, its value checked against the output schema the tool declared: one
/// that does not fit is a tool error naming each place, logged.
fn checked<'a>(
    call: BoxFuture<'a, Result<Produced, String>>,
    expected: Arc<Value>,
) -> BoxFuture<'a, Result<Produced, String>> {
    Box::pin(async move {
        let produced = call.await?;
        let problems = output::data_of(&produced)
            .map(|data| given::output_problems(&expected, &data))
            .unwrap_or_default();
        if problems.is_empty() {
            return Ok(produced);
        }
        tracing::error!(
            problems = problems.join("; "),
            "a tool declared at run time returned a value its output schema does not describe"
        );
        Err(format!(
            "the tool's result does not match its output schema: {}",
            problems.join("; ")
        ))
    })
}

/// Why a tool declared at run time could not be built ([`DynamicTool::build`]): the tool, where
/// it was declared, and each problem.
#[derive(Clone, PartialEq, Eq)]
pub struct DynamicToolError {
    tool: String,
    /// [`DynamicTool::declared_at`], or empty.
    place: String,
    problems: Vec<String>,
}

impl DynamicToolError {
    /// The name of the tool.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// Each problem, in words.
    pub fn problems(&self) -> impl Iterator<Item = &str> {
        self.problems.iter().map(String::as_str)
    }
}

impl fmt::Display for DynamicToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "the tool `{}`", self.tool)?;
        if !self.place.is_empty() {
            write!(f, " ({})", self.place)?;
        }
        f.write_str(" cannot be declared:")?;
        for problem in &self.problems {
            write!(f, "\n- {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DynamicToolError {}

debug_as_message!(DynamicToolError);
