//! What the handler of a tool declared at run time returns ([`DynamicOutput`]: JSON, text,
//! or JSON with a narrative), which formats take each, the `outputSchema` it is listed with,
//! and how each format renders it: through the formats' own [`Render`] implementations, so
//! that a tool declared at run time answers the bytes a `#[tool]` of the same signature does.

use rmcp::model::{CallToolResult, JsonObject};
use serde_json::Value;

use crate::formats::facts::CallFacts;
use crate::formats::listed_schema::{Side, listed};
use crate::formats::text::Text;
use crate::formats::{
    Format, Hybrid, HybridFormat, Json, PlainJson, Render, Shape, envelope_schema_given,
};
use crate::provenance::canonical;
use crate::tool::def::RenderFn;

mod sealed {
    /// Implemented by toolshape's outputs only.
    pub trait Sealed {}
}

/// What the handler of a tool declared at run time
/// ([`ToolDef::dynamic`](crate::tool::ToolDef::dynamic)) returns on success:
///
/// * [`serde_json::Value`]: the data of a `json` tool (the envelope's `data`, or the
///   `structuredContent` itself with [`envelope(false)`](super::DynamicTool::envelope)); for a
///   `text` tool, a JSON string is the text as it is, and any other value is written as its
///   canonical JSON.
/// * [`String`]: the text of a `text` tool, or a `json` tool's data (a JSON string).
/// * [`Hybrid<Value>`]: a narrative with the data, for a `hybrid` tool (or a `json` tool, whose
///   envelope then carries the narrative), with plots, attachments, `model_id` and `source` as a
///   `#[tool]` returning `Hybrid<T>` has them.
///
/// Sealed: these are what the formats render for a value without a Rust type.
pub trait DynamicOutput: sealed::Sealed + Send + 'static {
    /// The value, as the formats take it.
    #[doc(hidden)]
    fn into_produced(self) -> Produced;

    /// Which kind of value this is, for the formats that take it.
    #[doc(hidden)]
    const SHAPE: Produce;
}

/// Which kind of value a handler produces.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Produce {
    /// JSON data.
    Data,
    /// Text.
    Text,
    /// Data with a narrative.
    Narrated,
}

/// A handler's value, as the formats take it.
#[doc(hidden)]
#[derive(Debug)]
pub enum Produced {
    /// JSON data.
    Data(Value),
    /// Text.
    Text(String),
    /// Data with a narrative.
    Narrated(Hybrid<Value>),
}

impl sealed::Sealed for Value {}
impl DynamicOutput for Value {
    fn into_produced(self) -> Produced {
        Produced::Data(self)
    }
    const SHAPE: Produce = Produce::Data;
}

impl sealed::Sealed for String {}
impl DynamicOutput for String {
    fn into_produced(self) -> Produced {
        Produced::Text(self)
    }
    const SHAPE: Produce = Produce::Text;
}

impl sealed::Sealed for Hybrid<Value> {}
impl DynamicOutput for Hybrid<Value> {
    fn into_produced(self) -> Produced {
        Produced::Narrated(self)
    }
    const SHAPE: Produce = Produce::Narrated;
}

/// How a tool of `format` renders what its handler produces, or why it cannot.
pub(super) fn renderer(
    format: Format,
    envelope: bool,
    produce: Produce,
) -> Result<RenderFn<Produced>, String> {
    Ok(match (format, envelope, produce) {
        (Format::Json, true, Produce::Data | Produce::Text) => json,
        (Format::Json, true, Produce::Narrated) => json_narrated,
        (Format::Json, false, Produce::Data | Produce::Text) => plain_json,
        (Format::Hybrid, _, Produce::Narrated) => hybrid,
        (Format::Text, _, Produce::Data | Produce::Text) => text,
        (Format::Json, false, Produce::Narrated) => {
            return Err(
                "a json tool without the envelope has no narrative: its handler returns \
                        `serde_json::Value`, not `Hybrid<Value>`"
                    .into(),
            );
        }
        (Format::Hybrid, _, _) => {
            return Err("a hybrid tool leads with a narrative: its handler returns \
                        `Hybrid<serde_json::Value>` (`Hybrid::new(narrative, data)`)"
                .into());
        }
        (Format::Text, _, Produce::Narrated) => {
            return Err("a text tool's handler returns its text (`String`) or JSON \
                        (`serde_json::Value`), not `Hybrid<Value>`: use `format(Format::Hybrid)` \
                        for a narrative with data"
                .into());
        }
    })
}

/// The `outputSchema` a tool is listed with, from the schema of its data (`data`, as given,
/// checked well-formed): the envelope around it for json and hybrid, the schema itself for a
/// json tool without the envelope, none for text. A `#[tool]` returning
/// `serde_json::Value` has the data schema `true`; one returning `String`, a string.
pub(super) fn output_schema(
    format: Format,
    envelope: bool,
    produce: Produce,
    data: Option<&Value>,
) -> Option<JsonObject> {
    let data = data.cloned().unwrap_or_else(|| match produce {
        Produce::Text => serde_json::json!({"type": "string"}),
        Produce::Data | Produce::Narrated => Value::Bool(true),
    });
    match (format, envelope) {
        (Format::Text, _) => None,
        (Format::Json, false) => match data {
            Value::Object(mut schema) => {
                listed(&mut schema, Side::Output);
                Some(schema)
            }
            // `true`: any value, which needs no schema
            _ => None,
        },
        _ => {
            let shape = match (format, produce) {
                (Format::Hybrid, _) | (_, Produce::Narrated) => Shape::NARRATED,
                _ => Shape::PLAIN,
            };
            Some(envelope_schema_given(shape, data))
        }
    }
}

/// What a produced value's data is, to check against the declared schema.
pub(super) fn data_of(produced: &Produced) -> Option<std::borrow::Cow<'_, Value>> {
    use std::borrow::Cow;
    match produced {
        Produced::Data(value) => Some(Cow::Borrowed(value)),
        Produced::Text(text) => Some(Cow::Owned(Value::String(text.clone()))),
        Produced::Narrated(hybrid) => Some(Cow::Borrowed(&hybrid.data)),
    }
}

fn json(produced: Produced, facts: &CallFacts<'_>) -> CallToolResult {
    match produced {
        Produced::Data(value) => <Json as Render<Value>>::render(value, facts),
        Produced::Text(text) => <Json as Render<Value>>::render(Value::String(text), facts),
        Produced::Narrated(hybrid) => json_narrated(Produced::Narrated(hybrid), facts),
    }
}

fn json_narrated(produced: Produced, facts: &CallFacts<'_>) -> CallToolResult {
    match produced {
        Produced::Narrated(hybrid) => <Json as Render<Hybrid<Value>>>::render(hybrid, facts),
        other => json(other, facts),
    }
}

fn plain_json(produced: Produced, facts: &CallFacts<'_>) -> CallToolResult {
    let value = match produced {
        Produced::Data(value) => value,
        Produced::Text(text) => Value::String(text),
        Produced::Narrated(hybrid) => hybrid.data,
    };
    <PlainJson as Render<Value>>::render(value, facts)
}

fn hybrid(produced: Produced, facts: &CallFacts<'_>) -> CallToolResult {
    let hybrid = match produced {
        Produced::Narrated(hybrid) => hybrid,
        Produced::Data(value) => Hybrid::new("", value),
        Produced::Text(text) => Hybrid::new(text, Value::Null),
    };
    <HybridFormat as Render<Hybrid<Value>>>::render(hybrid, facts)
}

fn text(produced: Produced, facts: &CallFacts<'_>) -> CallToolResult {
    let text = match produced {
        Produced::Text(text) | Produced::Data(Value::String(text)) => text,
        Produced::Data(value) => String::from_utf8_lossy(&canonical::to_vec(&value)).into_owned(),
        Produced::Narrated(hybrid) => hybrid.narrative,
    };
    <Text as Render<String>>::render(text, facts)
}
