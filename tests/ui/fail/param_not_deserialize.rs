#[derive(schemars::JsonSchema)]
struct Filter {
    name: String,
}

/// Search users.
#[toolshape::tool(format = "json")]
fn search(filter: Filter) -> Vec<String> {
    vec![filter.name]
}

fn main() {
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![search]).unwrap();
}
