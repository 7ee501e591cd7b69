/// Not annotated.
fn helper() -> u32 {
    1
}

fn main() {
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![helper]).unwrap();
}
