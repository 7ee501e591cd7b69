//! The detail level of a text: [`Detail`], and [`render_with`], which renders with fields
//! marked `#[text(detailed)]` left out or shown.

use std::cell::Cell;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::ToolText;

/// How much of a value a text shows: what a `#[tool(detail)]` tool's `response_format`
/// argument chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Detail {
    /// Fields marked `#[text(detailed)]` are left out (`"concise"`, the argument's default).
    #[default]
    Concise,
    /// Every field is shown (`"detailed"`).
    Detailed,
}

/// `{"type": "string", "enum": ["concise", "detailed"]}`, inline in the input schema: the
/// two words a model chooses from.
impl JsonSchema for Detail {
    fn inline_schema() -> bool {
        true
    }

    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Detail".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "string", "enum": ["concise", "detailed"]})
    }
}

impl Detail {
    /// The value of the `response_format` argument: `"concise"` or `"detailed"`.
    pub fn from_argument(value: &str) -> Option<Detail> {
        match value {
            "concise" => Some(Detail::Concise),
            "detailed" => Some(Detail::Detailed),
            _ => None,
        }
    }
}

thread_local! {
    /// Whether the text being rendered on this thread leaves detailed fields out.
    static CONCISE: Cell<bool> = const { Cell::new(false) };
}

/// Whether the text being rendered shows fields marked `#[text(detailed)]`.
pub(crate) fn detailed() -> bool {
    !CONCISE.with(Cell::get)
}

/// Renders `value` at a detail level: [`Detail::Detailed`] is [`render`](super::render);
/// [`Detail::Concise`] leaves out the fields marked `#[text(detailed)]`.
///
/// ```
/// use toolshape::ToolText;
/// use toolshape::formats::text::{Detail, render_with};
///
/// #[derive(ToolText)]
/// struct Volume {
///     name: String,
///     #[text(detailed)]
///     uuid: String,
/// }
///
/// let volume = Volume { name: "vol1".into(), uuid: "b6f2c1a4".into() };
/// assert_eq!(render_with(&volume, Detail::Concise), "```\nName: vol1\n```");
/// assert_eq!(render_with(&volume, Detail::Detailed), "```\nName: vol1\nUUID: b6f2c1a4\n```");
/// ```
pub fn render_with<T: ToolText + ?Sized>(value: &T, detail: Detail) -> String {
    /// Restores the outer level, even when rendering panics.
    struct Restore(bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            CONCISE.with(|concise| concise.set(self.0));
        }
    }
    let _restore = Restore(CONCISE.with(|concise| concise.replace(detail == Detail::Concise)));
    super::render(value)
}

/// The output of a `#[tool(detail)]` tool: a value with a text (or `Result` or
/// [`Hybrid`](crate::formats::Hybrid) of one), and whether that text has fields marked
/// `#[text(detailed)]` (checked where the tool is declared: a `detail` tool without them has
/// nothing to leave out).
#[diagnostic::on_unimplemented(
    message = "`#[tool(detail)]` chooses how much of the output's text a model reads, and `{Self}` has no text",
    label = "the output of a `#[tool(detail)]` tool",
    note = "derive `toolshape::ToolText` on the output type and mark the fields a model seldom needs with `#[text(detailed)]`",
    note = "or remove `detail` from `#[tool(...)]`"
)]
pub trait DetailOutput {
    /// Whether the text has fields marked `#[text(detailed)]`.
    const DETAILED: bool;
}

impl<T: ToolText + ?Sized> DetailOutput for T {
    const DETAILED: bool = T::DETAILED;
}

impl<T: DetailOutput, E> DetailOutput for Result<T, E> {
    const DETAILED: bool = T::DETAILED;
}

impl<T: ToolText> DetailOutput for crate::formats::Hybrid<T> {
    const DETAILED: bool = T::DETAILED;
}

/// A tool's value with the detail level its call asked for (`response_format`): what the
/// handler of a `#[tool(detail)]` tool hands its format.
#[derive(Debug, Clone)]
pub struct WithDetail<T> {
    /// The function's value.
    pub value: T,
    /// The level the call asked for.
    pub detail: Detail,
}

impl<T> WithDetail<T> {
    /// `value` at `detail`.
    pub fn new(value: T, detail: Detail) -> Self {
        WithDetail { value, detail }
    }
}
