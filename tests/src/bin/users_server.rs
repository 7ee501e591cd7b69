//! The users example's binary, built with this package so that its OAuth tests can start it
//! with the command line outside checks use (`--http ADDR --issuer URL --audience URL`).

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    toolshape_examples::users::run(std::env::args().skip(1)).await
}
