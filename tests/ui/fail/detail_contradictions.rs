use schemars::JsonSchema;
use serde::Serialize;
use toolshape::{ToolText, tool};

#[derive(Serialize, JsonSchema, ToolText)]
struct Volume {
    name: String,
    #[text(detailed)]
    uuid: String,
}

/// Creates a volume.
#[tool(format = "text", confirm = "Volume created", detail)]
fn create_volume() -> Volume {
    Volume { name: "vol1".into(), uuid: "b6f2".into() }
}

/// List the volumes.
#[tool(format = "json", envelope = false, detail)]
fn list_plain() -> Vec<Volume> {
    Vec::new()
}

/// List the volumes.
#[tool(format = "text", data = "text")]
fn list_text() -> Vec<Volume> {
    Vec::new()
}

/// List the volumes.
#[tool(format = "text", detail)]
fn list_formatted(
    /// How to format the list.
    response_format: String,
) -> Vec<Volume> {
    let _ = response_format;
    Vec::new()
}

fn main() {}
