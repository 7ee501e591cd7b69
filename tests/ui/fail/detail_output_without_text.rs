use schemars::JsonSchema;
use serde::Serialize;
use toolshape::tool;

#[derive(Serialize, JsonSchema)]
struct Volume {
    name: String,
}

/// List the volumes.
#[tool(format = "json", detail)]
fn list_volumes() -> Vec<Volume> {
    Vec::new()
}

fn main() {}
