use toolshape::{ToolText, tool};

#[derive(ToolText)]
struct User {
    name: String,
}

/// Look up one user.
#[tool(format = "text")]
fn find_user(
    /// The user's name.
    name: String,
) -> Option<User> {
    Some(User { name })
}

fn main() {}
