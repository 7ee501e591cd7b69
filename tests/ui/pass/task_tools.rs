//! `task = ...` on every kind of tool: a sync function, an async one, a `&self` method with
//! the state, and a deferred tool that goes on as a task after its question.

use toolshape::{Context, tool::TaskSupport, ToolError};

/// Count to a number (sync, as a task when the client can).
#[toolshape::tool(format = "json", task = "optional")]
fn count(
    /// How far to count.
    to: u32,
) -> u32 {
    (0..to).count() as u32
}

/// Rebuild everything (only as a task).
#[toolshape::tool(format = "text", task = "required")]
async fn rebuild() -> String {
    "rebuilt".to_owned()
}

struct Index;

#[toolshape::tool]
impl Index {
    /// Reindex one collection (a method, as a task when the client can).
    #[toolshape::tool(format = "text", task = "optional", kind = "action")]
    async fn reindex(&self, collection: String) -> String {
        format!("reindexed {collection}")
    }
}

/// Purge after asking.
#[toolshape::tool(format = "text", task = "deferred")]
async fn purge(#[context] cx: Context) -> Result<String, ToolError> {
    cx.continue_as_task().await;
    Ok("purged".to_owned())
}

pub fn main() {
    let set: toolshape::ToolSet<Index> =
        toolshape::ToolSet::new(toolshape::tools![count, rebuild, Index::reindex, purge]).unwrap();
    let task = |name| set.info(name).unwrap().task();
    assert_eq!(task("count"), TaskSupport::Optional);
    assert_eq!(task("rebuild"), TaskSupport::Required);
    assert_eq!(task("reindex"), TaskSupport::Optional);
    assert_eq!(task("purge"), TaskSupport::Deferred);
}
