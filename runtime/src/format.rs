//! Output formats: how a tool's successful value becomes what the client receives.
//!
//! Each `format = "..."` of `#[tool]` names one implementation of [`Render`]. The macro only
//! picks the implementation; the envelope, the hash and the serialisation live here, once.

use std::time::Instant;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, MetaObject};
use schemars::{JsonSchema, generate::SchemaSettings};
use serde::Serialize;
use serde_json::Value;

use crate::provenance::{self, META_KEY, Provenance};
use crate::tool::ToolSpec;

/// The output formats a tool can declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// `format = "json"`: the envelope as `structuredContent`, its compact JSON as text.
    Json,
}

impl Format {
    /// The name used in `#[tool(format = "...")]`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Json => "json",
        }
    }
}

/// Facts about the call a [`Render`] implementation needs to build provenance.
pub struct CallFacts<'a> {
    pub(crate) spec: &'a ToolSpec,
    pub(crate) started: Instant,
}

impl CallFacts<'_> {
    /// Provenance for this call, finishing now.
    pub fn provenance(&self, data_hash: Option<String>) -> Provenance {
        Provenance::finish(self.spec.name, self.spec.version, self.started, data_hash)
    }
}

/// How a tool's successful value of type `T` becomes a [`CallToolResult`].
///
/// One implementation per output format; `#[tool(format = "...")]` picks it.
pub trait Render<T>: Send + Sync + 'static {
    /// The format this implements.
    const FORMAT: Format;

    /// The tool's `outputSchema`, if the format has structured content.
    fn output_schema() -> Option<JsonObject>;

    /// The result for a successful call.
    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult;
}

/// `format = "json"`: the value is the envelope's `data`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

/// A type a `format = "json"` tool can return: anything `Serialize + JsonSchema`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the output of a `format = \"json\"` tool",
    label = "this type must implement `serde::Serialize` and `schemars::JsonSchema`",
    note = "add `#[derive(serde::Serialize, schemars::JsonSchema)]` to `{Self}`"
)]
pub trait JsonOutput: Serialize + JsonSchema {}

impl<T: Serialize + JsonSchema + ?Sized> JsonOutput for T {}

impl<T: JsonOutput> Render<T> for Json {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        Some(envelope_schema::<T>())
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        let data = match serde_json::to_value(&value) {
            Ok(data) => data,
            Err(error) => return serialisation_failure(facts, &error),
        };
        let hash = match provenance::data_hash(&data) {
            Ok(hash) => hash,
            Err(error) => return serialisation_failure(facts, &error),
        };
        let provenance = facts.provenance(Some(hash));
        let envelope = envelope(data, &provenance);
        let mut result = CallToolResult::structured(envelope);
        result.meta = Some(meta(&provenance));
        result
    }
}

/// `{"status": "success", "data": …, "metadata": …, "grounded": true}`.
fn envelope(data: Value, provenance: &Provenance) -> Value {
    let mut envelope = JsonObject::new();
    envelope.insert("status".into(), "success".into());
    envelope.insert("data".into(), data);
    envelope.insert("metadata".into(), provenance_value(provenance));
    envelope.insert("grounded".into(), true.into());
    Value::Object(envelope)
}

fn provenance_value(provenance: &Provenance) -> Value {
    // Serialising a struct of strings and a finite float into a `Value` cannot fail.
    serde_json::to_value(provenance).unwrap_or(Value::Null)
}

/// The result's `_meta`: `{"dev.toolshape/provenance": {…}}`.
pub(crate) fn meta(provenance: &Provenance) -> MetaObject {
    let mut meta = JsonObject::new();
    meta.insert(META_KEY.into(), provenance_value(provenance));
    MetaObject(meta)
}

/// An error result (`isError: true`) with the text `Error: …` already formatted, and
/// provenance without a data hash in `_meta`.
pub(crate) fn error_result(text: String, facts: &CallFacts<'_>) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.meta = Some(meta(&facts.provenance(None)));
    result
}

fn serialisation_failure(facts: &CallFacts<'_>, error: &serde_json::Error) -> CallToolResult {
    tracing::error!(tool = facts.spec.name, %error, "a tool result could not be serialised as JSON");
    error_result(
        format!(
            "Error: the result of `{}` could not be serialised as JSON: {error}",
            facts.spec.name
        ),
        facts,
    )
}

/// The `outputSchema` of json tools: the envelope with `T`'s schema (as serialised) at `data`.
pub(crate) fn envelope_schema<T: JsonSchema + ?Sized>() -> JsonObject {
    let mut generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let data = generator.subschema_for::<T>().to_value();
    let metadata = {
        let mut schema = schemars::schema_for!(Provenance).to_value();
        if let Value::Object(object) = &mut schema {
            object.remove("$schema");
        }
        schema
    };

    let mut properties = JsonObject::new();
    properties.insert("status".into(), serde_json::json!({"const": "success"}));
    properties.insert("data".into(), data);
    properties.insert("metadata".into(), metadata);
    properties.insert("grounded".into(), serde_json::json!({"const": true}));

    let mut root = JsonObject::new();
    root.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), properties.into());
    root.insert(
        "required".into(),
        serde_json::json!(["status", "data", "metadata", "grounded"]),
    );
    let definitions = generator.take_definitions(true);
    if !definitions.is_empty() {
        root.insert("$defs".into(), definitions.into());
    }
    root
}
