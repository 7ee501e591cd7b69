struct Server;

#[toolshape::tool]
impl Server {
    /// Consume the server.
    #[toolshape::tool(format = "json")]
    fn shutdown(self) -> bool {
        true
    }
}

fn main() {}
