//! Output formats: how a tool's successful value becomes what the client receives.
//!
//! Each `format = "..."` of `#[tool]` names one implementation of [`Render`]: [`Json`] here,
//! [`HybridFormat`] here with its value types in [`hybrid`] and [`narrative`], and
//! [`Text`](text::Text) in [`text`]. The macro only picks the implementation; the envelope,
//! the hash and the serialisation live here, once. Rich content ([`content`], [`plot`]) is
//! shared by all three.
//!
//! [`Render`] is sealed. The set of formats is closed on purpose: `#[tool(format = "...")]`
//! names it, the format policy is checked against it at compile time, and
//! `docs/wire-format.md` specifies what a client receives for each. A fourth format is a
//! change to toolshape — one module here, one variant of [`Format`], one keyword in the
//! macro — not something a server adds on its side.

pub(crate) mod content;
pub(crate) mod facts;
pub(crate) mod finite;
pub(crate) mod hybrid;
pub(crate) mod narrative;
pub(crate) mod plot;
pub mod text;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use schemars::{JsonSchema, SchemaGenerator, generate::SchemaSettings};
use serde::Serialize;
use serde_json::Value;

use crate::formats::facts::{CallFacts, error_result};
use crate::formats::hybrid::{Hybrid, Parts};
use crate::formats::narrative::Narrative;
use crate::provenance::canonical;
use crate::provenance::{self, provenance_value};
use content::{Attachment, Rich};
use plot::Plot;

/// The output formats a tool can declare.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// `format = "json"`: the envelope as `structuredContent`; as text, the data and the
    /// `grounded` label as canonical JSON, without the provenance.
    Json,
    /// `format = "hybrid"`: the envelope, with a narrative, as `structuredContent`; as text,
    /// the narrative followed by the data and the `grounded` label in a fenced json block.
    Hybrid,
    /// `format = "text"`: one text block rendered by [`ToolText`](crate::formats::text::ToolText).
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

/// Seals [`Render`]: the formats are toolshape's own. Public only so that the benchmarks
/// can implement it, through the hidden module, for the alternatives they measure against.
#[doc(hidden)]
pub trait Sealed {}

/// How a tool's successful value of type `T` becomes a [`CallToolResult`].
///
/// One implementation per output format; `#[tool(format = "...")]` picks it.
///
/// Sealed: the formats are json, text and hybrid, closed on purpose. `#[tool(format = "...")]`
/// names them, the format policy is checked against them at compile time, and
/// `docs/wire-format.md` specifies what a client receives for each.
pub trait Render<T>: Sealed + Send + Sync + 'static {
    /// The format this implements.
    const FORMAT: Format;

    /// Whether a result's `structuredContent` is toolshape's envelope (`status`, `data`,
    /// `metadata`, `grounded`): true for json and hybrid, false for text and for a json tool
    /// declared with `envelope = false`.
    #[doc(hidden)]
    const ENVELOPE: bool = true;

    /// The tool's `outputSchema`, if the format has structured content.
    fn output_schema() -> Option<JsonObject>;

    /// The result for a successful call.
    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult;
}

/// `format = "json"`: the value is the envelope's `data`; a returned [`Hybrid<T>`] adds its
/// narrative, plots, `model_id` and `source`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

impl Sealed for Json {}

/// `format = "hybrid"`: the value's narrative leads both the text and the envelope.
///
/// Named `HybridFormat` because [`Hybrid<T>`] is the value a tool returns.
#[derive(Debug, Clone, Copy, Default)]
pub struct HybridFormat;

impl Sealed for HybridFormat {}

/// `format = "json", envelope = false`: MCP's own structured result, without toolshape's
/// envelope. `structuredContent` is the value itself and `outputSchema` its schema; the text
/// block is the value as canonical JSON; the provenance is in `_meta`, as for a text result.
/// A value that is not an object (a list, a number) is structured content from protocol
/// 2026-07-28 on; for older clients rmcp leaves the schema and the structured content out,
/// and the text carries the value.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainJson;

impl Sealed for PlainJson {}

impl<T: JsonOutput> Render<T> for PlainJson {
    const FORMAT: Format = Format::Json;
    const ENVELOPE: bool = false;

    fn output_schema() -> Option<JsonObject> {
        plain_schema(|generator| generator.root_schema_for::<T>())
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        match data_value(&value, facts) {
            Ok(data) => plain_value(data, Vec::new(), facts),
            Err(failure) => failure,
        }
    }
}

impl<T: JsonOutput> Render<Rich<T>> for PlainJson {
    const FORMAT: Format = Format::Json;
    const ENVELOPE: bool = false;

    fn output_schema() -> Option<JsonObject> {
        <PlainJson as Render<T>>::output_schema()
    }

    fn render(value: Rich<T>, facts: &CallFacts<'_>) -> CallToolResult {
        let (value, attachments) = value.into_parts();
        match data_value(&value, facts) {
            Ok(data) => plain_value(data, attachments, facts),
            Err(failure) => failure,
        }
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
        Value::Object(schema) => Some(schema),
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
        success(Parts::data_only(value), facts, TextBlock::ModelView)
    }
}

impl<T: JsonOutput> Render<Hybrid<T>> for Json {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        Some(envelope_schema::<T>(Shape::NARRATED))
    }

    fn render(value: Hybrid<T>, facts: &CallFacts<'_>) -> CallToolResult {
        success(value.into_parts(), facts, TextBlock::ModelView)
    }
}

impl<T: JsonOutput> Render<Rich<T>> for Json {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        Some(envelope_schema::<T>(Shape {
            narrative: false,
            extras: true,
        }))
    }

    fn render(value: Rich<T>, facts: &CallFacts<'_>) -> CallToolResult {
        let (data, attachments) = value.into_parts();
        let mut parts = Parts::data_only(data);
        parts.attachments = attachments;
        success(parts, facts, TextBlock::ModelView)
    }
}

impl<T: HybridOutput> HybridOutput for Rich<T> {
    type Data = T::Data;
    const EXTRAS: bool = true;
    fn into_hybrid(self) -> Hybrid<T::Data> {
        let (value, attachments) = self.into_parts();
        attachments
            .into_iter()
            .fold(value.into_hybrid(), Hybrid::with_attachment)
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
/// `Text` format marker). Both carry what a model reads, [`model_view`]; neither carries
/// the provenance, which is for programs (`structuredContent.metadata`).
#[derive(Clone, Copy)]
enum TextBlock {
    /// The model's view as canonical JSON (`format = "json"`).
    ModelView,
    /// The narrative, a blank line, then the model's view as a fenced json block
    /// (`format = "hybrid"`).
    NarrativeAndData,
}

/// The shared success path of every format: the data as a `Value` (the one step that needs
/// its type), then [`success_value`].
///
/// A non-finite float in the data (NaN, ±infinity) has no JSON number: serde_json would write
/// `null` where the output schema says `number`, a result that breaks its own schema. Such
/// a result is a tool error naming the field instead. Only data with a `null` somewhere is
/// probed for one, so ordinary results pay one walk over the `Value`.
fn success<T: Serialize>(
    parts: Parts<T>,
    facts: &CallFacts<'_>,
    text: TextBlock,
) -> CallToolResult {
    match data_value(&parts.data, facts) {
        Ok(data) => success_value(parts.with_data(data), facts, text),
        Err(failure) => failure,
    }
}

/// The data as JSON, or the tool error saying why it has none: a non-finite float (named by
/// its field) or a failing `Serialize`.
fn data_value<T: Serialize>(data: &T, facts: &CallFacts<'_>) -> Result<Value, CallToolResult> {
    match serde_json::to_value(data) {
        Ok(value) => {
            if finite::has_null(&value)
                && let Some((path, what)) = finite::non_finite_field(data)
            {
                return Err(non_finite_failure(facts, &path, &what));
            }
            Ok(value)
        }
        Err(error) => Err(serialisation_failure(facts, &error)),
    }
}

/// The envelope as `structuredContent` (the one place of the provenance), the text block,
/// one image block per plot. Not generic: compiled once for all tools.
fn success_value(parts: Parts<Value>, facts: &CallFacts<'_>, text: TextBlock) -> CallToolResult {
    let Parts {
        narrative,
        data,
        plots,
        attachments,
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

    let text = match text {
        TextBlock::ModelView => model_view(&canonical_data, narrative.as_deref()),
        TextBlock::NarrativeAndData => narrative_and_data(
            narrative.as_deref().unwrap_or_default(),
            &model_view(&canonical_data, None),
        ),
    };
    // The text block is content[0]; plots follow it in order.
    let plot_refs: Vec<Value> = plots
        .iter()
        .enumerate()
        .map(|(i, plot)| plot.reference(i + 1))
        .collect();
    // Attachments follow the plots.
    let attachment_refs: Vec<Value> = attachments
        .iter()
        .enumerate()
        .map(|(i, attachment)| attachment.reference(1 + plots.len() + i))
        .collect();
    let envelope = envelope(
        narrative,
        data,
        provenance_value(provenance),
        plot_refs,
        attachment_refs,
    );

    let mut content = Vec::with_capacity(1 + plots.len() + attachments.len());
    content.push(ContentBlock::text(text));
    content.extend(plots.iter().map(Plot::content_block));
    content.extend(attachments.iter().map(Attachment::content_block));
    // `success`, not `structured`: the latter would serialise the envelope a second time for
    // a text block this function has already written.
    let mut result = CallToolResult::success(content);
    result.structured_content = Some(envelope);
    result
}

/// What a model reads of a successful result, as RFC 8785 canonical JSON:
/// `{"data":…,"grounded":true}`, with `"narrative":…` when the value has one and the text
/// does not already lead with it. The already canonical bytes of `data` are spliced in
/// rather than serialised again, so the `"data":` member is byte for byte what `data_hash`
/// covers. The provenance (hash, timestamp, duration) is not here: it is for programs.
fn model_view(canonical_data: &[u8], narrative: Option<&str>) -> String {
    let extra = narrative.map_or(0, |n| n.len() + 16);
    let mut out = Vec::with_capacity(canonical_data.len() + 32 + extra);
    // Keys in RFC 8785 order: data < grounded < narrative.
    out.extend_from_slice(b"{\"data\":");
    out.extend_from_slice(canonical_data);
    out.extend_from_slice(b",\"grounded\":true");
    if let Some(narrative) = narrative {
        out.extend_from_slice(b",\"narrative\":");
        canonical::write_string(narrative, &mut out);
    }
    out.push(b'}');
    // Canonical JSON is written from `str`s and ASCII: always UTF-8.
    String::from_utf8(out)
        .unwrap_or_else(|error| String::from_utf8_lossy(error.as_bytes()).into_owned())
}

/// A json or hybrid result with its data replaced by `data` (a page of it) and `page` added
/// to the envelope: the hash, the text block and the envelope say the same as a result
/// made with that data would, with `page` in the model's view and `note` as the narrative's
/// last sentence. `None` for a result without an envelope (a text tool's, or a json tool's
/// declared with `envelope = false`).
///
/// For a [layer](crate::layer) that cuts results, as [`Budget`](crate::budget::Budget) does:
/// `format` is the tool's ([`ToolInfo::format`](crate::layer::ToolInfo::format)), `page` what
/// the envelope's `page` says about the cut (declare it in the tool's `outputSchema` with
/// [`Layer::describe`](crate::layer::Layer::describe) so the result stays valid).
///
/// ```
/// use serde_json::json;
/// use toolshape::{Format, Json, Render, with_page};
///
/// # let spec = toolshape::__private::ToolSpec { name: "numbers", ..toolshape::__private::ToolSpec::DEFAULT };
/// # let facts = toolshape::__private::call_facts(&spec);
/// let whole = <Json as Render<Vec<u32>>>::render(vec![1, 2, 3], &facts);
/// let page = json!({"returned": 2, "offset": 0, "total": 3, "omitted": 1, "next_cursor": "2"});
/// let first = with_page(&whole, Format::Json, json!([1, 2]), page, "1 more").unwrap();
/// let envelope = first.structured_content.unwrap();
/// assert_eq!(envelope["data"], json!([1, 2]));
/// assert_eq!(envelope["page"]["next_cursor"], "2");
/// assert_eq!(envelope["metadata"]["data_hash"], toolshape::data_hash(&json!([1, 2])).unwrap());
/// ```
pub fn with_page(
    result: &CallToolResult,
    format: Format,
    data: Value,
    page: Value,
    note: &str,
) -> Option<CallToolResult> {
    let mut envelope = result.structured_content.clone()?;
    let object = envelope.as_object_mut()?;
    let canonical_data = canonical::to_vec(&data);
    let hash = provenance::hash_canonical(&canonical_data);
    if let Some(Value::Object(metadata)) = object.get_mut("metadata") {
        metadata.insert("data_hash".into(), hash.into());
    }
    let narrative = object
        .get("narrative")
        .and_then(Value::as_str)
        .map(|narrative| {
            let stop = if narrative.ends_with(['.', '!', '?']) {
                " "
            } else {
                ". "
            };
            format!("{narrative}{stop}{note}")
        });
    let view = |narrative: Option<&str>| {
        let mut view = model_view(&canonical_data, narrative);
        view.pop(); // the closing brace: `page` sorts after every other key
        view.push_str(",\"page\":");
        view.push_str(&String::from_utf8_lossy(&canonical::to_vec(&page)));
        view.push('}');
        view
    };
    let text = match format {
        Format::Hybrid => narrative_and_data(narrative.as_deref().unwrap_or(note), &view(None)),
        _ => view(narrative.as_deref()),
    };
    if let Some(narrative) = narrative {
        object.insert("narrative".into(), narrative.into());
    }
    object.insert("data".into(), data);
    object.insert("page".into(), page);
    let mut paged = result.clone();
    paged.structured_content = Some(envelope);
    if let Some(first) = paged.content.first_mut() {
        *first = ContentBlock::text(text);
    }
    Some(paged)
}

/// `{narrative}\n\n```json\n{model view}\n```` — compact JSON costs fewer tokens than
/// indented JSON for the same data (measured in `docs/wire-format.md`).
fn narrative_and_data(narrative: &str, view: &str) -> String {
    let mut text = String::with_capacity(narrative.len() + view.len() + 16);
    text.push_str(narrative);
    text.push_str("\n\n```json\n");
    text.push_str(view);
    text.push_str("\n```");
    text
}

/// `{"status": "success", "narrative"?: …, "data": …, "metadata": …, "plots"?: […],
/// "grounded": true}`.
fn envelope(
    narrative: Option<String>,
    data: Value,
    metadata: Value,
    plots: Vec<Value>,
    attachments: Vec<Value>,
) -> Value {
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
    if !attachments.is_empty() {
        envelope.insert("attachments".into(), attachments.into());
    }
    envelope.insert("grounded".into(), true.into());
    Value::Object(envelope)
}

fn non_finite_failure(facts: &CallFacts<'_>, path: &str, what: &str) -> CallToolResult {
    let field = if path == "." {
        "the result".to_owned()
    } else {
        format!("field `{path}` of the result")
    };
    tracing::warn!(
        tool = facts.tool,
        field = path,
        value = what,
        "a tool result holds a non-finite float"
    );
    error_result(
        format!(
            "Error: {field} of `{}` is {what}, which JSON cannot represent (its schema says `number`)",
            facts.tool
        ),
        facts,
    )
}

fn serialisation_failure(facts: &CallFacts<'_>, error: &serde_json::Error) -> CallToolResult {
    tracing::error!(tool = facts.tool, %error, "a tool result could not be serialised as JSON");
    error_result(
        format!(
            "Error: the result of `{}` could not be serialised as JSON: {error}",
            facts.tool
        ),
        facts,
    )
}

/// Which optional parts of the envelope an `outputSchema` describes.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    /// `narrative` is present (and required).
    pub(crate) narrative: bool,
    /// `plots` and `attachments` may be present.
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
    // The provenance is the same for every tool: what its fields are and mean is specified
    // once, in `docs/wire-format.md` (with a JSON Schema for programs that check it), not
    // sent in every listing (hosts send listings to the model on every turn). The listing
    // says only that it is an object.
    let metadata = serde_json::json!({"type": "object"});

    let mut properties = JsonObject::new();
    let mut required = vec!["status"];
    properties.insert("status".into(), serde_json::json!({"const": "success"}));
    if shape.narrative {
        properties.insert("narrative".into(), serde_json::json!({"type": "string"}));
        required.push("narrative");
    }
    properties.insert("data".into(), data);
    properties.insert("metadata".into(), metadata);
    if shape.extras {
        properties.insert("plots".into(), plot::reference_schema());
        properties.insert("attachments".into(), content::reference_schema());
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
    use std::time::Instant;

    use super::*;

    fn facts() -> CallFacts<'static> {
        CallFacts {
            tool: "t",
            version: "1.2.3",
            model_id: Some("declared"),
            confirm: None,
            started: Instant::now(),
            caller: None,
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
            "Two items.\n\n```json\n{\"data\":[1,2],\"grounded\":true}\n```"
        );
        assert!(result.meta.is_none(), "provenance once: in the envelope");
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
            r#"{"data":[1],"grounded":true}"#
        );
        assert!(result.meta.is_none(), "provenance once: in the envelope");
        assert_eq!(envelope["metadata"]["tool"], "t");
        let schema = <Json as Render<Vec<i32>>>::output_schema().unwrap();
        assert_eq!(
            schema["required"],
            serde_json::json!(["status", "data", "metadata", "grounded"])
        );
        assert!(schema["properties"].get("plots").is_none());
    }

    #[test]
    fn provenance_value_is_what_serde_writes() {
        let mut provenance = facts().provenance(Some("sha256:00".into()));
        assert_eq!(
            provenance_value(provenance.clone()),
            serde_json::to_value(&provenance).unwrap()
        );
        provenance.data_hash = None;
        provenance.model_id = None;
        provenance.source = Some("s".into());
        provenance.duration_ms = 0.125;
        assert_eq!(
            provenance_value(provenance.clone()),
            serde_json::to_value(&provenance).unwrap()
        );
    }

    /// The text-block rows of the test vector in `docs/wire-format.md`.
    #[test]
    fn test_vector_text_blocks() {
        let data =
            serde_json::json!({"name": "Alice", "id": 42, "tags": ["a", "é"], "score": 1.5e3});
        let json = <Json as Render<Value>>::render(data.clone(), &facts());
        let view =
            r#"{"data":{"id":42,"name":"Alice","score":1500,"tags":["a","é"]},"grounded":true}"#;
        assert_eq!(json.content[0].as_text().unwrap().text, view);
        assert_eq!(
            json.structured_content.unwrap()["metadata"]["data_hash"],
            "sha256:b73e9ae767ab3a71d097a85261f54d86893a980869aa8a0e340a1d491072744e"
        );
        let hybrid = <HybridFormat as Render<Hybrid<Value>>>::render(
            Hybrid::new("Alice (42).", data),
            &facts(),
        );
        assert_eq!(
            hybrid.content[0].as_text().unwrap().text,
            format!("Alice (42).\n\n```json\n{view}\n```")
        );
    }

    /// An integer past 2^53 reads in the text as `structuredContent` holds it, and its hash
    /// is not its neighbour's (RFC 8785 would write both as the double 9007199254740992).
    #[test]
    fn integers_past_2_53_are_exact_in_the_text_and_the_hash() {
        let render = |n: i64| <Json as Render<i64>>::render(n, &facts());
        let above = render(9_007_199_254_740_993);
        assert_eq!(
            above.content[0].as_text().unwrap().text,
            r#"{"data":9007199254740993,"grounded":true}"#
        );
        let envelope = above.structured_content.unwrap();
        assert_eq!(envelope["data"], 9_007_199_254_740_993_i64);
        let hash = |result: CallToolResult| {
            result.structured_content.unwrap()["metadata"]["data_hash"].clone()
        };
        assert_eq!(
            envelope["metadata"]["data_hash"],
            provenance::hash_canonical(b"9007199254740993")
        );
        assert_ne!(
            hash(render(9_007_199_254_740_992)),
            envelope["metadata"]["data_hash"]
        );
        let min = render(-9_223_372_036_854_775_807);
        assert_eq!(
            min.content[0].as_text().unwrap().text,
            r#"{"data":-9223372036854775807,"grounded":true}"#
        );
        let plain = <PlainJson as Render<u64>>::render(u64::MAX, &facts());
        assert_eq!(
            plain.content[0].as_text().unwrap().text,
            "18446744073709551615"
        );
    }

    #[test]
    fn json_with_a_narrative_keeps_it_in_the_text() {
        let value = Hybrid::new("One \"item\".", vec![1]).with_source("s");
        let result = <Json as Render<Hybrid<Vec<i32>>>>::render(value, &facts());
        assert_eq!(
            result.content[0].as_text().unwrap().text,
            r#"{"data":[1],"grounded":true,"narrative":"One \"item\"."}"#
        );
        let envelope = result.structured_content.unwrap();
        assert_eq!(envelope["metadata"]["source"], "s");
    }
}
