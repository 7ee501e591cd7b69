/// Show the weather.
#[toolshape::tool(
    format = "json",
    icon(src = "https://example.com/sun.png", sizes = "48 by 48"),
    icon(src = "https://example.com/moon.svg", mime_type = "svg", theme = "dark"),
    icon(src = "https://example.com/moon.png", theme = "drak"),
    icon(src = "")
)]
fn weather() -> String {
    "sunny".into()
}

fn main() {}
