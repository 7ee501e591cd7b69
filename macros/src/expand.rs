//! Code generation for `#[tool]`.
//!
//! The expansion is the user's function, unchanged but for the parameter attributes
//! `#[tool]` consumes, and what registers it: for a function, a type of the same name (in
//! the other namespace) implementing `IsTool`; for a method, a hidden associated function
//! in an inherent impl beside its block (`methods.rs`). Either builds a `ToolDef` (`def.rs`):
//! a static spec (names and doc strings), the format marker, and a handler closure that
//! calls the function. Everything else (schemas, argument parsing, envelope, hashing,
//! errors) is generic runtime code reached through `<crate>::__private`.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::ItemFn;
use syn::spanned::Spanned;

use crate::attr::ToolArgs;
use crate::def::{constructor, constructor_ident};
use crate::model::{Param, StateSource, Tool};
use crate::params::strip_param_attrs;
use crate::read::read;
use crate::valid::{Declaration, check};

/// Where a tool is declared.
pub(crate) struct Site<'a> {
    /// The tool's attribute, where errors about the declaration as a whole land.
    pub(crate) span: Span,
    /// For a method of a trait impl, the trait.
    pub(crate) in_trait: Option<&'a syn::Path>,
}

/// The tool `function` declares with `#[tool(args)]`: what registers it, and every error.
/// The function's parameter attributes that `#[tool]` reads are removed from it.
///
/// After an error in the attribute, generation goes on with what could be read of it, so the
/// signature's errors and the type checks show in the same build. After errors in the
/// declaration, a tool that is never built is registered, so that `tools![...]` does not
/// report the same mistake again as "not a tool".
pub(crate) fn declare(
    args: TokenStream,
    function: &mut ItemFn,
    site: &Site<'_>,
) -> (TokenStream, TokenStream) {
    let (args, args_errors) = read_args(args);
    // A trait impl's method is as visible as the trait: its registration is public.
    let vis = match site.in_trait {
        Some(_) => syn::parse_quote!(pub),
        None => function.vis.clone(),
    };
    let fallback = fallback(function, &vis, args.krate.as_ref());
    let args_incomplete = args_errors.is_some();
    // Without a format, the output's checks would be a guess: generate nothing to check.
    let checkable = args.format.is_some();
    let result = build(&args, function, args_incomplete, site.span);
    strip_param_attrs(function);
    let args_errors = args_errors.map(darling::Error::write_errors);
    match result {
        Ok(mut tool) => {
            tool.in_trait = site.in_trait.cloned();
            tool.vis = vis;
            let registration = if checkable {
                constructors(&tool)
            } else {
                fallback
            };
            (registration, quote!(#args_errors))
        }
        Err(errors) => {
            let errors = errors.write_errors();
            (fallback, quote!(#args_errors #errors))
        }
    }
}

/// The model of the tool, once read and checked by every rule; or every error found.
fn build(
    args: &crate::attr::ToolArgs,
    function: &ItemFn,
    args_incomplete: bool,
    site: proc_macro2::Span,
) -> darling::Result<crate::model::Tool> {
    let mut errors = darling::Error::accumulator();
    let (tool, params) = read(&mut errors, args, function, site);
    let declaration = Declaration {
        args,
        function,
        tool: &tool,
        params: &params,
        args_incomplete,
    };
    check(&declaration, &mut errors);
    errors.finish_with(tool)
}

/// What registers a tool whose declaration has errors (reported already): the items
/// `tools![...]` looks for, which the failed build never runs.
fn fallback(function: &ItemFn, vis: &syn::Visibility, krate: Option<&syn::Path>) -> TokenStream {
    let krate = krate.map_or_else(|| quote!(::toolshape), |path| quote!(#path));
    let ident = &function.sig.ident;
    if function.sig.receiver().is_some() {
        let constructor = constructor_ident(ident);
        quote! {
            #[doc(hidden)]
            #[allow(non_snake_case, dead_code)]
            #vis fn #constructor() -> #krate::__private::ToolDef<Self> {
                ::core::unreachable!()
            }
        }
    } else {
        quote! {
            #[doc(hidden)]
            #[allow(non_camel_case_types, dead_code)]
            #vis enum #ident {}
            impl<State> #krate::checks::IsTool<State> for #ident {
                fn def() -> #krate::__private::ToolDef<State> {
                    ::core::unreachable!()
                }
            }
        }
    }
}

/// The attribute's arguments: all of them, or, when some are wrong, those that can be read
/// on their own and the errors of the others.
fn read_args(args: TokenStream) -> (ToolArgs, Option<darling::Error>) {
    use darling::FromMeta as _;
    let list = match darling::ast::NestedMeta::parse_meta_list(args) {
        Ok(list) => list,
        Err(error) => return (ToolArgs::default(), Some(error.into())),
    };
    match ToolArgs::from_list(&list) {
        Ok(args) => (args, None),
        Err(errors) => {
            let readable: Vec<_> = list
                .into_iter()
                .filter(|item| ToolArgs::from_list(std::slice::from_ref(item)).is_ok())
                .collect();
            let args = ToolArgs::from_list(&readable).unwrap_or_default();
            (args, Some(errors))
        }
    }
}

/// Most parameters under `#[cfg]` in one tool: the tool is generated once per combination.
const MAX_CFG_PARAMS: usize = 4;

/// What registers the tool: for a function, the type named like it and its `IsTool`
/// implementation; for a method, the associated function. With parameters under `#[cfg]`,
/// one implementation per combination of their predicates, each under the `#[cfg]` that
/// selects it, so a parameter compiled out of the function is out of the schema and the call.
fn constructors(tool: &Tool) -> TokenStream {
    let marker = match &tool.state {
        StateSource::Receiver => None,
        _ => {
            let fn_ident = &tool.fn_ident;
            let vis = &tool.vis;
            // A name the macro cannot read (a constant) is checked where the compiler
            // evaluates it, at its tokens; a method's name is always a literal (model.rs).
            let name_check = match &tool.name {
                crate::attr::TextValue::Expr(expr) => {
                    let private = {
                        let krate = &tool.krate;
                        quote!(#krate::__private)
                    };
                    quote_spanned! {expr.span()=>
                        const _: () = ::core::assert!(
                            #private::is_tool_name(#expr),
                            "a tool name is 1 to 128 characters from A-Z, a-z, 0-9, `_`, `-` and `.`"
                        );
                    }
                }
                crate::attr::TextValue::Literal(_) => quote!(),
            };
            Some(quote! {
                #[doc(hidden)]
                #[allow(non_camel_case_types, dead_code)]
                #vis enum #fn_ident {}
                #name_check
            })
        }
    };
    let conditional: Vec<usize> = tool
        .params
        .iter()
        .enumerate()
        .filter(|(_, param)| matches!(param, Param::Schema(p) if !p.cfg.is_empty()))
        .map(|(i, _)| i)
        .collect();
    if conditional.is_empty() {
        let constructor = constructor(tool, None);
        return quote!(#marker #constructor);
    }
    if conditional.len() > MAX_CFG_PARAMS {
        let error = syn::Error::new(
            tool.fn_ident.span(),
            format!("a tool has at most {MAX_CFG_PARAMS} parameters under `#[cfg(...)]`\nhelp: group them in a struct parameter whose fields carry the `#[cfg]`"),
        )
        .into_compile_error();
        return quote!(#marker #error);
    }
    let variants = (0..1_u32 << conditional.len()).map(|present| {
        let mut variant = tool.clone();
        let mut predicates = Vec::new();
        for (bit, &index) in conditional.iter().enumerate() {
            let Param::Schema(param) = &tool.params[index] else {
                continue;
            };
            let cfg = &param.cfg;
            if present & (1 << bit) != 0 {
                predicates.push(quote!(all(#(#cfg),*)));
            } else {
                predicates.push(quote!(not(all(#(#cfg),*))));
            }
        }
        let mut index = 0;
        variant.params.retain(|_| {
            let keep = match conditional.iter().position(|&i| i == index) {
                Some(bit) => present & (1 << bit) != 0,
                None => true,
            };
            index += 1;
            keep
        });
        constructor(&variant, Some(quote!(#[cfg(all(#(#predicates),*))])))
    });
    quote!(#marker #(#variants)*)
}
