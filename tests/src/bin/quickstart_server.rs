//! The quickstart tools served over stdio (or `--http ADDR`), built with this package so that
//! its transport tests can start it as a child process and talk to it through real pipes.

use toolshape::Server;
use toolshape_examples::quickstart::{Directory, toolset};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Server::new(Directory::default(), toolset()).with_info(
        toolshape::rmcp::model::Implementation::new(
            "toolshape-quickstart",
            env!("CARGO_PKG_VERSION"),
        ),
    );
    toolshape_examples::serve_from_args(server).await
}
