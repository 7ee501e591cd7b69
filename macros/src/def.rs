//! The `ToolDef` one tool builds: its static spec (names, doc strings, constraints), one
//! reading per parameter, the format, and the handler closure that calls the function, each
//! step spanned on the user's tokens so that a bound the user's types miss is reported there.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens as _, format_ident, quote, quote_spanned};
use syn::spanned::Spanned;

use crate::attr::{FormatName, TaskName};
use crate::model::{self, Param, StateSource, Tool};

/// The `ToolDef` of one tool (of one combination of its `#[cfg]` parameters): its static
/// spec, one reading per parameter, and the handler that calls the function.
pub(crate) fn constructor(tool: &Tool, cfg: Option<TokenStream>) -> TokenStream {
    let krate = &tool.krate;
    let private = quote!(#krate::__private);
    let fn_ident = &tool.fn_ident;
    let vis = &tool.vis;
    let constructor = constructor_ident(fn_ident);

    // The state type the handler receives, the constructor's generics, and how the
    // function's state argument is made.
    let state_param = &tool.state_param;
    let send_sync = quote!(::core::marker::Send + ::core::marker::Sync + 'static);
    let (state_ty, generics, where_clause, state_arg) = match &tool.state {
        StateSource::None => (
            quote!(#state_param),
            quote!(<#state_param>),
            quote!(where #state_param: #send_sync),
            None,
        ),
        StateSource::Receiver => (
            quote!(Self),
            quote!(),
            quote!(where Self: #send_sync),
            Some(quote!(__toolshape_state)),
        ),
        StateSource::Provided(ty) => (
            quote!(#state_param),
            quote!(<#state_param>),
            quote_spanned!(ty.span()=> where #state_param: #send_sync + #private::Provides<#ty>),
            Some(quote!(#private::Provides::<#ty>::provide(__toolshape_state))),
        ),
    };

    let arg_idents: Vec<_> = tool.schema_params().map(|param| &param.ident).collect();
    let checks = quote!(#krate::checks);
    let spec = spec(tool, &private);
    let (param_checks, default_items) = param_readings(tool, &private, &checks);
    let call_args = call_args(tool, state_arg.as_ref());
    let callee = match &tool.state {
        StateSource::Receiver => match &tool.in_trait {
            Some(path) => quote!(<Self as #path>::#fn_ident),
            None => quote!(Self::#fn_ident),
        },
        _ => quote!(#fn_ident),
    };
    let await_ = tool.is_async.then(|| quote!(.await));
    let state_pat = if state_arg.is_some() {
        quote!(__toolshape_state)
    } else {
        quote!(_)
    };
    let context_pat = if tool.params.iter().any(|p| matches!(p, Param::Context(_))) {
        quote!(__toolshape_context)
    } else {
        quote!(_)
    };
    let format = match tool.format {
        FormatName::Json if !tool.envelope => quote!(#private::PlainJson),
        FormatName::Json if tool.detail.is_some() => quote!(#private::JsonDetailed),
        FormatName::Json => quote!(#private::Json),
        FormatName::Hybrid if tool.data_text => quote!(#private::HybridText),
        FormatName::Hybrid => quote!(#private::HybridFormat),
        FormatName::Text if tool.confirm.is_some() => quote!(#private::Confirmed),
        FormatName::Text => quote!(#private::Text),
    };
    // Each builder step carries some of the trait bounds; spanning the step on the user's
    // tokens makes a missing implementation point there: the parameter types for
    // `Deserialize + JsonSchema`, the return type for the format's bounds and `Display`.
    let output_span = tool
        .output
        .as_ref()
        .and_then(|ty| ty.to_token_stream().into_iter().next())
        .map_or(tool.site, |token| token.span());
    let params_step = quote!(.params((#(#param_checks,)*)));
    // A parameter whose type might be the request's `Context` but has no `#[context]`: the
    // hint to add it, at the type, before the errors of reading a `Context` from JSON.
    let context_hints = tool
        .schema_params()
        .filter(|param| param.names_context())
        .map(|param| {
            let ty = param.read_ty(&private);
            let span = param.ty.span();
            let check = respan(quote!(#checks::ParamNotContext::check), span);
            quote_spanned! {span=>
                #[allow(unused_imports)]
                use #private::{ProbeContext as _, ProbeOther as _};
                #check((&#private::Probe::<#ty>(::core::marker::PhantomData)).context_kind());
            }
        });
    // The format completes the tool, through a trait (`OutputFormat`) whose failure names the
    // output type and the format, at the return type; the error's text likewise
    // (`ErrorText`), at the return type.
    let spanned_format = respan(format, output_span);
    let finish = respan(quote!(#checks::OutputFormat::finish), output_span);
    // The error type itself when the return type is written `Result<T, E>`.
    let error_span = tool
        .output
        .as_ref()
        .and_then(error_type)
        .map_or(output_span, Spanned::span);
    let error_text = respan(quote!(#checks::ErrorText::error_text(error)), error_span);
    // A `detail` tool's output must have something to leave out: checked where the tool is
    // declared, as a trait (`LeavesSomethingOut`) whose failure is reported at the word
    // `detail`; an output without a text at all, at its return type.
    let detail_check = match (&tool.output, tool.detail) {
        (Some(output), Some(detail_span)) => {
            // At the same span as the format's own bounds, so that an output without a text
            // is reported once.
            let output = respan(static_lifetimes_of(output), output_span);
            let detail_output = respan(quote!(#private::DetailOutput), output_span);
            let check = respan(quote!(#checks::LeavesSomethingOut), detail_span);
            let detail_check = respan(quote!(#private::DetailCheck), detail_span);
            quote_spanned! {detail_span=>
                <#detail_check<{ <#output as #detail_output>::DETAILED }> as #check>::check();
            }
        }
        _ => TokenStream::new(),
    };
    // A `detail` tool's value travels with the level its call chose.
    let ok_value = if tool.detail.is_some() {
        quote!(#private::WithDetail::new(value, __toolshape_response_format.0))
    } else {
        quote!(value)
    };

    let body = quote! {
            #detail_check
            #(#context_hints)*
            #(#default_items)*
            #spec
            #finish(
                #spanned_format,
                #private::ToolDef::build(&__TOOLSHAPE_SPEC)
                    #params_step
                    .handler(|#state_pat: &#state_ty, (#(#arg_idents,)*), #context_pat: #private::Context| {
                        #private::Box::pin(async move {
                            #[allow(unused_imports)]
                            use #private::{ResultKind as _, ValueKind as _};
                            let returned = #callee(#(#call_args),*) #await_;
                            match (&returned).kind_of_returned().into_result(returned) {
                                ::core::result::Result::Ok(value) => ::core::result::Result::Ok(#ok_value),
                                ::core::result::Result::Err(error) => ::core::result::Result::Err(#error_text),
                            }
                        })
                    }),
            )
    };
    match &tool.state {
        // A method: an associated function, in the inherent impl that `#[tool]` on the
        // method's block adds beside it.
        StateSource::Receiver => quote! {
            #cfg
            #[doc(hidden)]
            #[allow(non_snake_case, clippy::needless_lifetimes)]
            #vis fn #constructor() -> #private::ToolDef<Self> #where_clause {
                #body
            }
        },
        // A function: its registration is a type under the function's own name (types and
        // functions live in different namespaces), so `use path::tool;` imports both, and
        // every message about a path in `tools![...]` speaks of the user's names.
        _ => quote! {
            #cfg
            #[automatically_derived]
            #[allow(clippy::needless_lifetimes)]
            impl #generics #krate::checks::IsTool<#state_ty> for #fn_ident #where_clause {
                fn def() -> #private::ToolDef<#state_ty> {
                    #body
                }
            }
        },
    }
}

/// The tool's static `ToolSpec`: its names, texts, parameters' names and constraints,
/// annotations, and where it is declared.
fn spec(tool: &Tool, private: &TokenStream) -> TokenStream {
    let krate = &tool.krate;
    let fn_ident = &tool.fn_ident;
    let name = &tool.name;
    let description = &tool.description;
    let title = option(tool.title.as_ref());
    let version = match &tool.version {
        Some(version) => quote!(#version),
        None => quote!(::core::env!("CARGO_PKG_VERSION")),
    };
    let model_id = option(tool.model_id.as_ref());
    let confirm = option(tool.confirm.as_ref());
    let icons = tool.icons.iter().map(|icon| {
        let src = &icon.src;
        let mime_type = option(icon.mime_type.as_ref());
        let sizes = &icon.sizes;
        let theme = option(icon.theme.map(|theme| match theme {
            crate::attr::IconTheme::Light => "light",
            crate::attr::IconTheme::Dark => "dark",
        }).as_ref());
        quote!(#private::IconSpec { src: #src, mime_type: #mime_type, sizes: &[#(#sizes),*], theme: #theme })
    });
    let param_specs = tool.schema_params().map(|param| {
        let (name, description) = (&param.name, &param.description);
        let constraints = constraints(private, &param.constraints);
        quote!(#private::ParamSpec { name: #name, description: #description, constraints: #constraints })
    });
    let ignore_unknown = tool.ignore_unknown;
    let task = format_ident!("{}", tool.task.map_or("Never", TaskName::variant));
    // Spanned at the user's path: a function of another signature is reported there.
    let extend_schema = match &tool.extend_schema {
        Some(path) => quote_spanned! {path.span()=>
            ::core::option::Option::Some(
                (|| #krate::checks::SchemaKeywords::into_keywords(#path())) as fn() -> #private::JsonValue
            )
        },
        None => quote!(::core::option::Option::None),
    };
    let rust_name = fn_ident.to_string();
    let kind = option(
        tool.kind
            .map(|kind| format_ident!("{}", kind.variant()))
            .map(|variant| quote!(#private::Kind::#variant))
            .as_ref(),
    );
    let annotations = {
        let hints = tool.annotations;
        let [read_only, destructive, idempotent, open_world] = [
            hints.read_only,
            hints.destructive,
            hints.idempotent,
            hints.open_world,
        ]
        .map(|hint| option(hint.as_ref()));
        quote! {
            #private::Annotations {
                read_only: #read_only,
                destructive: #destructive,
                idempotent: #idempotent,
                open_world: #open_world,
            }
        }
    };

    let scopes = &tool.scopes;
    let keywords = &tool.keywords;
    let undo = !tool.no_undo;
    let app = match &tool.app {
        None => quote!(::core::option::Option::None),
        Some(crate::attr::AppView::Builtin) => {
            quote!(::core::option::Option::Some(#private::BUILTIN_VIEW))
        }
        Some(crate::attr::AppView::Uri(uri)) => quote!(::core::option::Option::Some(#uri)),
    };
    quote! {
        static __TOOLSHAPE_SPEC: #private::ToolSpec = #private::ToolSpec {
            name: #name,
            title: #title,
            description: #description,
            version: #version,
            model_id: #model_id,
            confirm: #confirm,
            icons: &[#(#icons),*],
            params: &[#(#param_specs),*],
            annotations: #annotations,
            kind: #kind,
            ignore_unknown_arguments: #ignore_unknown,
            task: #private::TaskSupport::#task,
            extend_schema: #extend_schema,
            scopes: &[#(#scopes),*],
            keywords: &[#(#keywords),*],
            app: #app,
            undo: #undo,
            rust_path: ::core::concat!(::core::module_path!(), "::", #rust_name),
            location: ::core::concat!(::core::file!(), ":", ::core::line!()),
        };
    }
}

/// One reading per parameter (the bounds its type must meet) and, for each parameter with a
/// default, the item that gives its value.
fn param_readings(
    tool: &Tool,
    private: &TokenStream,
    checks: &TokenStream,
) -> (Vec<TokenStream>, Vec<TokenStream>) {
    // One reading per parameter, spanned at its type, so that a type that cannot be a
    // parameter is reported there, once: `ToolParam` (`DefaultParam` with a default, whose
    // value an item per parameter gives).
    let mut default_items = Vec::new();
    let param_checks: Vec<_> = tool
        .schema_params()
        .map(|param| {
            let read = param.read_ty(private);
            let span = param.ty.span();
            let Some(default) = &param.default else {
                return quote_spanned!(span=> <#read as #checks::ToolParam>::param());
            };
            // Named after the Rust parameter (always an identifier), not its JSON name.
            let rust_name = param.ident.to_string();
            let holder = format_ident!(
                "__ToolshapeDefault_{}",
                rust_name.strip_prefix("r#").unwrap_or(&rust_name)
            );
            // Spanned at the parameter's type (for `default`) or the expression, so that a
            // type without `Default` or an expression of another type is reported there.
            let value = match (default, &param.borrowed) {
                (None, _) => {
                    quote_spanned!(span=> <#read as #checks::ParamDefault>::param_default())
                }
                // A default is written as the function's type has it (`"name"` for `&str`,
                // `Some("x")` for `Option<&str>`) and made owned.
                (Some(expr), Some(lend)) => respan(lend.owned_from(quote!(#expr)), expr.span()),
                // `default = "name"` for a `String` (or `PathBuf`, `Cow<str>`, …) parameter,
                // as one writes it for a `&str` one.
                (
                    Some(
                        expr @ syn::Expr::Lit(syn::ExprLit {
                            lit: syn::Lit::Str(_),
                            ..
                        }),
                    ),
                    _,
                ) => quote_spanned!(expr.span()=> ::core::convert::From::from(#expr)),
                (Some(expr), _) => quote!(#expr),
            };
            default_items.push(quote! {
                #[allow(non_camel_case_types)]
                struct #holder;
                impl #private::DefaultValue<#read> for #holder {
                    fn value() -> #read {
                        #value
                    }
                }
            });
            quote_spanned!(span=> <#read as #checks::DefaultParam>::with_default::<#holder>())
        })
        .collect();
    (param_checks, default_items)
}

/// The arguments the handler calls the function with, in the order of its parameters.
fn call_args(tool: &Tool, state_arg: Option<&TokenStream>) -> Vec<TokenStream> {
    let call_args = tool.params.iter().map(|param| match param {
        Param::Schema(param) => {
            let ident = &param.ident;
            let value = match &param.default {
                Some(_) => quote!(#ident.0),
                None => quote!(#ident),
            };
            match &param.borrowed {
                Some(lend) => lend.lend(quote!(&#value)),
                None => value,
            }
        }
        Param::State => state_arg.cloned().unwrap_or_default(),
        Param::Detail(_) => TokenStream::new(),
        // Spanned at the parameter's type: a type that is not the context is reported there.
        Param::Context(model::ContextPass::Value(span)) => {
            quote_spanned!(*span=> __toolshape_context)
        }
        Param::Context(model::ContextPass::Ref(span)) => {
            quote_spanned!(*span=> &__toolshape_context)
        }
    });
    let call_args = call_args.filter(|arg| !arg.is_empty());
    match &tool.state {
        StateSource::Receiver => std::iter::once(quote!(__toolshape_state))
            .chain(call_args)
            .collect(),
        _ => call_args.collect(),
    }
}

/// `E` of a return type written `Result<T, E>` (under any path or alias of that shape).
fn error_type(output: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = output else {
        return None;
    };
    let syn::PathArguments::AngleBracketed(args) = &path.path.segments.last()?.arguments else {
        return None;
    };
    let mut types = args.args.iter().filter_map(|arg| match arg {
        syn::GenericArgument::Type(ty) => Some(ty),
        _ => None,
    });
    match (types.next(), types.next(), types.next()) {
        (Some(_), Some(error), None) => Some(error),
        _ => None,
    }
}

/// A parameter's `Constraints`: `NONE`, or the ones it states over `NONE`.
fn constraints(private: &TokenStream, c: &crate::model::Constraints) -> TokenStream {
    if c.is_none() {
        return quote!(#private::Constraints::NONE);
    }
    let mut fields = Vec::new();
    if let Some(min) = c.minimum {
        fields.push(quote!(minimum: ::core::option::Option::Some(#min)));
    }
    if let Some(max) = c.maximum {
        fields.push(quote!(maximum: ::core::option::Option::Some(#max)));
    }
    if let Some(min) = c.min_length {
        fields.push(quote!(min_length: ::core::option::Option::Some(#min)));
    }
    if let Some(max) = c.max_length {
        fields.push(quote!(max_length: ::core::option::Option::Some(#max)));
    }
    if let Some(pattern) = &c.pattern {
        fields.push(quote!(pattern: ::core::option::Option::Some(#pattern)));
    }
    if !c.one_of.is_empty() {
        let one_of = &c.one_of;
        fields.push(quote!(one_of: &[#(#one_of),*]));
    }
    if let Some(header) = &c.header {
        fields.push(quote!(header: ::core::option::Option::Some(#header)));
    }
    quote!(#private::Constraints { #(#fields,)* ..#private::Constraints::NONE })
}

/// `ty` with its lifetimes made `'static`, for a check outside the function.
fn static_lifetimes_of(ty: &syn::Type) -> TokenStream {
    crate::lend::static_lifetimes(ty.to_token_stream())
}

/// `Option` of `value`'s tokens, written with absolute paths.
fn option<T: quote::ToTokens>(value: Option<&T>) -> TokenStream {
    match value {
        Some(value) => quote!(::core::option::Option::Some(#value)),
        None => quote!(::core::option::Option::None),
    }
}

/// `tokens` with every span set to `span` (for paths whose tokens come from several places).
pub(crate) fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut token| {
            if let proc_macro2::TokenTree::Group(group) = &token {
                let mut inner =
                    proc_macro2::Group::new(group.delimiter(), respan(group.stream(), span));
                inner.set_span(span);
                token = inner.into();
            }
            token.set_span(span);
            token
        })
        .collect()
}

/// The name of the hidden constructor of a tool declared by method `ident`.
pub(crate) fn constructor_ident(ident: &syn::Ident) -> syn::Ident {
    let name = ident.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name);
    format_ident!("__toolshape_tool_{}", name, span = ident.span())
}
