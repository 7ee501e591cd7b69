//! What the user wrote in `#[text(...)]` on a type, its fields and variants, read with darling.

use darling::util::{Flag, Override, SpannedValue};
use darling::{FromDeriveInput, FromField, FromVariant, ast};

/// `#[derive(ToolText)]` and its type-level `#[text(...)]`.
#[derive(Debug, FromDeriveInput)]
#[darling(
    attributes(text),
    supports(
        struct_named,
        struct_unit,
        enum_named,
        enum_unit,
        enum_newtype,
        enum_tuple
    )
)]
pub(crate) struct TextInput {
    pub(crate) ident: syn::Ident,
    pub(crate) generics: syn::Generics,
    pub(crate) data: ast::Data<TextVariant, TextField>,
    /// `noun = "user"`: the record's noun, singular.
    pub(crate) noun: Option<SpannedValue<String>>,
    /// `plural = "users"`: defaults to the noun with English plural rules.
    pub(crate) plural: Option<SpannedValue<String>>,
    /// `empty = "..."`: the whole text of an empty list.
    pub(crate) empty: Option<SpannedValue<String>>,
    /// `missing = "N/A" | "omit"`: the policy for missing values.
    pub(crate) missing: Option<SpannedValue<String>>,
    /// `confirm = "..."`: on a unit struct, the confirmation sentence it renders.
    pub(crate) confirm: Option<SpannedValue<String>>,
    /// `layout = "blocks" | "table"`: how a list of these records renders.
    pub(crate) layout: Option<SpannedValue<String>>,
    /// `tag = "Type"`: the label of an enum's variant line.
    pub(crate) tag: Option<SpannedValue<String>>,
    /// `crate = path`: where the `toolshape` crate is.
    #[darling(rename = "crate")]
    pub(crate) krate: Option<syn::Path>,
}

/// One field and its `#[text(...)]`.
#[derive(Debug, FromField)]
#[darling(attributes(text))]
pub(crate) struct TextField {
    pub(crate) ident: Option<syn::Ident>,
    pub(crate) ty: syn::Type,
    /// `label = "User ID"`.
    pub(crate) label: Option<SpannedValue<String>>,
    /// `skip`: not rendered.
    pub(crate) skip: Flag,
    /// `currency` (`$`) or `currency = "€"`.
    pub(crate) currency: Option<SpannedValue<Override<String>>>,
    /// `bytes` (binary) or `bytes = "binary" | "decimal"`.
    pub(crate) bytes: Option<SpannedValue<Override<String>>>,
    /// `percent`: a ratio shown as a percentage.
    pub(crate) percent: Flag,
    /// `thousands`: thousands separators.
    pub(crate) thousands: Flag,
    /// `timestamp` (RFC 3339 UTC) or `timestamp = "<chrono format>"`.
    pub(crate) timestamp: Option<SpannedValue<Override<String>>>,
}

/// One enum variant and its `#[text(...)]`.
#[derive(Debug, FromVariant)]
#[darling(attributes(text))]
pub(crate) struct TextVariant {
    pub(crate) ident: syn::Ident,
    pub(crate) fields: ast::Fields<TextField>,
    /// `label = "..."`: how the variant is shown.
    pub(crate) label: Option<SpannedValue<String>>,
}
