/// Add.
#[toolshape::tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Negate.
#[toolshape::tool(format = "json")]
fn neg(a: i64) -> i64 {
    -a
}

fn main() {
    let _: toolshape::ToolSet<()> =
        toolshape::ToolSet::new(toolshape::tools![add, neg, add]).unwrap();
}
