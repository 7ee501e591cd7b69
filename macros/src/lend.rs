//! The one rule for borrowed parameters: a parameter the function borrows (`&str`, `&[T]`,
//! `Cow<str>`, and these inside `Option` or `Vec`) is read as its owned form and lent to the
//! function; any other borrowed form is an error at its `&`.

use proc_macro2::{Span, TokenStream};
use syn::Type;

/// A parameter the function borrows: read as its owned form, lent to the function. One
/// rule for every borrowed form: `&T` is read as `T`'s owned form (`String` for `str`,
/// `Vec<U>` for `[U]`), and `Option` and `Vec` of a borrowed
/// form are read as `Option` and `Vec` of its owned form. (`Cow<'a, T>` needs no lending:
/// it is read as `Cow<'static, T>`.)
#[derive(Clone)]
pub(crate) enum Lend {
    /// `&T`.
    Ref(Box<Type>),
    /// `Option<X>` of a borrowed `X`.
    Option(Box<Lend>),
    /// `Vec<X>` of a borrowed `X`.
    Vec(Box<Lend>),
}

impl Lend {
    /// The type the argument is read as.
    pub(crate) fn owned(&self, private: &TokenStream, span: Span) -> TokenStream {
        match self {
            Lend::Ref(referent) => {
                let referent = static_lifetimes(quote::ToTokens::to_token_stream(referent));
                quote::quote_spanned!(span=> <#referent as #private::BorrowedParam>::Owned)
            }
            Lend::Option(inner) => {
                let inner = inner.owned(private, span);
                quote::quote_spanned!(span=> ::core::option::Option<#inner>)
            }
            Lend::Vec(inner) => {
                let inner = inner.owned(private, span);
                quote::quote_spanned!(span=> ::std::vec::Vec<#inner>)
            }
        }
    }

    /// The borrowed type, with `'static` references (what a default is written as).
    fn borrowed_ty(&self) -> TokenStream {
        match self {
            Lend::Ref(referent) => {
                let referent = static_lifetimes(quote::ToTokens::to_token_stream(referent));
                quote::quote!(&'static #referent)
            }
            Lend::Option(inner) => {
                let inner = inner.borrowed_ty();
                quote::quote!(::core::option::Option<#inner>)
            }
            Lend::Vec(inner) => {
                let inner = inner.borrowed_ty();
                quote::quote!(::std::vec::Vec<#inner>)
            }
        }
    }

    /// The value read, from `borrowed`, a value of the borrowed type: how a default written
    /// as the function's type has it (`Some("x")` for `Option<&str>`) is made owned.
    pub(crate) fn owned_from(&self, borrowed: TokenStream) -> TokenStream {
        let item = quote::quote!(__toolshape_item);
        match self {
            Lend::Ref(_) => quote::quote!(::std::borrow::ToOwned::to_owned(#borrowed)),
            Lend::Option(inner) => {
                let (ty, inner) = (inner.borrowed_ty(), inner.owned_from(item.clone()));
                quote::quote!(::core::option::Option::map(#borrowed, |#item: #ty| #inner))
            }
            Lend::Vec(inner) => {
                let (ty, inner) = (inner.borrowed_ty(), inner.owned_from(item.clone()));
                quote::quote!(::core::iter::Iterator::collect::<::std::vec::Vec<_>>(
                    ::core::iter::Iterator::map(::core::iter::IntoIterator::into_iter(#borrowed), |#item: #ty| #inner)
                ))
            }
        }
    }

    /// The value the function gets, from `owned`, a reference to the value read.
    pub(crate) fn lend(&self, owned: TokenStream) -> TokenStream {
        let item = quote::quote!(__toolshape_item);
        match self {
            Lend::Ref(referent) => {
                let referent = static_lifetimes(quote::ToTokens::to_token_stream(referent));
                quote::quote!(::core::borrow::Borrow::<#referent>::borrow(#owned))
            }
            Lend::Option(inner) => {
                let inner = inner.lend(item.clone());
                quote::quote!(::core::option::Option::map(::core::option::Option::as_ref(#owned), |#item| #inner))
            }
            Lend::Vec(inner) => {
                let inner = inner.lend(item.clone());
                quote::quote!(::core::iter::Iterator::collect::<::std::vec::Vec<_>>(
                    ::core::iter::Iterator::map(<[_]>::iter(#owned), |#item| #inner)
                ))
            }
        }
    }
}

/// The path of `ty` as written, without generic arguments (`std::option::Option`), and its
/// one type argument, if it has exactly one.
fn path_and_argument(ty: &Type) -> Option<(String, Option<&Type>)> {
    let Type::Path(path) = ty else { return None };
    if path.qself.is_some() {
        return None;
    }
    let name = path
        .path
        .segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect::<Vec<_>>()
        .join("::");
    let argument = path
        .path
        .segments
        .last()
        .and_then(|last| match &last.arguments {
            syn::PathArguments::AngleBracketed(args) => {
                let mut types = args.args.iter().filter_map(|arg| match arg {
                    syn::GenericArgument::Type(ty) => Some(ty),
                    _ => None,
                });
                match (types.next(), types.next()) {
                    (Some(ty), None) => Some(ty),
                    _ => None,
                }
            }
            _ => None,
        });
    Some((name, argument))
}

/// Whether `name` is one of `names`, or a path ending in `::` and one of them under `std`,
/// `core` or `alloc` (`std::option::Option`).
fn is_named(name: &str, names: &[&str]) -> bool {
    names.iter().any(|candidate| {
        name == candidate.rsplit("::").next().unwrap_or(candidate)
            || ["std::", "core::", "alloc::"]
                .iter()
                .any(|root| name == format!("{root}{candidate}"))
    })
}

/// How a parameter of type `ty` is lent to the function, if it borrows; an error for a
/// borrowed form the rule does not cover.
pub(crate) fn lend_of(errors: &mut darling::error::Accumulator, ty: &Type) -> Option<Lend> {
    match ty {
        Type::Reference(reference) if reference.mutability.is_none() => {
            if let Some(inner) = first_reference(&quote::ToTokens::to_token_stream(&reference.elem))
            {
                errors.push(
                    darling::Error::custom(
                        "a tool parameter borrows at one level: `&str`, `&[T]`, or these inside `Option` or `Vec`\n\
                         help: write the owned form inside the reference: `&[String]` rather than `&[&str]`",
                    )
                    .with_span(&inner),
                );
                return None;
            }
            Some(Lend::Ref(reference.elem.clone()))
        }
        Type::Reference(reference) => {
            errors.push(
                darling::Error::custom(
                    "a tool parameter cannot be `&mut`: the argument comes from the client, and nothing sees a change made to it\n\
                     help: take the value (`String`, `Vec<T>`) and change that",
                )
                .with_span(&reference.mutability),
            );
            None
        }
        Type::Paren(inner) => lend_of(errors, &inner.elem),
        Type::Group(inner) => lend_of(errors, &inner.elem),
        _ => {
            if let Some((name, Some(argument))) = path_and_argument(ty) {
                if is_named(&name, &["option::Option"]) {
                    return lend_of(errors, argument).map(|inner| Lend::Option(Box::new(inner)));
                }
                if is_named(&name, &["vec::Vec"]) {
                    return lend_of(errors, argument).map(|inner| Lend::Vec(Box::new(inner)));
                }
            }
            if let Some(reference) = first_reference(&quote::ToTokens::to_token_stream(ty)) {
                errors.push(
                    darling::Error::custom(
                        "a tool parameter borrows as `&str`, `&[T]` or `Cow<str>`, alone or inside `Option` or `Vec`; this type borrows elsewhere\n\
                         help: write the owned form here: `String` for `&str`, `Vec<T>` for `&[T]`",
                    )
                    .with_span(&reference),
                );
            }
            None
        }
    }
}

/// The span of the first `&` in `tokens`.
fn first_reference(tokens: &TokenStream) -> Option<Span> {
    tokens.clone().into_iter().find_map(|token| match token {
        proc_macro2::TokenTree::Punct(punct) if punct.as_char() == '&' => Some(punct.span()),
        proc_macro2::TokenTree::Group(group) => first_reference(&group.stream()),
        _ => None,
    })
}

/// `tokens` with every lifetime made `'static`: an argument is read into a value that owns
/// its data (`Cow<'a, str>` is read as `Cow<'static, str>`, which the function accepts).
pub(crate) fn static_lifetimes(tokens: TokenStream) -> TokenStream {
    use proc_macro2::{Group, TokenTree};
    let mut out = Vec::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            // `Cow<str>` with its lifetime elided: `Cow<'static, str>` (an elided lifetime
            // is not allowed where the default's item names the type).
            TokenTree::Ident(ident) if ident == "Cow" => {
                let span = ident.span();
                out.push(TokenTree::Ident(ident));
                if matches!(tokens.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '<') {
                    out.extend(tokens.next());
                    if !matches!(tokens.peek(), Some(TokenTree::Punct(p)) if p.as_char() == '\'') {
                        out.extend(quote::quote_spanned!(span=> 'static,));
                    }
                }
            }
            TokenTree::Punct(punct) if punct.as_char() == '\'' => {
                if let Some(TokenTree::Ident(_)) = tokens.peek() {
                    let ident = tokens.next();
                    let span = ident.map_or(punct.span(), |ident| ident.span());
                    out.push(TokenTree::Punct(punct));
                    out.push(TokenTree::Ident(syn::Ident::new("static", span)));
                } else {
                    out.push(TokenTree::Punct(punct));
                }
            }
            TokenTree::Group(group) => {
                let mut inner = Group::new(group.delimiter(), static_lifetimes(group.stream()));
                inner.set_span(group.span());
                out.push(TokenTree::Group(inner));
            }
            other => out.push(other),
        }
    }
    out.into_iter().collect()
}
