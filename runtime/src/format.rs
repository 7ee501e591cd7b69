//! Output formats: how a tool's successful value becomes what the client receives.
//!
//! Each `format = "..."` of `#[tool]` names one implementation of [`Render`]. The macro only
//! picks the implementation; the envelope, the hash and the serialisation live here, once.

use std::time::Instant;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, MetaObject};
use schemars::{JsonSchema, SchemaGenerator, generate::SchemaSettings};
use serde::Serialize;
use serde_json::Value;

use crate::canonical;
use crate::hybrid::{Hybrid, Parts};
use crate::narrative::Narrative;
use crate::plot::{self, Plot};
use crate::provenance::{self, META_KEY, Provenance};
use crate::tool::ToolSpec;

/// The output formats a tool can declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// `format = "json"`: the envelope as `structuredContent`, its compact JSON as text.
    Json,
    /// `format = "hybrid"`: the envelope, with a narrative, as `structuredContent`; the
    /// narrative followed by the data in a fenced json block as text.
    Hybrid,
    /// `format = "text"`: one text block rendered by [`ToolText`](crate::text::ToolText).
    Text,
}

impl Format {
    /// The name used in `#[tool(format = "...")]`.
    pub fn as_str(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Hybrid => "hybrid",
            Format::Text => "text",
        }
    }
}

/// Facts about the call a [`Render`] implementation needs to build provenance.
pub struct CallFacts<'a> {
    pub(crate) spec: &'a ToolSpec,
    pub(crate) started: Instant,
}

impl<'a> CallFacts<'a> {
    /// Facts of a call of `spec` starting now, for benchmarks of a [`Render`] alone
    /// (`bench/`); tools get theirs from the runtime.
    #[doc(hidden)]
    pub fn __bench(spec: &'a ToolSpec) -> Self {
        CallFacts {
            spec,
            started: Instant::now(),
        }
    }

    /// Provenance for this call, finishing now.
    pub fn provenance(&self, data_hash: Option<String>) -> Provenance {
        let mut provenance =
            Provenance::finish(self.spec.name, self.spec.version, self.started, data_hash);
        provenance.model_id = self.spec.model_id.map(str::to_owned);
        provenance
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

/// `format = "json"`: the value is the envelope's `data`; a returned [`Hybrid<T>`] adds its
/// narrative, plots, `model_id` and `source`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

/// `format = "hybrid"`: the value's narrative leads both the text and the envelope.
///
/// Named `HybridFormat` because [`Hybrid<T>`] is the value a tool returns.
#[derive(Debug, Clone, Copy, Default)]
pub struct HybridFormat;

/// A type a `format = "json"` tool can return: anything `Serialize + JsonSchema`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the output of a `format = \"json\"` tool",
    label = "this type must implement `serde::Serialize` and `schemars::JsonSchema`",
    note = "add `#[derive(serde::Serialize, schemars::JsonSchema)]` to `{Self}`"
)]
pub trait JsonOutput: Serialize + JsonSchema {}

impl<T: Serialize + JsonSchema + ?Sized> JsonOutput for T {}

/// A type a `format = "hybrid"` tool can return: one with a narrative.
///
/// Either the type derives [`Narrative`](trait@crate::Narrative) from a template, or the
/// tool returns [`Hybrid<T>`] with a narrative made at run time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no narrative, so a `format = \"hybrid\"` tool cannot return it",
    label = "this output has no narrative",
    note = "a hybrid result leads with a plain-English narrative; give the output one of two ways:",
    note = "1. a template on the type: `#[derive(toolshape::Narrative)]` and `#[narrative(\"Found {{count}} volumes\")]` on `{Self}`, whose `{{placeholders}}` name its fields",
    note = "2. a narrative made at run time: return `toolshape::Hybrid<{Self}>`, built with `Hybrid::new(narrative, data)`",
    note = "or, if the tool has nothing to narrate, use `format = \"json\"`"
)]
pub trait HybridOutput {
    /// The envelope's `data`.
    type Data: Serialize + JsonSchema;
    /// Whether results may carry plots, `model_id` or `source` set at run time (they appear
    /// in the `outputSchema` only then).
    #[doc(hidden)]
    const EXTRAS: bool;
    /// The narrative, the data and whatever else the value carries.
    fn into_hybrid(self) -> Hybrid<Self::Data>;
}

impl<T: Narrative + Serialize + JsonSchema> HybridOutput for T {
    type Data = T;
    const EXTRAS: bool = false;
    fn into_hybrid(self) -> Hybrid<T> {
        Hybrid::new(self.narrative(), self)
    }
}

impl<T: Serialize + JsonSchema> HybridOutput for Hybrid<T> {
    type Data = T;
    const EXTRAS: bool = true;
    fn into_hybrid(self) -> Hybrid<T> {
        self
    }
}

impl<T: JsonOutput> Render<T> for Json {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        Some(envelope_schema::<T>(Shape::PLAIN))
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        success(Parts::data_only(value), facts, TextBlock::Envelope)
    }
}

impl<T: JsonOutput> Render<Hybrid<T>> for Json {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        Some(envelope_schema::<T>(Shape::NARRATED))
    }

    fn render(value: Hybrid<T>, facts: &CallFacts<'_>) -> CallToolResult {
        success(value.into_parts(), facts, TextBlock::Envelope)
    }
}

impl<T: HybridOutput> Render<T> for HybridFormat {
    const FORMAT: Format = Format::Hybrid;

    fn output_schema() -> Option<JsonObject> {
        Some(envelope_schema::<T::Data>(Shape {
            narrative: true,
            extras: T::EXTRAS,
        }))
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        success(
            value.into_hybrid().into_parts(),
            facts,
            TextBlock::NarrativeAndData,
        )
    }
}

/// What the text block of a successful result holds (named so as not to clash with a
/// `Text` format marker).
#[derive(Clone, Copy)]
enum TextBlock {
    /// The envelope's compact JSON (`format = "json"`).
    Envelope,
    /// The narrative, a blank line, then the data as a fenced json block (`format = "hybrid"`,
    /// seed 3's Pattern B for clients that show only `content`).
    NarrativeAndData,
}

/// The shared success path of every format: the data as a `Value` (the one step that needs
/// its type), then [`success_value`].
fn success<T: Serialize>(
    parts: Parts<T>,
    facts: &CallFacts<'_>,
    text: TextBlock,
) -> CallToolResult {
    match serde_json::to_value(&parts.data) {
        Ok(data) => success_value(parts.with_data(data), facts, text),
        Err(error) => serialisation_failure(facts, &error),
    }
}

/// The envelope as `structuredContent`, the text block, one image block per plot,
/// provenance in `_meta`. Not generic: compiled once for all tools.
fn success_value(parts: Parts<Value>, facts: &CallFacts<'_>, text: TextBlock) -> CallToolResult {
    let Parts {
        narrative,
        data,
        plots,
        model_id,
        source,
    } = parts;
    // The data is serialised once, canonically: these bytes are hashed and spliced into the
    // text block, which is therefore RFC 8785 canonical JSON too.
    let canonical_data = canonical::to_vec(&data);
    let hash = provenance::hash_canonical(&canonical_data);
    let mut provenance = facts.provenance(Some(hash));
    if model_id.is_some() {
        provenance.model_id = model_id;
    }
    provenance.source = source;

    // The text block is content[0]; plots follow it in order.
    let plot_refs: Vec<Value> = plots
        .iter()
        .enumerate()
        .map(|(i, plot)| plot.reference(i + 1))
        .collect();
    let text = match text {
        TextBlock::Envelope => None,
        TextBlock::NarrativeAndData => Some(narrative_and_data(
            narrative.as_deref().unwrap_or_default(),
            &canonical_data,
        )),
    };
    // The metadata is serialised once, for the envelope and for `_meta`.
    let metadata = provenance_value(&provenance);
    let envelope = envelope(narrative, data, metadata.clone(), plot_refs);
    let text = match text {
        Some(text) => text,
        None => canonical_envelope(&envelope, &canonical_data),
    };

    let mut content = Vec::with_capacity(1 + plots.len());
    content.push(ContentBlock::text(text));
    content.extend(plots.iter().map(Plot::content_block));
    // `success`, not `structured`: the latter would serialise the envelope a second time for
    // a text block this function has already written.
    let mut result = CallToolResult::success(content);
    result.structured_content = Some(envelope);
    result.meta = Some(meta_of(metadata));
    result
}

/// `{narrative}\n\n```json\n{canonical data}\n```` — compact JSON costs fewer tokens than
/// indented JSON for the same data (measured in `docs/wire-format.md`); canonical JSON means
/// the block's bytes are exactly what `data_hash` hashes.
fn narrative_and_data(narrative: &str, canonical_data: &[u8]) -> String {
    let data = String::from_utf8_lossy(canonical_data);
    let mut text = String::with_capacity(narrative.len() + data.len() + 16);
    text.push_str(narrative);
    text.push_str("\n\n```json\n");
    text.push_str(&data);
    text.push_str("\n```");
    text
}

/// The envelope as RFC 8785 canonical JSON, with the already canonical bytes of `data`
/// spliced in rather than serialised a second time.
fn canonical_envelope(envelope: &Value, canonical_data: &[u8]) -> String {
    let Value::Object(members) = envelope else {
        return envelope.to_string();
    };
    let mut out = Vec::with_capacity(canonical_data.len() + 256);
    canonical::write_object_with(members, &mut out, |key, value, out| {
        if key == "data" {
            out.extend_from_slice(canonical_data);
        } else {
            canonical::write(value, out);
        }
    });
    // Canonical JSON is written from `str`s and ASCII: always UTF-8.
    String::from_utf8(out)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// `{"status": "success", "narrative"?: …, "data": …, "metadata": …, "plots"?: […],
/// "grounded": true}`.
fn envelope(narrative: Option<String>, data: Value, metadata: Value, plots: Vec<Value>) -> Value {
    let mut envelope = JsonObject::new();
    envelope.insert("status".into(), "success".into());
    if let Some(narrative) = narrative {
        envelope.insert("narrative".into(), narrative.into());
    }
    envelope.insert("data".into(), data);
    envelope.insert("metadata".into(), metadata);
    if !plots.is_empty() {
        envelope.insert("plots".into(), plots.into());
    }
    envelope.insert("grounded".into(), true.into());
    Value::Object(envelope)
}

fn provenance_value(provenance: &Provenance) -> Value {
    // Serialising a struct of strings and a finite float into a `Value` cannot fail.
    serde_json::to_value(provenance).unwrap_or(Value::Null)
}

/// The result's `_meta`: `{"dev.toolshape/provenance": {…}}`.
pub(crate) fn meta(provenance: &Provenance) -> MetaObject {
    meta_of(provenance_value(provenance))
}

fn meta_of(metadata: Value) -> MetaObject {
    let mut meta = JsonObject::new();
    meta.insert(META_KEY.into(), metadata);
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

/// Which optional parts of the envelope an `outputSchema` describes.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    /// `narrative` is present (and required).
    pub(crate) narrative: bool,
    /// `plots` may be present.
    pub(crate) extras: bool,
}

impl Shape {
    /// A json tool returning plain data.
    pub(crate) const PLAIN: Shape = Shape {
        narrative: false,
        extras: false,
    };
    /// A tool returning [`Hybrid<T>`].
    pub(crate) const NARRATED: Shape = Shape {
        narrative: true,
        extras: true,
    };
}

/// The `outputSchema` of a tool: the envelope with `T`'s schema (as serialised) at `data`.
pub(crate) fn envelope_schema<T: JsonSchema + ?Sized>(shape: Shape) -> JsonObject {
    envelope_schema_with(shape, SchemaGenerator::subschema_for::<T>)
}

/// [`envelope_schema`] with the data's schema from `data`, which registers the definitions
/// it needs in the generator. Not generic: compiled once for all tools.
fn envelope_schema_with(
    shape: Shape,
    data: fn(&mut SchemaGenerator) -> schemars::Schema,
) -> JsonObject {
    let mut generator = SchemaSettings::draft2020_12()
        .for_serialize()
        .into_generator();
    let data = data(&mut generator).to_value();
    let metadata = {
        let mut schema = schemars::schema_for!(Provenance).to_value();
        if let Value::Object(object) = &mut schema {
            object.remove("$schema");
        }
        schema
    };

    let mut properties = JsonObject::new();
    let mut required = vec!["status"];
    properties.insert("status".into(), serde_json::json!({"const": "success"}));
    if shape.narrative {
        properties.insert(
            "narrative".into(),
            serde_json::json!({
                "type": "string",
                "description": "A plain-English account of the data: what to present to the user."
            }),
        );
        required.push("narrative");
    }
    properties.insert("data".into(), data);
    properties.insert("metadata".into(), metadata);
    if shape.extras {
        properties.insert("plots".into(), plot::reference_schema());
    }
    properties.insert("grounded".into(), serde_json::json!({"const": true}));
    required.extend(["data", "metadata", "grounded"]);

    let mut root = JsonObject::new();
    root.insert(
        "$schema".into(),
        "https://json-schema.org/draft/2020-12/schema".into(),
    );
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), properties.into());
    root.insert("required".into(), serde_json::json!(required));
    let definitions = generator.take_definitions(true);
    if !definitions.is_empty() {
        root.insert("$defs".into(), definitions.into());
    }
    root
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPEC: ToolSpec = ToolSpec {
        name: "t",
        title: None,
        description: "d",
        version: "1.2.3",
        model_id: Some("declared"),
        params: &[],
        rust_path: "crate::t",
        location: "here:1",
        ..ToolSpec::DEFAULT
    };

    fn facts() -> CallFacts<'static> {
        CallFacts {
            spec: &SPEC,
            started: Instant::now(),
        }
    }

    #[test]
    fn hybrid_with_an_svg_plot() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>"#;
        let value = Hybrid::new("Two items.", vec![1, 2])
            .with_plot(Plot::svg(svg, "Items"))
            .with_source("unit test");
        let result = <HybridFormat as Render<Hybrid<Vec<i32>>>>::render(value, &facts());
        let envelope = result.structured_content.clone().unwrap();
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            "Two items.\n\n```json\n[1,2]\n```"
        );
        let image = result.content[1].as_image().unwrap();
        assert_eq!(image.mime_type, "image/svg+xml");
        use base64::Engine as _;
        let decoded = base64::engine::general_purpose::STANDARD
            .decode(&image.data)
            .unwrap();
        assert_eq!(decoded, svg.as_bytes());
        assert_eq!(
            envelope["plots"],
            serde_json::json!([{"content_index": 1, "mime_type": "image/svg+xml", "title": "Items"}])
        );
        assert_eq!(envelope["metadata"]["model_id"], "declared");
        assert_eq!(envelope["metadata"]["source"], "unit test");
        assert_eq!(envelope["grounded"], true);
    }

    #[test]
    fn json_keeps_its_shape_without_a_narrative() {
        let result = <Json as Render<Vec<i32>>>::render(vec![1], &facts());
        let envelope = result.structured_content.clone().unwrap();
        assert!(envelope.get("narrative").is_none());
        assert!(envelope.get("plots").is_none());
        assert_eq!(result.content.len(), 1);
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            envelope.to_string()
        );
        let schema = <Json as Render<Vec<i32>>>::output_schema().unwrap();
        assert_eq!(
            schema["required"],
            serde_json::json!(["status", "data", "metadata", "grounded"])
        );
        assert!(schema["properties"].get("plots").is_none());
    }
}
