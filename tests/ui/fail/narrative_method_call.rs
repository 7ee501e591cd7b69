use toolshape::Narrative;

#[derive(Narrative)]
#[narrative("Found {volumes.len()} volumes on {cluster.to_uppercase()}")]
struct VolumeList {
    cluster: String,
    volumes: Vec<String>,
}

fn main() {
    let list = VolumeList { cluster: "c1".into(), volumes: vec![] };
    let _ = list.narrative();
}
