#[automatically_derived]
impl<'a> ::toolshape::__private::Narrative for VolumeConfiguration<'a> {
    fn narrative(&self) -> ::toolshape::__private::String {
        ::std::format!(
            "Volume {} on {}: {:.1} GiB, {} snapshots, {{autosize}} {}", self.name, self
            .svm.name, self.size_gib, self.snapshots.len(), self.autosize.mode
        )
    }
}
