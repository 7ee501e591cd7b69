//! Values of the wrong shape in `#[text(...)]`: each gets the form to write.

#[derive(serde::Serialize, schemars::JsonSchema, toolshape::ToolText)]
#[text(noun = user, plural = 2, missing)]
struct User {
    #[text(label = Name)]
    name: String,
}

#[derive(serde::Serialize, schemars::JsonSchema, toolshape::ToolText)]
#[text(layout = table)]
struct Row {
    name: String,
}

fn main() {}
