//! The example servers' shared parts: the tour's tools and command-line handling.
//!
//! Every example server is a binary in `src/bin/` that speaks MCP over stdio, or over
//! streamable HTTP with `--http ADDR` (loopback by default).

pub mod charts;
pub mod conformance;
pub mod models;
pub mod ontap;
pub mod otlp;
pub mod png;
pub mod quickstart;
pub mod users;

use toolshape::rmcp::ServerHandler;
use toolshape::serve;

/// An example's error: a malformed command line, a server or an exporter that failed.
pub type Error = serve::Error;

/// Serves `server` as the command line asks: stdio by default, or `--http [ADDR]` for
/// streamable HTTP at `http://ADDR/mcp` (`ADDR` defaults to `127.0.0.1:8080`).
///
/// Logs go to stderr (stdout carries the protocol over stdio); `RUST_LOG` filters them.
///
/// # Errors
/// When the command line is malformed or the server fails.
pub async fn serve_from_args<H: ServerHandler + Clone>(server: H) -> Result<(), serve::Error> {
    serve_with_args(server, std::env::args().skip(1)).await
}

/// [`serve_from_args`] for a server that reads flags of its own first: `args` are the
/// command-line arguments left once it took its own (without the program name), so
/// nothing, or `--http [ADDR]`.
///
/// # Errors
/// When the arguments are malformed or the server fails.
pub async fn serve_with_args<H: ServerHandler + Clone>(
    server: H,
    args: impl IntoIterator<Item = String>,
) -> Result<(), serve::Error> {
    init_logging();
    let mut args = args.into_iter();
    match args.next().as_deref() {
        None => serve::stdio(server).await,
        Some("--http") => {
            let addr = args.next().unwrap_or_else(|| "127.0.0.1:8080".to_owned());
            serve::http(server, addr).await
        }
        Some(other) => Err(format!("unknown argument `{other}`; usage: [--http [ADDR]]").into()),
    }
}

/// Sends logs to stderr (stdout carries the protocol over stdio), filtered by `RUST_LOG`
/// (default `info`). Safe to call more than once: for a server that logs before serving.
pub fn init_logging() {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(log_filter())
        .try_init();
}

/// `RUST_LOG`, or `info`.
fn log_filter() -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"))
}
