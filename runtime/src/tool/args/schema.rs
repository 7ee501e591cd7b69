//! From parameter types to the input schema: one property per parameter, `required` for those
//! that do not accept a missing value, the constraints of `#[arg(...)]` and defaults shown.
//! Whether a parameter is required is not guessed from its type's name: it is optional
//! exactly when its type accepts a missing value (as `Option<T>` does), the same rule serde
//! applies to struct fields.

use std::borrow::Cow;
use std::marker::PhantomData;
use std::sync::Arc;

use rmcp::model::JsonObject;
use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};
use serde::de::{self, DeserializeOwned, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::formats::listed_schema::{Side, listed};
use crate::tool::args::constraints::{Constraints, ParamInfo, ParamSpec};
use crate::tool::args::wording::{expected_of, with_article};

pub(super) fn describe_one<T: DeserializeOwned + JsonSchema>(
    generator: &mut SchemaGenerator,
) -> (Schema, bool) {
    let required = T::deserialize(MissingValue).is_err();
    (generator.subschema_for::<T>(), required)
}

/// The value of a parameter declared with `#[arg(default)]` or `#[arg(default = expr)]`.
pub trait DefaultValue<T> {
    /// The value used when the argument is absent.
    fn value() -> T;
}

/// A parameter with a default: read as `T`, or `D`'s value when the argument is absent (or
/// `null`); its schema is `T`'s with the default shown, and it is not required.
#[derive(Debug)]
pub struct Defaulted<T, D>(pub T, PhantomData<fn() -> D>);

impl<'de, T: Deserialize<'de>, D: DefaultValue<T>> Deserialize<'de> for Defaulted<T, D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        let value = Option::<T>::deserialize(deserializer)?;
        Ok(Defaulted(value.unwrap_or_else(D::value), PhantomData))
    }
}

impl<T: JsonSchema + Serialize, D: DefaultValue<T>> JsonSchema for Defaulted<T, D> {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let mut schema = generator.subschema_for::<T>();
        if let Ok(default) = serde_json::to_value(D::value()) {
            schema.insert("default".into(), default);
        }
        schema
    }
}

/// A deserializer for an argument that is absent: `Option<T>` (and any type that treats a
/// missing value as `None`) accepts it; everything else reports it missing.
pub(super) struct MissingValue;

impl<'de> Deserializer<'de> for MissingValue {
    type Error = de::value::Error;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Self::Error> {
        Err(de::Error::custom("missing"))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The input schema of a tool: an object with one property per parameter, `required` for
/// those that do not accept a missing value, and no other properties.
pub(crate) fn input_schema(
    describe: &dyn Fn(&mut SchemaGenerator) -> Vec<(Schema, bool)>,
    specs: &[ParamSpec],
) -> (JsonObject, Vec<ParamInfo>) {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let described = describe(&mut generator);
    debug_assert_eq!(described.len(), specs.len(), "one schema per parameter");
    let all_definitions = Arc::new(generator.definitions().clone());

    let mut properties = JsonObject::new();
    let mut required = Vec::new();
    let mut infos = Vec::with_capacity(specs.len());
    for (spec, (schema, is_required)) in specs.iter().zip(described) {
        let mut schema = schema.to_value();
        let definitions = generator.definitions();
        let expected = with_article(expected_of(&schema, definitions));
        if !spec.description.is_empty() {
            if let Value::Bool(true) = schema {
                schema = Value::Object(JsonObject::new());
            }
            if let Value::Object(object) = &mut schema {
                object.insert("description".into(), spec.description.into());
            }
        }
        if spec.constraints != Constraints::NONE {
            if let Value::Bool(true) = schema {
                schema = Value::Object(JsonObject::new());
            }
            if let Value::Object(object) = &mut schema {
                spec.constraints.annotate(object);
            }
        }
        properties.insert(spec.name.into(), schema);
        if is_required {
            required.push(Value::from(spec.name));
        }
        infos.push(ParamInfo {
            name: spec.name.into(),
            required: is_required,
            expected,
            schema: properties[spec.name].clone(),
            definitions: all_definitions.clone(),
            constraints: spec.constraints,
        });
    }

    let mut root = JsonObject::new();
    root.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), properties.into());
    if !required.is_empty() {
        root.insert("required".into(), required.into());
    }
    root.insert("additionalProperties".into(), false.into());
    let definitions = generator.take_definitions(true);
    if !definitions.is_empty() {
        root.insert("$defs".into(), definitions.into());
    }
    // Listed in the form every host takes; the arguments are checked against the schemas as
    // schemars wrote them (`infos`).
    listed(&mut root, Side::Input);
    (root, infos)
}
