//! The spans toolshape opens (a request's, a refused request's, a task's), declared without
//! a source location: `tracing`'s macros record the file and line of each span, which an
//! OpenTelemetry exporter sends as `code.file.path`, a path on the machine that built the
//! server rather than anything a trace backend should hold.

/// The target of every span toolshape opens, whatever module opens it: what a filter names
/// to leave them out (`RUST_LOG=info,toolshape::spans=off`) or to keep only them.
pub(crate) const TARGET: &str = "toolshape::spans";

/// An `info` span named `$name` with the fields and values given, as `tracing::info_span!`
/// takes them (`parent: None` first for a root; each field's name a string literal), whose
/// target is [`TARGET`] and whose metadata names no file or line. `Span::none()` when no
/// subscriber listens.
macro_rules! span {
    (parent: None, $name:literal, $($field:literal = $value:expr),* $(,)?) => {
        $crate::handler::spans::span!(@new new_root, $name, $($field = $value),*)
    };
    ($name:literal, $($field:literal = $value:expr),* $(,)?) => {
        $crate::handler::spans::span!(@new new, $name, $($field = $value),*)
    };
    (@new $new:ident, $name:literal, $($field:literal = $value:expr),*) => {{
        use ::tracing_core::callsite::{DefaultCallsite, Identifier};
        const FIELDS: &[&str] = &[$($field),*];
        static CALLSITE: DefaultCallsite = DefaultCallsite::new(&META);
        static META: ::tracing_core::Metadata<'static> = ::tracing_core::Metadata::new(
            $name,
            $crate::handler::spans::TARGET,
            ::tracing_core::Level::INFO,
            None,
            None,
            Some(::core::module_path!()),
            ::tracing_core::field::FieldSet::new(FIELDS, Identifier(&CALLSITE)),
            ::tracing_core::metadata::Kind::SPAN,
        );
        let enabled = ::tracing::level_enabled!(::tracing::Level::INFO)
            && !CALLSITE.interest().is_never()
            && ::tracing::dispatcher::get_default(|dispatch| dispatch.enabled(&META));
        if enabled {
            let fields = META.fields();
            let named: [::tracing_core::field::Field; FIELDS.len()] = {
                let mut named = fields.iter();
                ::std::array::from_fn(|_| named.next().expect("one field per name"))
            };
            let mut named = named.iter();
            let values = [$((
                named.next().expect("one field per value"),
                &$value as &dyn ::tracing::Value,
            )),*];
            let values = values.map(|(field, value)| (field, Some(value)));
            ::tracing::Span::$new(&META, &fields.value_set(&values))
        } else {
            ::tracing::Span::none()
        }
    }};
}
pub(crate) use span;
