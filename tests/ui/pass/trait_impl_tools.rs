//! Tools among the methods of a trait impl, beside an inherent one: `#[tool]` on each block
//! registers its tool methods. (Called through rmcp's client in `tests/tests/json_e2e.rs`.)

use toolshape::{ToolSet, tool, tools};

/// Something that keeps stock.
trait Inventory {
    /// How many items there are.
    fn count(&self) -> u32;
    /// The items whose name starts with `prefix`.
    fn find(&self, prefix: &str) -> Vec<String>;
    /// Not a tool.
    fn restock(&self);
}

mod shop {
    pub struct Shop {
        pub items: Vec<String>,
    }
}
use shop::Shop;

#[tool]
impl Inventory for Shop {
    /// Count the items.
    #[tool(format = "json", kind = "read")]
    fn count(&self) -> u32 {
        self.items.len() as u32
    }

    /// Find items by the start of their name.
    #[tool(format = "json", name = "find_items")]
    fn find(&self, #[arg(length(min = 1))] prefix: &str) -> Vec<String> {
        let found = self.items.iter().filter(|item| item.starts_with(prefix));
        found.cloned().collect()
    }

    fn restock(&self) {}
}

#[tool]
impl Shop {
    /// The first item.
    #[tool(format = "json")]
    pub async fn first(&self) -> Option<String> {
        self.items.first().cloned()
    }
}

mod elsewhere {
    // The trait is in scope where its methods are listed, as for any call `Shop::count`.
    use super::{Inventory as _, Shop};

    pub fn tools() -> toolshape::ToolSet<Shop> {
        toolshape::ToolSet::new(toolshape::tools![Shop::count, Shop::find, Shop::first]).unwrap()
    }
}

pub fn main() {
    let set: ToolSet<Shop> = elsewhere::tools();
    let names: Vec<_> = set.list().into_iter().map(|tool| tool.name).collect();
    assert_eq!(names, ["count", "find_items", "first"]);
    let _: ToolSet<Shop> = ToolSet::new(tools![Shop::count]).unwrap();
    Shop { items: Vec::new() }.restock();
}
