//! Errors a tool returns, and errors in assembling a tool set.

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

/// Two tools with the same name were added to one [`ToolSet`](crate::ToolSet).
///
/// Its message names both declarations, with their Rust paths and source locations.
#[derive(Clone, PartialEq, Eq)]
pub struct DuplicateTool {
    /// The tool name both declare.
    pub name: String,
    /// The declaration already in the set: Rust path and `file:line`.
    pub first: String,
    /// The declaration being added: Rust path and `file:line`.
    pub second: String,
}

impl fmt::Display for DuplicateTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "two tools are named `{}`: {} and {}; give one of them another name with `#[tool(name = \"...\")]`",
            self.name, self.first, self.second
        )
    }
}

impl std::error::Error for DuplicateTool {}

debug_as_message!(DuplicateTool);
