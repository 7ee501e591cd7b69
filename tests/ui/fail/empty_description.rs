/// Delete a user.
#[toolshape::tool(format = "json", kind = "action", description = "")]
fn delete_user(id: u32) -> u32 {
    id
}

fn main() {}
