//! What the user wrote in `#[text(...)]` on a type, its fields and variants, read with darling.

use darling::util::{Flag, Override, SpannedValue};
use darling::{FromDeriveInput, FromField, FromMeta, FromVariant, ast};

use crate::attr::Quoted;

/// `#[derive(ToolText)]` and its type-level `#[text(...)]`.
#[derive(Debug, FromDeriveInput)]
#[darling(
    attributes(text),
    forward_attrs(serde),
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
    /// `#[serde(...)]`: the keys the compact layout names columns and variants by.
    pub(crate) attrs: Vec<syn::Attribute>,
    /// `noun = "user"`: the record's noun, singular.
    pub(crate) noun: Option<SpannedValue<Quoted<String>>>,
    /// `plural = "users"`: defaults to the noun with English plural rules.
    pub(crate) plural: Option<SpannedValue<Quoted<String>>>,
    /// `empty = "..."`: the whole text of an empty list.
    pub(crate) empty: Option<SpannedValue<Quoted<String>>>,
    /// `missing = "N/A"` (a placeholder) or `missing = "omit"`: the policy for missing values.
    pub(crate) missing: Option<SpannedValue<Quoted<Missing>>>,
    /// `confirm = "..."`: on a unit struct, the confirmation sentence it renders.
    pub(crate) confirm: Option<SpannedValue<Quoted<String>>>,
    /// `layout = "blocks" | "table" | "compact"`: how a list of these records renders.
    pub(crate) layout: Option<SpannedValue<Lenient<Quoted<Layout>>>>,
    /// `tag = "Type"`: the label of an enum's variant line.
    pub(crate) tag: Option<SpannedValue<Quoted<String>>>,
    /// `crate = path`: where the `toolshape` crate is.
    #[darling(rename = "crate")]
    pub(crate) krate: Option<syn::Path>,
}

/// One field and its `#[text(...)]`.
#[derive(Debug, FromField)]
#[darling(attributes(text), forward_attrs(serde))]
pub(crate) struct TextField {
    pub(crate) ident: Option<syn::Ident>,
    pub(crate) ty: syn::Type,
    /// `#[serde(...)]`: the field's key.
    pub(crate) attrs: Vec<syn::Attribute>,
    /// `detailed`: shown only in detailed results.
    pub(crate) detailed: Flag,
    /// `label = "User ID"`.
    pub(crate) label: Option<SpannedValue<Quoted<String>>>,
    /// `skip`: not rendered.
    pub(crate) skip: Flag,
    /// `currency` (`$`) or `currency = "€"`.
    pub(crate) currency: Option<SpannedValue<Override<String>>>,
    /// `bytes` (binary) or `bytes = "binary" | "decimal"`.
    pub(crate) bytes: Option<SpannedValue<Lenient<Override<ByteUnits>>>>,
    /// `percent`: a ratio shown as a percentage.
    pub(crate) percent: Flag,
    /// `thousands`: thousands separators.
    pub(crate) thousands: Flag,
    /// `timestamp` (RFC 3339 UTC) or `timestamp = "<chrono format>"`.
    pub(crate) timestamp: Option<SpannedValue<Override<String>>>,
}

/// One enum variant and its `#[text(...)]`.
#[derive(Debug, FromVariant)]
#[darling(attributes(text), forward_attrs(serde))]
pub(crate) struct TextVariant {
    pub(crate) ident: syn::Ident,
    /// `#[serde(...)]`: the variant's key.
    pub(crate) attrs: Vec<syn::Attribute>,
    pub(crate) fields: ast::Fields<TextField>,
    /// `label = "..."`: how the variant is shown.
    pub(crate) label: Option<SpannedValue<Quoted<String>>>,
}

/// `layout = "..."`: how a list of records renders.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum Layout {
    /// One code block per record (the default).
    Blocks,
    /// One table for a list of flat records.
    Table,
    /// A header and one line per record, for every shape.
    Compact,
}

/// `bytes = "..."`: the units of a byte count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum ByteUnits {
    /// KiB, MiB, … (powers of 1024; the default).
    Binary,
    /// kB, MB, … (powers of 1000).
    Decimal,
}

/// `missing = "..."`: what a missing value shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Missing {
    /// `"omit"`: the line is left out.
    Omit,
    /// Any other text: shown in the value's place.
    Placeholder(String),
}

impl FromMeta for Missing {
    fn from_string(value: &str) -> darling::Result<Self> {
        Ok(if value == "omit" {
            Missing::Omit
        } else {
            Missing::Placeholder(value.to_owned())
        })
    }
}

/// A value read on its own: a mistake in it is kept for the model to report with every other
/// problem of the type, instead of stopping the derive at the first bad key.
#[derive(Debug)]
pub(crate) struct Lenient<T>(pub(crate) darling::Result<T>);

impl<T: FromMeta> FromMeta for Lenient<T> {
    fn from_meta(item: &syn::Meta) -> darling::Result<Self> {
        Ok(Lenient(
            T::from_meta(item).map_err(|error| error.with_span(item)),
        ))
    }
}

impl<T: Clone> Lenient<T> {
    /// The value, or `fallback` after recording its error in `errors`.
    pub(crate) fn or_report(&self, errors: &mut darling::error::Accumulator, fallback: T) -> T {
        match &self.0 {
            Ok(value) => value.clone(),
            Err(error) => {
                errors.push(error.clone());
                fallback
            }
        }
    }
}
