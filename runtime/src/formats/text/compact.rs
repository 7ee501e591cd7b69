//! `#[text(layout = "compact")]`: a list of records as one header line and one line per
//! record, every value as the data holds it.
//!
//! ```text
//! Found 2 pods:
//! name,node.zone,labels[],containers[]{name,image,restarts}
//! web-1,eu-1a,app:web;tier:fe,[nginx,nginx:1.25,0;envoy,envoy:1.29,2]
//! web-2,eu-1b,[],[nginx,nginx:1.25,0]
//! ```
//!
//! - The list is not fenced: each record is one line and no value leaves its line, so there
//!   is no block to break out of. Inside a record's block (a field holding such a list), the
//!   lines are indented under the field's label.
//! - The header names each column by its key (the field's name as serde writes it): a nested
//!   record's fields are `record{a,b}` (`record.a` when it shows one), a list of scalars is `key[]`, a list of records is
//!   `key[]{its columns}`, an enum with fields is its tag column and the union of its
//!   variants' fields (one column per key: two variants' fields of one name share it, whatever
//!   their types).
//! - A row's cells are separated by `,`. A list of scalars is its items separated by `;`
//!   (`[]` when empty); a list of records is `[record;record]`, each record's cells separated
//!   by `,`; a list inside brackets is bracketed too.
//! - A missing value is an empty cell (`null` as an item of a list), at the end of a row too
//!   (every row has as many cells as the header has columns); a column missing in every row
//!   is left out of the header.
//! - A `timestamp` field's whole unix seconds are written as the blocks layout writes them by
//!   default, an RFC 3339 instant in UTC (`2024-05-01T12:00:00Z`), and its column's key is
//!   marked `(utc)` (`created(utc)`, `seen(utc)[]`), which says the value is those seconds:
//!   the same value reads the same in every layout and reads back exactly.
//! - Numbers and booleans (`true`, `false`) are written as they are; a string is written as it
//!   is unless it would read as something else: an empty string, one that reads as a number,
//!   `true`, `false` or `null`, one with a separator of its place (`,` in a cell, `;` in a
//!   list, `]` inside brackets), one starting with `"` or with a space at either end, and one
//!   with a character the escape table of `docs/text-format.md` escapes (or a tab), one that
//!   is a JSON object or array (`{"a":1}`, quoted whether or not it holds a separator), and
//!   an item of a list in a cell starting with `[`, is written as a JSON string: `"a, b"`,
//!   `"42"`, `"line\nbreak"`.

use std::borrow::Cow;
use std::fmt::Write as _;
use std::ops::Range;

use super::escape::needs_escape;
use super::value::{Datum, instant, is_instant};
use super::{TextField, TextRecord, ValueFormat};

/// The columns of a compact header, collected from the record type.
#[derive(Debug, Default)]
pub struct CompactHeader {
    prefix: Vec<String>,
    columns: Vec<Column>,
    detailed: bool,
    /// The columns to come are a `timestamp` field's: their key is marked [`INSTANT_MARK`].
    instant: bool,
    /// Counting columns only ([`width`]): no column is written.
    counting: bool,
    counted: usize,
}

/// One column: the keys of its path (written as the header writes them) and what follows
/// the last (`[]`, `[]{...}`).
#[derive(Debug)]
struct Column {
    path: Vec<String>,
    suffix: String,
}

impl CompactHeader {
    pub(crate) fn new(detailed: bool) -> Self {
        CompactHeader {
            detailed,
            ..CompactHeader::default()
        }
    }

    /// Whether fields marked `#[text(detailed)]` are shown.
    pub fn detailed(&self) -> bool {
        self.detailed
    }

    /// Adds the columns of a field of type `V` under `key`.
    pub fn field<V: TextField + ?Sized>(&mut self, key: &str) {
        self.field_in::<V>(key, &ValueFormat::Plain);
    }

    /// Adds the columns of a field of type `V` under `key`, displayed in `format`: a
    /// `timestamp` field's column is marked `(utc)` (its values are written as instants).
    pub fn field_in<V: TextField + ?Sized>(&mut self, key: &str, format: &ValueFormat) {
        let outer = std::mem::replace(&mut self.instant, V::NUMBER && is_instant(format));
        V::compact_columns(key, self);
        self.instant = outer;
    }

    /// One column holding a scalar.
    pub fn column(&mut self, key: &str) {
        self.push_column(key, String::new());
    }

    /// One column holding a list of scalars: `key[]`.
    pub fn list_column(&mut self, key: &str) {
        self.push_column(key, "[]".into());
    }

    fn push_column(&mut self, key: &str, suffix: String) {
        if self.counting {
            self.counted += 1;
            return;
        }
        let mut path = self.prefix.clone();
        let mut written = String::new();
        push_key(&mut written, key);
        if self.instant {
            written.push_str(INSTANT_MARK);
        }
        path.push(written);
        self.columns.push(Column { path, suffix });
    }

    /// The columns of a nested record, under `key` (none for an empty key).
    pub fn nested(&mut self, key: &str, columns: impl FnOnce(&mut Self)) {
        let (len, instant) = (self.enter(key), std::mem::take(&mut self.instant));
        columns(self);
        self.prefix.truncate(len);
        self.instant = instant;
    }

    /// Adds `key` to the prefix of the columns to come, for [`nested`](Self::nested) (apart
    /// from the generic part, so compiled once); the prefix's length before.
    fn enter(&mut self, key: &str) -> usize {
        let len = self.prefix.len();
        if !key.is_empty() && !self.counting {
            let mut written = String::new();
            push_key(&mut written, key);
            self.prefix.push(written);
        }
        len
    }

    /// One column holding a list of records: `key[]{a,b,c}`.
    pub fn record_list(&mut self, key: &str, columns: impl FnOnce(&mut Self)) {
        if self.counting {
            self.counted += 1;
            return;
        }
        let mut inner = CompactHeader::new(self.detailed);
        columns(&mut inner);
        self.push_record_list(key, &inner);
    }

    /// The column of [`record_list`](Self::record_list), whose records have `inner`'s
    /// columns: apart from the generic part, so compiled once.
    fn push_record_list(&mut self, key: &str, inner: &CompactHeader) {
        let mut suffix = String::from("[]{");
        write_header(&inner.columns.iter().collect::<Vec<_>>(), 0, &mut suffix);
        suffix.push('}');
        self.push_column(key, suffix);
    }
}

/// How many columns `columns` adds to a header (whose `#[text(detailed)]` fields show when
/// `detailed`): what a missing record takes in a row. Counts without writing any column.
pub(crate) fn width(detailed: bool, columns: &mut dyn FnMut(&mut CompactHeader)) -> usize {
    let mut header = CompactHeader {
        detailed,
        counting: true,
        ..CompactHeader::default()
    };
    columns(&mut header);
    header.counted
}

/// Writes `columns` (their paths from `depth` on), separated by `,`: the columns of one
/// nested record written `record{a,b}` when there are several, `record.a` when one.
fn write_header(columns: &[&Column], depth: usize, out: &mut String) {
    let mut i = 0;
    while i < columns.len() {
        if i > 0 {
            out.push(',');
        }
        let column = columns[i];
        let key = &column.path[depth];
        if column.path.len() == depth + 1 {
            out.push_str(key);
            out.push_str(&column.suffix);
            i += 1;
            continue;
        }
        let group = columns[i..]
            .iter()
            .take_while(|c| c.path.len() > depth + 1 && &c.path[depth] == key)
            .count();
        out.push_str(key);
        if group == 1 {
            for key in &column.path[depth + 1..] {
                out.push('.');
                out.push_str(key);
            }
            out.push_str(&column.suffix);
        } else {
            out.push('{');
            write_header(&columns[i..i + group], depth + 1, out);
            out.push('}');
        }
        i += group;
    }
}

/// A key as written in the header: as it is when made of letters, digits, `_`, `-`, `$`,
/// `@`, and as a JSON string otherwise. An empty key (the columns of a list's records) is
/// nothing.
fn push_key(out: &mut String, key: &str) {
    let plain = key
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"_-$@".contains(&b));
    if plain {
        out.push_str(key);
    } else {
        push_quoted(out, key, &mut 0);
    }
}

/// Where a value sits, which decides the separators it must quote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// A cell of the row.
    Cell,
    /// An item of a list of scalars in a cell (`a;b`).
    CellList,
    /// Inside brackets.
    Bracketed,
}

/// Writes one record's cells: what generated `write_compact` calls.
pub struct CompactRow<'a> {
    out: &'a mut String,
    longest_tick_run: &'a mut usize,
    cells: &'a mut Vec<Range<usize>>,
    place: Place,
    /// Inside brackets: the separator before the next value, and whether one was written.
    separator: char,
    first: bool,
    cell_start: usize,
    detailed: bool,
    /// The values to come are a `timestamp` field's: whole unix seconds are written as
    /// instants.
    instant: bool,
}

impl CompactRow<'_> {
    /// Whether fields marked `#[text(detailed)]` are shown.
    pub fn detailed(&self) -> bool {
        self.detailed
    }

    /// Writes one field's value (its cells).
    pub fn field<V: TextField + ?Sized>(&mut self, value: &V) {
        self.field_in(value, &ValueFormat::Plain);
    }

    /// Writes one field's value, displayed in `format`: a `timestamp` field's whole unix
    /// seconds are written as the blocks layout writes them by default, an RFC 3339 instant
    /// in UTC (`2024-05-01T12:00:00Z`), under a column marked `(utc)`; the other formats
    /// round, so the compact layout writes those values as the data holds them.
    pub fn field_in<V: TextField + ?Sized>(&mut self, value: &V, format: &ValueFormat) {
        let outer = std::mem::replace(&mut self.instant, V::NUMBER && is_instant(format));
        value.write_compact(self);
        self.instant = outer;
    }

    fn start(&mut self) {
        if self.place == Place::Cell {
            self.cell_start = self.out.len();
        } else if self.first {
            self.first = false;
        } else {
            self.out.push(self.separator);
        }
    }

    fn finish(&mut self) {
        if self.place == Place::Cell {
            self.cells.push(self.cell_start..self.out.len());
        }
    }

    /// One scalar value.
    pub fn scalar(&mut self, datum: Datum<'_>) {
        let datum = match self.instant.then(|| instant(&datum)).flatten() {
            Some(at) => Datum::Str(Cow::Owned(at)),
            None => datum,
        };
        self.start();
        let separators: &[char] = match self.place {
            Place::Cell => &[','],
            Place::CellList => &[',', ';'],
            Place::Bracketed => &[',', ';', ']'],
        };
        match datum {
            // An item of a list in a cell starting with `[` would read as a bracketed list.
            Datum::Str(s) if self.place == Place::CellList && s.starts_with('[') => {
                push_quoted(self.out, &s, self.longest_tick_run);
            }
            Datum::Str(s) => push_str(self.out, &s, separators, self.longest_tick_run),
            Datum::Int(v) => {
                let _ = write!(self.out, "{v}");
            }
            Datum::UInt(v) => {
                let _ = write!(self.out, "{v}");
            }
            Datum::Float(v) if v.is_finite() => {
                let _ = write!(self.out, "{v}");
            }
            Datum::Float32(v) if v.is_finite() => {
                let _ = write!(self.out, "{v}");
            }
            Datum::Float(_) | Datum::Float32(_) => {}
            Datum::Bool(v) => self.out.push_str(if v { "true" } else { "false" }),
        }
        self.finish();
    }

    /// One string value.
    pub fn text(&mut self, s: &str) {
        self.scalar(Datum::text(s));
    }

    /// `width` missing values: a missing scalar is one, a missing record one per column. A
    /// missing item of a list of scalars is `null` (an empty item would make `[None]` read as
    /// a missing list).
    pub fn missing(&mut self, width: usize) {
        let item = self.place != Place::Cell && self.separator == ';';
        for _ in 0..width {
            self.start();
            if item {
                self.out.push_str("null");
            }
            self.finish();
        }
    }

    /// A list: `items` writes each item with [`scalar`](Self::scalar) or
    /// [`record_item`](Self::record_item). A list of scalars in a cell is written without
    /// brackets (`[]` when empty); any other list in brackets.
    pub fn list(&mut self, of_records: bool, empty: bool, items: impl FnOnce(&mut Self)) {
        self.start();
        let bracketed = of_records || self.place != Place::Cell || empty;
        if bracketed {
            self.out.push('[');
        }
        let outer = (self.place, self.separator, self.first);
        self.place = if bracketed {
            Place::Bracketed
        } else {
            Place::CellList
        };
        self.separator = ';';
        self.first = true;
        items(self);
        (self.place, self.separator, self.first) = outer;
        if bracketed {
            self.out.push(']');
        }
        self.finish();
    }

    /// One record of a list: its cells separated by `,`.
    pub fn record_item(&mut self, cells: impl FnOnce(&mut Self)) {
        self.start();
        let outer = (self.place, self.separator, self.first, self.instant);
        (self.place, self.separator, self.first, self.instant) =
            (Place::Bracketed, ',', true, false);
        cells(self);
        (self.place, self.separator, self.first, self.instant) = outer;
    }
}

/// What follows the key of a `timestamp` field's column: its values, whole unix seconds, are
/// written as RFC 3339 instants in UTC, and read back as those seconds.
pub(crate) const INSTANT_MARK: &str = "(utc)";

/// Whether `s`, written bare, would read back as a number (JSON's grammar).
fn reads_as_number(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let (int, rest) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    if int.is_empty() || (int.len() > 1 && int.starts_with('0')) {
        return false;
    }
    let rest = match rest.strip_prefix('.') {
        Some(frac) => {
            let digits = frac
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(frac.len());
            if digits == 0 {
                return false;
            }
            &frac[digits..]
        }
        None => rest,
    };
    match rest.strip_prefix(['e', 'E']) {
        Some(exp) => {
            let exp = exp.strip_prefix(['+', '-']).unwrap_or(exp);
            !exp.is_empty() && exp.bytes().all(|b| b.is_ascii_digit())
        }
        None => rest.is_empty(),
    }
}

/// Whether the string `s` is written as a JSON string in a place with these separators.
pub(crate) fn needs_quotes(s: &str, separators: &[char]) -> bool {
    s.is_empty()
        || s.starts_with([' ', '"'])
        || s.ends_with(' ')
        || matches!(s, "true" | "false" | "null")
        || reads_as_number(s)
        || s.chars()
            .any(|c| separators.contains(&c) || c == '\t' || needs_escape(c))
        || holds_json(s)
}

/// Whether `s` is a JSON object or array (`{"a":1}`, `[1,2]`): written quoted in every
/// place, so that one such value reads the same whether or not it holds a separator.
fn holds_json(s: &str) -> bool {
    s.starts_with(['{', '['])
        && s.ends_with(['}', ']'])
        && serde_json::from_str::<serde::de::IgnoredAny>(s).is_ok()
}

fn push_str(out: &mut String, s: &str, separators: &[char], longest: &mut usize) {
    if needs_quotes(s, separators) {
        push_quoted(out, s, longest);
    } else {
        track_ticks(s, longest);
        out.push_str(s);
    }
}

fn track_ticks(s: &str, longest: &mut usize) {
    if s.contains('`') {
        let mut run = 0;
        for c in s.chars() {
            run = if c == '`' { run + 1 } else { 0 };
            *longest = (*longest).max(run);
        }
    }
}

/// `s` as a JSON string, with every character the text format escapes written `\uXXXX`.
fn push_quoted(out: &mut String, s: &str, longest: &mut usize) {
    track_ticks(s, longest);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if needs_escape(c) => {
                let mut units = [0; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes a list of records in the compact layout: the header, then one line per record
/// (without a final line break).
pub(crate) fn write_compact<R: TextRecord>(records: &[R], detailed: bool, out: &mut String) {
    // Unfenced: the runs of backticks need no counting.
    let mut ticks = 0;
    write_lines(
        out,
        &mut ticks,
        "",
        detailed,
        R::compact_columns,
        records.len(),
        |i, row| records[i].write_compact(row),
    );
    out.pop();
}

/// The header and one line per record, each line after `indent`: a list at the top of a
/// result, or inside a record's block (a field holding a list of compact records).
pub(crate) fn write_lines(
    out: &mut String,
    fence: &mut usize,
    indent: &str,
    detailed: bool,
    columns: impl FnOnce(&mut CompactHeader),
    count: usize,
    mut write_row: impl FnMut(usize, &mut CompactRow<'_>),
) {
    let mut header = CompactHeader::new(detailed);
    columns(&mut header);
    let columns = header.columns;
    // Every row's cells, written once into `cells_text`; `used` says which columns hold a
    // value in some row.
    let mut cells_text = String::with_capacity(count * 64);
    let mut cells: Vec<Range<usize>> = Vec::with_capacity(count * columns.len());
    for i in 0..count {
        let mut row = CompactRow {
            out: &mut cells_text,
            longest_tick_run: fence,
            cells: &mut cells,
            place: Place::Cell,
            separator: ',',
            first: true,
            cell_start: 0,
            detailed,
            instant: false,
        };
        write_row(i, &mut row);
    }
    let width = columns.len();
    debug_assert_eq!(cells.len(), count * width, "one cell per column");
    merge_columns_of_one_key(&columns, &mut cells);
    let used: Vec<bool> = (0..width)
        .map(|column| {
            cells
                .iter()
                .skip(column)
                .step_by(width.max(1))
                .any(|cell| !cell.is_empty())
        })
        .collect();
    out.push_str(indent);
    let used_columns: Vec<&Column> = columns
        .iter()
        .zip(&used)
        .filter(|(_, used)| **used)
        .map(|(column, _)| column)
        .collect();
    let header_start = out.len();
    write_header(&used_columns, 0, out);
    track_ticks(&out[header_start..], fence);
    out.push('\n');
    // Every row has a cell for each column of the header, the missing ones at its end too:
    // a row lines up with its header.
    for row in cells.chunks(width.max(1)).take(count) {
        out.push_str(indent);
        let kept_cells = row.iter().zip(&used).filter(|(_, used)| **used);
        for (i, (cell, _)) in kept_cells.enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&cells_text[cell.clone()]);
        }
        out.push('\n');
    }
}

/// Columns with one key and shape — two variants of an enum each with a field of that name,
/// of different types — are one column: in each row, the cell a variant filled moves to the
/// first of them, and the others, empty in every row, are left out of the header.
fn merge_columns_of_one_key(columns: &[Column], cells: &mut [Range<usize>]) {
    let width = columns.len();
    let first_of = |i: usize| {
        (0..i)
            .find(|&j| columns[j].path == columns[i].path && columns[j].suffix == columns[i].suffix)
    };
    let moves: Vec<(usize, usize)> = (0..width)
        .filter_map(|i| first_of(i).map(|first| (i, first)))
        .collect();
    if moves.is_empty() {
        return;
    }
    for row in cells.chunks_mut(width.max(1)) {
        for &(i, first) in &moves {
            if row[first].is_empty() && !row[i].is_empty() {
                row[first] = row[i].clone();
                row[i] = 0..0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::RFC3339_UTC;

    #[test]
    fn numbers_keywords_and_separators_are_quoted() {
        for s in [
            "42", "-1.5", "1e9", "0", "true", "null", "", " x", "x ", "a,b", "\"q",
        ] {
            assert!(needs_quotes(s, &[',']), "{s:?}");
        }
        for s in [
            "007",
            "1.25.3",
            "+1555",
            "a;b",
            "x]",
            "[INFO] up",
            "C:\\dir",
            "a \"b\"",
        ] {
            assert!(!needs_quotes(s, &[',']), "{s:?}");
        }
        assert!(needs_quotes("a;b", &[',', ';']));
        assert!(needs_quotes("x]", &[',', ';', ']']));
        // JSON in a string is quoted with or without a separator in it
        for s in [r#"{"a":1}"#, r#"{"a":1,"b":2}"#, "[1]", "[]", "{}"] {
            assert!(needs_quotes(s, &[',']), "{s:?}");
        }
        for s in ["[INFO] up", "{not json}", "[x"] {
            assert!(!needs_quotes(s, &[',']), "{s:?}");
        }
    }

    #[test]
    fn a_timestamp_of_unix_seconds_is_an_instant_and_a_date_time_stays_as_serde_writes_it() {
        let at = chrono::DateTime::from_timestamp(1_714_564_800, 500_000_000).unwrap();
        let format = ValueFormat::Timestamp(RFC3339_UTC);
        let mut out = String::new();
        write_lines(
            &mut out,
            &mut 0,
            "",
            false,
            |h| {
                h.field_in::<i64>("secs", &format);
                h.field_in::<Option<f64>>("float", &format);
                h.field_in::<chrono::DateTime<chrono::Utc>>("at", &format);
                h.field::<i64>("plain");
            },
            1,
            |_, row| {
                row.field_in(&1_714_564_800_i64, &format);
                row.field_in(&Some(1.5_f64), &format);
                row.field_in(&at, &format);
                row.field(&1_714_564_800_i64);
            },
        );
        assert_eq!(
            out,
            "secs(utc),float(utc),at,plain\n2024-05-01T12:00:00Z,1.5,2024-05-01T12:00:00.500Z,1714564800\n"
        );
    }

    #[test]
    fn quoted_strings_are_json_with_invisibles_escaped() {
        let mut out = String::new();
        push_quoted(&mut out, "a\"\\\n\t\u{200B}\u{E0001}", &mut 0);
        assert_eq!(out, r#""a\"\\\n\t\u200b\udb40\udc01""#);
        let back: String = serde_json::from_str(&out).unwrap();
        assert_eq!(back, "a\"\\\n\t\u{200B}\u{E0001}");
    }
}
