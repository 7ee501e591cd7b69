//! Scalars and their display formats: currency, bytes, percent, thousands, timestamps.

use std::borrow::Cow;
use std::fmt::Write as _;

use super::escape::Escaped;

/// A scalar as the data holds it: what the compact layout writes, whatever display format the
/// field has in the blocks layout.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum Datum<'a> {
    /// A string (or anything written as one: a date, a unit enum's variant).
    Str(Cow<'a, str>),
    /// A signed integer.
    Int(i128),
    /// An unsigned integer.
    UInt(u128),
    /// A floating-point number: finite ones are written in their shortest exact form,
    /// others as a missing value (as JSON has no form for them).
    Float(f64),
    /// A single-precision number, written in its own shortest form (`0.1`), as serde writes it.
    Float32(f32),
    /// `true` or `false`.
    Bool(bool),
}

impl<'a> Datum<'a> {
    /// A string.
    pub fn text(s: &'a str) -> Self {
        Datum::Str(Cow::Borrowed(s))
    }
}

/// How a scalar field is displayed: `#[text(currency)]`, `#[text(bytes = "binary")]`, ….
///
/// Formats apply to numbers (and `timestamp` to integers and `chrono` date-times); a value
/// of another type is written as it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValueFormat {
    /// As `Display` writes it.
    Plain,
    /// `$120,000.00`: the symbol, thousands separators, two decimals.
    Currency(&'static str),
    /// A byte count with binary (`1.5 GiB`) or decimal (`1.6 GB`) units.
    Bytes(ByteUnits),
    /// A ratio as a percentage: `0.125` → `12.5%` (at most two decimals).
    Percent,
    /// Thousands separators: `1234567` → `1,234,567`.
    Thousands,
    /// Unix seconds or a date-time, formatted with a `chrono` format string
    /// (default `%Y-%m-%dT%H:%M:%SZ`, always in UTC).
    Timestamp(&'static str),
}

/// The units of [`ValueFormat::Bytes`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteUnits {
    /// Powers of 1024: KiB, MiB, GiB, ….
    Binary,
    /// Powers of 1000: kB, MB, GB, ….
    Decimal,
}

/// The default timestamp format.
pub const RFC3339_UTC: &str = "%Y-%m-%dT%H:%M:%SZ";

/// A value written on one line: strings, numbers, booleans, characters, date-times.
pub trait TextScalar {
    /// Writes the value in `format` (the writer escapes it).
    fn write_scalar(&self, format: &ValueFormat, out: &mut Escaped<'_>);

    /// The value as the data holds it, for the compact layout. By default, the plain text of
    /// the value as a string.
    fn datum(&self) -> Datum<'_> {
        let mut text = String::new();
        self.write_scalar(&ValueFormat::Plain, &mut Escaped::new(&mut text, &mut 0));
        Datum::Str(Cow::Owned(text))
    }
}

impl TextScalar for str {
    fn write_scalar(&self, _: &ValueFormat, out: &mut Escaped<'_>) {
        out.push(self);
    }
    fn datum(&self) -> Datum<'_> {
        Datum::Str(Cow::Borrowed(self))
    }
}
impl TextScalar for String {
    fn write_scalar(&self, _: &ValueFormat, out: &mut Escaped<'_>) {
        out.push(self);
    }
    fn datum(&self) -> Datum<'_> {
        Datum::Str(Cow::Borrowed(self))
    }
}
impl TextScalar for bool {
    fn write_scalar(&self, _: &ValueFormat, out: &mut Escaped<'_>) {
        out.push(if *self { "yes" } else { "no" });
    }
    fn datum(&self) -> Datum<'_> {
        Datum::Bool(*self)
    }
}
impl TextScalar for char {
    fn write_scalar(&self, _: &ValueFormat, out: &mut Escaped<'_>) {
        out.push(self.encode_utf8(&mut [0; 4]));
    }
    fn datum(&self) -> Datum<'_> {
        Datum::Str(Cow::Owned(self.to_string()))
    }
}

macro_rules! int_scalar {
    ($($ty:ty),*) => {$(
        impl TextScalar for $ty {
            #[allow(clippy::cast_lossless, clippy::cast_precision_loss, trivial_numeric_casts)]
            fn write_scalar(&self, format: &ValueFormat, out: &mut Escaped<'_>) {
                write_int(*self as i128, *self as f64, format, out);
            }
            #[allow(clippy::cast_lossless, trivial_numeric_casts)]
            fn datum(&self) -> Datum<'_> {
                Datum::Int(*self as i128)
            }
        }
    )*};
}
int_scalar!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

impl TextScalar for u128 {
    #[allow(clippy::cast_precision_loss)]
    fn write_scalar(&self, format: &ValueFormat, out: &mut Escaped<'_>) {
        match i128::try_from(*self) {
            Ok(v) => write_int(v, *self as f64, format, out),
            Err(_) => {
                let _ = write!(out, "{self}");
            }
        }
    }
    fn datum(&self) -> Datum<'_> {
        Datum::UInt(*self)
    }
}
impl TextScalar for i128 {
    #[allow(clippy::cast_precision_loss)]
    fn write_scalar(&self, format: &ValueFormat, out: &mut Escaped<'_>) {
        write_int(*self, *self as f64, format, out);
    }
    fn datum(&self) -> Datum<'_> {
        Datum::Int(*self)
    }
}
impl TextScalar for f64 {
    fn write_scalar(&self, format: &ValueFormat, out: &mut Escaped<'_>) {
        write_float(*self, format, out);
    }
    fn datum(&self) -> Datum<'_> {
        Datum::Float(*self)
    }
}
impl TextScalar for f32 {
    fn write_scalar(&self, format: &ValueFormat, out: &mut Escaped<'_>) {
        write_float(f64::from(*self), format, out);
    }
    fn datum(&self) -> Datum<'_> {
        Datum::Float32(*self)
    }
}
impl<Tz: chrono::TimeZone> TextScalar for chrono::DateTime<Tz> {
    fn write_scalar(&self, format: &ValueFormat, out: &mut Escaped<'_>) {
        let pattern = match format {
            ValueFormat::Timestamp(pattern) => pattern,
            _ => RFC3339_UTC,
        };
        write_datetime(&self.with_timezone(&chrono::Utc), pattern, out);
    }
    fn datum(&self) -> Datum<'_> {
        // As chrono's serde writes it.
        Datum::Str(Cow::Owned(
            self.with_timezone(&chrono::Utc)
                .to_rfc3339_opts(chrono::SecondsFormat::AutoSi, true),
        ))
    }
}
impl TextScalar for chrono::NaiveDate {
    fn write_scalar(&self, _: &ValueFormat, out: &mut Escaped<'_>) {
        let _ = write!(out, "{self}");
    }
}

fn write_datetime(at: &chrono::DateTime<chrono::Utc>, pattern: &str, out: &mut Escaped<'_>) {
    use chrono::format::{Item, StrftimeItems};
    // An invalid pattern would make `Display` fail (and `to_string` panic): fall back.
    let valid = !StrftimeItems::new(pattern).any(|item| matches!(item, Item::Error));
    let pattern = if valid { pattern } else { RFC3339_UTC };
    let _ = write!(out, "{}", at.format(pattern));
}

fn write_int(value: i128, as_float: f64, format: &ValueFormat, out: &mut Escaped<'_>) {
    match format {
        ValueFormat::Currency(symbol) => {
            if value < 0 {
                out.push("-");
            }
            out.push(symbol);
            push_grouped(&value.unsigned_abs().to_string(), out);
            out.push(".00");
        }
        ValueFormat::Thousands => {
            if value < 0 {
                out.push("-");
            }
            push_grouped(&value.unsigned_abs().to_string(), out);
        }
        ValueFormat::Bytes(units) => write_bytes(value, as_float, *units, out),
        ValueFormat::Percent => write_float(as_float, format, out),
        ValueFormat::Timestamp(pattern) => {
            match i64::try_from(value)
                .ok()
                .and_then(|secs| chrono::DateTime::from_timestamp(secs, 0))
            {
                Some(at) => write_datetime(&at, pattern, out),
                None => {
                    let _ = write!(out, "{value}");
                }
            }
        }
        ValueFormat::Plain => {
            let _ = write!(out, "{value}");
        }
    }
}

fn write_float(value: f64, format: &ValueFormat, out: &mut Escaped<'_>) {
    if !value.is_finite() {
        let _ = write!(out, "{value}");
        return;
    }
    match format {
        ValueFormat::Currency(symbol) => {
            let fixed = format!("{:.2}", value.abs());
            let (int, frac) = fixed.split_once('.').unwrap_or((&fixed, "00"));
            if value < 0.0 && fixed != "0.00" {
                out.push("-");
            }
            out.push(symbol);
            push_grouped(int, out);
            out.push(".");
            out.push(frac);
        }
        ValueFormat::Thousands => {
            let plain = format!("{}", value.abs());
            let (int, frac) = match plain.split_once('.') {
                Some((int, frac)) => (int, Some(frac)),
                None => (plain.as_str(), None),
            };
            if value < 0.0 {
                out.push("-");
            }
            push_grouped(int, out);
            if let Some(frac) = frac {
                out.push(".");
                out.push(frac);
            }
        }
        ValueFormat::Percent => {
            out.push(trim_decimals(&format!("{:.2}", value * 100.0)));
            out.push("%");
        }
        ValueFormat::Bytes(units) => {
            #[allow(clippy::cast_possible_truncation)]
            write_bytes(value as i128, value, *units, out);
        }
        ValueFormat::Timestamp(pattern) => {
            #[allow(clippy::cast_possible_truncation)]
            write_int(value as i128, value, &ValueFormat::Timestamp(pattern), out);
        }
        ValueFormat::Plain => {
            let _ = write!(out, "{value}");
        }
    }
}

fn write_bytes(value: i128, as_float: f64, units: ByteUnits, out: &mut Escaped<'_>) {
    let (base, names): (f64, &[&str]) = match units {
        ByteUnits::Binary => (1024.0, &["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]),
        ByteUnits::Decimal => (1000.0, &["B", "kB", "MB", "GB", "TB", "PB", "EB"]),
    };
    if as_float.abs() < base {
        let _ = write!(out, "{value} B");
        return;
    }
    let mut scaled = as_float;
    let mut unit = 0;
    while scaled.abs() >= base && unit + 1 < names.len() {
        scaled /= base;
        unit += 1;
    }
    out.push(trim_decimals(&format!("{scaled:.1}")));
    out.push(" ");
    out.push(names[unit]);
}

/// `"12.50"` → `"12.5"`, `"100.00"` → `"100"`.
fn trim_decimals(fixed: &str) -> &str {
    if fixed.contains('.') {
        fixed.trim_end_matches('0').trim_end_matches('.')
    } else {
        fixed
    }
}

/// Writes ASCII digits with a comma every three from the right.
fn push_grouped(digits: &str, out: &mut Escaped<'_>) {
    let len = digits.len();
    for start in 0..len {
        if start > 0 && (len - start).is_multiple_of(3) {
            out.push(",");
        }
        out.push(&digits[start..=start]);
    }
}

/// Whether the compact layout writes a value of this format as an instant.
pub(crate) fn is_instant(format: &ValueFormat) -> bool {
    matches!(format, ValueFormat::Timestamp(_))
}

/// Whole unix seconds as an RFC 3339 instant in UTC (`2024-05-01T12:00:00Z`), for the years
/// RFC 3339 writes (0000 to 9999); `None` for another value (a fraction of a second, a
/// string), which is written as the data holds it.
pub(crate) fn instant(datum: &Datum<'_>) -> Option<String> {
    let seconds = match *datum {
        Datum::Int(v) => i64::try_from(v).ok()?,
        Datum::UInt(v) => i64::try_from(v).ok()?,
        #[allow(clippy::cast_possible_truncation)]
        Datum::Float(v) if v.fract() == 0.0 && v.abs() < 1e15 => v as i64,
        _ => return None,
    };
    let at = chrono::DateTime::from_timestamp(seconds, 0)?;
    (0..=9999)
        .contains(&chrono::Datelike::year(&at))
        .then(|| at.format(RFC3339_UTC).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show<T: TextScalar + ?Sized>(value: &T, format: ValueFormat) -> String {
        let mut out = String::new();
        let mut longest = 0;
        value.write_scalar(&format, &mut Escaped::new(&mut out, &mut longest));
        out
    }

    #[test]
    fn formats() {
        assert_eq!(
            show(&120_000.0_f64, ValueFormat::Currency("$")),
            "$120,000.00"
        );
        assert_eq!(
            show(&120_000_u32, ValueFormat::Currency("$")),
            "$120,000.00"
        );
        assert_eq!(show(&-1234.5_f64, ValueFormat::Currency("€")), "-€1,234.50");
        assert_eq!(show(&999_i32, ValueFormat::Thousands), "999");
        assert_eq!(show(&-1_234_567_i64, ValueFormat::Thousands), "-1,234,567");
        assert_eq!(
            show(&1_536_u64, ValueFormat::Bytes(ByteUnits::Binary)),
            "1.5 KiB"
        );
        assert_eq!(
            show(&107_374_182_400_u64, ValueFormat::Bytes(ByteUnits::Binary)),
            "100 GiB"
        );
        assert_eq!(
            show(&1_600_000_u64, ValueFormat::Bytes(ByteUnits::Decimal)),
            "1.6 MB"
        );
        assert_eq!(
            show(&512_u64, ValueFormat::Bytes(ByteUnits::Decimal)),
            "512 B"
        );
        assert_eq!(show(&0.125_f64, ValueFormat::Percent), "12.5%");
        assert_eq!(show(&1_f64, ValueFormat::Percent), "100%");
        assert_eq!(
            show(&1_700_000_000_i64, ValueFormat::Timestamp(RFC3339_UTC)),
            "2023-11-14T22:13:20Z"
        );
        assert_eq!(
            show(&1_700_000_000_i64, ValueFormat::Timestamp("%Y-%m-%d %Q")),
            "2023-11-14T22:13:20Z",
            "an invalid pattern falls back"
        );
        assert_eq!(show(&true, ValueFormat::Plain), "yes");
    }
}
