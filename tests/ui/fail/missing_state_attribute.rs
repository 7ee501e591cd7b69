pub struct Db;

/// Count the users.
#[toolshape::tool(format = "json")]
fn count(db: &Db) -> u32 {
    let _ = db;
    0
}

fn main() {}
