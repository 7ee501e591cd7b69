//! Output formats: how a tool's successful value becomes what the client receives.
//!
//! Each `format = "..."` of `#[tool]` names one implementation of [`Render`]: [`Json`] here,
//! [`HybridFormat`] with its value types ([`Hybrid`], [`Narrative`]), and
//! [`Text`](text::Text) in [`text`]. The macro only picks the implementation; the envelope,
//! the hash and the serialisation live here, once. Rich content ([`Rich`], [`Plot`]) is
//! shared by all three.
//!
//! [`Render`] is sealed, for real: no crate but this one can implement it. The set of formats
//! is closed on purpose: `#[tool(format = "...")]` names it, the format policy is checked
//! against it at compile time, and `docs/wire-format.md` specifies what a client receives
//! for each. A format a server wrote could be named by none of these, so an open trait would
//! be a door to nothing. A fourth format is a change to toolshape — one module here, one
//! variant of [`Format`], one keyword in the macro.
//!
//! The files: [`Render`] and [`Format`] here, with the paging of a result; `json` (json, and
//! json without the envelope), `hybrid` (hybrid, and the `Hybrid<T>` a tool returns), `hybrid_text` (hybrid with the
//! data's text: `data = "text"`, `detail`), `envelope` (the success path every
//! envelope format shares, and the `outputSchema`); `text` for the text format.

pub(crate) mod content;
mod envelope;
pub(crate) mod facts;
pub(crate) mod finite;
pub(crate) mod hybrid;
mod hybrid_text;
mod json;
pub(crate) mod listed_schema;
pub(crate) mod narrative;
pub(crate) mod plot;
pub mod text;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use serde_json::Value;

use crate::provenance::{self, canonical};
pub use envelope::JsonOutput;
pub(crate) use envelope::{Shape, envelope_schema_given};
use envelope::{model_view, narrative_and_data};
pub use hybrid::{Hybrid, HybridFormat, HybridOutput};
pub use hybrid_text::HybridText;
pub use json::{Json, JsonReturn, PlainJsonReturn};
// json without the envelope, for generated code (`envelope = false`)
pub use content::{Attachment, Rich};
pub use facts::CallFacts;
#[doc(hidden)]
pub use json::{JsonDetailed, PlainJson};
pub use narrative::Narrative;
pub use plot::Plot;

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

/// Seals [`Render`]: the formats are toolshape's own.
mod sealed {
    /// Implemented by this crate's formats only: public in a private module, so that no
    /// other crate can name it.
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// How a tool's successful value of type `T` becomes a [`CallToolResult`].
///
/// One implementation per output format; `#[tool(format = "...")]` picks it.
///
/// Sealed: the formats are json, text and hybrid, closed on purpose, and only this crate
/// implements the trait. `#[tool(format = "...")]` names them, the format policy is checked
/// against them at compile time, and `docs/wire-format.md` specifies what a client receives
/// for each. The trait is public so that bounds can name it (`F: Render<T>`).
///
/// Another crate's format does not compile: the trait's supertrait cannot be named outside
/// toolshape.
///
/// ```compile_fail,E0277
/// use toolshape::rmcp::model::{CallToolResult, JsonObject};
/// use toolshape::{formats::CallFacts, formats::Format, formats::Render};
///
/// struct Mine;
///
/// impl Render<String> for Mine {
///     const FORMAT: Format = Format::Json;
///     fn output_schema() -> Option<JsonObject> {
///         None
///     }
///     fn render(_value: String, _facts: &CallFacts<'_>) -> CallToolResult {
///         CallToolResult::success(vec![])
///     }
/// }
/// ```
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
/// use toolshape::formats::{CallFacts, Format, Json, Render, with_page};
///
/// let facts = CallFacts::new("numbers", "1.0.0");
/// let whole = <Json as Render<Vec<u32>>>::render(vec![1, 2, 3], &facts);
/// let page = json!({"returned": 2, "offset": 0, "total": 3, "omitted": 1, "next_cursor": "2"});
/// let first = with_page(&whole, Format::Json, json!([1, 2]), page, "1 more").unwrap();
/// let envelope = first.structured_content.unwrap();
/// assert_eq!(envelope["data"], json!([1, 2]));
/// assert_eq!(envelope["page"]["next_cursor"], "2");
/// assert_eq!(envelope["metadata"]["data_hash"], toolshape::provenance::data_hash(&json!([1, 2])).unwrap());
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

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::formats::plot::Plot;
    use crate::provenance::provenance_value;

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
        // What is the same for every tool is specified in docs/wire-format.md, not listed.
        assert_eq!(schema["required"], serde_json::json!(["data"]));
        assert_eq!(
            schema["properties"],
            serde_json::json!({"data": {"type": "array", "items": {"type": "integer", "minimum": -2147483648, "maximum": 2147483647}}})
        );
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
