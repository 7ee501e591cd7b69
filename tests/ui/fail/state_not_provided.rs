struct Db;
struct App;

/// Count users.
#[toolshape::tool(format = "json")]
fn count(#[state] db: &Db) -> u32 {
    let _ = db;
    0
}

fn main() {
    let _: toolshape::ToolSet<App> = toolshape::ToolSet::new(toolshape::tools![count]).unwrap();
}
