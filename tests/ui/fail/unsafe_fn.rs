/// Read raw memory.
#[toolshape::tool(format = "json")]
unsafe fn peek(address: usize) -> u8 {
    unsafe { *(address as *const u8) }
}

fn main() {}
