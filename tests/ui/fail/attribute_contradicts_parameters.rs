/// Two parameters under one JSON name.
#[toolshape::tool(format = "json")]
fn list(
    /// The page size.
    #[arg(rename = "size")]
    page_size: u32,
    /// The size of the items.
    size: String,
) -> String {
    format!("{page_size} {size}")
}

/// `rename_all` gives two parameters one name.
#[toolshape::tool(format = "json", rename_all = "camelCase")]
fn find(
    /// The page size.
    page_size: u32,
    /// The same, written differently.
    #[allow(non_snake_case)]
    pageSize: u32,
) -> u32 {
    page_size + pageSize
}

/// Defaults that their own constraints refuse, and one header twice.
#[toolshape::tool(format = "json")]
fn sort(
    /// The order.
    #[arg(one_of("asc", "desc"), default = "up")]
    order: String,
    /// The limit.
    #[arg(range(min = 1, max = 100), default = 0)]
    limit: u32,
    /// The code.
    #[arg(length(max = 2), default = "abc")]
    code: String,
    /// The mode, listed twice.
    #[arg(one_of("fast", "fast"))]
    mode: String,
    /// The region.
    #[arg(header = "Region")]
    region: String,
    /// The region again.
    #[arg(header = "region")]
    zone: String,
    /// An empty name.
    #[arg(rename = "")]
    tag: String,
) -> String {
    format!("{order} {limit} {code} {mode} {region} {zone} {tag}")
}

fn main() {}
