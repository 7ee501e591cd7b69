struct Report;

fn main() {
    let _ = Report;
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![Report]).unwrap();
}
