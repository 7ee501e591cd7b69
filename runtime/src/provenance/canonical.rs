//! RFC 8785 (JSON Canonicalization Scheme) serialisation of a `serde_json::Value`.
//!
//! `serde_json_canonicalizer` is the maintained implementation and the reference this module
//! is tested against (differentially, on generated values, below; and the interop checks
//! recompute hashes with PyPI `rfc8785`). It is general — it canonicalises any `Serialize`
//! by serialising every member to its own buffer and re-parsing keys to sort them — and
//! costs about 12× `serde_json::to_vec`. A tool result is already a `Value` whose object keys
//! come sorted (serde_json's default map is a `BTreeMap`), so here canonicalisation is one
//! walk that writes as it goes: about the cost of `to_vec`.
//!
//! The rules (RFC 8785 §3.2):
//! - no whitespace;
//! - object members sorted by their keys' UTF-16 code units (this equals byte order of UTF-8
//!   except where a key has characters above U+FFFF; such maps are re-sorted);
//! - strings escaped as `JSON.stringify` does: `\"`, `\\`, `\b \t \n \f \r`, other controls
//!   as `\u00xx` (lowercase hex), everything else literal — which is serde_json's escaping;
//! - numbers as ECMAScript's `Number.prototype.toString` of the IEEE 754 double (`ryu-js`).
//!
//! One departure, on purpose: an integer (a JSON number serde_json holds as `i64` or `u64`)
//! is written with its exact decimal digits. RFC 8785 writes every number as the double
//! nearest to it, so integers past 2^53 (`9007199254740993`) would lose digits: the text a
//! model reads would show another number than `structuredContent` holds, and two different
//! integers would share a data hash. Up to 2^53 in magnitude both rules write the same
//! digits, so the output is RFC 8785's byte for byte for every value without such an
//! integer (tested against `serde_json_canonicalizer`, below).

use std::cmp::Ordering;

use serde_json::{Map, Number, Value};

/// Integers of at most this magnitude are exact doubles: RFC 8785 writes them with their
/// decimal digits too. Past it, only this module does.
#[cfg(test)]
const MAX_EXACT_INTEGER: u64 = 1 << 53;

/// Appends the RFC 8785 canonical form of `value` to `out`.
pub fn write(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Null => out.extend_from_slice(b"null"),
        Value::Bool(true) => out.extend_from_slice(b"true"),
        Value::Bool(false) => out.extend_from_slice(b"false"),
        Value::Number(number) => write_number(number, out),
        Value::String(string) => write_string(string, out),
        Value::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write(item, out);
            }
            out.push(b']');
        }
        Value::Object(map) => write_object(map, out),
    }
}

/// The canonical form of `value` as bytes.
pub fn to_vec(value: &Value) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    write(value, &mut out);
    out
}

/// The canonical form of an object as bytes, from the map itself (no [`Value`] to wrap it
/// in first).
pub(crate) fn object_to_vec(map: &Map<String, Value>) -> Vec<u8> {
    let mut out = Vec::with_capacity(128);
    write_object(map, &mut out);
    out
}

fn write_object(map: &Map<String, Value>, out: &mut Vec<u8>) {
    write_object_with(map, out, |_, value, out| write(value, out));
}

/// Writes an object canonically, letting `member` write each member's value (the key and
/// the `:` are written already). For callers that have some values' canonical bytes at hand.
pub(crate) fn write_object_with(
    map: &Map<String, Value>,
    out: &mut Vec<u8>,
    mut member: impl FnMut(&str, &Value, &mut Vec<u8>),
) {
    out.push(b'{');
    let mut write_member = |i: usize, key: &String, value: &Value, out: &mut Vec<u8>| {
        if i > 0 {
            out.push(b',');
        }
        write_string(key, out);
        out.push(b':');
        member(key, value, out);
    };
    if is_sorted_utf16(map) {
        for (i, (key, value)) in map.iter().enumerate() {
            write_member(i, key, value, out);
        }
    } else {
        let mut members: Vec<(&String, &Value)> = map.iter().collect();
        members.sort_by(|a, b| cmp_utf16(a.0, b.0));
        for (i, (key, value)) in members.into_iter().enumerate() {
            write_member(i, key, value, out);
        }
    }
    out.push(b'}');
}

/// Whether the map iterates in UTF-16 code unit order already (always, with serde_json's
/// default `BTreeMap`, unless keys mix characters above U+FFFF with U+E000..=U+FFFF).
fn is_sorted_utf16(map: &Map<String, Value>) -> bool {
    let mut keys = map.keys();
    let Some(mut previous) = keys.next() else {
        return true;
    };
    for key in keys {
        if cmp_utf16(previous, key) == Ordering::Greater {
            return false;
        }
        previous = key;
    }
    true
}

fn cmp_utf16(a: &str, b: &str) -> Ordering {
    // UTF-8 byte order equals code point order; it differs from UTF-16 code unit order only
    // when a supplementary character (surrogate pair, 0xD800..) meets U+E000..=U+FFFF.
    if a.is_ascii() && b.is_ascii() {
        return a.cmp(b);
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// An integer with its exact digits (see the module docs: RFC 8785 would round one past
/// 2^53 to a double); any other number as RFC 8785 writes it.
fn write_number(number: &Number, out: &mut Vec<u8>) {
    if let Some(n) = number.as_u64() {
        out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
        return;
    }
    if let Some(n) = number.as_i64() {
        out.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
        return;
    }
    // A serde_json `Number` that is neither u64 nor i64 is a finite f64.
    write_double(number.as_f64().unwrap_or(0.0), out);
}

fn write_double(value: f64, out: &mut Vec<u8>) {
    // `Value` cannot hold NaN or infinities (serde_json maps them to null).
    out.extend_from_slice(ryu_js::Buffer::new().format_finite(value).as_bytes());
}

pub(crate) fn write_string(string: &str, out: &mut Vec<u8>) {
    // serde_json escapes exactly as RFC 8785 requires (see the module docs); writing a `str`
    // into a `Vec` cannot fail.
    let _ = serde_json::to_writer(&mut *out, string);
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    fn reference(value: &Value) -> Vec<u8> {
        serde_json_canonicalizer::to_vec(value).expect("finite JSON")
    }

    #[test]
    #[allow(clippy::excessive_precision)] // the RFC's literal, on purpose
    fn rfc8785_examples() {
        // RFC 8785 §3.2.2 and §3.2.3, and the numbers of appendix B.
        let value = json!({
            "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
            "string": "\u{20ac}$\u{000F}\u{000a}A'\u{0042}\u{0022}\u{005c}\\\"/",
            "literals": [null, true, false]
        });
        assert_eq!(
            String::from_utf8(to_vec(&value)).unwrap(),
            r#"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
        );
        let sorting = json!({"\u{20ac}": "Euro Sign", "\r": "Carriage Return", "\u{fb33}": "Hebrew Letter Dalet With Dagesh", "1": "One", "\u{1f600}": "Emoji: Grinning Face", "\u{0080}": "Control", "\u{00f6}": "Latin Small Letter O With Diaeresis"});
        assert_eq!(to_vec(&sorting), reference(&sorting));
        // The order RFC 8785 §3.2.3 prints (serde_json re-sorts on parse, so compare bytes).
        let text = String::from_utf8(to_vec(&sorting)).unwrap();
        let positions: Vec<usize> = [
            "Carriage Return",
            "One",
            "Control",
            "Latin Small Letter O",
            "Euro Sign",
            "Emoji",
            "Hebrew",
        ]
        .iter()
        .map(|needle| text.find(needle).unwrap())
        .collect();
        assert!(positions.windows(2).all(|w| w[0] < w[1]), "{text}");
    }

    #[test]
    fn integers_keep_every_digit() {
        for (value, written) in [
            (json!(9007199254740992u64), "9007199254740992"),
            (json!(9007199254740993u64), "9007199254740993"),
            (json!(u64::MAX), "18446744073709551615"),
            (json!(i64::MIN), "-9223372036854775808"),
            (json!(-9007199254740993i64), "-9007199254740993"),
            (json!(-9223372036854775807i64), "-9223372036854775807"),
        ] {
            assert_eq!(String::from_utf8(to_vec(&value)).unwrap(), written);
        }
        // Up to 2^53 the digits are RFC 8785's; floats are RFC 8785's at any size.
        for value in [
            json!(9007199254740992u64),
            json!(-9007199254740992i64),
            json!(1e21),
            json!(9007199254740993.0),
            json!(-0.0),
        ] {
            assert_eq!(to_vec(&value), reference(&value), "{value}");
        }
    }

    /// Whether every integer in `value` is at most 2^53 in magnitude, where RFC 8785 and
    /// this module write the same digits.
    fn rfc8785_integers(value: &Value) -> bool {
        match value {
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(n), _) => n <= MAX_EXACT_INTEGER,
                (None, Some(n)) => n.unsigned_abs() <= MAX_EXACT_INTEGER,
                _ => true,
            },
            Value::Array(items) => items.iter().all(rfc8785_integers),
            Value::Object(map) => map.values().all(rfc8785_integers),
            _ => true,
        }
    }

    fn arb_key() -> impl Strategy<Value = String> {
        prop_oneof![
            "[a-z_]{0,8}",
            any::<String>(),
            // Characters around the UTF-16 / UTF-8 ordering difference.
            proptest::collection::vec(
                prop_oneof![
                    Just('\u{e000}'),
                    Just('\u{ffff}'),
                    Just('\u{10000}'),
                    Just('\u{1f600}'),
                    Just('a'),
                    Just('\u{7f}')
                ],
                0..4
            )
            .prop_map(|chars| chars.into_iter().collect()),
        ]
    }

    fn arb_number() -> impl Strategy<Value = Value> {
        prop_oneof![
            any::<u64>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<f64>()
                .prop_filter("finite", |f| f.is_finite())
                .prop_map(Value::from),
            (-1e6f64..1e6).prop_map(Value::from),
            (0u64..=MAX_EXACT_INTEGER * 2).prop_map(Value::from),
        ]
    }

    fn arb_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            arb_number(),
            any::<String>().prop_map(Value::String),
            "[\\x00-\\x1f\"\\\\\u{2028}\u{7f}]{0,6}".prop_map(Value::String),
        ];
        leaf.prop_recursive(4, 64, 8, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
                proptest::collection::btree_map(arb_key(), inner, 0..8)
                    .prop_map(|map| Value::Object(map.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn matches_serde_json_canonicalizer(value in arb_value()) {
            if rfc8785_integers(&value) {
                prop_assert_eq!(to_vec(&value), reference(&value));
            }
        }

        /// Different integers, anywhere in 64 bits, never share canonical bytes or a hash.
        #[test]
        fn different_integers_never_share_a_hash(
            a in prop_oneof![any::<i64>().prop_map(Value::from), any::<u64>().prop_map(Value::from)],
            b in prop_oneof![any::<i64>().prop_map(Value::from), any::<u64>().prop_map(Value::from)],
        ) {
            let (a_text, b_text) = (to_vec(&a), to_vec(&b));
            prop_assert_eq!(a_text == b_text, a == b);
            let hash = |bytes: &[u8]| {
                use sha2::Digest as _;
                sha2::Sha256::digest(bytes)
            };
            prop_assert_eq!(hash(&a_text) == hash(&b_text), a == b);
            // The written digits are the integer: they parse back to the same value.
            prop_assert_eq!(serde_json::from_slice::<Value>(&a_text).unwrap(), a);
        }
    }
}
