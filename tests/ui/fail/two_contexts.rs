use toolshape::Context;

/// Count users.
#[toolshape::tool(format = "json")]
fn count(#[context] a: Context, #[context] b: Context) -> u32 {
    let _ = (a, b);
    0
}

fn main() {}
