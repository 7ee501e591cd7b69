//! `format = "text"`: what a model reads, generated from types.
//!
//! A record (a type with `#[derive(ToolText)]`) renders as a markdown code block of
//! `Label: value` lines; a `Vec` of records as `Found N users:` and, in the compact layout
//! (the default), a header and one line per record (with `layout = "blocks"`, one block per
//! record), or the type's empty message; `()` as the tool's confirmation.
//!
//! ```
//! use toolshape::ToolText;
//!
//! #[derive(ToolText)]
//! #[text(noun = "user", empty = "No users found matching your criteria.")]
//! struct User {
//!     #[text(label = "User ID")]
//!     id: u32,
//!     name: String,
//!     phone: Option<String>,
//!     #[text(currency)]
//!     salary: f64,
//! }
//!
//! let alice = User { id: 42, name: "Alice".into(), phone: None, salary: 120_000.0 };
//! assert_eq!(
//!     toolshape::formats::text::render(&alice),
//!     "```\nUser ID: 42\nName: Alice\nPhone: N/A\nSalary: $120,000.00\n```",
//! );
//! assert_eq!(
//!     toolshape::formats::text::render(&Vec::<User>::new()),
//!     "No users found matching your criteria.",
//! );
//! ```
//!
//! Values are escaped so that none can leave its code block: see [`escape()`] and
//! `docs/text-format.md`.

mod compact;
mod detail;
mod escape;
pub(crate) mod markers;
mod table;
mod value;
pub(crate) mod writer;

#[cfg(feature = "code")]
pub(crate) use compact::write_lines;
pub use compact::{CompactHeader, CompactRow};
pub use detail::{Detail, DetailOutput, WithDetail, render_with};
pub use escape::{Escaped, escape, needs_escape};
pub use markers::{ConfirmOutput, Confirmed, Text};
pub use table::{RowWriter, TextCell};
pub use value::{ByteUnits, Datum, RFC3339_UTC, TextScalar, ValueFormat};
pub use writer::RecordWriter;
pub(crate) use writer::write_record;

/// A value a `format = "text"` tool can return, rendered by [`render`].
///
/// Implemented by `#[derive(ToolText)]` for records, for `Vec<T>` and slices of records,
/// and for `String` and `&str`, which are written as they are (your own text, not escaped).
/// A tool returning `()` declares its sentence instead: `#[tool(format = "text",
/// confirm = "User successfully deleted")]`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the output of a `format = \"text\"` tool",
    label = "this type must implement `toolshape::ToolText`",
    note = "return a struct of yours with `#[derive(toolshape::ToolText)]`, or a `Vec` of such records; for a value that may be missing, return `Result<T, toolshape::ToolError>` with an error that says so",
    note = "a tool that returns `()` declares what it says: `#[tool(format = \"text\", confirm = \"User successfully deleted\")]`"
)]
pub trait ToolText {
    /// Appends the text of this value to `out`.
    fn write_text(&self, out: &mut String);

    /// A guess at the length of the text, to size the String once.
    fn size_hint(&self) -> usize {
        256
    }

    /// Whether some field of the text is marked `#[text(detailed)]`: a tool returning it must
    /// declare `#[tool(detail)]`, and a tool declaring it must return such a value.
    const DETAILED: bool = false;
}

/// Renders any [`ToolText`] value exactly as a `format = "text"` tool would return it: the
/// way to snapshot-test a type's text form. Fields marked `#[text(detailed)]` are shown (see
/// [`render_with`] for the concise text).
pub fn render<T: ToolText + ?Sized>(value: &T) -> String {
    let mut out = String::with_capacity(value.size_hint());
    value.write_text(&mut out);
    out
}

/// The nouns and messages of a record type: `#[text(noun = "user", plural = "users",
/// empty = "...")]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Noun {
    /// `Found 1 user:`.
    pub singular: &'static str,
    /// `Found 2 users:`.
    pub plural: &'static str,
    /// The whole text of an empty list: `No users found.` by default.
    pub empty: &'static str,
}

/// What a record shows for a missing value (`None`, an empty list): one choice per type,
/// `#[text(missing = "N/A")]` (the default) or `#[text(missing = "omit")]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Missing {
    /// `Phone: N/A`.
    Placeholder(&'static str),
    /// No line at all.
    Omit,
}

/// A record: a type whose text is a code block of `Label: value` lines.
/// `#[derive(ToolText)]` implements it for structs and enums with fields.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a record, so a list of it has no text form",
    label = "a `format = \"text\"` list holds records: one code block of `Label: value` lines each",
    note = "for records, derive `toolshape::ToolText` on a struct of named fields and list that",
    note = "for lines of text, return a `String`: `Ok(lines.join(\"\\n\"))`",
    note = "for the values as data, use `format = \"json\"`"
)]
pub trait TextRecord {
    /// Its nouns and empty message.
    const NOUN: Noun;
    /// Its policy for missing values.
    const MISSING: Missing;
    /// `Some(column labels)` when the type chose `#[text(layout = "table")]`: a list of
    /// these records renders as one table instead of one block per record.
    const TABLE: Option<&'static [&'static str]> = None;
    /// Whether a list of these records renders in the compact layout (a header and one line
    /// per record) instead of one block per record.
    const COMPACT: bool = false;
    /// Whether some field is marked `#[text(detailed)]`, or holds a value that has one.
    const DETAILED: bool = false;

    /// Writes its fields, one [`RecordWriter::field`] call each.
    fn write_fields(&self, w: &mut RecordWriter<'_>);

    /// The compact layout's columns, one [`CompactHeader::field`] call per field.
    fn compact_columns(header: &mut CompactHeader) {
        let _ = header;
    }

    /// How many columns [`compact_columns`](Self::compact_columns) adds (counted from it).
    fn compact_width(detailed: bool) -> usize {
        compact::width(detailed, &mut Self::compact_columns)
    }

    /// Writes its cells in the compact layout, one [`CompactRow::field`] call per field.
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        let _ = row;
    }

    /// Writes its cells, one [`RowWriter::cell`] call per column of [`TABLE`](Self::TABLE).
    fn write_cells(&self, row: &mut RowWriter<'_>) {
        let _ = row;
    }
}

/// A value that can be a field of a record: scalars (one line), records (nested, indented),
/// lists (of scalars on one line, `a, b, c`; of records as `- item` blocks), `Option`s (the
/// missing-value policy when `None`).
pub trait TextField {
    /// Whether the value is a scalar, written on one line: a list of scalars is written on
    /// its label's line.
    const SCALAR: bool = false;

    /// Whether the value is a record whose type chose `layout = "compact"`: a list of them in
    /// a field is written in the compact layout too, under its label.
    const COMPACT: bool = false;

    /// Whether the value's text has fields marked `#[text(detailed)]`, at any depth.
    const DETAILED: bool = false;

    /// Whether the value is a number (or an option or list of numbers): a `timestamp` field
    /// of it is unix seconds, which the compact layout writes as instants under a column
    /// marked `(utc)`.
    const NUMBER: bool = false;

    /// Writes the field labelled `label`.
    fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>);
    /// Writes the value as one item of a list (after `- `).
    fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>);

    /// The compact layout's columns for a field of this type under `key`: one, unless the
    /// value is a record (one per field, `key.field`).
    fn compact_columns(key: &str, header: &mut CompactHeader) {
        header.column(key);
    }

    /// How many columns [`compact_columns`](Self::compact_columns) adds (counted from it).
    fn compact_width(detailed: bool) -> usize {
        compact::width(detailed, &mut |header| Self::compact_columns("", header))
    }

    /// Writes the value's cells in the compact layout. By default, the value's text as a
    /// string: implement it to write the value as the data holds it.
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        let mut text = String::new();
        let mut longest = 0;
        let mut w = RecordWriter::new(&mut text, &mut longest, Missing::Omit);
        self.write_item(&ValueFormat::Plain, &mut w);
        row.scalar(Datum::Str(text.trim_end().into()));
    }
}

macro_rules! scalar_field {
    ($number:literal: $($ty:ty),* $(,)?) => {$(
        impl TextField for $ty {
            const SCALAR: bool = true;
            const NUMBER: bool = $number;

            fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>) {
                w.scalar(label, |out| self.write_scalar(format, out));
            }
            fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>) {
                w.scalar_item(|out| self.write_scalar(format, out));
            }
            fn write_compact(&self, row: &mut CompactRow<'_>) {
                row.scalar(self.datum());
            }
        }
    )*};
}

scalar_field!(false: str, String, bool, char, chrono::NaiveDate);
scalar_field!(
    true: i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
);

impl<Tz: chrono::TimeZone> TextField for chrono::DateTime<Tz> {
    const SCALAR: bool = true;

    fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        w.scalar(label, |out| self.write_scalar(format, out));
    }
    fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        w.scalar_item(|out| self.write_scalar(format, out));
    }
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        row.scalar(self.datum());
    }
}

impl<T: TextField + ?Sized> TextField for &T {
    const SCALAR: bool = T::SCALAR;
    const COMPACT: bool = T::COMPACT;
    const DETAILED: bool = T::DETAILED;
    const NUMBER: bool = T::NUMBER;

    fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        (**self).write_field(label, format, w);
    }
    fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        (**self).write_item(format, w);
    }
    fn compact_columns(key: &str, header: &mut CompactHeader) {
        T::compact_columns(key, header);
    }
    fn compact_width(detailed: bool) -> usize {
        T::compact_width(detailed)
    }
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        (**self).write_compact(row);
    }
}

impl<T: TextField + ?Sized> TextField for Box<T> {
    const SCALAR: bool = T::SCALAR;
    const COMPACT: bool = T::COMPACT;
    const DETAILED: bool = T::DETAILED;
    const NUMBER: bool = T::NUMBER;

    fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        (**self).write_field(label, format, w);
    }
    fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        (**self).write_item(format, w);
    }
    fn compact_columns(key: &str, header: &mut CompactHeader) {
        T::compact_columns(key, header);
    }
    fn compact_width(detailed: bool) -> usize {
        T::compact_width(detailed)
    }
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        (**self).write_compact(row);
    }
}

impl<T: TextField> TextField for Option<T> {
    const SCALAR: bool = T::SCALAR;
    const COMPACT: bool = T::COMPACT;
    const DETAILED: bool = T::DETAILED;
    const NUMBER: bool = T::NUMBER;

    fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        match self {
            Some(value) => value.write_field(label, format, w),
            None => w.missing(label),
        }
    }
    fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        match self {
            Some(value) => value.write_item(format, w),
            None => w.missing_item(),
        }
    }
    fn compact_columns(key: &str, header: &mut CompactHeader) {
        T::compact_columns(key, header);
    }
    fn compact_width(detailed: bool) -> usize {
        T::compact_width(detailed)
    }
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        match self {
            Some(value) => value.write_compact(row),
            None => row.missing(T::compact_width(row.detailed())),
        }
    }
}

impl<T: TextField> TextField for [T] {
    const DETAILED: bool = T::DETAILED;
    const NUMBER: bool = T::NUMBER;

    fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        if self.is_empty() {
            return w.missing(label);
        }
        if T::SCALAR {
            return w.inline_list(label, |w| {
                for item in self {
                    item.write_item(format, w);
                }
            });
        }
        if T::COMPACT {
            return w.compact_list(label, self);
        }
        w.nested(label, |w| {
            for item in self {
                w.item(|w| item.write_item(format, w));
            }
        });
    }
    fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        for item in self {
            w.item(|w| item.write_item(format, w));
        }
    }
    fn compact_columns(key: &str, header: &mut CompactHeader) {
        if T::SCALAR {
            header.list_column(key);
        } else {
            header.record_list(key, |header| T::compact_columns("", header));
        }
    }
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        row.list(!T::SCALAR, self.is_empty(), |row| {
            for item in self {
                if T::SCALAR {
                    item.write_compact(row);
                } else {
                    row.record_item(|row| item.write_compact(row));
                }
            }
        });
    }
}

impl<T: TextField> TextField for Vec<T> {
    const DETAILED: bool = T::DETAILED;
    const NUMBER: bool = T::NUMBER;

    fn write_field(&self, label: &str, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        self.as_slice().write_field(label, format, w);
    }
    fn write_item(&self, format: &ValueFormat, w: &mut RecordWriter<'_>) {
        self.as_slice().write_item(format, w);
    }
    fn compact_columns(key: &str, header: &mut CompactHeader) {
        <[T]>::compact_columns(key, header);
    }
    fn write_compact(&self, row: &mut CompactRow<'_>) {
        self.as_slice().write_compact(row);
    }
}

impl<R: TextRecord> ToolText for [R] {
    fn write_text(&self, out: &mut String) {
        use std::fmt::Write as _;
        if self.is_empty() {
            out.push_str(R::NOUN.empty);
            return;
        }
        let noun = if self.len() == 1 {
            R::NOUN.singular
        } else {
            R::NOUN.plural
        };
        // Writing into a String cannot fail.
        if R::COMPACT {
            // One line per record, after the sentence: no block to fence (no value leaves
            // its line), no blank line.
            let _ = writeln!(out, "Found {} {noun}:", self.len());
            compact::write_compact(self, detail::detailed(), out);
            return;
        }
        let _ = write!(out, "Found {} {noun}:\n\n", self.len());
        if let Some(columns) = R::TABLE {
            table::write_table(self, columns, out);
            out.push('\n');
            return;
        }
        for (i, record) in self.iter().enumerate() {
            if i > 0 {
                out.push_str("\n\n");
            }
            write_record(record, out);
        }
        out.push('\n');
    }

    fn size_hint(&self) -> usize {
        32 + self.len() * 256
    }

    const DETAILED: bool = R::DETAILED;
}

impl<R: TextRecord> ToolText for Vec<R> {
    fn write_text(&self, out: &mut String) {
        self.as_slice().write_text(out);
    }
    fn size_hint(&self) -> usize {
        self.as_slice().size_hint()
    }

    const DETAILED: bool = R::DETAILED;
}

impl<T: ToolText + ?Sized> ToolText for &T {
    fn write_text(&self, out: &mut String) {
        (**self).write_text(out);
    }
    fn size_hint(&self) -> usize {
        (**self).size_hint()
    }

    const DETAILED: bool = T::DETAILED;
}

impl<T: ToolText + ?Sized> ToolText for Box<T> {
    fn write_text(&self, out: &mut String) {
        (**self).write_text(out);
    }
    fn size_hint(&self) -> usize {
        (**self).size_hint()
    }

    const DETAILED: bool = T::DETAILED;
}

impl ToolText for str {
    fn write_text(&self, out: &mut String) {
        out.push_str(self);
    }
    fn size_hint(&self) -> usize {
        self.len()
    }
}

impl ToolText for String {
    fn write_text(&self, out: &mut String) {
        out.push_str(self);
    }
    fn size_hint(&self) -> usize {
        self.len()
    }
}
