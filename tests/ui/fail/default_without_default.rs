#[derive(serde::Deserialize, serde::Serialize, schemars::JsonSchema)]
struct Filter {
    owner: String,
}

/// List the issues.
#[toolshape::tool(format = "json")]
fn list(
    /// Which issues.
    #[arg(default)]
    filter: Filter,
) -> String {
    filter.owner
}

fn main() {}
