//! What the user wrote in `#[tool(...)]`, read with darling.

use darling::FromMeta;
use darling::util::SpannedValue;

/// The arguments of `#[tool(...)]`.
#[derive(Debug, FromMeta)]
pub(crate) struct ToolArgs {
    /// `format = "json"`.
    pub(crate) format: Option<SpannedValue<FormatName>>,
    /// `name = "..."`: the tool name; defaults to the function name.
    pub(crate) name: Option<SpannedValue<String>>,
    /// `title = "..."`: a human-readable title.
    pub(crate) title: Option<String>,
    /// `description = "..."`: replaces the doc comment as description.
    pub(crate) description: Option<String>,
    /// `version = "..."`: the `tool_version` in provenance; defaults to the crate's version.
    pub(crate) version: Option<String>,
    /// `crate = path`: where the `toolshape` crate is, for crates that re-export it.
    #[darling(rename = "crate")]
    pub(crate) krate: Option<syn::Path>,
}

/// The value of `format = "..."`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum FormatName {
    Json,
}
