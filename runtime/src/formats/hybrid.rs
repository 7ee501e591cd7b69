//! [`Hybrid<T>`]: a tool's data with a narrative made at run time, and optionally plots,
//! the model that computed it, and where it came from.

use crate::formats::content::Attachment;
use crate::formats::plot::Plot;

/// A tool result with a narrative: what a tool returns when it writes its narrative at run
/// time, or attaches plots, a `model_id` or a `source`.
///
/// A `format = "hybrid"` tool leads its text with the narrative; a `format = "json"` tool
/// adds it to the envelope. Either way the narrative is `structuredContent.narrative` and the
/// data is `structuredContent.data`.
///
/// ```
/// use toolshape::{Hybrid, Plot};
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
