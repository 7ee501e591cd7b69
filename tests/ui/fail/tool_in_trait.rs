trait Inventory {
    /// Count the items.
    #[toolshape::tool(format = "json")]
    fn count(&self) -> u32;
}

fn main() {}
