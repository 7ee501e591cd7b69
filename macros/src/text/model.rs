//! The type as the generator needs it, with every rule checked in one pass; errors are
//! accumulated and spanned on what the user must change.

use darling::util::{Override, SpannedValue};
use darling::{Error, ast};
use proc_macro2::Span;

use super::attr::{ByteUnits, Layout, Missing, TextField, TextInput, TextVariant};
use super::keys::{apply_rule, serde_names};
use super::names;
use crate::attr::Quoted;

pub(crate) struct Model {
    pub(crate) ident: syn::Ident,
    pub(crate) generics: syn::Generics,
    pub(crate) krate: syn::Path,
    pub(crate) shape: Shape,
}

pub(crate) enum Shape {
    /// A struct with named fields: a record.
    Record {
        nouns: Nouns,
        fields: Vec<Field>,
        /// `layout = "table"`.
        table: bool,
        /// `layout = "compact"`.
        compact: bool,
    },
    /// A unit struct with `confirm = "..."`: renders the sentence.
    Confirmation(String),
    /// An enum of unit variants: a scalar, the variant's label (its key in the compact
    /// layout).
    UnitEnum(Vec<(syn::Ident, String, String)>),
    /// An enum with fields: a record whose first line is `<tag>: <variant>`.
    DataEnum {
        nouns: Nouns,
        tag: String,
        /// The tag's key in the compact layout (serde's `tag`, else `type`).
        tag_key: String,
        variants: Vec<Variant>,
        /// The compact layout's columns after the tag: the union of the variants' fields,
        /// one per key and type.
        slots: Vec<Field>,
        /// `layout = "compact"`.
        compact: bool,
    },
}

pub(crate) struct Nouns {
    pub(crate) singular: String,
    pub(crate) plural: String,
    pub(crate) empty: String,
    /// `None` for omit.
    pub(crate) missing: Option<String>,
}

pub(crate) struct Variant {
    pub(crate) ident: syn::Ident,
    pub(crate) label: String,
    /// The variant's key: serde's name for it.
    pub(crate) key: String,
    /// Whether the variant has named fields (`{ .. }`), else it is a unit variant.
    pub(crate) named: bool,
    pub(crate) fields: Vec<Field>,
}

#[derive(Clone)]
pub(crate) struct Field {
    pub(crate) ident: syn::Ident,
    pub(crate) ty: syn::Type,
    pub(crate) label: String,
    /// The compact layout's key: the field's name as serde writes it.
    pub(crate) key: String,
    /// `#[text(detailed)]`.
    pub(crate) detailed: bool,
    pub(crate) format: FormatKind,
}

impl Field {
    /// Whether the compact layout writes the field's value as an instant (`timestamp`): its
    /// column is marked, so it is not another column of the same key and type.
    pub(crate) fn is_timestamp(&self) -> bool {
        matches!(self.format, FormatKind::Timestamp(_))
    }
}

#[derive(Clone)]
pub(crate) enum FormatKind {
    Plain,
    Currency(String),
    Bytes { decimal: bool },
    Percent,
    Thousands,
    Timestamp(String),
}

/// Static text written into results: labels, nouns, sentences. Checked so that what the
/// type declares cannot break a line or hide characters.
fn check_static(errors: &mut darling::error::Accumulator, what: &str, value: &str, span: Span) {
    if value.is_empty() {
        errors.push(Error::custom(format!("{what} cannot be empty")).with_span(&span));
    } else if value.chars().any(|c| c.is_control() || c == '`') {
        errors.push(
            Error::custom(format!(
                "{what} cannot contain control characters or backticks: it is written into the result as it is\n\
                 help: write it on one line, without backticks"
            ))
            .with_span(&span),
        );
    }
}

fn static_or(
    errors: &mut darling::error::Accumulator,
    what: &str,
    value: Option<&SpannedValue<Quoted<String>>>,
    default: impl FnOnce() -> String,
) -> String {
    match value {
        Some(value) => {
            check_static(errors, what, &value.0, value.span());
            value.0.clone()
        }
        None => default(),
    }
}

fn nouns(errors: &mut darling::error::Accumulator, input: &TextInput) -> Nouns {
    let singular = static_or(errors, "a noun", input.noun.as_ref(), || {
        names::noun(&input.ident.to_string())
    });
    let plural = static_or(errors, "a plural", input.plural.as_ref(), || {
        names::plural(&singular)
    });
    let empty = static_or(errors, "an empty message", input.empty.as_ref(), || {
        format!("No {plural} found.")
    });
    let missing = match input.missing.as_ref().map(|m| (m.span(), &m.0)) {
        None => Some("N/A".to_owned()),
        Some((_, Missing::Omit)) => None,
        Some((span, Missing::Placeholder(text))) => {
            check_static(errors, "a missing-value placeholder", text, span);
            Some(text.clone())
        }
    };
    Nouns {
        singular,
        plural,
        empty,
        missing,
    }
}

fn fields(
    errors: &mut darling::error::Accumulator,
    fields: &[TextField],
    rename_all: Option<&str>,
) -> Vec<Field> {
    let mut out = Vec::new();
    for field in fields {
        let Some(ident) = field.ident.clone() else {
            continue;
        };
        let formats: Vec<(Span, FormatKind)> = [
            field.currency.as_ref().map(|c| {
                let symbol = match &**c {
                    Override::Inherit => "$".to_owned(),
                    Override::Explicit(symbol) => symbol.clone(),
                };
                (c.span(), FormatKind::Currency(symbol))
            }),
            field.bytes.as_ref().map(|b| {
                let units = b.or_report(errors, Override::Inherit);
                let decimal = matches!(units, Override::Explicit(ByteUnits::Decimal));
                (b.span(), FormatKind::Bytes { decimal })
            }),
            field
                .percent
                .is_present()
                .then(|| (field.percent.span(), FormatKind::Percent)),
            field
                .thousands
                .is_present()
                .then(|| (field.thousands.span(), FormatKind::Thousands)),
            field.timestamp.as_ref().map(|t| {
                let pattern = match &**t {
                    Override::Inherit => "%Y-%m-%dT%H:%M:%SZ".to_owned(),
                    Override::Explicit(pattern) => pattern.clone(),
                };
                (t.span(), FormatKind::Timestamp(pattern))
            }),
        ]
        .into_iter()
        .flatten()
        .collect();
        if formats.len() > 1 {
            errors.push(
                Error::custom(
                    "a field has at most one value format\n\
                     help: keep one of `currency`, `bytes`, `percent`, `thousands`, `timestamp`",
                )
                .with_span(&formats[1].0),
            );
        }
        if field.skip.is_present() {
            continue;
        }
        let label = static_or(errors, "a label", field.label.as_ref(), || {
            names::label(&ident.to_string())
        });
        let key = serde_names(&field.attrs)
            .rename
            .unwrap_or_else(|| apply_rule(&ident.to_string(), rename_all, false));
        out.push(Field {
            key,
            detailed: field.detailed.is_present(),
            ident,
            ty: field.ty.clone(),
            label,
            format: formats
                .into_iter()
                .next()
                .map_or(FormatKind::Plain, |(_, f)| f),
        });
    }
    out
}

fn variants(
    errors: &mut darling::error::Accumulator,
    variants: &[TextVariant],
    rename_all: Option<&str>,
) -> Vec<Variant> {
    variants
        .iter()
        .map(|variant| {
            let serde = serde_names(&variant.attrs);
            let key = serde
                .rename
                .unwrap_or_else(|| apply_rule(&variant.ident.to_string(), rename_all, true));
            let label = static_or(errors, "a label", variant.label.as_ref(), || {
                names::label(&variant.ident.to_string())
            });
            let named = match variant.fields.style {
                ast::Style::Struct => true,
                ast::Style::Unit => false,
                ast::Style::Tuple => {
                    errors.push(
                        Error::custom(
                            "`ToolText` needs named fields, which give each line its label\n\
                             help: write the variant as `Variant { name: Type }`",
                        )
                        .with_span(&variant.ident),
                    );
                    false
                }
            };
            Variant {
                ident: variant.ident.clone(),
                label,
                key,
                named,
                fields: fields(errors, &variant.fields.fields, serde.rename_all.as_deref()),
            }
        })
        .collect()
}

/// The union of the variants' fields: one slot per key, type and compact form (a
/// `timestamp` or not), in the order they first appear (two variants with a field of the
/// same key and type share its column).
fn slots(variants: &[Variant]) -> Vec<Field> {
    let mut slots: Vec<Field> = Vec::new();
    for field in variants.iter().flat_map(|v| &v.fields) {
        if !slots.iter().any(|slot| same_slot(slot, field)) {
            slots.push(field.clone());
        }
    }
    slots
}

fn same_slot(slot: &Field, field: &Field) -> bool {
    slot.key == field.key
        && slot.is_timestamp() == field.is_timestamp()
        && quote::ToTokens::to_token_stream(&slot.ty).to_string()
            == quote::ToTokens::to_token_stream(&field.ty).to_string()
}

/// The index of `field`'s slot.
pub(crate) fn slot_of(slots: &[Field], field: &Field) -> usize {
    slots
        .iter()
        .position(|slot| same_slot(slot, field))
        .unwrap_or(0)
}

pub(crate) fn build(input: TextInput) -> darling::Result<Model> {
    let mut errors = Error::accumulator();
    let serde = serde_names(&input.attrs);
    let rename_all = serde.rename_all.as_deref();
    let layout = input
        .layout
        .as_ref()
        .map(|layout| layout.or_report(&mut errors, Quoted(Layout::Blocks)).0);
    let shape = match &input.data {
        ast::Data::Struct(struct_fields) if struct_fields.style.is_unit() => match &input.confirm {
            Some(confirm) => {
                check_static(&mut errors, "a confirmation", &confirm.0, confirm.span());
                Shape::Confirmation(confirm.0.clone())
            }
            None => {
                errors.push(
                    Error::custom(
                        "a unit struct renders as a confirmation sentence\n\
                             help: add `#[text(confirm = \"User successfully deleted\")]`",
                    )
                    .with_span(&input.ident),
                );
                Shape::Confirmation(String::new())
            }
        },
        ast::Data::Struct(struct_fields) => Shape::Record {
            nouns: nouns(&mut errors, &input),
            fields: fields(&mut errors, &struct_fields.fields, rename_all),
            table: layout == Some(Layout::Table),
            // A list of records is compact unless the type chose another layout: measured,
            // it costs about half the tokens of one block per record (`docs/text-format.md`).
            compact: matches!(layout, None | Some(Layout::Compact)),
        },
        ast::Data::Enum(enum_variants) => {
            let variants = variants(&mut errors, enum_variants, rename_all);
            if variants.iter().all(|v| !v.named && v.fields.is_empty()) {
                Shape::UnitEnum(
                    variants
                        .into_iter()
                        .map(|v| (v.ident, v.label, v.key))
                        .collect(),
                )
            } else {
                let tag = static_or(&mut errors, "a tag", input.tag.as_ref(), || "Type".into());
                Shape::DataEnum {
                    nouns: nouns(&mut errors, &input),
                    tag,
                    tag_key: serde.tag.clone().unwrap_or_else(|| "type".into()),
                    slots: slots(&variants),
                    variants,
                    compact: matches!(layout, None | Some(Layout::Compact)),
                }
            }
        }
    };
    let layout_fits = match shape {
        Shape::Record { .. } => true,
        Shape::DataEnum { .. } => layout != Some(Layout::Table),
        _ => false,
    };
    if let (Some(span), false) = (input.layout.as_ref().map(|l| l.span()), layout_fits) {
        errors.push(
            Error::custom(
                "`layout` goes on a struct with named fields or an enum with fields (`layout = \"table\"` on a struct of scalar fields)",
            )
            .with_span(&span),
        );
    }
    if let (Some(confirm), false) = (&input.confirm, matches!(shape, Shape::Confirmation(_))) {
        errors.push(
            Error::custom(
                "`confirm` goes on a unit struct, which renders as the sentence\n\
                 help: for a tool that confirms and shows a record, write `#[tool(format = \"text\", confirm = \"...\")]`",
            )
            .with_span(&confirm.span()),
        );
    }
    errors.finish()?;
    Ok(Model {
        krate: input
            .krate
            .clone()
            .unwrap_or_else(|| syn::parse_quote!(::toolshape)),
        ident: input.ident,
        generics: input.generics,
        shape,
    })
}
