//! A reader of the compact layout, written from `docs/text-format.md` ("The compact
//! layout"): it parses a list's text back into the JSON value of its records, so that the
//! tests can check that no value is lost (`text_compact.rs`).

use serde_json::{Map, Value};

/// A column of the header.
#[derive(Debug)]
struct Column {
    path: Vec<String>,
    kind: Kind,
    /// Marked `(utc)`: a `timestamp` field, whose instants are unix seconds.
    instant: bool,
}

#[derive(Debug)]
enum Kind {
    Scalar,
    Scalars,
    Records(Vec<Column>),
}

/// The records of a compact list's text (`Found N …:`, a header, one line each), or of its
/// empty message (no records).
pub fn read(text: &str) -> Value {
    let mut lines = text.lines();
    let found = lines.next().unwrap_or_default();
    if !found.starts_with("Found ") {
        return Value::Array(Vec::new());
    }
    let header = lines.next().expect("a header");
    let columns = Scanner::new(header).columns(false);
    let mut records = Vec::new();
    for line in lines {
        let mut scanner = Scanner::new(line);
        let mut record = Map::new();
        // Every row has a cell for each column, the empty ones at its end too.
        for (i, column) in columns.iter().enumerate() {
            if i > 0 {
                scanner.expect(',');
            }
            if let Some(value) = scanner.value(column, Place::Cell) {
                insert(&mut record, &column.path, value);
            }
        }
        assert!(scanner.done(), "left over: {:?}", scanner.rest());
        records.push(Value::Object(record));
    }
    Value::Array(records)
}

fn insert(record: &mut Map<String, Value>, path: &[String], value: Value) {
    match path {
        [key] => {
            record.insert(key.clone(), value);
        }
        [key, rest @ ..] => {
            let inner = record
                .entry(key.clone())
                .or_insert_with(|| Value::Object(Map::new()));
            insert(inner.as_object_mut().expect("an object"), rest, value);
        }
        [] => unreachable!(),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Place {
    Cell,
    CellList,
    Bracketed,
}

impl Place {
    fn ends(self, c: char) -> bool {
        match self {
            Place::Cell => c == ',',
            Place::CellList => c == ',' || c == ';',
            Place::Bracketed => c == ',' || c == ';' || c == ']',
        }
    }
}

struct Scanner<'a> {
    s: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    fn new(s: &'a str) -> Self {
        Scanner { s, at: 0 }
    }
    fn rest(&self) -> &'a str {
        &self.s[self.at..]
    }
    fn done(&self) -> bool {
        self.at >= self.s.len()
    }
    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }
    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.at += c.len_utf8();
            true
        } else {
            false
        }
    }
    fn eat_str(&mut self, s: &str) -> bool {
        let found = self.rest().starts_with(s);
        if found {
            self.at += s.len();
        }
        found
    }
    fn expect(&mut self, c: char) {
        assert!(self.eat(c), "expected {c:?} at {:?}", self.rest());
    }

    /// A JSON string starting here.
    fn quoted(&mut self) -> String {
        let rest = self.rest();
        let mut escaped = false;
        for (i, c) in rest.char_indices().skip(1) {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                self.at += i + 1;
                return serde_json::from_str(&rest[..=i]).expect("a JSON string");
            }
        }
        panic!("unterminated string: {rest:?}")
    }

    /// A key of the header: a JSON string or letters, digits, `_-$@`.
    fn key(&mut self) -> String {
        if self.peek() == Some('"') {
            return self.quoted();
        }
        let len = self
            .rest()
            .find(|c: char| !(c.is_ascii_alphanumeric() || "_-$@".contains(c)))
            .unwrap_or(self.rest().len());
        let key = self.rest()[..len].to_owned();
        self.at += len;
        key
    }

    /// The columns of a header (inside `{}` when `inner`).
    fn columns(&mut self, inner: bool) -> Vec<Column> {
        let mut columns = Vec::new();
        loop {
            if inner && self.peek() == Some('}') {
                break;
            }
            let mut path = vec![self.key()];
            while self.eat('.') {
                path.push(self.key());
            }
            let instant = self.eat_str("(utc)");
            // `record{a,b}`: the columns of a nested record.
            if self.eat('{') {
                for mut inner in self.columns(true) {
                    let mut full = path.clone();
                    full.append(&mut inner.path);
                    inner.path = full;
                    columns.push(inner);
                }
                self.expect('}');
                if !self.eat(',') {
                    break;
                }
                continue;
            }
            let kind = if self.eat('[') {
                self.expect(']');
                if self.eat('{') {
                    let inner = self.columns(true);
                    self.expect('}');
                    Kind::Records(inner)
                } else {
                    Kind::Scalars
                }
            } else {
                Kind::Scalar
            };
            columns.push(Column {
                path,
                kind,
                instant,
            });
            if !self.eat(',') {
                break;
            }
        }
        columns
    }

    /// One scalar, or `None` when the value is missing (nothing before the separator); in
    /// a column marked `(utc)`, a bare instant is its unix seconds.
    fn scalar(&mut self, place: Place, instant: bool) -> Option<Value> {
        if self.peek() == Some('"') {
            return Some(Value::String(self.quoted()));
        }
        let len = self
            .rest()
            .find(|c| place.ends(c))
            .unwrap_or(self.rest().len());
        let token = &self.rest()[..len];
        self.at += len;
        if token.is_empty() {
            return None;
        }
        if let Some(seconds) = unix_seconds(token).filter(|_| instant) {
            return Some(Value::from(seconds));
        }
        Some(match token {
            "true" => Value::Bool(true),
            "false" => Value::Bool(false),
            "null" => Value::Null,
            _ => serde_json::from_str::<serde_json::Number>(token)
                .map(Value::Number)
                .unwrap_or_else(|_| Value::String(token.to_owned())),
        })
    }

    /// The value of a column, or `None` when it is missing.
    fn value(&mut self, column: &Column, place: Place) -> Option<Value> {
        let (kind, instant) = (&column.kind, column.instant);
        match kind {
            Kind::Scalar => self.scalar(place, instant),
            Kind::Scalars if place == Place::Cell && !self.rest().starts_with('[') => {
                if self.done() || self.peek() == Some(',') {
                    return None;
                }
                let mut items = Vec::new();
                loop {
                    items.push(self.scalar(Place::CellList, instant).unwrap_or(Value::Null));
                    if !self.eat(';') {
                        break;
                    }
                }
                Some(Value::Array(items))
            }
            Kind::Scalars | Kind::Records(_) => {
                if !self.eat('[') {
                    return None;
                }
                let mut items = Vec::new();
                if self.eat(']') {
                    return Some(Value::Array(items));
                }
                loop {
                    items.push(match kind {
                        Kind::Records(columns) => self.record(columns),
                        _ => self
                            .scalar(Place::Bracketed, instant)
                            .unwrap_or(Value::Null),
                    });
                    if !self.eat(';') {
                        break;
                    }
                }
                self.expect(']');
                Some(Value::Array(items))
            }
        }
    }

    /// One record of a list, its cells separated by `,`.
    fn record(&mut self, columns: &[Column]) -> Value {
        let mut record = Map::new();
        for (i, column) in columns.iter().enumerate() {
            if i > 0 {
                self.expect(',');
            }
            if let Some(value) = self.value(column, Place::Bracketed) {
                insert(&mut record, &column.path, value);
            }
        }
        Value::Object(record)
    }
}

/// The unix seconds of an RFC 3339 instant in UTC, `YYYY-MM-DDTHH:MM:SSZ` (written here
/// from the calendar, not with the writer's date library).
fn unix_seconds(token: &str) -> Option<i64> {
    let b = token.as_bytes();
    let shape = b.len() == 20
        && b.iter().enumerate().all(|(i, &c)| match i {
            4 | 7 => c == b'-',
            10 => c == b'T',
            13 | 16 => c == b':',
            19 => c == b'Z',
            _ => c.is_ascii_digit(),
        });
    if !shape {
        return None;
    }
    let n = |r: std::ops::Range<usize>| token[r].parse::<i64>().unwrap();
    let (y, m, d) = (n(0..4), n(5..7), n(8..10));
    // days from 1970-01-01 to the date (Howard Hinnant's days_from_civil)
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((m + 9) % 12) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + n(11..13) * 3600 + n(14..16) * 60 + n(17..19))
}

/// `value` without what the compact layout writes as missing: `null`s, and objects left
/// empty without them (a missing record).
pub fn without_missing(value: &Value) -> Option<Value> {
    match value {
        Value::Null => None,
        Value::Object(map) => {
            let map: Map<String, Value> = map
                .iter()
                .filter_map(|(k, v)| without_missing(v).map(|v| (k.clone(), v)))
                .collect();
            (!map.is_empty()).then_some(Value::Object(map))
        }
        Value::Array(items) => Some(Value::Array(
            items
                .iter()
                .map(|v| without_missing(v).unwrap_or(Value::Null))
                .collect(),
        )),
        other => Some(other.clone()),
    }
}

/// Whether `read` is `data` (both without missing values): integers exactly, other numbers
/// as the same `f64` (a whole float is written as an integer, `250.0` as `250`), or the same
/// `f32` when the data's number is one (an `f32` is written in its own shortest form).
pub fn same(read: &Value, data: &Value) -> bool {
    match (read, data) {
        (Value::Number(a), Value::Number(b)) => {
            if a.is_f64() || b.is_f64() {
                let (a, b) = (a.as_f64(), b.as_f64().unwrap_or(f64::NAN));
                #[allow(clippy::cast_possible_truncation)]
                let single = f64::from(b as f32) == b;
                #[allow(clippy::cast_possible_truncation)]
                let same_single = single && a.is_some_and(|a| a as f32 == b as f32);
                a == Some(b) || same_single
            } else {
                a == b
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(a, b)| same(a, b))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| same(v, w)))
        }
        (a, b) => a == b,
    }
}
