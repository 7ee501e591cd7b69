//! ONTAP volume tools on a simulated cluster, with generic undo. Stdio by default,
//! `--http [ADDR]` for streamable HTTP, and `--store redis://HOST:PORT/DB` after it for the
//! cluster, the undo journal and the tasks in Redis, shared by the server's replicas.

use toolshape_examples::Args;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let args = Args::from_env()?;
    let server = toolshape_examples::ontap::server_on(args.connect().await?.as_ref());
    args.serve(server).await
}
