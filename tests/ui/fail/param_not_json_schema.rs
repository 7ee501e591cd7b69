#[derive(serde::Deserialize)]
struct Filter {
    owner: String,
}

/// List the issues.
#[toolshape::tool(format = "json")]
fn list(filter: Option<Filter>) -> String {
    filter.map(|f| f.owner).unwrap_or_default()
}

fn main() {}
