//! Non-finite floats in a result: JSON has no number for NaN or ±infinity, and serde_json
//! writes them as `null`, which breaks an output schema that says `number`. A json or hybrid
//! result holding one is therefore a tool error naming the field ([`non_finite_field`]);
//! `docs/wire-format.md` states the contract.

use std::fmt;

use serde::Serialize;
use serde::ser::{self, Impossible};
use serde_json::Value;

/// Whether `value` holds a `null` anywhere: where serde_json put a non-finite float, if the
/// value had one (nulls also come from `None`, so this only says where to look).
pub(crate) fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().any(has_null),
        Value::Object(members) => members.values().any(has_null),
        _ => false,
    }
}

/// The path of the first non-finite float in `value` as serialised (`items[2].price`, or
/// `.` for the value itself) and what it is (`NaN`, `inf`, `-inf`), if it has one.
pub(crate) fn non_finite_field<T: Serialize + ?Sized>(value: &T) -> Option<(String, String)> {
    found(serde_path_to_error::serialize(value, Probe))
}

/// What the probe found. Not generic: compiled once for all output types.
fn found(probed: Result<(), serde_path_to_error::Error<Found>>) -> Option<(String, String)> {
    match probed {
        Ok(()) => None,
        Err(error) => {
            let path = error.path().to_string();
            match error.into_inner() {
                Found::NonFinite(what) => Some((path, what)),
                Found::Other(_) => None,
            }
        }
    }
}

/// Why the probe stopped.
#[derive(Debug)]
enum Found {
    NonFinite(String),
    /// The value's own `Serialize` failed; `serde_json` reports that, not this probe.
    Other(String),
}

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::NonFinite(what) | Found::Other(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for Found {}

impl ser::Error for Found {
    fn custom<M: fmt::Display>(message: M) -> Self {
        Found::Other(message.to_string())
    }
}

/// A serializer that writes nothing and stops at the first non-finite float.
#[derive(Clone, Copy)]
struct Probe;

fn float(value: f64) -> Result<(), Found> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(Found::NonFinite(value.to_string()))
    }
}

macro_rules! accept {
    ($($method:ident($($ty:ty),*);)*) => {
        $(fn $method(self, $(_: $ty),*) -> Result<(), Found> { Ok(()) })*
    };
}

impl ser::Serializer for Probe {
    type Ok = ();
    type Error = Found;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    accept! {
        serialize_bool(bool);
        serialize_i8(i8); serialize_i16(i16); serialize_i32(i32); serialize_i64(i64);
        serialize_i128(i128);
        serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_u64(u64);
        serialize_u128(u128);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_f32(self, value: f32) -> Result<(), Found> {
        float(f64::from(value))
    }
    fn serialize_f64(self, value: f64) -> Result<(), Found> {
        float(value)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result<(), Found> {
        value.serialize(self)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Found> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        value: &T,
    ) -> Result<(), Found> {
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Found> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Found> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Found> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Found> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Found> {
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Found> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Found> {
        Ok(self)
    }
}

macro_rules! compound {
    ($($trait:ident :: $method:ident;)*) => {$(
        impl ser::$trait for Probe {
            type Ok = ();
            type Error = Found;
            fn $method<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Found> {
                value.serialize(*self)
            }
            fn end(self) -> Result<(), Found> {
                Ok(())
            }
        }
    )*};
}

compound! {
    SerializeSeq::serialize_element;
    SerializeTuple::serialize_element;
    SerializeTupleStruct::serialize_field;
    SerializeTupleVariant::serialize_field;
}

impl ser::SerializeMap for Probe {
    type Ok = ();
    type Error = Found;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, key: &T) -> Result<(), Found> {
        // A float key is written as a string by serde_json, never as null.
        let _: Result<(), Found> = key.serialize(KeyProbe);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, value: &T) -> Result<(), Found> {
        value.serialize(*self)
    }
    fn end(self) -> Result<(), Found> {
        Ok(())
    }
}

impl ser::SerializeStruct for Probe {
    type Ok = ();
    type Error = Found;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Found> {
        value.serialize(*self)
    }
    fn end(self) -> Result<(), Found> {
        Ok(())
    }
}

impl ser::SerializeStructVariant for Probe {
    type Ok = ();
    type Error = Found;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        _: &'static str,
        value: &T,
    ) -> Result<(), Found> {
        value.serialize(*self)
    }
    fn end(self) -> Result<(), Found> {
        Ok(())
    }
}

/// Map keys are not probed (serde_json writes every key as a string).
struct KeyProbe;

impl ser::Serializer for KeyProbe {
    type Ok = ();
    type Error = Found;
    type SerializeSeq = Impossible<(), Found>;
    type SerializeTuple = Impossible<(), Found>;
    type SerializeTupleStruct = Impossible<(), Found>;
    type SerializeTupleVariant = Impossible<(), Found>;
    type SerializeMap = Impossible<(), Found>;
    type SerializeStruct = Impossible<(), Found>;
    type SerializeStructVariant = Impossible<(), Found>;

    accept! {
        serialize_bool(bool);
        serialize_i8(i8); serialize_i16(i16); serialize_i32(i32); serialize_i64(i64);
        serialize_i128(i128);
        serialize_u8(u8); serialize_u16(u16); serialize_u32(u32); serialize_u64(u64);
        serialize_u128(u128);
        serialize_f32(f32); serialize_f64(f64);
        serialize_char(char);
        serialize_str(&str);
        serialize_bytes(&[u8]);
        serialize_none();
        serialize_unit();
        serialize_unit_struct(&'static str);
        serialize_unit_variant(&'static str, u32, &'static str);
    }

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Found> {
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Found> {
        Ok(())
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Found> {
        Ok(())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Found> {
        Err(Found::Other("key".into()))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Found> {
        Err(Found::Other("key".into()))
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Found> {
        Err(Found::Other("key".into()))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Found> {
        Err(Found::Other("key".into()))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Found> {
        Err(Found::Other("key".into()))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, Found> {
        Err(Found::Other("key".into()))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Found> {
        Err(Found::Other("key".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[derive(Serialize)]
    struct Row {
        name: &'static str,
        price: f64,
    }

    #[test]
    fn names_the_first_non_finite_float() {
        let rows = vec![
            Row {
                name: "a",
                price: 1.0,
            },
            Row {
                name: "b",
                price: f64::INFINITY,
            },
        ];
        assert_eq!(
            non_finite_field(&rows),
            Some(("[1].price".to_owned(), "inf".to_owned()))
        );
        assert_eq!(
            non_finite_field(&f64::NAN),
            Some((".".to_owned(), "NaN".to_owned()))
        );
        let map: BTreeMap<&str, Option<f32>> = [("x", Some(f32::NEG_INFINITY))].into();
        assert_eq!(
            non_finite_field(&map),
            Some(("x".to_owned(), "-inf".to_owned()))
        );
        assert_eq!(non_finite_field(&(1.0, Some(2.5), "s")), None);
    }
}
