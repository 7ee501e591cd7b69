pub struct Db {
    count: u32,
}

/// Count one more.
#[toolshape::tool(format = "json")]
fn bump(#[state] db: &mut Db) -> u32 {
    db.count += 1;
    db.count
}

fn main() {}
