use toolshape::layer::{self, Call, Next};
use toolshape::{ToolSet, tool, tools};

/// Add two numbers.
#[tool(format = "json")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn main() {
    // A closure cannot return a future that borrows its arguments: write an `async fn`.
    let logging = layer::from_fn(|call: Call<'_, ()>, next: Next<'_, ()>| async move {
        eprintln!("calling {}", call.name());
        next.run(call).await
    });
    let _: ToolSet<()> = ToolSet::new(tools![add]).unwrap().layer(logging);
}
