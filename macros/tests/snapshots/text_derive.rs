#[automatically_derived]
impl ::toolshape::__private::text::TextRecord for User {
    const NOUN: ::toolshape::__private::text::Noun = ::toolshape::__private::text::Noun {
        singular: "user",
        plural: "users",
        empty: "No users found matching your criteria.",
    };
    const MISSING: ::toolshape::__private::text::Missing = ::toolshape::__private::text::Missing::Placeholder(
        "N/A",
    );
    fn write_fields(
        &self,
        __toolshape_w: &mut ::toolshape::__private::text::RecordWriter<'_>,
    ) {
        __toolshape_w
            .field(
                "User ID",
                &self.id,
                &::toolshape::__private::text::ValueFormat::Plain,
            );
        __toolshape_w
            .field(
                "Name",
                &self.name,
                &::toolshape::__private::text::ValueFormat::Plain,
            );
        __toolshape_w
            .field(
                "Phone",
                &self.phone,
                &::toolshape::__private::text::ValueFormat::Plain,
            );
        __toolshape_w
            .field(
                "Salary",
                &self.salary,
                &::toolshape::__private::text::ValueFormat::Currency("$"),
            );
    }
}
#[automatically_derived]
impl ::toolshape::__private::text::ToolText for User {
    fn write_text(&self, __toolshape_out: &mut ::std::string::String) {
        ::toolshape::__private::text::write_record(self, __toolshape_out);
    }
    fn size_hint(&self) -> usize {
        126usize
    }
}
#[automatically_derived]
impl ::toolshape::__private::text::TextField for User {
    fn write_field(
        &self,
        __toolshape_label: &str,
        _: &::toolshape::__private::text::ValueFormat,
        __toolshape_w: &mut ::toolshape::__private::text::RecordWriter<'_>,
    ) {
        __toolshape_w
            .nested(__toolshape_label, |__toolshape_w| __toolshape_w.record(self));
    }
    fn write_item(
        &self,
        _: &::toolshape::__private::text::ValueFormat,
        __toolshape_w: &mut ::toolshape::__private::text::RecordWriter<'_>,
    ) {
        __toolshape_w.record(self);
    }
}
