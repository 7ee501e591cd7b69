use toolshape::Narrative;

#[derive(Narrative)]
#[narrative("Found {volumes.len} volumes on {clutser}, {cout} online")]
struct VolumeList {
    cluster: String,
    count: usize,
    volumes: Vec<String>,
}

fn main() {
    let list = VolumeList { cluster: "c1".into(), count: 1, volumes: vec![] };
    let _ = list.narrative();
}
