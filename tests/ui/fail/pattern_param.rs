/// Add a pair.
#[toolshape::tool(format = "json")]
fn add((a, b): (i64, i64)) -> i64 {
    a + b
}

fn main() {}
