//! The one door generated code uses into this crate. Not a public API: it changes with every
//! release, which is why `toolshape` pins `toolshape-macros` to its exact version.

pub use crate::call::args::{
    ArgProblem, BorrowedParam, Constraints, DefaultValue, Defaulted, One, ParamInfo, ParamList,
    ParamSpec, param,
};
pub use crate::call::context::Context;
pub use crate::call::spec::{Annotations, BoxFuture, IconSpec, Kind, TaskSupport, ToolSpec};
pub use crate::call::state::Provides;
pub use crate::call::tool::ToolDef;
pub use crate::formats::narrative::Narrative;
pub use crate::formats::text::{Confirmed, Text};
pub use crate::formats::{HybridFormat, Json, PlainJson, Sealed};
pub use ::std::boxed::Box;
pub use ::std::string::String;

pub use toolshape_macros::tools;

/// Whether `name` is a tool name MCP allows: 1 to 128 characters from `A-Z a-z 0-9 _ - .`.
/// For `#[tool(name = CONSTANT)]`, checked where the compiler evaluates the constant.
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

/// `serde_json::Value`, for the type of `ToolSpec::extend_schema` in generated code.
pub type JsonValue = serde_json::Value;

/// What generated `ToolText` code uses.
pub mod text {
    pub use crate::formats::text::{
        ByteUnits, Escaped, Missing, Noun, RecordWriter, RowWriter, TextField, TextRecord,
        TextScalar, ToolText, ValueFormat, write_record,
    };
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
    label = "not declared with `#[tool]`",
    note = "`tools![...]` takes `Type::method` for a method that carries `#[toolshape::tool(...)]`, and the paths of functions that do"
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

/// What `tools![Type::method]` finds for a method without `#[tool]`.
pub struct NotAToolMethod;

/// The tool of method `M` (whose path is passed so that rustc reports a path that names no
/// method), or the error that it is none.
#[inline]
pub fn method_tool<S, M, D: MethodTool<S>>(_method: &M, def: D) -> ToolDef<S> {
    def.into_def()
}

/// Marks a tool whose function returns `Result<T, E>`.
pub struct IsResult;
/// Marks a tool whose function returns a plain `T`.
pub struct IsValue;

/// Chosen (by autoref-based method resolution) for a returned `Result`, whatever alias
/// names it.
pub trait ResultKind {
    #[inline]
    fn kind_of_returned(&self) -> IsResult {
        IsResult
    }
}
impl<T, E> ResultKind for ::core::result::Result<T, E> {}

/// Chosen for every other returned type.
pub trait ValueKind {
    #[inline]
    fn kind_of_returned(&self) -> IsValue {
        IsValue
    }
}
impl<T: ?Sized> ValueKind for &T {}

impl IsResult {
    #[inline]
    pub fn into_result<T, E>(
        self,
        result: ::core::result::Result<T, E>,
    ) -> ::core::result::Result<T, E> {
        result
    }
}

impl IsValue {
    #[inline]
    pub fn into_result<T>(
        self,
        value: T,
    ) -> ::core::result::Result<T, ::core::convert::Infallible> {
        ::core::result::Result::Ok(value)
    }
}

/// Whether a parameter's type is the request's [`Context`], for the hint a `Context`
/// parameter without `#[context]` gets. Autoref-based method resolution picks
/// [`ProbeContext`] for `Probe<Context>` (found by value) before [`ProbeOther`] (found
/// through a reference), whatever path or alias names the type.
pub struct Probe<T: ?Sized>(pub ::core::marker::PhantomData<T>);

/// The parameter's type is the request's context.
pub struct IsContext;
/// The parameter's type is anything else.
pub struct NotContext;

/// Chosen for the request's context.
pub trait ProbeContext {
    #[inline]
    fn context_kind(&self) -> IsContext {
        IsContext
    }
}
impl ProbeContext for Probe<Context> {}

/// Chosen for every other type.
pub trait ProbeOther {
    #[inline]
    fn context_kind(&self) -> NotContext {
        NotContext
    }
}
impl<T: ?Sized> ProbeOther for &Probe<T> {}

/// Holds for every parameter type but the request's context.
#[diagnostic::on_unimplemented(
    message = "the request's `Context` is given to a tool by `#[context]`, not read from the client's arguments",
    label = "mark this parameter `#[context]`"
)]
pub trait ParamNotContext {}
impl ParamNotContext for NotContext {}

/// Fails to compile, with the hint, for a `Context` parameter without `#[context]`.
#[inline]
pub fn not_context<K: ParamNotContext>(_kind: K) {}

/// Facts of a call of `spec` starting now, for benchmarks and tests of a [`Render`](crate::Render)
/// alone; tools get theirs from the runtime.
pub fn call_facts(spec: &ToolSpec) -> crate::CallFacts<'_> {
    crate::CallFacts::starting_now(spec)
}
