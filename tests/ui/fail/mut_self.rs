struct Counter {
    count: u32,
}

#[toolshape::tool]
impl Counter {
    /// Increment the counter.
    #[toolshape::tool(format = "json")]
    fn increment(&mut self) -> u32 {
        self.count += 1;
        self.count
    }
}

fn main() {}
