//! Reading `///` doc comments out of attributes.

use proc_macro2::Span;
use syn::{Attribute, Expr, ExprLit, Lit, Meta};

use crate::attr::TextValue;

/// The text of the `#[doc = "..."]` attributes among `attrs`, one line each, with the single
/// space `///` leaves stripped and blank lines at either end removed. `None` when empty.
pub(crate) fn collect(attrs: &[Attribute]) -> Option<String> {
    let lines = literal_lines(attrs.iter().filter_map(literal_doc));
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The doc comment as text the compiler can evaluate: a literal when every `#[doc]` is one
/// (as `///` writes them), else `concat!` of the parts, for `#[doc = include_str!("..")]`
/// or `#[doc = concat!(..)]`, one line each. `None` when there are no docs.
pub(crate) fn collect_text(attrs: &[Attribute], span: Span) -> Option<TextValue> {
    let values: Vec<&Expr> = attrs
        .iter()
        .filter_map(|attr| match &attr.meta {
            Meta::NameValue(nv) if nv.path.is_ident("doc") => Some(&nv.value),
            _ => None,
        })
        .collect();
    if values.iter().all(|value| literal(value).is_some()) {
        return collect(attrs).map(|text| TextValue::Literal(syn::LitStr::new(&text, span)));
    }
    // Runs of literal lines stay literals (tidied as `collect` does); the rest are the
    // user's expressions, each on its own line.
    let mut parts: Vec<proc_macro2::TokenStream> = Vec::new();
    let mut run: Vec<&syn::LitStr> = Vec::new();
    let flush = |run: &mut Vec<&syn::LitStr>, parts: &mut Vec<proc_macro2::TokenStream>| {
        if !run.is_empty() {
            let text = literal_lines(run.drain(..).map(syn::LitStr::value)).join("\n");
            if !text.is_empty() {
                parts.push(quote::quote!(#text));
            }
        }
    };
    for value in values {
        match literal(value) {
            Some(lit) => run.push(lit),
            None => {
                flush(&mut run, &mut parts);
                parts.push(quote::quote!(#value));
            }
        }
    }
    flush(&mut run, &mut parts);
    let mut joined = proc_macro2::TokenStream::new();
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            joined.extend(quote::quote!("\n",));
        }
        joined.extend(quote::quote!(#part,));
    }
    syn::parse2(quote::quote!(::core::concat!(#joined)))
        .ok()
        .map(TextValue::Expr)
}

fn literal(value: &Expr) -> Option<&syn::LitStr> {
    match value {
        Expr::Lit(ExprLit {
            lit: Lit::Str(text),
            ..
        }) => Some(text),
        _ => None,
    }
}

fn literal_doc(attr: &Attribute) -> Option<String> {
    match &attr.meta {
        Meta::NameValue(nv) if nv.path.is_ident("doc") => {
            literal(&nv.value).map(syn::LitStr::value)
        }
        _ => None,
    }
}

/// The lines of `docs`, with the space after `///` stripped and blank lines at either end
/// removed.
fn literal_lines(docs: impl Iterator<Item = String>) -> Vec<String> {
    let mut lines = Vec::new();
    for text in docs {
        for line in text.split('\n') {
            lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned());
        }
    }
    while lines.first().is_some_and(String::is_empty) {
        lines.remove(0);
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Whether `attr` is a doc comment.
pub(crate) fn is_doc(attr: &Attribute) -> bool {
    attr.path().is_ident("doc")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_lines_and_strips_the_space_after_slashes() {
        let f: syn::ItemFn = syn::parse_quote! {
            ///
            /// Look up one user.
            ///
            ///   Indented.
            fn f() {}
        };
        assert_eq!(
            collect(&f.attrs).unwrap(),
            "Look up one user.\n\n  Indented."
        );
    }
}
