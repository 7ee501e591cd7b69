//! ONTAP storage administration tools on a simulated cluster, with generic undo. Stdio by
//! default, `--http [ADDR]` for streamable HTTP, and `--store redis://HOST:PORT/DB` after it
//! for the cluster, the undo journal and the tasks in Redis, shared by the server's
//! replicas; `--search` serves with tool search on (the listing holds the pinned tools,
//! `search_tools` and `call_tool`).
//!
//! Usage: `ontap [--http [ADDR] [--store redis://HOST:PORT/DB]] [--search]`; a malformed
//! command line exits with code 2.

use toolshape_examples::Args;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args = Args::from_env_or_exit("ontap", &["--search"]);
    let mut server = toolshape_examples::ontap::server_on(args.connect().await?.as_ref());
    if args.has("--search") {
        server = server.with_tool_search(toolshape_examples::ontap::tool_search());
    }
    args.serve(server).await
}
