struct Db;

/// Count users.
#[toolshape::tool(format = "json")]
fn count(#[state] db: Db) -> u32 {
    let _ = db;
    0
}

fn main() {}
