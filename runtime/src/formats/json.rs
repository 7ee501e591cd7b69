//! `format = "json"`: [`Json`], whose value is the envelope's `data`, and [`PlainJson`], MCP's
//! own structured result without the envelope (`envelope = false`).

use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use schemars::{JsonSchema, SchemaGenerator, generate::SchemaSettings};
use serde::Serialize;
use serde_json::Value;

use crate::formats::content::{Attachment, Rich};
use crate::formats::envelope::{
    JsonOutput, Parts, Shape, TextBlock, data_value, envelope_schema, success, success_data,
};
use crate::formats::facts::CallFacts;
use crate::formats::hybrid::Hybrid;
use crate::formats::listed_schema::{Side, listed};
use crate::formats::text::{ToolText, WithDetail, render_with};
use crate::formats::{Format, Render, Sealed};
use crate::provenance::{self, canonical};

/// `format = "json"`: the value is the envelope's `data`; a returned [`Hybrid<T>`] adds its
/// narrative, plots, `model_id` and `source`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Sealed for Json {}

/// `format = "json"` with `detail`: as [`Json`], the text block the data's text at the level
/// the call chose. A format of its own (rather than one more `Render` of `Json`), so that an
/// output `Json` cannot render is reported by what it lacks.
#[derive(Debug, Clone, Copy, Default)]
pub struct JsonDetailed;

impl Sealed for JsonDetailed {}

/// `format = "json", envelope = false`: MCP's own structured result, without toolshape's
/// envelope. `structuredContent` is the value itself and `outputSchema` its schema; the text
/// block is the value as canonical JSON; the provenance is in `_meta`, as for a text result.
/// A value that is not an object (a list, a number) is structured content from protocol
/// 2026-07-28 on; for older clients rmcp leaves the schema and the structured content out,
/// and the text carries the value.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainJson;

impl Sealed for PlainJson {}

/// What a `format = "json", envelope = false` tool's function returns: its data, alone or in
/// a [`Rich`] with attachments. One implementation of [`Render`] covers them all, so that a
/// value it cannot send is reported by what the value lacks.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tool's data: a `format = \"json\"` tool's output is sent as JSON and described in its output schema",
    label = "needs `serde::Serialize` and `schemars::JsonSchema`",
    note = "add `#[derive(serde::Serialize, schemars::JsonSchema)]` to the type (and to the types inside it); for a type of another crate, enable that crate's `serde` and `schemars` features, or wrap it in a type of yours"
)]
pub trait PlainJsonReturn: Send + 'static {
    /// The tool's `outputSchema`.
    #[doc(hidden)]
    fn plain_output_schema() -> Option<JsonObject>;
    /// The result for a successful call.
    #[doc(hidden)]
    fn render_plain(self, facts: &CallFacts<'_>) -> CallToolResult;
}

#[diagnostic::do_not_recommend]
impl<T: Serialize + JsonSchema + Send + 'static> PlainJsonReturn for T {
    fn plain_output_schema() -> Option<JsonObject> {
        plain_schema(|generator| generator.root_schema_for::<T>())
    }

    fn render_plain(self, facts: &CallFacts<'_>) -> CallToolResult {
        match data_value(&self, facts) {
            Ok(data) => plain_value(data, Vec::new(), facts),
            Err(failure) => failure,
        }
    }
}

#[diagnostic::do_not_recommend]
impl<T: JsonOutput + Send + 'static> PlainJsonReturn for Rich<T> {
    fn plain_output_schema() -> Option<JsonObject> {
        T::plain_output_schema()
    }

    fn render_plain(self, facts: &CallFacts<'_>) -> CallToolResult {
        let (value, attachments) = self.into_parts();
        match data_value(&value, facts) {
            Ok(data) => plain_value(data, attachments, facts),
            Err(failure) => failure,
        }
    }
}

impl<T: PlainJsonReturn> Render<T> for PlainJson {
    const FORMAT: Format = Format::Json;
    const ENVELOPE: bool = false;

    fn output_schema() -> Option<JsonObject> {
        T::plain_output_schema()
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        value.render_plain(facts)
    }
}

/// The output schema of a json tool without its envelope: the value's own schema, its root
/// inlined (a root `$ref` would not say `"type": "object"`, which clients before 2026-07-28
/// need). Not generic: compiled once for all tools.
fn plain_schema(root: fn(&mut SchemaGenerator) -> schemars::Schema) -> Option<JsonObject> {
    let mut generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    match root(&mut generator).to_value() {
        Value::Object(mut schema) => {
            listed(&mut schema, Side::Output);
            Some(schema)
        }
        // `true`: any value, which needs no schema
        _ => None,
    }
}

/// A json result without the envelope: the canonical JSON text, the value as
/// `structuredContent`, the attachments, and the provenance (its hash over the same
/// canonical bytes) in `_meta`. Not generic.
fn plain_value(data: Value, attachments: Vec<Attachment>, facts: &CallFacts<'_>) -> CallToolResult {
    let canonical_data = canonical::to_vec(&data);
    let hash = provenance::hash_canonical(&canonical_data);
    // Canonical JSON is written from `str`s and ASCII: always UTF-8.
    let text = String::from_utf8(canonical_data)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned());
    let mut content = Vec::with_capacity(1 + attachments.len());
    content.push(ContentBlock::text(text));
    content.extend(attachments.iter().map(Attachment::content_block));
    let mut result = CallToolResult::success(content);
    result.structured_content = Some(data);
    result.meta = Some(provenance::meta(facts.provenance(Some(hash))));
    result
}

/// What a `format = "json"` tool's function returns: its data (any `Serialize + JsonSchema`
/// type), or the data in a [`Hybrid`] (with a narrative, plots, `model_id`, `source`) or a
/// [`Rich`] (with attachments). One implementation of [`Render`] covers them all, so that a
/// value it cannot send is reported by what the value lacks.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tool's data: a `format = \"json\"` tool's output is sent as JSON and described in its output schema",
    label = "needs `serde::Serialize` and `schemars::JsonSchema`",
    note = "add `#[derive(serde::Serialize, schemars::JsonSchema)]` to the type (and to the types inside it); for a type of another crate, enable that crate's `serde` and `schemars` features, or wrap it in a type of yours"
)]
pub trait JsonReturn: Send + 'static {
    /// The tool's `outputSchema`: the envelope around the data's schema.
    #[doc(hidden)]
    fn json_output_schema() -> JsonObject;
    /// The result for a successful call.
    #[doc(hidden)]
    fn render_json(self, facts: &CallFacts<'_>) -> CallToolResult;
}

#[diagnostic::do_not_recommend]
impl<T: Serialize + JsonSchema + Send + 'static> JsonReturn for T {
    fn json_output_schema() -> JsonObject {
        envelope_schema::<T>(Shape::PLAIN)
    }

    fn render_json(self, facts: &CallFacts<'_>) -> CallToolResult {
        success_data(&self, facts, TextBlock::ModelView)
    }
}

// Not recommended either, nor the one below: a value none of them takes is reported as it
// was written, with the fix, and no list of toolshape's own implementations.
#[diagnostic::do_not_recommend]
impl<T: JsonOutput + Send + 'static> JsonReturn for Hybrid<T> {
    fn json_output_schema() -> JsonObject {
        envelope_schema::<T>(Shape::NARRATED)
    }

    fn render_json(self, facts: &CallFacts<'_>) -> CallToolResult {
        success(self.into_parts(), facts, TextBlock::ModelView)
    }
}

#[diagnostic::do_not_recommend]
impl<T: JsonOutput + Send + 'static> JsonReturn for Rich<T> {
    fn json_output_schema() -> JsonObject {
        envelope_schema::<T>(Shape {
            narrative: false,
            extras: true,
        })
    }

    fn render_json(self, facts: &CallFacts<'_>) -> CallToolResult {
        let (data, attachments) = self.into_parts();
        let mut parts = Parts::data_only(data);
        parts.attachments = attachments;
        success(parts, facts, TextBlock::ModelView)
    }
}

impl<T: JsonReturn> Render<T> for Json {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        Some(T::json_output_schema())
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        value.render_json(facts)
    }
}

/// A `#[tool(detail)]` json tool: the text block is the data's text (its `ToolText`) at the
/// level the call chose, for the model; `structuredContent` keeps every field.
impl<T: JsonOutput + ToolText> Render<WithDetail<T>> for JsonDetailed {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        Some(envelope_schema::<T>(Shape::PLAIN))
    }

    fn render(value: WithDetail<T>, facts: &CallFacts<'_>) -> CallToolResult {
        let text = render_with(&value.value, value.detail);
        success_data(&value.value, facts, TextBlock::Text(text))
    }
}
