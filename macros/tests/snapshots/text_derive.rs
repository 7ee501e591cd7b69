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
    const COMPACT: bool = true;
    const DETAILED: bool = false
        || <u64 as ::toolshape::__private::text::TextField>::DETAILED
        || <String as ::toolshape::__private::text::TextField>::DETAILED
        || <Option<String> as ::toolshape::__private::text::TextField>::DETAILED
        || <f64 as ::toolshape::__private::text::TextField>::DETAILED;
    fn compact_columns(__toolshape_h: &mut ::toolshape::__private::text::CompactHeader) {
        __toolshape_h.field::<u64>("id");
        __toolshape_h.field::<String>("name");
        __toolshape_h.field::<Option<String>>("phone");
        __toolshape_h.field::<f64>("salary");
    }
    fn write_compact(
        &self,
        __toolshape_row: &mut ::toolshape::__private::text::CompactRow<'_>,
    ) {
        __toolshape_row.field(&self.id);
        __toolshape_row.field(&self.name);
        __toolshape_row.field(&self.phone);
        __toolshape_row.field(&self.salary);
    }
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
    const DETAILED: bool = <Self as ::toolshape::__private::text::TextRecord>::DETAILED;
}
#[automatically_derived]
impl ::toolshape::__private::text::TextField for User {
    const COMPACT: bool = <Self as ::toolshape::__private::text::TextRecord>::COMPACT;
    const DETAILED: bool = <Self as ::toolshape::__private::text::TextRecord>::DETAILED;
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
    fn compact_columns(
        __toolshape_key: &str,
        __toolshape_h: &mut ::toolshape::__private::text::CompactHeader,
    ) {
        __toolshape_h
            .nested(
                __toolshape_key,
                <Self as ::toolshape::__private::text::TextRecord>::compact_columns,
            );
    }
    fn write_compact(
        &self,
        __toolshape_row: &mut ::toolshape::__private::text::CompactRow<'_>,
    ) {
        ::toolshape::__private::text::TextRecord::write_compact(self, __toolshape_row);
    }
}
