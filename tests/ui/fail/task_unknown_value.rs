/// Rebuild the index.
#[toolshape::tool(format = "text", task = "requierd")]
async fn rebuild() -> String {
    "done".to_owned()
}

/// Rebuild the index, in the background.
#[toolshape::tool(format = "text", task = "background")]
async fn rebuild_later() -> String {
    "done".to_owned()
}

/// Rebuild the index, as a task.
#[toolshape::tool(format = "text", task = true)]
async fn rebuild_flag() -> String {
    "done".to_owned()
}

/// Rebuild the index, as a task.
#[toolshape::tool(format = "text", task = optional)]
async fn rebuild_bare() -> String {
    "done".to_owned()
}

fn main() {}
