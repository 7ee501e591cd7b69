//! The `format = "text"` markers of `#[tool]`: [`Text`] and [`Confirmed`].

use rmcp::model::{CallToolResult, ContentBlock, JsonObject};

use super::{ToolText, WithDetail, render, render_with};
use crate::formats::facts::CallFacts;
use crate::formats::{Format, Render};
use crate::provenance::hash_canonical;
use crate::provenance::meta;

/// `format = "text"`: the result is one text block, the value's [`ToolText`] rendering.
/// No `structuredContent`, no `outputSchema`.
///
/// Provenance is in `_meta` (a text result has no structured content to carry it); its
/// `data_hash` is `"sha256:"` + the SHA-256 of the text block's UTF-8 bytes (the text is
/// the data a client receives; a text type need not be `Serialize`, so there is no JSON to
/// canonicalise).
#[derive(Debug, Clone, Copy, Default)]
pub struct Text;

impl crate::formats::Sealed for Text {}

/// `format = "text"` with `confirm = "..."`: a tool returning `()` renders the sentence
/// alone; a tool returning a value renders `<sentence>:\n\n<text>`
/// (`User successfully created:` and the record). The sentence is the tool's, in its spec,
/// as a json tool's `model_id` is.
#[derive(Debug, Clone, Copy, Default)]
pub struct Confirmed;

impl crate::formats::Sealed for Confirmed {}

impl<T: ToolText> Render<T> for Text {
    const FORMAT: Format = Format::Text;
    const ENVELOPE: bool = false;

    fn output_schema() -> Option<JsonObject> {
        None
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        text_result(render(&value), facts)
    }
}

/// A `#[tool(detail)]` tool: the text at the level the call's `response_format` chose.
impl<T: ToolText> Render<WithDetail<T>> for Text {
    const FORMAT: Format = Format::Text;
    const ENVELOPE: bool = false;

    fn output_schema() -> Option<JsonObject> {
        None
    }

    fn render(value: WithDetail<T>, facts: &CallFacts<'_>) -> CallToolResult {
        text_result(render_with(&value.value, value.detail), facts)
    }
}

impl<T: ToolText> Render<crate::formats::Rich<T>> for Text {
    const FORMAT: Format = Format::Text;
    const ENVELOPE: bool = false;

    fn output_schema() -> Option<JsonObject> {
        None
    }

    /// The text block, then one block per attachment; the provenance's hash is the text's.
    /// An empty text with attachments sends the attachments alone (an image, a file), not an
    /// empty text block before them.
    fn render(value: crate::formats::Rich<T>, facts: &CallFacts<'_>) -> CallToolResult {
        let (value, attachments) = value.into_parts();
        let mut result = text_result(render(&value), facts);
        let empty = |block: &ContentBlock| block.as_text().is_some_and(|t| t.text.is_empty());
        if !attachments.is_empty() && result.content.first().is_some_and(empty) {
            result.content.clear();
        }
        result.content.extend(
            attachments
                .iter()
                .map(crate::formats::content::Attachment::content_block),
        );
        result
    }
}

/// What a tool with `confirm = "..."` can return: `()` (the sentence alone) or any
/// [`ToolText`] (the sentence, `:`, a blank line, and the text).
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the output of a `format = \"text\"` tool with `confirm`",
    label = "return `()` or a type that implements `toolshape::ToolText`",
    note = "return a struct of yours with `#[derive(toolshape::ToolText)]`, or `()` for the sentence alone"
)]
pub trait ConfirmOutput {
    /// Appends the confirmation of this value, given the tool's sentence.
    fn write_confirmed(&self, sentence: &str, out: &mut String);
}

impl ConfirmOutput for () {
    fn write_confirmed(&self, sentence: &str, out: &mut String) {
        out.push_str(sentence);
    }
}

impl<T: ToolText> ConfirmOutput for T {
    fn write_confirmed(&self, sentence: &str, out: &mut String) {
        out.reserve(sentence.len() + 3 + self.size_hint());
        out.push_str(sentence);
        out.push_str(":\n\n");
        self.write_text(out);
    }
}

impl<T: ConfirmOutput> Render<T> for Confirmed {
    const FORMAT: Format = Format::Text;
    const ENVELOPE: bool = false;

    fn output_schema() -> Option<JsonObject> {
        None
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        let mut out = String::new();
        value.write_confirmed(facts.confirm.unwrap_or_default(), &mut out);
        text_result(out, facts)
    }
}

fn text_result(text: String, facts: &CallFacts<'_>) -> CallToolResult {
    let provenance = facts.provenance(Some(hash_canonical(text.as_bytes())));
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.meta = Some(meta(provenance));
    result
}
