/// A view's address that is not a `ui://` URI.
#[toolshape::tool(format = "json", app = "https://example.com/view.html")]
fn web_address() -> u32 {
    1
}

/// `ui://` and nothing after it.
#[toolshape::tool(format = "json", app = "ui://")]
fn empty_uri() -> u32 {
    1
}

/// Something other than a URI.
#[toolshape::tool(format = "json", app = true)]
fn flag() -> u32 {
    1
}

fn main() {}
