/// Search the catalogue.
#[toolshape::tool(format = "json")]
fn search(
    /// How many results: a length on a number.
    #[arg(length(min = 5))]
    limit: u32,
    /// The query: a range on a string.
    #[arg(range(min = 1, max = 64))]
    query: String,
    /// A pattern on a number.
    #[arg(pattern = "^[0-9]+$")]
    page: Option<u64>,
    /// One of, on a number.
    #[arg(one_of("1", "2"))]
    level: i32,
    /// A range on a boolean.
    #[arg(range(max = 1))]
    exact: bool,
    /// A header on an array.
    #[arg(header = "Tags")]
    tags: Vec<String>,
) -> Vec<String> {
    let _ = (limit, query, page, level, exact, tags);
    Vec::new()
}

/// Bounds the type cannot hold.
#[toolshape::tool(format = "json")]
fn page(
    /// Not a whole number.
    #[arg(range(min = 0.5))]
    size: u32,
    /// Negative, for an unsigned type.
    #[arg(range(min = -1, max = 10))]
    offset: u8,
    /// Above the type's largest value.
    #[arg(range(max = 300))]
    small: u8,
) -> u32 {
    size + u32::from(offset) + u32::from(small)
}

fn main() {}
