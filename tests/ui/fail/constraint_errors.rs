/// Search.
#[toolshape::tool(format = "json")]
fn search(
    /// The query.
    #[arg(pattern = "[a-z")]
    query: String,
    /// The limit.
    #[arg(range(min = 10, max = 1))]
    limit: u32,
    /// The page.
    #[arg(range())]
    page: u32,
    /// The order.
    #[arg(one_of(asc, "desc"))]
    order: String,
    /// A tag.
    #[arg(length(min = 5, max = 2))]
    tag: String,
    /// A level.
    #[arg(range(max = "high"))]
    level: u32,
    /// A region, sent as a header.
    #[arg(header = "Mcp Region")]
    region: String,
) -> String {
    let _ = (limit, page, order, tag, level, region);
    query
}

fn main() {}
