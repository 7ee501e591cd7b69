use std::future::Future;

/// Count, synchronously, but returning a future.
#[toolshape::tool(format = "json")]
fn count() -> impl Future<Output = u32> + Send {
    async { 1 }
}

/// Fails with a boxed error.
#[toolshape::tool(format = "json")]
async fn fails() -> Result<u32, Box<dyn std::error::Error>> {
    Err("no".into())
}

fn main() {}
