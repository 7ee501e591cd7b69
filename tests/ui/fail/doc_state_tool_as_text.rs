// The guide's block (docs/guide/02-formats.md) that must not compile: docs/src/tests.rs
// checks that every `compile_fail` block of the documentation is a case here.
/// A volume's size, for programs to read and restore.
#[toolshape::tool(format = "text", kind = "state")]
fn volume_size() -> u32 { 5 }

fn main() {}
