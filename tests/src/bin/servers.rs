//! The example servers the tests start as child processes, in one binary (one link instead of
//! one per server): `servers NAME [ARGS]`, where `NAME` is
//!
//! - `quickstart`: the quickstart tools over stdio (or `--http ADDR`), for the transport tests
//!   that talk to a server through real pipes;
//! - `search`: the same with tool search on (`get_user_by_id` pinned), for the Python SDK's
//!   tool-search checks;
//! - `users`: the users example, with its own command line
//!   (`--http ADDR --issuer URL --audience URL [--jwks URL]`), for the OAuth tests.

use toolshape::Server;
use toolshape::rmcp::model::Implementation;
use toolshape::search::ToolSearch;
use toolshape_examples::quickstart::{Directory, toolset};

const USAGE: &str = "usage: servers quickstart|search|users [ARGS]";

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut args = std::env::args().skip(1);
    let name = args.next().ok_or(USAGE)?;
    let quickstart = |name: &str| {
        Server::new(Directory::default(), toolset())
            .with_info(Implementation::new(name, env!("CARGO_PKG_VERSION")))
    };
    match name.as_str() {
        "quickstart" => {
            toolshape_examples::serve_with_args(quickstart("toolshape-quickstart"), args).await
        }
        "search" => {
            let server = quickstart("toolshape-search")
                .with_tool_search(ToolSearch::new().pin(["get_user_by_id"]));
            toolshape_examples::serve_with_args(server, args).await
        }
        "users" => toolshape_examples::users::run(args).await,
        other => Err(format!("unknown server `{other}`; {USAGE}").into()),
    }
}
