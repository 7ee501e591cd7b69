//! A server with the official MCP conformance suite's fixture tools, resources and prompts,
//! and a skill (`skills/conformance`), written with toolshape:
//! stdio by default, `--http [ADDR]` for streamable HTTP (what the suite speaks), and
//! `--store redis://HOST:PORT/DB` after it for its tasks in Redis, shared by its replicas.
//!
//! `TOOLSHAPE_STATE_KEYS` (`id:base64key,...`, the first one active) sets the keys that seal
//! the request state of input-required results; without it the server uses a random key.

use toolshape::{Server, context::StateKeys};
use toolshape_examples::Args;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args = Args::from_env()?;
    let mut tools = toolshape_examples::conformance::toolset();
    if let Ok(keys) = std::env::var("TOOLSHAPE_STATE_KEYS") {
        tools = tools.with_state_keys(StateKeys::parse(&keys)?);
    }
    let mut server = Server::new((), tools)
        .with_info(
            toolshape::serve::About::new(toolshape::rmcp::model::Implementation::new(
                "toolshape-conformance",
                env!("CARGO_PKG_VERSION"),
            ))
            // the skills extension's scenarios: a skill from `skills/conformance`
            .with_skills(toolshape::skills!("skills/conformance")?),
        )
        .with_handler(toolshape_examples::conformance::Fixtures::default());
    if let Some(store) = args.connect().await? {
        server = server.with_store(&store);
    }
    args.serve(server).await
}
