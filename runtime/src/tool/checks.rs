//! What the compiler checks in a tool's declaration.
//!
//! You never name these items: `#[tool]` and `tools![...]` generate code that uses them, so
//! that a declaration that does not fit is reported at your own tokens, by a message that
//! says what to change. They are public so that each such message names something you can
//! look up here.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::context::Context;
use crate::formats::Render;
use crate::tool::args::{self, DefaultValue, Defaulted, One, ParamList};
use crate::tool::def::{ToolDef, WithHandler};

/// A type a tool parameter can have: read from the call's JSON arguments with `serde`, and
/// described in the tool's input schema with `schemars`.
///
/// Implemented for every type that implements `serde::Deserialize` and
/// [`ParamSchema`] (that is, `schemars::JsonSchema`) and is `Send + 'static`: derive both on
/// your own types.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tool parameter: a parameter is read from JSON and described in the tool's input schema",
    label = "needs `serde::Deserialize` and `schemars::JsonSchema`",
    note = "add `#[derive(serde::Deserialize, schemars::JsonSchema)]` to the type (and to the types inside it); for a type of another crate, enable that crate's `serde` and `schemars` features, or wrap it in a type of yours"
)]
pub trait ToolParam: Sized + Send + 'static {
    /// The parameter's reading and description, for generated code.
    #[doc(hidden)]
    fn param() -> One<Self>;
}

impl<T> ToolParam for T
where
    // `Deserialize` itself rather than `DeserializeOwned`, so that serde's own hint
    // ("consider adding `#[derive(serde::Deserialize)]`") is the one shown.
    T: for<'de> Deserialize<'de> + ParamSchema + Send + 'static,
{
    #[inline]
    fn param() -> One<T> {
        args::param::<T>()
    }
}

/// A type with a JSON Schema, which a tool's input schema shows for a parameter of that
/// type: implemented for every `schemars::JsonSchema` type.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no JSON Schema, which the tool's input schema shows for this parameter",
    label = "needs `schemars::JsonSchema`",
    note = "add `#[derive(schemars::JsonSchema)]` to the type (and to the types inside it); for a type of another crate, enable that crate's `schemars` feature or wrap it in a type of yours"
)]
pub trait ParamSchema: JsonSchema {}

#[diagnostic::do_not_recommend]
impl<T: JsonSchema + ?Sized> ParamSchema for T {}

/// A type a parameter with a default (`#[arg(default)]`, `#[arg(default = ...)]`) can have:
/// a [`ToolParam`] that is also `serde::Serialize`, since the input schema shows the default.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a parameter with a default: the input schema shows the default, which needs `serde::Serialize`",
    label = "needs `serde::Serialize`, `serde::Deserialize` and `schemars::JsonSchema`",
    note = "add `#[derive(serde::Serialize, serde::Deserialize, schemars::JsonSchema)]` to the type, or remove the default"
)]
pub trait DefaultParam: Sized {
    /// The parameter with the default `D`, for generated code.
    #[doc(hidden)]
    fn with_default<D: DefaultValue<Self> + 'static>() -> One<Defaulted<Self, D>>;
}

#[diagnostic::do_not_recommend]
impl<T: ToolParam + Serialize + JsonSchema + for<'de> Deserialize<'de>> DefaultParam for T {
    #[inline]
    fn with_default<D: DefaultValue<T> + 'static>() -> One<Defaulted<T, D>> {
        args::param::<Defaulted<T, D>>()
    }
}

/// A type `#[arg(default)]` can give a parameter: one with a `Default` value. Implemented
/// for every `Default` type; for another, write the value: `#[arg(default = ...)]`.
#[diagnostic::on_unimplemented(
    message = "`#[arg(default)]` takes the `Default` value of `{Self}`, which has none",
    label = "`{Self}` does not implement `Default`",
    note = "add `#[derive(Default)]` to the type (or implement `Default` for it), or give the value itself: `#[arg(default = ...)]`"
)]
pub trait ParamDefault {
    /// The default value, for generated code.
    #[doc(hidden)]
    fn param_default() -> Self;
}

#[diagnostic::do_not_recommend]
impl<T: Default> ParamDefault for T {
    #[inline]
    fn param_default() -> T {
        T::default()
    }
}

/// The error type of a tool that returns `Result<T, E>`: its text is what the client reads
/// after `Error: `. Implemented for every `std::fmt::Display` type; `toolshape::ToolError`
/// is one.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tool's error: the client reads an error as text",
    label = "the error type of this result",
    note = "return an error type that implements `std::fmt::Display` (its text follows `Error: `): implement it for your own type, or use `toolshape::ToolError` or `String`"
)]
pub trait ErrorText {
    /// The error's text, for generated code.
    #[doc(hidden)]
    fn error_text(self) -> String;
}

#[diagnostic::do_not_recommend]
impl<E: std::fmt::Display> ErrorText for E {
    #[inline]
    fn error_text(self) -> String {
        self.to_string()
    }
}

/// What `#[tool]` implements, on a type named like the function, so that `tools![f]`
/// finds the tool of function `f` wherever `f` is imported or re-exported.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tool",
    label = "not declared with `#[tool]`",
    note = "`tools![...]` takes the paths of functions that carry `#[toolshape::tool(...)]`, and `Type::method` for a tool method"
)]
pub trait IsTool<S> {
    /// The tool, for a server whose state is `S`.
    fn def() -> ToolDef<S>;
}

/// What `tools![Type::method]` takes: the registration of a method that carries `#[tool]`.
#[diagnostic::on_unimplemented(
    message = "this method is not a tool",
    label = "no `#[tool]` on this method, or none on its `impl` block",
    note = "`tools![...]` takes `Type::method` for a method that carries `#[toolshape::tool(...)]` in an `impl` block that carries `#[toolshape::tool]`, and the paths of functions that carry `#[toolshape::tool(...)]`"
)]
pub trait MethodTool<S> {
    /// The tool.
    fn into_def(self) -> ToolDef<S>;
}

#[diagnostic::do_not_recommend]
impl<S> MethodTool<S> for ToolDef<S> {
    #[inline]
    fn into_def(self) -> ToolDef<S> {
        self
    }
}

/// What `tools![Type::method]` finds for a method without `#[tool]`: not a [`MethodTool`].
#[derive(Debug, Clone, Copy)]
pub struct NotAToolMethod;

/// Holds for every parameter type but the request's [`Context`], which a tool takes with
/// `#[context]` rather than from the client's arguments.
#[diagnostic::on_unimplemented(
    message = "the request's `Context` is given to a tool by `#[context]`, not read from the client's arguments",
    label = "mark this parameter `#[context]`"
)]
pub trait ParamNotContext {
    /// Nothing: the check is that this compiles.
    #[doc(hidden)]
    #[inline]
    fn check(self)
    where
        Self: Sized,
    {
    }
}

/// What a parameter of type [`Context`] is, for [`ParamNotContext`].
#[derive(Debug, Clone, Copy)]
pub struct IsContext;
/// What a parameter of any other type is.
#[derive(Debug, Clone, Copy)]
pub struct NotContext;

impl ParamNotContext for NotContext {}

/// Whether a parameter's type is the request's [`Context`]. Autoref-based method resolution
/// picks [`ProbeContext`] for `Probe<Context>` (found by value) before [`ProbeOther`] (found
/// through a reference), whatever path or alias names the type.
#[doc(hidden)]
pub struct Probe<T: ?Sized>(pub ::core::marker::PhantomData<T>);

/// Chosen for the request's context.
#[doc(hidden)]
pub trait ProbeContext {
    #[inline]
    fn context_kind(&self) -> IsContext {
        IsContext
    }
}
impl ProbeContext for Probe<Context> {}

/// Chosen for every other type.
#[doc(hidden)]
pub trait ProbeOther {
    #[inline]
    fn context_kind(&self) -> NotContext {
        NotContext
    }
}
impl<T: ?Sized> ProbeOther for &Probe<T> {}

/// What `#[tool(extend_schema = f)]` accepts as `f`'s return value: JSON Schema keywords.
#[diagnostic::on_unimplemented(
    message = "`extend_schema` takes a function that returns JSON Schema keywords, not `{Self}`",
    label = "returns `{Self}`",
    note = "return a `serde_json::Value` object (`json!({{\"anyOf\": [..]}})`) or a `schemars::Schema`"
)]
pub trait SchemaKeywords {
    /// The keywords as JSON.
    fn into_keywords(self) -> serde_json::Value;
}

impl SchemaKeywords for serde_json::Value {
    fn into_keywords(self) -> serde_json::Value {
        self
    }
}

impl SchemaKeywords for schemars::Schema {
    fn into_keywords(self) -> serde_json::Value {
        self.to_value()
    }
}

/// Whether a `#[tool(detail)]` tool's output has fields marked `#[text(detailed)]`: the
/// value of [`DetailOutput::DETAILED`](crate::formats::text::DetailOutput::DETAILED), as a
/// type, for [`LeavesSomethingOut`].
#[derive(Debug, Clone, Copy)]
pub struct DetailCheck<const DETAILED: bool>;

/// Holds for the output of a `#[tool(detail)]` tool whose text has something to leave out:
/// a field marked `#[text(detailed)]`, in the output or in a record inside it.
#[diagnostic::on_unimplemented(
    message = "`#[tool(detail)]` has nothing to leave out: no field of the output's text is marked `#[text(detailed)]`",
    label = "a concise answer would be the same as a detailed one",
    note = "mark the fields a model seldom needs (ids for follow-up calls, exact sizes) with `#[text(detailed)]`, or remove `detail`"
)]
pub trait LeavesSomethingOut {
    /// Nothing: the check is that this compiles.
    #[doc(hidden)]
    #[inline]
    fn check() {}
}

#[diagnostic::do_not_recommend]
impl LeavesSomethingOut for DetailCheck<true> {}

/// The format of a tool whose function returns `T` (or `Result<T, E>`): `format = "json"`,
/// `"text"` or `"hybrid"` of `#[tool]`, which must be able to render `T` (see [`Render`]).
pub trait OutputFormat<T> {
    /// Completes the tool, for generated code.
    #[doc(hidden)]
    fn finish<S, L>(self, step: WithHandler<S, L, T, String>) -> ToolDef<S>
    where
        S: Send + Sync + 'static,
        L: ParamList;
}

impl<T: Send + 'static, F: Render<T>> OutputFormat<T> for F {
    #[inline]
    fn finish<S, L>(self, step: WithHandler<S, L, T, String>) -> ToolDef<S>
    where
        S: Send + Sync + 'static,
        L: ParamList,
    {
        step.format(self)
    }
}
