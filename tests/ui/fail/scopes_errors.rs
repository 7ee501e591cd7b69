/// A scope written as one string, not a list.
#[toolshape::tool(format = "json", scopes = "users:write")]
fn one_string() -> u32 {
    1
}

/// No scope at all.
#[toolshape::tool(format = "json", scopes = [])]
fn empty() -> u32 {
    1
}

/// A scope from a constant.
const WRITE: &str = "users:write";
#[toolshape::tool(format = "json", scopes = [WRITE])]
fn constant() -> u32 {
    1
}

/// Two scopes in one string, and one listed twice.
#[toolshape::tool(format = "json", scopes = ["users:read users:write", "admin", "admin"])]
fn spaced_and_twice() -> u32 {
    1
}

/// A bare `scopes`.
#[toolshape::tool(format = "json", scopes)]
fn bare() -> u32 {
    1
}

fn main() {}
