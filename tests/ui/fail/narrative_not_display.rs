use toolshape::Narrative;

struct Svm {
    name: String,
}

#[derive(Narrative)]
#[narrative("Served by {svm}")]
struct Volume {
    svm: Svm,
}

fn main() {
    let volume = Volume { svm: Svm { name: "s".into() } };
    let _ = (volume.narrative(), volume.svm.name);
}
