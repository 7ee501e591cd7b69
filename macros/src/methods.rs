//! `#[tool]` on an `impl` block: the block's tool methods, registered in an inherent `impl`
//! of the same type beside it.
//!
//! A method's registration is an associated function, and an attribute on a method cannot
//! tell an inherent `impl` from a trait `impl` (where every item must be a member of the
//! trait). So the block carries the attribute, as pyo3's `#[pymethods]` and rmcp's
//! `#[tool_router]` do: it sees every method and the trait, leaves the block as the user
//! wrote it (less the attributes it reads), and puts the registrations in a block of its
//! own. A method's `#[tool(...)]` on its own says so, in the user's words.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned as _;
use syn::{ImplItem, ItemFn, ItemImpl};

use crate::expand::{Site, declare};
use crate::params::strip_param_attrs;

/// `#[tool] impl Type { .. }` or `#[tool] impl Trait for Type { .. }`.
pub(crate) fn impl_block(args: TokenStream, mut block: ItemImpl) -> TokenStream {
    let mut errors = TokenStream::new();
    if !args.is_empty() {
        errors.extend(
            syn::Error::new_spanned(
                &args,
                "on an `impl` block, `#[tool]` takes no arguments: each tool method's own `#[tool(...)]` declares it",
            )
            .into_compile_error(),
        );
    }
    let trait_path = block.trait_.as_ref().map(|(path, _)| path.clone());
    let mut registrations = Vec::new();
    let mut found = false;
    for item in &mut block.items {
        let ImplItem::Fn(method) = item else { continue };
        let Some(index) = method.attrs.iter().position(is_tool_attr) else {
            continue;
        };
        found = true;
        let attr = method.attrs.remove(index);
        let args = match &attr.meta {
            syn::Meta::Path(_) => TokenStream::new(),
            syn::Meta::List(list) => list.tokens.clone(),
            syn::Meta::NameValue(value) => {
                errors.extend(
                    syn::Error::new_spanned(
                        value,
                        "write the method's attribute as `#[tool(...)]`",
                    )
                    .into_compile_error(),
                );
                continue;
            }
        };
        let mut function = ItemFn {
            attrs: method.attrs.clone(),
            vis: method.vis.clone(),
            modifiers: method.modifiers.clone(),
            sig: method.sig.clone(),
            block: Box::new(method.block.clone()),
        };
        if function.sig.receiver().is_none() {
            errors.extend(
                syn::Error::new(
                    function.sig.ident.span(),
                    "a tool in an `impl` block is a method that takes `&self`: its state is `Self`\n\
                     help: take `&self`, or make the tool a free function outside the block",
                )
                .into_compile_error(),
            );
            strip_param_attrs(&mut function);
        } else {
            let site = Site {
                span: attr.span(),
                in_trait: trait_path.as_ref(),
            };
            let (registration, method_errors) = declare(args, &mut function, &site);
            registrations.push(registration);
            errors.extend(method_errors);
        }
        method.sig = function.sig;
    }
    if !found {
        errors.extend(
            syn::Error::new(
                block.impl_token.span,
                "`#[tool]` on an `impl` block registers its methods that carry `#[tool(...)]`, and this block has none\n\
                 help: put `#[tool(format = \"...\")]` on each method that is a tool, or remove `#[tool]` from the block",
            )
            .into_compile_error(),
        );
    }
    let registrations = (!registrations.is_empty()).then(|| {
        let (impl_generics, _, where_clause) = block.generics.split_for_impl();
        let self_ty = &block.self_ty;
        quote! {
            impl #impl_generics #self_ty #where_clause {
                #(#registrations)*
            }
        }
    });
    quote! {
        #block
        #registrations
        #errors
    }
}

/// Whether `attr` is a method's `#[tool]`, however the path to it is written (`tool`,
/// `toolshape::tool`, a re-export's `my_crate::tool`).
fn is_tool_attr(attr: &syn::Attribute) -> bool {
    attr.path()
        .segments
        .last()
        .is_some_and(|segment| segment.ident == "tool")
}

/// The error of a method's `#[tool(...)]` without `#[tool]` on its block, at the method's
/// attribute.
pub(crate) fn needs_block_attribute() -> TokenStream {
    syn::Error::new(
        Span::call_site(),
        "a tool method needs `#[tool]` on its `impl` block as well: the block registers the tools among its methods\n\
         help: write `#[tool]` (or `#[toolshape::tool]`) on the line above `impl`, in an inherent or a trait impl alike",
    )
    .into_compile_error()
}
