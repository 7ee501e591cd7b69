#[derive(schemars::JsonSchema)]
struct User {
    id: u32,
}

/// Look up one user by id.
#[toolshape::tool(format = "json")]
fn get_user(id: u32) -> User {
    User { id }
}

fn main() {
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![get_user]).unwrap();
}
