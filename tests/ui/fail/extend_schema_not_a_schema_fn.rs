/// The rules, as a string.
fn rules() -> String {
    String::new()
}

/// Book a call back.
#[toolshape::tool(format = "text", extend_schema = rules)]
fn call_back(phone: Option<String>) -> String {
    format!("{phone:?}")
}

fn main() {}
