struct Shop;

#[toolshape::tool]
impl Shop {
    /// List the products.
    #[toolshape::tool(format = "jsn")]
    fn list(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Count the products.
#[toolshape::tool(format = "json", titel = "Count")]
fn count() -> u32 {
    0
}

/// No format at all.
#[toolshape::tool]
fn total() -> u32 {
    0
}

fn main() {
    let _: toolshape::ToolSet<Shop> =
        toolshape::ToolSet::new(toolshape::tools![Shop::list, count, total]).unwrap();
}
