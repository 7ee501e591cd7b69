struct Db;
struct Server;

#[toolshape::tool]
impl Server {
    /// Count users.
    #[toolshape::tool(format = "json")]
    fn count(&self, #[state] db: &Db) -> u32 {
        let _ = db;
        0
    }
}

fn main() {}
