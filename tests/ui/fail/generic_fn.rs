/// Echo a value.
#[toolshape::tool(format = "json")]
fn echo<T: serde::Serialize>(value: T) -> T {
    value
}

fn main() {}
