//! The text a model reads of a script's result: toolshape's compact layout for a list of
//! records (a header of keys, one line per record), `key: value` lines in a code block for
//! one record, the value itself for a scalar. Lossless: every value is written as the data
//! holds it (a string that would read as something else is quoted as JSON).
//!
//! The records' columns are read from the data (the union of their keys, in the order they
//! first appear), where a tool's are read from its type: the same layout, a second consumer
//! of `write_lines`.

use serde_json::{Map, Value};

use crate::formats::text::{CompactHeader, CompactRow, Datum, write_lines};

/// What a column holds, read from the records.
#[derive(Debug, Clone, PartialEq)]
enum Shape {
    /// A scalar (or values of mixed kinds, written as compact JSON).
    Scalar,
    /// A list of scalars.
    Scalars,
    /// A record.
    Record(Vec<(String, Shape)>),
    /// A list of records.
    Records(Vec<(String, Shape)>),
}

/// The text a model reads of a script's result `value`: toolshape's compact layout for a list
/// of records (a header of keys, the union of the records' keys in the order they first
/// appear, and one line per record), `key: value` lines in a code block for one record, one
/// line per item for a list of scalars, the value itself for a scalar. A record's list of
/// records sits under its key, indented by one space, as a text tool's compact layout writes
/// it. Lossless: a string that would read as something else is quoted as JSON.
///
/// ```
/// use serde_json::json;
///
/// let volumes = json!([
///     {"name": "vol1", "size": 100, "tags": ["a", "b"]},
///     {"name": "vol2", "size": 250, "tags": []},
/// ]);
/// assert_eq!(
///     toolshape::code::result_text(&volumes),
///     "name,size,tags[]\nvol1,100,a;b\nvol2,250,[]"
/// );
/// assert_eq!(toolshape::code::result_text(&json!("done")), "done");
///
/// let svm = json!({"name": "svm1", "volumes": [{"name": "vol1"}, {"name": "vol2"}]});
/// assert_eq!(
///     toolshape::code::result_text(&svm),
///     "```\nname: svm1\nvolumes:\n name\n vol1\n vol2\n```"
/// );
/// ```
pub fn result_text(value: &Value) -> String {
    match value {
        Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
            let mut out = String::new();
            records(&mut out, "", items);
            out.pop();
            out
        }
        Value::Array(items) if items.iter().all(is_scalar) => {
            items.iter().map(scalar_text).collect::<Vec<_>>().join("\n")
        }
        Value::Object(map) => record_block(map),
        Value::String(s) => s.clone(),
        other => compact_json(other),
    }
}

fn is_scalar(value: &Value) -> bool {
    !matches!(value, Value::Array(_) | Value::Object(_))
}

fn scalar_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        other => compact_json(other),
    }
}

fn compact_json(value: &Value) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// One record: a code block of `key: value` lines; a field holding a list of records is
/// written in the compact layout under its key, indented.
fn record_block(map: &Map<String, Value>) -> String {
    let mut body = String::new();
    for (key, value) in map {
        match value {
            Value::Array(items) if !items.is_empty() && items.iter().all(Value::is_object) => {
                body.push_str(key);
                body.push_str(":\n");
                records(&mut body, " ", items);
            }
            Value::String(s) if !s.contains('\n') && !s.contains("```") => {
                body.push_str(&format!("{key}: {s}\n"));
            }
            other => body.push_str(&format!("{key}: {}\n", compact_json(other))),
        }
    }
    let fence = "`".repeat(longest_ticks(&body).max(2) + 1);
    format!("{fence}\n{body}{fence}")
}

fn longest_ticks(s: &str) -> usize {
    let (mut run, mut longest) = (0, 0);
    for c in s.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    longest
}

/// A list of records in the compact layout, each line after `indent`, ending in a line break.
fn records(out: &mut String, indent: &str, items: &[Value]) {
    let fields = fields_of(items.iter());
    let mut fence = 0;
    write_lines(
        out,
        &mut fence,
        indent,
        false,
        |header| columns(header, &fields),
        items.len(),
        |i, row| cells(row, &fields, items[i].as_object()),
    );
}

/// The fields of records: the union of their keys, in the order they first appear, each
/// with the shape of its values.
fn fields_of<'a>(records: impl Iterator<Item = &'a Value>) -> Vec<(String, Shape)> {
    let mut fields: Vec<(String, Vec<&Value>)> = Vec::new();
    for record in records {
        let Some(map) = record.as_object() else {
            continue;
        };
        for (key, value) in map {
            match fields.iter_mut().find(|(k, _)| k == key) {
                Some((_, values)) => values.push(value),
                None => fields.push((key.clone(), vec![value])),
            }
        }
    }
    fields
        .into_iter()
        .map(|(key, values)| (key, shape_of(&values)))
        .collect()
}

fn shape_of(values: &[&Value]) -> Shape {
    let present: Vec<&Value> = values.iter().copied().filter(|v| !v.is_null()).collect();
    if present.iter().all(|v| is_scalar(v)) {
        return Shape::Scalar;
    }
    if present.iter().all(|v| v.is_object()) {
        return Shape::Record(fields_of(present.into_iter()));
    }
    if present.iter().all(|v| v.is_array()) {
        let items: Vec<&Value> = present
            .iter()
            .flat_map(|v| v.as_array().into_iter().flatten())
            .collect();
        if items.iter().all(|v| is_scalar(v)) {
            return Shape::Scalars;
        }
        if items.iter().all(|v| v.is_object()) {
            return Shape::Records(fields_of(items.into_iter()));
        }
    }
    Shape::Scalar
}

fn columns(header: &mut CompactHeader, fields: &[(String, Shape)]) {
    for (key, shape) in fields {
        match shape {
            Shape::Scalar => header.column(key),
            Shape::Scalars => header.list_column(key),
            Shape::Record(inner) => header.nested(key, |header| columns(header, inner)),
            Shape::Records(inner) => header.record_list(key, |header| columns(header, inner)),
        }
    }
}

fn width(fields: &[(String, Shape)]) -> usize {
    fields
        .iter()
        .map(|(_, shape)| match shape {
            Shape::Record(inner) => width(inner),
            _ => 1,
        })
        .sum()
}

fn cells(
    row: &mut CompactRow<'_>,
    fields: &[(String, Shape)],
    record: Option<&Map<String, Value>>,
) {
    for (key, shape) in fields {
        let value = record
            .and_then(|record| record.get(key))
            .filter(|v| !v.is_null());
        match (shape, value) {
            (Shape::Record(inner), value) => cells(row, inner, value.and_then(Value::as_object)),
            (_, None) => row.missing(1),
            (Shape::Scalar, Some(value)) => scalar(row, value),
            (Shape::Scalars, Some(value)) => {
                let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
                row.list(false, items.is_empty(), |row| {
                    for item in items {
                        if item.is_null() {
                            row.missing(1);
                        } else {
                            scalar(row, item);
                        }
                    }
                });
            }
            (Shape::Records(inner), Some(value)) => {
                let items = value.as_array().map(Vec::as_slice).unwrap_or_default();
                row.list(true, items.is_empty(), |row| {
                    for item in items {
                        row.record_item(|row| {
                            let record = item.as_object();
                            if record.is_none() {
                                row.missing(width(inner));
                            } else {
                                cells(row, inner, record);
                            }
                        });
                    }
                });
            }
        }
    }
}

fn scalar(row: &mut CompactRow<'_>, value: &Value) {
    match value {
        Value::Bool(b) => row.scalar(Datum::Bool(*b)),
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), _, _) => row.scalar(Datum::Int(i.into())),
            (None, Some(u), _) => row.scalar(Datum::UInt(u.into())),
            (None, None, Some(f)) => row.scalar(Datum::Float(f)),
            _ => row.missing(1),
        },
        Value::String(s) => row.text(s),
        Value::Null => row.missing(1),
        // mixed kinds: the value as compact JSON, a string in the cell
        other => row.text(&compact_json(other)),
    }
}
