// A tool method whose `impl` block lacks `#[tool]`, listed in `tools![..]`: the method says
// what to add, and `tools!` says what it takes.
struct Shop;

impl Shop {
    /// Count the items.
    #[toolshape::tool(format = "json")]
    fn count(&self) -> u32 {
        3
    }
}

fn main() {
    let tools = toolshape::ToolSet::new(toolshape::tools![Shop::count]).unwrap();
    let _ = tools;
}
