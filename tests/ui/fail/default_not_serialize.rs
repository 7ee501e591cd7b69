#[derive(Default, serde::Deserialize, schemars::JsonSchema)]
struct Filter {
    name: String,
}

/// Search.
#[toolshape::tool(format = "json")]
fn search(#[arg(default)] filter: Filter) -> String {
    filter.name
}

fn main() {}
