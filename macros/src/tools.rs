//! `tools![a, module::b, Type::c]`: the `ToolDef`s of annotated functions, as an array.
//!
//! Reached through the runtime's `tools!`, which passes its own path first: `$crate; paths`.

use std::collections::HashMap;

use proc_macro2::TokenStream;
use quote::{ToTokens as _, quote, quote_spanned};
use syn::parse::{ParseStream, Parser as _};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned as _;
use syn::{Path, Token};

use crate::def::constructor_ident;

pub(crate) fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let (krate, entries) = (|input: ParseStream| {
        let krate = crate_path(input)?;
        let entries = Punctuated::<syn::Expr, Token![,]>::parse_terminated(input)?;
        Ok((krate, entries))
    })
    .parse2(input)?;

    let mut errors: Option<syn::Error> = None;
    let mut paths = Vec::new();
    for entry in entries {
        match path_of(entry) {
            Ok(path) => paths.push(path),
            Err(error) => match &mut errors {
                Some(errors) => errors.combine(error),
                None => errors = Some(error),
            },
        }
    }
    let mut seen = HashMap::new();
    for path in &paths {
        let key = path_key(path);
        if let Some(first) = seen.get(&key) {
            let error = syn::Error::new_spanned(
                path,
                format!(
                    "`{key}` is listed twice in `tools![...]`; each tool is listed once\nhelp: remove one of the two"
                ),
            );
            let first = syn::Error::new_spanned(first, format!("`{key}` is first listed here"));
            for error in [error, first] {
                match &mut errors {
                    Some(errors) => errors.combine(error),
                    None => errors = Some(error),
                }
            }
        } else {
            seen.insert(key, path.clone());
        }
    }
    // The array is generated even with errors, so that one mistake does not cascade.
    let errors = errors.map(syn::Error::into_compile_error);
    let defs = paths.iter().map(|path| {
        if is_method(path) {
            method_def(&krate, path)
        } else {
            quote_spanned!(path.span()=> <#path as #krate::checks::IsTool<_>>::def())
        }
    });
    Ok(quote!({ #errors [#(#defs),*] }))
}

/// The `ToolDef` of the tool method `Type::method`: its registration, the associated function
/// `#[tool]` on the method's `impl` block puts in an inherent impl of `Type` (for a method
/// of a trait impl too), through a path that cannot fail to resolve, so that the
/// compiler never shows that function's name. A blanket trait declared here gives every type
/// a fallback function of the same name, which an inherent one shadows; the fallback returns
/// a value that `method_tool` refuses with a message in the user's words. The path itself is
/// passed too, so that rustc reports one that names no method as it would anywhere, with its
/// suggestion of a similar name.
fn method_def(krate: &TokenStream, path: &Path) -> TokenStream {
    let span = path.span();
    let segments: Vec<_> = path.segments.iter().collect();
    let Some((method, type_segments)) = segments.split_last() else {
        return quote!();
    };
    let leading = &path.leading_colon;
    let constructor = constructor_ident(&method.ident);
    quote_spanned! {span=>
        {
            #[allow(dead_code, non_camel_case_types)]
            trait __toolshape_NotATool {
                fn #constructor() -> #krate::checks::NotAToolMethod {
                    #krate::checks::NotAToolMethod
                }
            }
            impl<T: ?::core::marker::Sized> __toolshape_NotATool for T {}
            let _ = &#path;
            #krate::checks::MethodTool::into_def(#leading #(#type_segments::)* #constructor())
        }
    }
}

/// An entry of `tools![...]`: the path of a tool, as `get_user`, `users::get_user` or
/// `Store::list`. Anything else is refused at the entry, with the path it likely means.
fn path_of(entry: syn::Expr) -> syn::Result<Path> {
    let help = |path: &syn::ExprPath| {
        let written = path_key(&path.path);
        format!(
            "help: write `{written}`: `tools![...]` registers the tool, and the server calls it"
        )
    };
    match entry {
        syn::Expr::Path(path) if path.qself.is_none() && path.attrs.is_empty() => Ok(path.path),
        syn::Expr::Call(call) => match &*call.func {
            syn::Expr::Path(path) => Err(syn::Error::new_spanned(
                &call,
                format!(
                    "`tools![...]` takes the paths of tools, without `()`\n{}",
                    help(path)
                ),
            )),
            _ => Err(not_a_path(&call)),
        },
        syn::Expr::Reference(reference) => match &*reference.expr {
            syn::Expr::Path(path) => Err(syn::Error::new_spanned(
                &reference,
                format!(
                    "`tools![...]` takes the paths of tools, without `&`\n{}",
                    help(path)
                ),
            )),
            _ => Err(not_a_path(&reference)),
        },
        syn::Expr::MethodCall(call) => Err(syn::Error::new_spanned(
            &call,
            format!(
                "`tools![...]` takes the paths of tools, not a method call: a tool method is listed by its type, as `Type::{}`",
                call.method
            ),
        )),
        other => Err(not_a_path(&other)),
    }
}

fn not_a_path(entry: &dyn quote::ToTokens) -> syn::Error {
    syn::Error::new_spanned(
        entry,
        "`tools![...]` takes the paths of tools: functions that carry `#[tool(...)]`, as `get_user` or `users::get_user`, and tool methods as `Type::method`",
    )
}

/// The path as written, without spaces, to compare two entries.
fn path_key(path: &Path) -> String {
    path.to_token_stream().to_string().replace(' ', "")
}

/// Whether `path` names a method, `Type::method` or `Self::method`: by Rust's naming
/// conventions, a type's name starts with a capital letter, a module's does not.
fn is_method(path: &Path) -> bool {
    let n = path.segments.len();
    n >= 2
        && path.segments[n - 2]
            .ident
            .to_string()
            .trim_start_matches("r#")
            .starts_with(|c: char| c.is_ascii_uppercase())
}

/// The path of the `toolshape` crate that a `macro_rules!` wrapper passes before a `;`
/// (`$crate; ...`): `tools!` and `skills!` reach the runtime through it.
pub(crate) fn crate_path(input: ParseStream) -> syn::Result<TokenStream> {
    input.step(|cursor| {
        let mut tokens = TokenStream::new();
        let mut rest = *cursor;
        while let Some((token, next)) = rest.token_tree() {
            if matches!(&token, proc_macro2::TokenTree::Punct(p) if p.as_char() == ';') {
                return Ok((tokens, next));
            }
            tokens.extend([token]);
            rest = next;
        }
        Err(cursor.error("expected the crate path"))
    })
}
