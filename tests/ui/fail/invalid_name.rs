/// Look up one user by id.
#[toolshape::tool(format = "json", name = "get user")]
fn get_user(id: u32) -> u32 {
    id
}

fn main() {}
