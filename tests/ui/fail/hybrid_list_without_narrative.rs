use schemars::JsonSchema;
use serde::Serialize;
use toolshape::tool;

#[derive(Serialize, JsonSchema)]
struct Volume {
    name: String,
}

/// List the volumes of a cluster.
#[tool(format = "hybrid")]
fn list_volumes(
    /// The cluster's name.
    cluster: String,
) -> Vec<Volume> {
    vec![Volume { name: cluster }]
}

fn main() {}
