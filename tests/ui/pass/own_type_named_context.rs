//! A parameter of the user's own type named `Context` is read from the arguments like any
//! other: the hint for a `Context` without `#[context]` is only for toolshape's.

use schemars::JsonSchema;
use serde::Deserialize;

mod app {
    /// What the caller is working on.
    #[derive(serde::Deserialize, schemars::JsonSchema)]
    pub struct Context {
        /// The project's name.
        pub project: String,
    }
}

/// A label the caller chose.
#[derive(Deserialize, JsonSchema)]
pub struct Context {
    /// The label.
    pub label: String,
}

/// Describe the caller's context.
#[toolshape::tool(format = "json")]
fn describe(context: Context, other: app::Context) -> String {
    format!("{} in {}", context.label, other.project)
}

pub fn main() {
    let set: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![describe]).unwrap();
    let tool = &set.list()[0];
    let properties = tool.input_schema.get("properties").unwrap();
    assert!(properties.get("context").is_some() && properties.get("other").is_some());
}
