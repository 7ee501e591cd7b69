struct Db;

/// Count users.
#[toolshape::tool(format = "json")]
fn count(#[state] #[context] db: &Db) -> u32 {
    let _ = db;
    0
}

fn main() {}
