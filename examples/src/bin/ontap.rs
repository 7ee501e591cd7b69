//! ONTAP volume tools on a simulated cluster, with generic undo. Stdio by default,
//! `--http [ADDR]` for streamable HTTP.

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    toolshape_examples::serve_from_args(toolshape_examples::ontap::server()).await
}
