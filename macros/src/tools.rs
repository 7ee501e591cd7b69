//! `tools![a, module::b, Type::c]`: the `ToolDef`s of annotated functions, as an array.

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::Parser;
use syn::punctuated::Punctuated;
use syn::{Path, Token};

use crate::expand::constructor_ident;

pub(crate) fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let paths = Punctuated::<Path, Token![,]>::parse_terminated.parse2(input)?;
    let calls = paths.into_iter().map(|mut path| {
        if let Some(last) = path.segments.last_mut() {
            last.ident = constructor_ident(&last.ident);
        }
        quote!(#path())
    });
    Ok(quote!([#(#calls),*]))
}
