use schemars::JsonSchema;
use serde::Serialize;
use toolshape::{ToolText, tool};

#[derive(Serialize, JsonSchema, ToolText)]
struct Volume {
    name: String,
    uuid: String,
}

/// List the volumes.
#[tool(format = "json", detail)]
fn list_volumes() -> Vec<Volume> {
    Vec::new()
}

fn main() {}
