/// Search.
#[toolshape::tool(format = "json", rename_all = "camel")]
fn search(
    #[serde(rename = "entityNames")] entity_names: Vec<String>,
    #[arg(renmae = "max")] limit: u32,
    note: &mut String,
) -> usize {
    note.push('x');
    entity_names.len() + limit as usize
}

fn main() {}
