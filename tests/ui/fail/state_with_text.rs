#[derive(toolshape::ToolText)]
struct Volume {
    uuid: String,
}

/// Get one volume's configuration.
#[toolshape::tool(format = "text", kind = "state")]
fn get_volume_configuration(uuid: String) -> Volume {
    Volume { uuid }
}

fn main() {}
