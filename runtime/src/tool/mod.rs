//! A declared tool, from the client's arguments to the tool's value: the arguments parsed into
//! typed parameters and the input schema (`args`), what a tool is (`spec`: [`Kind`],
//! [`TaskSupport`]), the tool as a value with its type-erased call (`def`: [`ToolDef`]), a tool
//! declared at run time from a schema and a handler over JSON (`dynamic`: [`DynamicTool`]), the
//! state it borrows (`state`: [`Provides`]), and what the compiler checks in its declaration
//! ([`checks`]).

pub(crate) mod args;
// also `toolshape::checks`, where generated code names it; not `doc(hidden)` here: a hidden
// path makes rustc print every check's full path in its messages
pub mod checks;
pub(crate) mod def;
pub(crate) mod dynamic;
pub(crate) mod spec;
pub(crate) mod state;

pub use args::BorrowedParam;
pub use def::ToolDef;
pub use dynamic::{DynamicOutput, DynamicTool, DynamicToolError};
pub use spec::{BoxFuture, Kind, TOOL_META_KEY, TaskSupport};
pub use state::Provides;
