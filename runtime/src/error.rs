//! Errors a tool returns, the error of calling one tool from inside another, and errors in
//! assembling a tool set.

use std::fmt;

/// An error a tool returns to its caller: `Err(ToolError)` becomes a result with
/// `isError: true` and the text `Error: <message>`.
///
/// Any error type that implements [`Display`](fmt::Display) works as a tool's `E`; this one
/// is for tools that have no error type of their own.
///
/// ```
/// use toolshape::ToolError;
/// let error = ToolError::new(format!("User with ID {} not found", 7));
/// assert_eq!(error.to_string(), "User with ID 7 not found");
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct ToolError {
    message: String,
}

impl ToolError {
    /// An error with this message, shown to the caller after `Error: `.
    pub fn new(message: impl Into<String>) -> Self {
        ToolError {
            message: message.into(),
        }
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ToolError {}

debug_as_message!(ToolError);

impl From<String> for ToolError {
    fn from(message: String) -> Self {
        ToolError::new(message)
    }
}

impl From<&str> for ToolError {
    fn from(message: &str) -> Self {
        ToolError::new(message)
    }
}

/// Why a tool could not be called from inside the server, by a tool
/// ([`Context::call_tool`](crate::Context::call_tool)) or a layer
/// ([`Next::call_tool`](crate::layer::Next::call_tool)): no server serves the call, the
/// arguments are not an object, no tool has the name, or the protocol refused the call. A
/// failure of the called tool itself is not one: it is the result, with `isError: true`.
///
/// One type for both, converting into what each returns: `?` in a tool makes it a
/// [`ToolError`] (`cannot call the tool `name`: …`), `?` in a layer the protocol's error.
///
/// ```
/// use toolshape::{error::CallError, ToolError};
/// # fn error() -> CallError { CallError::new("add", rmcp::ErrorData::invalid_params("no tool is named `add`", None)) }
/// let error: CallError = error();
/// assert_eq!(error.tool(), "add");
/// assert_eq!(ToolError::from(error).message(), "cannot call the tool `add`: no tool is named `add`");
/// ```
#[derive(Clone)]
pub struct CallError {
    tool: String,
    error: rmcp::ErrorData,
}

impl CallError {
    /// The call of `tool` refused with the protocol's `error`.
    pub fn new(tool: impl Into<String>, error: rmcp::ErrorData) -> Self {
        CallError {
            tool: tool.into(),
            error,
        }
    }

    /// The tool that was called.
    pub fn tool(&self) -> &str {
        &self.tool
    }

    /// The protocol's error, as a client calling the tool would have received it.
    pub fn error(&self) -> &rmcp::ErrorData {
        &self.error
    }
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "cannot call the tool `{}`: {}",
            self.tool, self.error.message
        )
    }
}

impl std::error::Error for CallError {}

debug_as_message!(CallError);

impl From<CallError> for ToolError {
    fn from(error: CallError) -> Self {
        ToolError::new(error.to_string())
    }
}

impl From<CallError> for rmcp::ErrorData {
    fn from(error: CallError) -> Self {
        error.error
    }
}

/// Two tools with the same name were added to one [`ToolSet`](crate::ToolSet), or met when
/// two sets were combined ([`ToolSet::merge`](crate::ToolSet::merge),
/// [`ToolSet::nest`](crate::ToolSet::nest)).
///
/// Its message names both tools: where each was declared (a `#[tool]`'s Rust path and source
/// location; for a tool declared at run time, where it came from) and the prefix it was nested
/// under, if any.
#[derive(Clone, PartialEq, Eq)]
pub struct DuplicateTool {
    /// The tool name both declare.
    pub name: String,
    /// The tool already in the set: where it was declared.
    pub first: String,
    /// The tool being added: where it was declared.
    pub second: String,
}

impl fmt::Display for DuplicateTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two tools are named `{}`: {} and {}; give one of them another name \
             (`#[tool(name = \"...\")]`), or nest one's set under a prefix (`ToolSet::nest`)",
            self.name, self.first, self.second
        )
    }
}

impl std::error::Error for DuplicateTool {}

debug_as_message!(DuplicateTool);
