use toolshape::{ToolSet, tool, tools};

/// Look up one user.
#[tool(format = "json")]
fn get_user(id: u32) -> u32 {
    id
}

/// List the users.
#[tool(format = "json")]
fn list_users() -> Vec<u32> {
    Vec::new()
}

fn main() {
    let _ = ToolSet::<()>::new(tools![get_user(), &list_users]);
}
