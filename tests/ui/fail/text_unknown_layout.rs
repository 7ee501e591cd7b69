use toolshape::ToolText;

#[derive(ToolText)]
#[text(layout = "tabel")]
struct Row {
    #[text(label = "")]
    name: String,
}

fn main() {}
