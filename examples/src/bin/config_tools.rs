//! Tools read from a JSON file at start-up (`ToolDef::dynamic`, no `#[tool]`), served over
//! stdio by default, `--http [ADDR]` for streamable HTTP at `http://ADDR/mcp` (`ADDR`
//! defaults to `127.0.0.1:8080`). `--tools PATH` names the file; `examples/tools.json` by
//! default. A tool the file describes badly (a malformed schema, a missing description)
//! stops the server before it serves, with an error naming the tool and the place.
//!
//! Usage: `config_tools [--tools PATH] [--http [ADDR]]`

use toolshape::Server;
use toolshape_examples::config_tools::{SAMPLE, load};
use toolshape_examples::{Args, Error, Flags};

const USAGE: &str = "usage: config_tools [--tools PATH] [--http [ADDR]]";

fn main() -> Result<(), Error> {
    let flags = Flags {
        options: &["--tools"],
        ..Flags::default()
    };
    let args =
        Args::parse_flags(std::env::args().skip(1), &flags).map_err(|e| format!("{e}; {USAGE}"))?;
    if args.store.is_some() {
        return Err(format!(
            "config_tools keeps its tables in memory: it takes no `--store`; {USAGE}"
        )
        .into());
    }
    toolshape_examples::init_logging();
    let path = args.option("--tools").unwrap_or(SAMPLE);
    let (tools, tables) = load(path).map_err(|error| error.to_string())?;
    let server = Server::new(tables, tools).with_info(toolshape::rmcp::model::Implementation::new(
        "toolshape-config-tools",
        env!("CARGO_PKG_VERSION"),
    ));
    tokio::runtime::Runtime::new()?.block_on(async {
        match &args.http {
            None => server.serve_stdio().await,
            Some(addr) => server.serve_http(addr.as_str()).await,
        }
    })
}
