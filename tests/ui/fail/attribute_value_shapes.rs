//! Values of the wrong shape in `#[tool(...)]`: each gets the form to write.

/// A number for a yes or no.
#[toolshape::tool(format = "text", destructive = 1)]
fn a() -> String {
    String::new()
}

const TASK: &str = "optional";

/// A constant for a word the macro must read.
#[toolshape::tool(format = "text", task = TASK)]
fn b2() -> String {
    String::new()
}

/// A string for an icon.
#[toolshape::tool(format = "text", icon = "https://example.com/icon.png")]
fn c() -> String {
    String::new()
}

/// A key without its value.
#[toolshape::tool(format = "text", task)]
fn d() -> String {
    String::new()
}

/// An icon without its source.
#[toolshape::tool(format = "text", icon)]
fn e() -> String {
    String::new()
}

/// Yes or no written as words: `read_only` alone means yes.
#[toolshape::tool(format = "text", read_only, idempotent = false)]
fn fine() -> String {
    String::new()
}

/// The same in `#[arg(...)]`.
#[toolshape::tool(format = "text")]
fn g(
    /// A bare word for a name.
    #[arg(rename = entityNames)]
    x: String,
    /// A number for a range.
    #[arg(range = 5)]
    y: u32,
    /// A number for a pattern.
    #[arg(pattern = 5)]
    z: String,
    /// A string for a list of strings.
    #[arg(one_of = "asc")]
    w: String,
    /// `rename` without its value.
    #[arg(rename)]
    v: u32,
) -> String {
    String::new()
}

fn main() {}
