//! The `format = "hybrid"` tools as a server: `get_volume_configuration`, `get_active_alerts`
//! and `get_volume_capacity_trend` (a PNG chart). Stdio by default, `--http [ADDR]` for
//! streamable HTTP.

use toolshape::Server;
use toolshape_examples::charts::{StorageCluster, toolset};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Server::new(StorageCluster::default(), toolset()).with_info(
        toolshape::rmcp::model::Implementation::new("toolshape-charts", env!("CARGO_PKG_VERSION")),
    );
    toolshape_examples::serve_from_args(server).await
}
