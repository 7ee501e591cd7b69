use toolshape::{ToolSet, tool, tools};

pub struct Plain {
    pub id: u64,
}

/// Get one.
#[tool(format = "text")]
fn get() -> Plain {
    Plain { id: 1 }
}

fn main() {
    let _ = ToolSet::<()>::new(tools![get]);
}
