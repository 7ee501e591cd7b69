use toolshape::ToolText;

#[derive(ToolText)]
#[text(confirm = "Done")]
struct Report {
    #[text(currency, percent)]
    ratio: f64,
    #[text(bytes = "metric")]
    size: u64,
    #[text(label = "")]
    name: String,
}

#[derive(ToolText)]
enum Event {
    Login(u64),
    Logout,
}

#[derive(ToolText)]
struct Deleted;

fn main() {}
