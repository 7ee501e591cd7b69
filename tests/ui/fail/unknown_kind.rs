/// Delete a user.
#[toolshape::tool(format = "json", kind = "write")]
fn delete_user(id: u32) -> bool {
    id > 0
}

fn main() {}
