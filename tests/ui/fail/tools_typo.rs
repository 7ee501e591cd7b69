mod handlers {
    /// Look up one user.
    #[toolshape::tool(format = "json")]
    pub fn get_user(id: u32) -> u32 {
        id
    }
}

use handlers::get_user;

fn main() {
    let _ = get_user;
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![get_usr]).unwrap();
}
