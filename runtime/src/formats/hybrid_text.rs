//! `format = "hybrid", data = "text"` ([`HybridText`]) and the hybrid tools with `detail`:
//! the narrative, then the data's own text (its `ToolText`) instead of JSON; the envelope
//! keeps the full data.

use rmcp::model::{CallToolResult, JsonObject};

use crate::formats::envelope::{TextBlock, success};
use crate::formats::facts::CallFacts;
use crate::formats::hybrid::{HybridFormat, HybridOutput};
use crate::formats::text::{ToolText, WithDetail, render, render_with};
use crate::formats::{Format, Render, Sealed};

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
