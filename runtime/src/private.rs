//! The one door generated code uses into this crate. Not a public API: it changes with every
//! release, which is why `toolshape` pins `toolshape-macros` to its exact version.

pub use crate::apps::BUILTIN_VIEW;
pub use crate::context::Context;
pub use crate::formats::narrative::Narrative;
pub use crate::formats::text::Text;
pub use crate::formats::text::markers::Confirmed;
pub use crate::formats::text::{Detail, DetailOutput, WithDetail};
pub use crate::formats::{HybridFormat, HybridText, Json, JsonDetailed, PlainJson};
pub use crate::tool::args::{
    ArgProblem, BorrowedParam, Constraints, DefaultValue, Defaulted, One, ParamInfo, ParamList,
    ParamSpec, param,
};
pub use crate::tool::checks::{DetailCheck, Probe, ProbeContext, ProbeOther};
pub use crate::tool::def::ToolDef;
pub use crate::tool::spec::{
    Annotations, BoxFuture, IconSpec, Kind, TaskSupport, ToolSpec, is_tool_name,
};
pub use crate::tool::state::Provides;
pub use ::std::boxed::Box;
pub use ::std::string::String;

pub use toolshape_macros::skills;
pub use toolshape_macros::tools;

/// `serde_json::Value`, for the type of `ToolSpec::extend_schema` in generated code.
pub type JsonValue = serde_json::Value;

/// What generated `ToolText` code uses.
pub mod text {
    pub use crate::formats::text::writer::write_record;
    pub use crate::formats::text::{
        ByteUnits, CompactHeader, CompactRow, Datum, Escaped, Missing, Noun, RecordWriter,
        RowWriter, TextField, TextRecord, TextScalar, ToolText, ValueFormat,
    };
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
