use schemars::JsonSchema;
use serde::Serialize;
use toolshape::tool;

#[derive(Serialize, JsonSchema)]
struct VolumeSummary {
    count: usize,
    cluster: String,
}

/// Summarise the volumes of a cluster.
#[tool(format = "hybrid")]
fn summarise_volumes(
    /// The cluster's name.
    cluster: String,
) -> VolumeSummary {
    VolumeSummary { count: 3, cluster }
}

fn main() {}
