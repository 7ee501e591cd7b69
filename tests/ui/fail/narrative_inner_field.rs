use toolshape::Narrative;

struct Autosize {
    mode: &'static str,
}

struct Svm {
    name: String,
}

#[derive(Narrative)]
#[narrative("Autosize is {autosize.mdoe}")]
struct Volume {
    autosize: Autosize,
    svm: Svm,
}

fn main() {
    let volume = Volume { autosize: Autosize { mode: "off" }, svm: Svm { name: "s".into() } };
    let _ = (volume.narrative(), volume.autosize.mode, volume.svm.name);
}
