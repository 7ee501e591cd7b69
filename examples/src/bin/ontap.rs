//! ONTAP storage administration tools on a simulated cluster, with generic undo. Stdio by
//! default, `--http [ADDR]` for streamable HTTP, and `--store redis://HOST:PORT/DB` after it
//! for the cluster, the undo journal and the tasks in Redis, shared by the server's
//! replicas; `--search` serves with tool search on (the listing holds the pinned tools, the
//! tools with an MCP Apps view, `search_tools` and `call_tool`); `--code-mode` (built with the feature `code`) lists
//! `execute` too, which runs a Python script of tool calls in a sandbox, alone (every tool,
//! `call_tool` and `execute`) or with `--search`.
//!
//! Usage: `ontap [--http [ADDR] [--store redis://HOST:PORT/DB]] [--search] [--code-mode]`; a
//! malformed command line exits with code 2.

use toolshape_examples::Args;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args = Args::from_env_or_exit("ontap", &["--search", "--code-mode"]);
    let mut server = toolshape_examples::ontap::server_on(args.connect().await?.as_ref());
    let search = args
        .has("--search")
        .then(toolshape_examples::ontap::tool_search);
    if args.has("--code-mode") {
        #[cfg(feature = "code")]
        {
            let code = toolshape::code::CodeMode::new();
            server = server.with_tool_search(match search {
                Some(search) => search.with_code_mode(code),
                // alone: every tool listed, with `call_tool` and `execute`
                None => code.into(),
            });
            return args.serve(server).await;
        }
        #[cfg(not(feature = "code"))]
        {
            eprintln!(
                "ontap: `--code-mode` needs the sandbox, which this build left out: build with \
                 `--features ontap,code`"
            );
            std::process::exit(2);
        }
    }
    if let Some(search) = search {
        server = server.with_tool_search(search);
    }
    args.serve(server).await
}
