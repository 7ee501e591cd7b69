use std::collections::HashMap;

/// Borrowed forms the rule does not cover.
#[toolshape::tool(format = "json")]
fn tally(
    /// A map with borrowed keys.
    counts: HashMap<&str, u32>,
    /// A slice of borrowed strings.
    names: &[&str],
    #[context] cx: &mut toolshape::Context,
) -> usize {
    let _ = cx;
    counts.len() + names.len()
}

fn main() {}
