//! `format = "hybrid"`: [`HybridFormat`], and [`HybridOutput`], what a hybrid tool can return
//! (a type with a narrative, or a [`Hybrid<T>`]).

use rmcp::model::{CallToolResult, JsonObject};
use schemars::JsonSchema;
use serde::Serialize;

use crate::formats::content::Rich;
use crate::formats::envelope::{Shape, TextBlock, envelope_schema, success};
use crate::formats::facts::CallFacts;
use crate::formats::hybrid::Hybrid;
use crate::formats::narrative::Narrative;
use crate::formats::text::{ToolText, WithDetail, render, render_with};
use crate::formats::{Format, Render, Sealed};

/// `format = "hybrid"`: the value's narrative leads both the text and the envelope.
///
/// Named `HybridFormat` because [`Hybrid<T>`] is the value a tool returns.
#[derive(Debug, Clone, Copy, Default)]
pub struct HybridFormat;

impl Sealed for HybridFormat {}

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
    /// Whether results may carry plots, attachments, `model_id` or `source` set at run time
    /// (the `outputSchema` describes plots and attachments only then). `false` unless said:
    /// a type with a narrative alone has none.
    const EXTRAS: bool = false;
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

/// `format = "hybrid", data = "text"`: the narrative, then the data's own text (its
/// [`ToolText`]: the compact layout for a list of records) instead of JSON, for the model;
/// `structuredContent` is the same envelope with the full data, for programs.
#[derive(Debug, Clone, Copy, Default)]
pub struct HybridText;

impl Sealed for HybridText {}

impl<T: HybridOutput> Render<T> for HybridText
where
    T::Data: ToolText,
{
    const FORMAT: Format = Format::Hybrid;

    fn output_schema() -> Option<JsonObject> {
        <HybridFormat as Render<T>>::output_schema()
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        let parts = value.into_hybrid().into_parts();
        let text = render(&parts.data);
        success(parts, facts, TextBlock::Text(text))
    }
}

/// A `#[tool(detail)]` hybrid tool: the narrative, then the data's text at the level the call
/// chose (with or without `data = "text"`); the envelope keeps every field.
macro_rules! hybrid_detail {
    ($($format:ty),*) => {$(
        impl<T: HybridOutput> Render<WithDetail<T>> for $format
        where
            T::Data: ToolText,
        {
            const FORMAT: Format = Format::Hybrid;

            fn output_schema() -> Option<JsonObject> {
                <HybridFormat as Render<T>>::output_schema()
            }

            fn render(value: WithDetail<T>, facts: &CallFacts<'_>) -> CallToolResult {
                let parts = value.value.into_hybrid().into_parts();
                let text = render_with(&parts.data, value.detail);
                success(parts, facts, TextBlock::Text(text))
            }
        }
    )*};
}
hybrid_detail!(HybridFormat, HybridText);
