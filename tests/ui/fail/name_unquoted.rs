/// Look up one user.
#[toolshape::tool(format = "json", name = get_user)]
fn lookup(id: u32) -> u32 {
    id
}

fn main() {}
