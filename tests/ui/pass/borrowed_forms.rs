//! Borrowed forms are read as their owned forms; names MCP allows that are not Rust
//! identifiers take defaults. (Called through rmcp's client in `tests/tests/all/params_e2e.rs`.)

/// Join words.
#[toolshape::tool(format = "json")]
fn join(
    prefix: Option<&str>,
    words: Vec<&str>,
    numbers: Option<&[u32]>,
    maybe: Option<Vec<&str>>,
    #[arg(default = "!")] ending: std::borrow::Cow<str>,
    spans: Option<Vec<&[u32]>>,
    #[arg(rename = "page.size", default = 20)] page_size: u32,
    #[context] cx: &toolshape::Context,
) -> String {
    let _ = (numbers, maybe, spans, page_size, cx.is_cancelled());
    format!("{}{}{ending}", prefix.unwrap_or(""), words.join(" "))
}

pub fn main() {
    let set = toolshape::ToolSet::<()>::new(toolshape::tools![join]).unwrap();
    assert_eq!(set.list()[0].name, "join");
}
