/// Add two numbers.
#[toolshape::tool(format = json)]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn main() {}
