#[derive(Debug)]
struct NotFound;

/// Look up one user by id.
#[toolshape::tool(format = "json")]
fn get_user(id: u32) -> Result<u32, NotFound> {
    if id == 0 { Err(NotFound) } else { Ok(id) }
}

fn main() {
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![get_user]).unwrap();
}
