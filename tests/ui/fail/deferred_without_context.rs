/// Rebuild the search index; may take minutes.
#[toolshape::tool(format = "json", kind = "action", task = "deferred")]
async fn rebuild_index(
    /// The index to rebuild.
    index: String,
) -> String {
    index
}

fn main() {}
