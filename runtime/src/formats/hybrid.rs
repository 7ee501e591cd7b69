//! `format = "hybrid"`: [`Hybrid<T>`], a tool's data with a narrative made at run time (and
//! optionally plots, the model that computed it, and where it came from); [`HybridFormat`],
//! the format; and [`HybridOutput`], what a hybrid tool can return (a type with a
//! narrative, or a [`Hybrid<T>`]).

use rmcp::model::{CallToolResult, JsonObject};
use schemars::JsonSchema;
use serde::Serialize;

use crate::formats::content::{Attachment, Rich};
use crate::formats::envelope::{JsonOutput, Parts, Shape, TextBlock, envelope_schema, success};
use crate::formats::facts::CallFacts;
use crate::formats::narrative::Narrative;
use crate::formats::plot::Plot;
use crate::formats::{Format, Render, Sealed};

/// A tool result with a narrative: what a tool returns when it writes its narrative at run
/// time, or attaches plots, a `model_id` or a `source`.
///
/// A `format = "hybrid"` tool leads its text with the narrative; a `format = "json"` tool
/// adds it to the envelope. Either way the narrative is `structuredContent.narrative` and the
/// data is `structuredContent.data`.
///
/// ```
/// use toolshape::{formats::Hybrid, formats::Plot};
///
/// let counts = vec![("critical", 1), ("warning", 2)];
/// let answer = Hybrid::new("1 critical and 2 warning alerts are active.", counts)
///     .with_model_id("threshold-rules-v3")
///     .with_source("prometheus /api/v1/alerts");
/// assert_eq!(answer.narrative, "1 critical and 2 warning alerts are active.");
/// # let _ = Plot::svg("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", "empty");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Hybrid<T> {
    /// Plain-English interpretation of the data: what a model presents to the user.
    pub narrative: String,
    /// The evidence: structured data backing the narrative.
    pub data: T,
    plots: Vec<Plot>,
    attachments: Vec<Attachment>,
    model_id: Option<String>,
    source: Option<String>,
}

impl<T> Hybrid<T> {
    /// Data with its narrative.
    pub fn new(narrative: impl Into<String>, data: T) -> Self {
        Hybrid {
            narrative: narrative.into(),
            data,
            plots: Vec::new(),
            attachments: Vec::new(),
            model_id: None,
            source: None,
        }
    }

    /// Attaches content (an image, audio, an embedded resource or a link), sent as a content
    /// block after the plots; the envelope's `attachments` refers to it by its index in
    /// `content`.
    #[must_use]
    pub fn with_attachment(mut self, attachment: Attachment) -> Self {
        self.attachments.push(attachment);
        self
    }

    /// Attaches a plot, sent as an image content block after the text; the envelope's
    /// `plots` refers to it by its index in `content`.
    #[must_use]
    pub fn with_plot(mut self, plot: Plot) -> Self {
        self.plots.push(plot);
        self
    }

    /// Sets `metadata.model_id`, replacing the tool's `#[tool(model_id = "...")]`.
    #[must_use]
    pub fn with_model_id(mut self, model_id: impl Into<String>) -> Self {
        self.model_id = Some(model_id.into());
        self
    }

    /// Sets `metadata.source`: where the data came from.
    #[must_use]
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// The attached plots, in order.
    pub fn plots(&self) -> &[Plot] {
        &self.plots
    }

    pub(crate) fn into_parts(self) -> Parts<T> {
        Parts {
            narrative: Some(self.narrative),
            data: self.data,
            plots: self.plots,
            attachments: self.attachments,
            model_id: self.model_id,
            source: self.source,
        }
    }
}

/// `format = "hybrid"`: the value's narrative leads both the text and the envelope.
///
/// Named `HybridFormat` because [`Hybrid<T>`] is the value a tool returns.
#[derive(Debug, Clone, Copy, Default)]
pub struct HybridFormat;

impl Sealed for HybridFormat {}

/// A type a `format = "hybrid"` tool can return: one with a narrative, and data that is
/// `Serialize + JsonSchema`.
///
/// Either the type derives [`Narrative`](trait@crate::Narrative) from a template, or the
/// tool returns [`Hybrid<T>`] with a narrative made at run time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the output of a `format = \"hybrid\"` tool: it needs a narrative, and data that implements `serde::Serialize` and `schemars::JsonSchema`",
    label = "needs a narrative, and data that can be sent as JSON",
    note = "a hybrid result leads with a plain-English narrative; give the output one of two ways:",
    note = "1. a template on a struct of yours (a list or an `Option` goes in a field of it): `#[derive(toolshape::Narrative)]` and `#[narrative(\"Found {{count}} volumes\")]`, whose `{{placeholders}}` name its fields",
    note = "2. a narrative made at run time: return `toolshape::formats::Hybrid<T>` of your data `T`, built with `Hybrid::new(narrative, data)`",
    note = "the data (and the types inside it) derive `serde::Serialize` and `schemars::JsonSchema`",
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

impl<T: Narrative + JsonOutput> HybridOutput for T {
    type Data = T;
    const EXTRAS: bool = false;
    fn into_hybrid(self) -> Hybrid<T> {
        Hybrid::new(self.narrative(), self)
    }
}

impl<T: JsonOutput> HybridOutput for Hybrid<T> {
    type Data = T;
    const EXTRAS: bool = true;
    fn into_hybrid(self) -> Hybrid<T> {
        self
    }
}

// Not recommended: an output none of these takes is reported as written, with the fix.
#[diagnostic::do_not_recommend]
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
