struct Shop;

#[toolshape::tool(format = "json")]
impl Shop {
    /// Count the items.
    #[toolshape::tool(format = "json")]
    fn count(&self) -> u32 {
        3
    }

    /// An associated function, without `&self`.
    #[toolshape::tool(format = "json")]
    fn open() -> bool {
        true
    }
}

struct Empty;

#[toolshape::tool]
impl Empty {
    fn helper(&self) {}
}

fn main() {
    let _ = (Shop.count(), Shop::open(), Empty.helper());
}
