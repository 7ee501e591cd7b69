//! The detail level of a text: [`Detail`], and [`render_with`], which renders with fields
//! marked `#[text(detailed)]` left out or shown.

use std::cell::Cell;

use super::ToolText;

/// How much of a value a text shows: what a `#[tool(detail)]` tool's `response_format`
/// argument chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Detail {
    /// Fields marked `#[text(detailed)]` are left out (`"concise"`, the argument's default).
    #[default]
    Concise,
    /// Every field is shown (`"detailed"`).
    Detailed,
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
/// use toolshape::text::{Detail, render_with};
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
