struct Server;

#[toolshape::tool]
impl Server {
    #[toolshape::tool(format = "json", name = "shut down", kind = "state")]
    fn shutdown(self, (a, b): (u8, u8)) -> u8 {
        a + b
    }
}

fn main() {}
