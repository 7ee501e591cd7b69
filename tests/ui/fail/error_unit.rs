/// Get a count.
#[toolshape::tool(format = "json")]
fn count(id: u32) -> Result<u32, ()> {
    Ok(id)
}

fn main() {}
