/// Add two numbers.
#[toolshape::tool(format = "json", title = 5)]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Subtract.
#[toolshape::tool(format = "json", description = String::from("Subtract."))]
fn sub(a: i64, b: i64) -> i64 {
    a - b
}

fn main() {}
