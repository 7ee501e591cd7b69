/// A user.
#[toolshape::tool(format = "json")]
struct User {
    id: u32,
}

fn main() {}
