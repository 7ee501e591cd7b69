//! The tour's tools as a server: stdio by default, `--http [ADDR]` for streamable HTTP.

use toolshape::Server;
use toolshape_examples::quickstart::{Directory, toolset};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Server::new(Directory::default(), toolset())
        .with_info("toolshape-quickstart", env!("CARGO_PKG_VERSION"));
    toolshape_examples::serve_from_args(server).await
}
