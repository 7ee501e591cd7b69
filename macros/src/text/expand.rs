//! Code generation for `#[derive(ToolText)]`: impls of the runtime's `ToolText`,
//! `TextRecord` and `TextField` whose bodies are one writer call per field.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::attr::TextInput;
use super::model::{self, Field, FormatKind, Model, Nouns, Shape};

/// `#[derive(ToolText)]` on `input`: the impls, or every error and stub impls so that one
/// mistake does not cascade into "`ToolText` is not implemented" elsewhere.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
    let input: syn::DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.into_compile_error(),
    };
    let parsed = <TextInput as darling::FromDeriveInput>::from_derive_input(&input);
    match parsed.and_then(model::build) {
        Ok(model) => impls(&model),
        Err(errors) => {
            let errors = errors.write_errors();
            let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
            let ident = &input.ident;
            let krate = crate_path(&input.attrs);
            quote! {
                #errors
                #[automatically_derived]
                impl #impl_generics #krate::__private::text::ToolText for #ident #ty_generics #where_clause {
                    fn write_text(&self, _: &mut ::std::string::String) {
                        ::core::unreachable!()
                    }
                }
            }
        }
    }
}

/// The `crate = path` of `#[text(...)]`, read on its own for the fallback impl when the rest
/// of the attribute has errors.
fn crate_path(attrs: &[syn::Attribute]) -> syn::Path {
    let mut krate: syn::Path = syn::parse_quote!(::toolshape);
    for attr in attrs.iter().filter(|a| a.path().is_ident("text")) {
        let _ = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                krate = meta.value()?.parse()?;
            } else if meta.input.peek(syn::Token![=]) {
                let _: syn::Expr = meta.value()?.parse()?;
            }
            Ok(())
        });
    }
    krate
}

fn value_format(private: &TokenStream, format: &FormatKind) -> TokenStream {
    match format {
        FormatKind::Plain => quote!(#private::ValueFormat::Plain),
        FormatKind::Currency(symbol) => quote!(#private::ValueFormat::Currency(#symbol)),
        FormatKind::Bytes { decimal: false } => {
            quote!(#private::ValueFormat::Bytes(#private::ByteUnits::Binary))
        }
        FormatKind::Bytes { decimal: true } => {
            quote!(#private::ValueFormat::Bytes(#private::ByteUnits::Decimal))
        }
        FormatKind::Percent => quote!(#private::ValueFormat::Percent),
        FormatKind::Thousands => quote!(#private::ValueFormat::Thousands),
        FormatKind::Timestamp(pattern) => quote!(#private::ValueFormat::Timestamp(#pattern)),
    }
}

/// `__toolshape_w.field("Label", <access>, &format);`, spanned on the field's type so a
/// type without `TextField` is reported there.
fn field_call(private: &TokenStream, field: &Field, access: TokenStream) -> TokenStream {
    let label = &field.label;
    let format = value_format(private, &field.format);
    detailed_only(
        field,
        quote!(__toolshape_w),
        quote_spanned! {field.ty.span()=>
            __toolshape_w.field(#label, #access, &#format);
        },
    )
}

/// `call`, or for a `#[text(detailed)]` field, `call` when the writer shows detailed fields.
fn detailed_only(field: &Field, writer: TokenStream, call: TokenStream) -> TokenStream {
    if field.detailed {
        quote!(if #writer.detailed() { #call })
    } else {
        call
    }
}

/// `__toolshape_row.field(<access>);`, or `field_in(<access>, &format)` for a `timestamp`
/// field (the compact layout writes it as an instant, as the blocks do).
fn compact_cell(private: &TokenStream, field: &Field, access: TokenStream) -> TokenStream {
    if field.is_timestamp() {
        let format = value_format(private, &field.format);
        quote_spanned!(field.ty.span()=> __toolshape_row.field_in(#access, &#format);)
    } else {
        quote_spanned!(field.ty.span()=> __toolshape_row.field(#access);)
    }
}

/// The compact layout's methods of `TextRecord`: columns and cells (the runtime counts the
/// columns from `compact_columns`); `tag`
/// is `Some((key, per-variant cells))` for an enum with fields.
fn compact_methods(
    private: &TokenStream,
    columns: &[Field],
    tag: Option<&str>,
    cells: TokenStream,
) -> TokenStream {
    let tag_column = tag.map(|key| quote!(__toolshape_h.column(#key);));
    let column_calls = columns.iter().map(|field| {
        let (ty, key) = (&field.ty, &field.key);
        let call = if field.is_timestamp() {
            let format = value_format(private, &field.format);
            quote_spanned!(field.ty.span()=> __toolshape_h.field_in::<#ty>(#key, &#format);)
        } else {
            quote_spanned!(field.ty.span()=> __toolshape_h.field::<#ty>(#key);)
        };
        detailed_only(field, quote!(__toolshape_h), call)
    });
    quote! {
        fn compact_columns(__toolshape_h: &mut #private::CompactHeader) {
            #tag_column
            #(#column_calls)*
        }
        fn write_compact(&self, __toolshape_row: &mut #private::CompactRow<'_>) {
            #cells
        }
    }
}

fn record_consts(private: &TokenStream, nouns: &Nouns) -> TokenStream {
    let Nouns {
        singular,
        plural,
        empty,
        missing,
    } = nouns;
    let missing = match missing {
        Some(placeholder) => quote!(#private::Missing::Placeholder(#placeholder)),
        None => quote!(#private::Missing::Omit),
    };
    quote! {
        const NOUN: #private::Noun = #private::Noun {
            singular: #singular,
            plural: #plural,
            empty: #empty,
        };
        const MISSING: #private::Missing = #missing;
    }
}

fn size_hint(fields: &[Field]) -> usize {
    8 + fields.iter().map(|f| f.label.len() + 24).sum::<usize>()
}

fn impls(model: &Model) -> TokenStream {
    let krate = &model.krate;
    let private = quote!(#krate::__private::text);
    let ident = &model.ident;
    let (impl_generics, ty_generics, where_clause) = model.generics.split_for_impl();
    let header = |tr: TokenStream| {
        quote! {
            #[automatically_derived]
            impl #impl_generics #private::#tr for #ident #ty_generics #where_clause
        }
    };

    // A record: `TextRecord` (its lines), `ToolText` (one fenced block), `TextField`
    // (nested under a label, or as a list item).
    let record = |consts: TokenStream, body: TokenStream, hint: usize| {
        let text_record = header(quote!(TextRecord));
        let tool_text = header(quote!(ToolText));
        let text_field = header(quote!(TextField));
        quote! {
            #text_record {
                #consts
                fn write_fields(&self, __toolshape_w: &mut #private::RecordWriter<'_>) {
                    #body
                }
            }
            #tool_text {
                fn write_text(&self, __toolshape_out: &mut ::std::string::String) {
                    #private::write_record(self, __toolshape_out);
                }
                fn size_hint(&self) -> usize {
                    #hint
                }
                const DETAILED: bool = <Self as #private::TextRecord>::DETAILED;
            }
            #text_field {
                const COMPACT: bool = <Self as #private::TextRecord>::COMPACT;
                const DETAILED: bool = <Self as #private::TextRecord>::DETAILED;
                fn write_field(
                    &self,
                    __toolshape_label: &str,
                    _: &#private::ValueFormat,
                    __toolshape_w: &mut #private::RecordWriter<'_>,
                ) {
                    __toolshape_w.nested(__toolshape_label, |__toolshape_w| __toolshape_w.record(self));
                }
                fn write_item(
                    &self,
                    _: &#private::ValueFormat,
                    __toolshape_w: &mut #private::RecordWriter<'_>,
                ) {
                    __toolshape_w.record(self);
                }
                fn compact_columns(__toolshape_key: &str, __toolshape_h: &mut #private::CompactHeader) {
                    __toolshape_h.nested(__toolshape_key, <Self as #private::TextRecord>::compact_columns);
                }
                fn write_compact(&self, __toolshape_row: &mut #private::CompactRow<'_>) {
                    #private::TextRecord::write_compact(self, __toolshape_row);
                }
            }
        }
    };
    // `DETAILED`: a field of its own is marked `#[text(detailed)]`, or a field's value has one.
    let flags = |compact: bool, fields: &[Field]| {
        let own = fields.iter().any(|f| f.detailed);
        let types = fields.iter().map(|f| &f.ty);
        quote! {
            const COMPACT: bool = #compact;
            const DETAILED: bool = #own #(|| <#types as #private::TextField>::DETAILED)*;
        }
    };

    match &model.shape {
        Shape::Record {
            nouns,
            fields,
            table,
            compact,
        } => {
            let calls = fields.iter().map(|field| {
                let member = &field.ident;
                field_call(&private, field, quote!(&self.#member))
            });
            let mut consts = record_consts(&private, nouns);
            consts.extend(flags(*compact, fields));
            let cells = fields.iter().map(|field| {
                let member = &field.ident;
                detailed_only(
                    field,
                    quote!(__toolshape_row),
                    compact_cell(&private, field, quote!(&self.#member)),
                )
            });
            consts.extend(compact_methods(&private, fields, None, quote!(#(#cells)*)));
            if *table {
                let labels = fields.iter().map(|f| &f.label);
                let cells = fields.iter().map(|field| {
                    let member = &field.ident;
                    let format = value_format(&private, &field.format);
                    quote_spanned! {field.ty.span()=>
                        __toolshape_row.cell(&self.#member, &#format);
                    }
                });
                consts.extend(quote! {
                    const TABLE: ::core::option::Option<&'static [&'static str]> =
                        ::core::option::Option::Some(&[#(#labels),*]);
                    fn write_cells(&self, __toolshape_row: &mut #private::RowWriter<'_>) {
                        #(#cells)*
                    }
                });
            }
            record(consts, quote!(#(#calls)*), size_hint(fields))
        }
        Shape::DataEnum {
            nouns,
            tag,
            tag_key,
            variants,
            slots,
            compact,
        } => {
            let mut consts = record_consts(&private, nouns);
            consts.extend(flags(*compact, slots));
            let compact_arms = variants.iter().map(|variant| {
                let variant_ident = &variant.ident;
                let key = &variant.key;
                let bindings = variant.fields.iter().map(|f| &f.ident);
                let pattern = if variant.named {
                    quote!(Self::#variant_ident { #(#bindings,)* .. })
                } else {
                    quote!(Self::#variant_ident)
                };
                let cells = slots.iter().enumerate().map(|(i, slot)| {
                    let ty = &slot.ty;
                    let cell = match variant.fields.iter().find(|f| model::slot_of(slots, f) == i) {
                        Some(field) => {
                            let binding = &field.ident;
                            compact_cell(&private, field, quote!(#binding))
                        }
                        None => quote! {
                            __toolshape_row.missing(
                                <#ty as #private::TextField>::compact_width(__toolshape_row.detailed()),
                            );
                        },
                    };
                    detailed_only(slot, quote!(__toolshape_row), cell)
                });
                quote! {
                    #pattern => {
                        __toolshape_row.text(#key);
                        #(#cells)*
                    }
                }
            });
            consts.extend(compact_methods(
                &private,
                slots,
                Some(tag_key),
                quote! {
                    match self {
                        #(#compact_arms)*
                    }
                },
            ));
            let arms = variants.iter().map(|variant| {
                let variant_ident = &variant.ident;
                let label = &variant.label;
                let bindings = variant.fields.iter().map(|f| &f.ident);
                let pattern = if variant.named {
                    quote!(Self::#variant_ident { #(#bindings,)* .. })
                } else {
                    quote!(Self::#variant_ident)
                };
                let calls = variant.fields.iter().map(|field| {
                    let binding = &field.ident;
                    field_call(&private, field, quote!(#binding))
                });
                quote! {
                    #pattern => {
                        __toolshape_w.field(#tag, #label, &#private::ValueFormat::Plain);
                        #(#calls)*
                    }
                }
            });
            let hint = variants
                .iter()
                .map(|v| size_hint(&v.fields))
                .max()
                .unwrap_or(8)
                + 32;
            record(
                consts,
                quote! {
                    match self {
                        #(#arms)*
                    }
                },
                hint,
            )
        }
        Shape::UnitEnum(variants) => {
            let text_scalar = header(quote!(TextScalar));
            let text_field = header(quote!(TextField));
            let arms = variants
                .iter()
                .map(|(variant, label, _)| quote!(Self::#variant => #label,));
            let key_arms = variants
                .iter()
                .map(|(variant, _, key)| quote!(Self::#variant => #key,));
            quote! {
                #text_scalar {
                    fn write_scalar(
                        &self,
                        _: &#private::ValueFormat,
                        __toolshape_out: &mut #private::Escaped<'_>,
                    ) {
                        __toolshape_out.push(match self { #(#arms)* });
                    }
                    fn datum(&self) -> #private::Datum<'_> {
                        #private::Datum::text(match self { #(#key_arms)* })
                    }
                }
                #text_field {
                    const SCALAR: bool = true;
                    fn write_field(
                        &self,
                        __toolshape_label: &str,
                        __toolshape_format: &#private::ValueFormat,
                        __toolshape_w: &mut #private::RecordWriter<'_>,
                    ) {
                        __toolshape_w.scalar(__toolshape_label, |__toolshape_out| {
                            #private::TextScalar::write_scalar(self, __toolshape_format, __toolshape_out)
                        });
                    }
                    fn write_item(
                        &self,
                        __toolshape_format: &#private::ValueFormat,
                        __toolshape_w: &mut #private::RecordWriter<'_>,
                    ) {
                        __toolshape_w.scalar_item(|__toolshape_out| {
                            #private::TextScalar::write_scalar(self, __toolshape_format, __toolshape_out)
                        });
                    }
                    fn write_compact(&self, __toolshape_row: &mut #private::CompactRow<'_>) {
                        __toolshape_row.scalar(#private::TextScalar::datum(self));
                    }
                }
            }
        }
        Shape::Confirmation(sentence) => {
            let tool_text = header(quote!(ToolText));
            let len = sentence.len();
            quote! {
                #tool_text {
                    fn write_text(&self, __toolshape_out: &mut ::std::string::String) {
                        __toolshape_out.push_str(#sentence);
                    }
                    fn size_hint(&self) -> usize {
                        #len
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty(tokens: TokenStream) -> String {
        prettyplease::unparse(&syn::parse2(tokens).expect("expansion parses as a file"))
    }

    #[test]
    fn record_expansion() {
        let expanded = derive(quote! {
            #[text(noun = "user", empty = "No users found matching your criteria.")]
            pub struct User {
                #[text(label = "User ID")]
                pub id: u64,
                pub name: String,
                pub phone: Option<String>,
                #[text(currency)]
                pub salary: f64,
                #[text(skip)]
                pub password_hash: String,
            }
        });
        expect_test::expect_file!["../../tests/snapshots/text_derive.rs"]
            .assert_eq(&pretty(expanded));
    }
}
