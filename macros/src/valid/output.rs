//! The rule of the tool's output: a type the server can send once the call has returned.

use syn::Type;
use syn::spanned::Spanned;

use super::{Declaration, Problems};

/// Return types the compiler would only reject with a bound error far from the fix: a
/// future returned by a function that is not `async`, and an error type that is a trait
/// object without `Send`.
pub(super) fn output_can_be_sent(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let Some(output) = &d.tool.output else { return };
    let is_async = d.tool.is_async;
    let last_ident = |path: &syn::Path| path.segments.last().map(|s| s.ident.to_string());
    if !is_async
        && let Type::ImplTrait(impl_trait) = output
        && impl_trait.bounds.iter().any(|bound| {
            matches!(bound, syn::TypeParamBound::Trait(t) if last_ident(&t.path).as_deref() == Some("Future"))
        })
    {
        problems.at(
            output.span(),
            "a tool that returns a future is written as an `async fn`: the server awaits the tool and renders what the future gives\n\
             help: write `async fn` and return the value itself (`-> T` rather than `-> impl Future<Output = T>`)",
        );
        return;
    }
    if let Some(borrow) = borrowed_in(output) {
        let owned = match borrow {
            Borrow::Reference(reference) => match &*reference.elem {
                Type::Path(path) if path.path.is_ident("str") => "`String`".to_owned(),
                Type::Slice(slice) => {
                    format!("`Vec<{}>`", quote::ToTokens::to_token_stream(&slice.elem))
                }
                elem => format!(
                    "`{}`",
                    quote::ToTokens::to_token_stream(elem)
                        .to_string()
                        .replace(" < ", "<")
                        .replace(" >", ">")
                        .replace(" ,", ",")
                ),
            },
            Borrow::Lifetime(_) => "the owned form".to_owned(),
        };
        let at: &dyn quote::ToTokens = match borrow {
            Borrow::Reference(reference) => reference,
            Borrow::Lifetime(lifetime) => lifetime,
        };
        problems.push(darling::Error::from(syn::Error::new_spanned(
            at,
            format!(
                "a tool returns owned data: the server renders and sends the result after the call has returned, when nothing it borrowed is still lent\n\
                 help: return {owned}, cloning what you borrowed (`.clone()`, `.to_owned()`); to share a large value without copying it, keep it in an `Arc` and return a clone of the `Arc`"
            ),
        )));
    }
    let Type::Path(path) = output else { return };
    let Some(last) = path.path.segments.last() else {
        return;
    };
    if last.ident != "Result" {
        return;
    }
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return;
    };
    let Some(syn::GenericArgument::Type(error)) = args.args.iter().nth(1) else {
        return;
    };
    if let Some(object) = trait_object_without_send(error) {
        problems.at(
            object.span(),
            "a tool's error type must be `Send`: the server runs calls on several threads and moves the error between them\n\
             help: add `+ Send + Sync` to the trait object, as in `Box<dyn std::error::Error + Send + Sync>`",
        );
    }
}

/// A borrow in a tool's return type.
enum Borrow<'a> {
    /// `&T` or `&'a T`, not `&'static T`.
    Reference(&'a syn::TypeReference),
    /// A lifetime argument other than `'static`, as in `Cow<'a, str>`.
    Lifetime(&'a syn::Lifetime),
}

/// The first borrow inside `ty` that does not live for `'static`.
fn borrowed_in(ty: &Type) -> Option<Borrow<'_>> {
    match ty {
        Type::Reference(reference) => match &reference.lifetime {
            Some(lifetime) if lifetime.ident == "static" => borrowed_in(&reference.elem),
            _ => Some(Borrow::Reference(reference)),
        },
        Type::Path(path) => path.path.segments.iter().find_map(|segment| {
            let syn::PathArguments::AngleBracketed(args) = &segment.arguments else {
                return None;
            };
            args.args.iter().find_map(|arg| match arg {
                syn::GenericArgument::Lifetime(lifetime) if lifetime.ident != "static" => {
                    Some(Borrow::Lifetime(lifetime))
                }
                syn::GenericArgument::Type(ty) => borrowed_in(ty),
                _ => None,
            })
        }),
        Type::Tuple(tuple) => tuple.elems.iter().find_map(borrowed_in),
        Type::Array(array) => borrowed_in(&array.elem),
        Type::Slice(slice) => borrowed_in(&slice.elem),
        Type::Paren(paren) => borrowed_in(&paren.elem),
        Type::Group(group) => borrowed_in(&group.elem),
        _ => None,
    }
}

/// The first `dyn Trait` inside `ty` whose bounds do not include `Send`.
fn trait_object_without_send(ty: &Type) -> Option<&syn::TypeTraitObject> {
    match ty {
        Type::TraitObject(object) => {
            let has_send = object.bounds.iter().any(|bound| {
                matches!(bound, syn::TypeParamBound::Trait(t)
                    if t.path.segments.last().is_some_and(|s| s.ident == "Send"))
            });
            (!has_send).then_some(object)
        }
        Type::Path(path) => {
            path.path
                .segments
                .iter()
                .find_map(|segment| match &segment.arguments {
                    syn::PathArguments::AngleBracketed(args) => {
                        args.args.iter().find_map(|arg| match arg {
                            syn::GenericArgument::Type(inner) => trait_object_without_send(inner),
                            _ => None,
                        })
                    }
                    _ => None,
                })
        }
        Type::Paren(inner) => trait_object_without_send(&inner.elem),
        Type::Group(inner) => trait_object_without_send(&inner.elem),
        _ => None,
    }
}
