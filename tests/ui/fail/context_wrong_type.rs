/// Who is calling.
#[toolshape::tool(format = "json")]
fn who(#[context] cx: String) -> String {
    cx
}

fn main() {}
