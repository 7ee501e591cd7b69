trait Inventory {
    fn count(&self) -> u32;
}

struct Shop;

impl Inventory for Shop {
    /// Count the items.
    #[toolshape::tool(format = "json")]
    fn count(&self) -> u32 {
        3
    }
}

fn main() {}
