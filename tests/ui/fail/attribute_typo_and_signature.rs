#[derive(schemars::JsonSchema)]
struct Filter {
    name: String,
}

/// Search users.
#[toolshape::tool(format = "json", titel = "Search")]
fn search(filter: Filter) -> Vec<String> {
    vec![filter.name]
}

/// Add two numbers.
#[toolshape::tool(format = "json", kind = "reed")]
fn add((a, b): (i64, i64)) -> i64 {
    a + b
}

fn main() {
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![search]).unwrap();
}
