/// Say a thing.
#[toolshape::tool(format = "json")]
fn say(text: impl std::fmt::Display) -> String {
    text.to_string()
}

fn main() {}
