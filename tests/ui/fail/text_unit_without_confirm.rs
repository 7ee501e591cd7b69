use toolshape::tool;

/// Delete everything.
#[tool(format = "text")]
fn delete_all() {}

/// Delete nothing.
#[tool(format = "json", confirm = "Nothing deleted")]
fn delete_none() {}

fn main() {}
