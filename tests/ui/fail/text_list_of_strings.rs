use toolshape::{ToolSet, tool, tools};

/// The directories this server may read.
#[tool(format = "text")]
fn list_allowed_directories() -> Vec<String> {
    vec!["/srv/data".to_owned()]
}

fn main() {
    let _ = ToolSet::<()>::new(tools![list_allowed_directories]);
}
