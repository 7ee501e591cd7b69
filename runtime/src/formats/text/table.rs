//! `#[text(layout = "table")]`: a list of flat records as one markdown table, inside one
//! code block like every record.

use super::escape::{Escaped, fenced};
use super::value::{TextScalar, ValueFormat};
use super::{Missing, TextRecord};

/// A value that can be a table cell: a scalar, or an optional scalar.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a cell of a `layout = \"table\"` record",
    label = "a table holds scalars: strings, numbers, dates, unit enums, or `Option`s of them",
    note = "use the default layout (one block per record) for nested records and lists"
)]
pub trait TextCell {
    /// Writes the cell's content.
    fn write_cell(&self, format: &ValueFormat, row: &mut RowWriter<'_>);
}

impl<T: TextScalar + ?Sized> TextCell for T {
    fn write_cell(&self, format: &ValueFormat, row: &mut RowWriter<'_>) {
        row.start_cell();
        self.write_scalar(format, &mut Escaped::cell(row.out, row.longest));
    }
}

impl<T: TextScalar> TextCell for Option<T> {
    fn write_cell(&self, format: &ValueFormat, row: &mut RowWriter<'_>) {
        match self {
            Some(value) => value.write_cell(format, row),
            None => {
                row.start_cell();
                if let Missing::Placeholder(placeholder) = row.missing {
                    Escaped::cell(row.out, row.longest).push(placeholder);
                }
            }
        }
    }
}

/// Writes one row of a table: `| a | b |`.
pub struct RowWriter<'a> {
    out: &'a mut String,
    longest: &'a mut usize,
    missing: Missing,
    first: bool,
}

impl RowWriter<'_> {
    /// Writes one cell.
    pub fn cell<V: TextCell + ?Sized>(&mut self, value: &V, format: &ValueFormat) {
        value.write_cell(format, self);
    }

    fn start_cell(&mut self) {
        self.out.push_str(if self.first { "| " } else { " | " });
        self.first = false;
    }
}

pub(crate) fn write_table<R: TextRecord>(records: &[R], columns: &[&str], out: &mut String) {
    fenced(out, &mut |out, longest| {
        for (i, column) in columns.iter().enumerate() {
            out.push_str(if i == 0 { "| " } else { " | " });
            Escaped::cell(out, longest).push(column);
        }
        out.push_str(" |\n");
        for _ in columns {
            out.push_str("|---");
        }
        out.push_str("|\n");
        for record in records {
            let mut row = RowWriter {
                out,
                longest,
                missing: R::MISSING,
                first: true,
            };
            record.write_cells(&mut row);
            out.push_str(" |\n");
        }
    });
}
