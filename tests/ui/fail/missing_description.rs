#[toolshape::tool(format = "json")]
fn get_user(id: u32) -> u32 {
    id
}

fn main() {}
