//! The tour's tools as a server: stdio by default, `--http [ADDR]` for streamable HTTP at
//! `http://ADDR/mcp` (`ADDR` defaults to `127.0.0.1:8080`).

use toolshape::Server;
use toolshape_examples::quickstart::{Directory, toolset};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    // Logs go to stderr: over stdio, stdout carries the protocol.
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();

    let server = Server::new(Directory::default(), toolset())
        .with_info("toolshape-quickstart", env!("CARGO_PKG_VERSION"));

    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => server.serve_stdio().await,
        [flag] if flag == "--http" => server.serve_http("127.0.0.1:8080").await,
        [flag, addr] if flag == "--http" => server.serve_http(addr.as_str()).await,
        _ => Err("usage: quickstart [--http [ADDR]]".into()),
    }
}
