struct Shop;

#[toolshape::tool]
impl Shop {
    /// List the products.
    #[toolshape::tool(format = "json")]
    fn list(&self) -> Vec<String> {
        Vec::new()
    }

    fn helper(&self) -> u32 {
        1
    }
}

fn main() {
    let _: toolshape::ToolSet<Shop> =
        toolshape::ToolSet::new(toolshape::tools![Shop::helper, Shop::lst]).unwrap();
    let _ = Shop.helper();
}
