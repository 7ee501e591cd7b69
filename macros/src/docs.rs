//! Reading `///` doc comments out of attributes.

use syn::{Attribute, Expr, ExprLit, Lit, Meta};

/// The text of the `#[doc = "..."]` attributes among `attrs`, one line each, with the single
/// space `///` leaves stripped and blank lines at either end removed. `None` when empty.
pub(crate) fn collect(attrs: &[Attribute]) -> Option<String> {
    let mut lines = Vec::new();
    for attr in attrs {
        if let Meta::NameValue(nv) = &attr.meta
            && nv.path.is_ident("doc")
            && let Expr::Lit(ExprLit {
                lit: Lit::Str(text),
                ..
            }) = &nv.value
        {
            for line in text.value().split('\n') {
                lines.push(line.strip_prefix(' ').unwrap_or(line).trim_end().to_owned());
            }
        }
    }
    while lines.first().is_some_and(String::is_empty) {
        lines.remove(0);
    }
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    (!lines.is_empty()).then(|| lines.join("\n"))
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
