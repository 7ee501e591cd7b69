use toolshape::tool;

/// A text result has no envelope to leave out.
#[tool(format = "text", envelope = false)]
fn greeting() -> String {
    "hello".into()
}

/// A hybrid result keeps its narrative in its envelope.
#[tool(format = "hybrid", envelope = false)]
fn summary() -> toolshape::formats::Hybrid<u32> {
    toolshape::formats::Hybrid::new("One.", 1)
}

#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct Settings {
    pub mode: String,
}

/// Programs read a state tool's data from its envelope.
#[tool(format = "json", kind = "state", envelope = false)]
fn settings() -> Settings {
    Settings { mode: "auto".into() }
}

fn main() {}
