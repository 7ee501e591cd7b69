//! The quickstart tools served with tool search on (`get_user_by_id` pinned) over stdio (or
//! `--http ADDR`), built with this package so that the Python SDK's tool-search checks can
//! start it as a child process.

use toolshape::Server;
use toolshape::search::ToolSearch;
use toolshape_examples::quickstart::{Directory, toolset};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Server::new(Directory::default(), toolset())
        .with_info(toolshape::rmcp::model::Implementation::new(
            "toolshape-search",
            env!("CARGO_PKG_VERSION"),
        ))
        .with_tool_search(ToolSearch::new().pin(["get_user_by_id"]));
    toolshape_examples::serve_from_args(server).await
}
