#[derive(schemars::JsonSchema)]
struct Filter {
    name: String,
}

#[derive(serde::Deserialize)]
struct Page {
    size: u32,
}

/// Search users.
#[toolshape::tool(format = "json")]
fn search(query: String, filter: Filter, page: Page) -> Vec<String> {
    vec![query, filter.name, page.size.to_string()]
}

fn main() {}
