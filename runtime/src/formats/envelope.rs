//! The envelope every json and hybrid result is made of: the success path they share (the
//! data serialised once, canonically, hashed, and put in the envelope and the text block),
//! the tool errors of data JSON cannot carry, and the envelope's `outputSchema`.

use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use schemars::{JsonSchema, SchemaGenerator, generate::SchemaSettings};
use serde::Serialize;
use serde_json::Value;

use crate::formats::content::{self, Attachment};
use crate::formats::facts::{CallFacts, error_result};
use crate::formats::finite;
use crate::formats::listed_schema::{Side, listed};
use crate::formats::plot::{self, Plot};
use crate::provenance::{self, canonical, provenance_value};

/// A type a `format = "json"` tool can return, and the data of a `format = "hybrid"` one:
/// anything `Serialize + JsonSchema`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a tool's data: a `format = \"json\"` or `\"hybrid\"` tool's output is sent as JSON and described in its output schema",
    label = "needs `serde::Serialize` and `schemars::JsonSchema`",
    note = "add `#[derive(serde::Serialize, schemars::JsonSchema)]` to the type (and to the types inside it); for a type of another crate, enable that crate's `serde` and `schemars` features, or wrap it in a type of yours"
)]
pub trait JsonOutput: Serialize + JsonSchema {}

// Not recommended, so that an output that is not `Serialize` or not `JsonSchema` is
// reported as not a `JsonOutput`, with the message above, rather than by serde's or
// schemars' own bare trait error.
#[diagnostic::do_not_recommend]
impl<T: Serialize + JsonSchema + ?Sized> JsonOutput for T {}

/// What a successful call produced, before the format renders it.
pub(crate) struct Parts<T> {
    pub(crate) narrative: Option<String>,
    pub(crate) data: T,
    pub(crate) plots: Vec<Plot>,
    pub(crate) attachments: Vec<Attachment>,
    pub(crate) model_id: Option<String>,
    pub(crate) source: Option<String>,
}

impl<T> Parts<T> {
    /// Plain data, as a json tool returning `T` produces it.
    pub(crate) fn data_only(data: T) -> Self {
        Parts {
            narrative: None,
            data,
            plots: Vec::new(),
            attachments: Vec::new(),
            model_id: None,
            source: None,
        }
    }

    /// The same parts with `data` in place of the value (its serialised form, say).
    pub(crate) fn with_data<U>(self, data: U) -> Parts<U> {
        Parts {
            narrative: self.narrative,
            data,
            plots: self.plots,
            attachments: self.attachments,
            model_id: self.model_id,
            source: self.source,
        }
    }
}

/// What the text block of a successful result holds (named so as not to clash with a
/// `Text` format marker). Both carry what a model reads, [`model_view`]; neither carries
/// the provenance, which is for programs (`structuredContent.metadata`).
#[derive(Clone)]
pub(super) enum TextBlock {
    /// The model's view as canonical JSON (`format = "json"`).
    ModelView,
    /// The narrative, a blank line, then the model's view as a fenced json block
    /// (`format = "hybrid"`).
    NarrativeAndData,
    /// The data's text (its `ToolText`: the compact layout for a list), after the
    /// narrative and a blank line if there is one (`format = "hybrid", data = "text"`, and
    /// the tools with `detail`).
    Text(String),
}

/// The shared success path of every format: the data as a `Value` (the one step that needs
/// its type), then [`success_value`].
///
/// A non-finite float in the data (NaN, ±infinity) has no JSON number: serde_json would write
/// `null` where the output schema says `number`, a result that breaks its own schema. Such
/// a result is a tool error naming the field instead. Only data with a `null` somewhere is
/// probed for one, so ordinary results pay one walk over the `Value`.
pub(super) fn success<T: Serialize>(
    parts: Parts<T>,
    facts: &CallFacts<'_>,
    text: TextBlock,
) -> CallToolResult {
    match data_value(&parts.data, facts) {
        Ok(data) => success_value(parts.with_data(data), facts, text),
        Err(failure) => failure,
    }
}

/// [`success`] for plain data (a json tool returning `T`): generic only in serialising the
/// data, so what is compiled per output type stays small.
pub(super) fn success_data<T: Serialize>(
    data: &T,
    facts: &CallFacts<'_>,
    text: TextBlock,
) -> CallToolResult {
    match data_value(data, facts) {
        Ok(data) => success_value(Parts::data_only(data), facts, text),
        Err(failure) => failure,
    }
}

/// The data as JSON, or the tool error saying why it has none: a non-finite float (named by
/// its field) or a failing `Serialize`.
pub(super) fn data_value<T: Serialize>(
    data: &T,
    facts: &CallFacts<'_>,
) -> Result<Value, CallToolResult> {
    checked_value(
        serde_json::to_value(data),
        &|| finite::non_finite_field(data),
        facts,
    )
}

/// [`data_value`] once the data is serialised: `probe` finds a non-finite float when the
/// value has a `null` where one could be. Not generic: compiled once for all output types.
fn checked_value(
    value: serde_json::Result<Value>,
    probe: &dyn Fn() -> Option<(String, String)>,
    facts: &CallFacts<'_>,
) -> Result<Value, CallToolResult> {
    match value {
        Ok(value) => {
            if finite::has_null(&value)
                && let Some((path, what)) = probe()
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
        TextBlock::Text(data) => match narrative.as_deref() {
            Some(narrative) => format!("{narrative}\n\n{data}"),
            None => data,
        },
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
pub(super) fn model_view(canonical_data: &[u8], narrative: Option<&str>) -> String {
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

/// `{narrative}\n\n```json\n{model view}\n```` — compact JSON costs fewer tokens than
/// indented JSON for the same data (measured in `docs/wire-format.md`).
pub(super) fn narrative_and_data(narrative: &str, view: &str) -> String {
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
///
/// The data's schema is `T`'s own (`JsonSchema::json_schema`, which registers the
/// definitions of the types inside it) rather than a reference to its definition: the listed
/// form writes definitions where they are used anyway, and schemars' `subschema_for::<T>`
/// would be compiled once per output type.
pub(crate) fn envelope_schema<T: JsonSchema + ?Sized>(shape: Shape) -> JsonObject {
    envelope_schema_with(shape, T::json_schema)
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
    let definitions = generator.take_definitions(true);
    envelope_around(shape, data, definitions)
}

/// The `outputSchema` of a tool declared at run time: the envelope with the data's schema as
/// it was given (its own `$defs` moved to the envelope's root, where its `#/$defs/…`
/// references then point). Listed in the same form as a `#[tool]`'s.
pub(crate) fn envelope_schema_given(shape: Shape, mut data: Value) -> JsonObject {
    let mut definitions = serde_json::Map::new();
    if let Value::Object(object) = &mut data {
        object.remove("$schema");
        if let Some(Value::Object(own)) = object.remove("$defs") {
            definitions = own;
        }
    }
    envelope_around(shape, data, definitions)
}

/// The envelope's schema around the data's, with the definitions the data's refer to.
fn envelope_around(
    shape: Shape,
    data: Value,
    definitions: serde_json::Map<String, Value>,
) -> JsonObject {
    // What is the same for every tool — `status` ("success"), the provenance `metadata`,
    // `grounded` (true) — is specified once, in `docs/wire-format.md` (with a JSON Schema for
    // programs that check it), not sent in every listing: hosts send listings to the model on
    // every turn. The listing describes what differs from tool to tool: the data (and the
    // narrative, plots and attachments a tool may add). `structuredContent`, the whole
    // envelope, validates against it.
    let mut properties = JsonObject::new();
    let mut required = Vec::new();
    if shape.narrative {
        properties.insert("narrative".into(), serde_json::json!({"type": "string"}));
        required.push("narrative");
    }
    properties.insert("data".into(), data);
    if shape.extras {
        properties.insert("plots".into(), plot::reference_schema());
        properties.insert("attachments".into(), content::reference_schema());
    }
    required.push("data");

    let mut root = JsonObject::new();
    root.insert("type".into(), "object".into());
    root.insert("properties".into(), properties.into());
    root.insert("required".into(), serde_json::json!(required));
    if !definitions.is_empty() {
        root.insert("$defs".into(), definitions.into());
    }
    listed(&mut root, Side::Output);
    root
}
