/// The tool's name, shared with the client code.
const NAME: &str = "shut down";

/// Shut the cluster down.
#[toolshape::tool(format = "text", name = NAME)]
fn shutdown() -> String {
    String::new()
}

const LIST: &str = "list_items";

struct Shop;

#[toolshape::tool]
impl Shop {
    /// List the items.
    #[toolshape::tool(format = "text", name = LIST)]
    fn list(&self) -> String {
        String::new()
    }
}

fn main() {}
