/// Look up one user.
#[toolshape::tool(format = "json", title = "", version = " ")]
fn get_user(
    #[arg(description = "")]
    id: u32,
) -> u32 {
    id
}

fn main() {}
