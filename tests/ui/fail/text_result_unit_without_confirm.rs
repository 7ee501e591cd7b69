use toolshape::{ToolError, ToolSet, tool, tools};

/// Delete everything.
#[tool(format = "text")]
fn delete_all() -> Result<(), ToolError> {
    Ok(())
}

fn main() {
    let _ = ToolSet::<()>::new(tools![delete_all]);
}
