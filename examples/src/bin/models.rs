//! Model tools as a server: two least-squares house-price models fitted at
//! start-up on a generated dataset, and six `format = "hybrid"` tools (predict,
//! explain_prediction, partial_dependence, feature_importance, model_info, compare_models).
//! Stdio by default, `--http [ADDR]` for streamable HTTP.

use toolshape::Server;
use toolshape_examples::models::{ModelRegistry, toolset};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let server = Server::new(ModelRegistry::default(), toolset()).with_info(
        toolshape::rmcp::model::Implementation::new("toolshape-models", env!("CARGO_PKG_VERSION")),
    );
    toolshape_examples::serve_from_args(server).await
}
