/// Keywords written as one string, not a list.
#[toolshape::tool(format = "json", keywords = "password")]
fn one_string() -> u32 {
    1
}

/// No keyword at all.
#[toolshape::tool(format = "json", keywords = [])]
fn empty() -> u32 {
    1
}

/// A keyword from a constant.
const WORD: &str = "password";
#[toolshape::tool(format = "json", keywords = [WORD])]
fn constant() -> u32 {
    1
}

/// A keyword with no word in it, and one listed twice.
#[toolshape::tool(format = "json", keywords = ["  ", "sign in", "Sign in"])]
fn blank_and_twice() -> u32 {
    1
}

fn main() {}
