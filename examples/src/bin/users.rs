//! ADR-002's user service with `format = "text"` tools: stdio by default, `--http [ADDR]`
//! for streamable HTTP. In memory for now.

use toolshape::Server;
use toolshape_examples::users::{UserStore, toolset};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Server::new(UserStore::default(), toolset())
        .with_info("toolshape-users", env!("CARGO_PKG_VERSION"));
    toolshape_examples::serve_from_args(server).await
}
