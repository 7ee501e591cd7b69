use toolshape::Narrative;

#[derive(Narrative)]
struct VolumeList {
    cluster: String,
}

fn main() {}
