use std::rc::Rc;

/// Count slowly.
#[toolshape::tool(format = "json")]
async fn count() -> u32 {
    let shared = Rc::new(1);
    tokio::task::yield_now().await;
    *shared
}

fn main() {
    let _: toolshape::ToolSet<()> = toolshape::ToolSet::new(toolshape::tools![count]).unwrap();
}
