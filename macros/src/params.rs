//! The tool's parameters, read one by one: the receiver, `#[state]`, `#[context]`, and each
//! parameter the client sends with its `#[arg(...)]` (its keys are checked by the rules of
//! `valid/params.rs`); the attributes `#[tool]` consumes removed, and those that pass
//! through to the function.

use proc_macro2::TokenStream;
use syn::spanned::Spanned;
use syn::{FnArg, ItemFn, Pat, ReceiverKind, Type};

use crate::attr::{ArgArgs, RenameRule, TextValue};
use crate::docs;
use crate::lend::lend_of;
use crate::model::{Constraints, ContextPass, Param, SchemaParam, StateSource};
use crate::shape;
use crate::valid::Draft;

/// The parameter's `#[arg(...)]`, merged when there are several; errors are recorded.
fn read_arg(errors: &mut darling::error::Accumulator, attrs: &[syn::Attribute]) -> ArgArgs {
    use darling::FromMeta as _;
    let mut merged = ArgArgs::default();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("arg")) {
        match ArgArgs::from_meta(&attr.meta) {
            Ok(arg) => {
                merged.rename = arg.rename.or(merged.rename);
                merged.default = arg.default.or(merged.default);
                merged.range = arg.range.or(merged.range);
                merged.length = arg.length.or(merged.length);
                merged.pattern = arg.pattern.or(merged.pattern);
                merged.one_of = arg.one_of.or(merged.one_of);
                merged.header = arg.header.or(merged.header);
                merged.description = arg.description.or(merged.description);
            }
            Err(error) => errors.push(error),
        }
    }
    merged
}

/// Whether `attr` is one of those `#[tool]` reads on a parameter and removes.
fn is_tool_param_attr(attr: &syn::Attribute) -> bool {
    docs::is_doc(attr)
        || attr.path().is_ident("state")
        || attr.path().is_ident("context")
        || attr.path().is_ident("arg")
}

/// Removes the attributes `#[tool]` consumes (`#[state]`, `#[context]`, `#[arg]`, doc
/// comments) from the function's parameters, so the function can be emitted as ordinary
/// Rust.
pub(crate) fn strip_param_attrs(function: &mut ItemFn) {
    for input in &mut function.sig.inputs {
        if let FnArg::Typed(typed) = input {
            // `serde`/`schemars` attributes are refused with an error of their own; removing
            // them spares the compiler's "cannot find attribute" beside it.
            typed.attrs.retain(|attr| {
                !(is_tool_param_attr(attr)
                    || attr.path().is_ident("serde")
                    || attr.path().is_ident("schemars"))
            });
        }
    }
}

/// The parameter's attributes that `#[tool]` does not consume: `#[cfg]` (whose predicates
/// are returned), lint levels and tool attributes pass through to the function; those of
/// derive macros (`serde`, `schemars`), which mean nothing on a parameter, get an error
/// saying what to write instead.
fn param_attrs(
    errors: &mut darling::error::Accumulator,
    attrs: &[syn::Attribute],
) -> Vec<TokenStream> {
    let mut cfg = Vec::new();
    for attr in attrs.iter().filter(|attr| !is_tool_param_attr(attr)) {
        let path = attr.path();
        if path.is_ident("cfg") {
            match attr.parse_args::<TokenStream>() {
                Ok(predicate) => cfg.push(predicate),
                Err(error) => errors.push(error.into()),
            }
        } else if path.is_ident("serde") || path.is_ident("schemars") {
            errors.push(
                darling::Error::custom(format!(
                    "`#[{}(...)]` does not apply to a tool parameter, which is not a struct field\n\
                     help: write `#[arg(rename = \"...\")]` for the parameter's name, `#[arg(default)]` or `#[arg(default = ...)]` for a default, and `rename_all = \"camelCase\"` in `#[tool(...)]` for every parameter",
                    path.get_ident().map(ToString::to_string).unwrap_or_default()
                ))
                .with_span(path),
            );
        }
    }
    cfg
}

/// Where a tool's state comes from, and its parameters in order.
pub(crate) struct Params {
    pub(crate) state: StateSource,
    pub(crate) params: Vec<Param>,
    /// The parameters the client sends, as written, for the rules.
    pub(crate) drafts: Vec<Draft>,
}

/// Reads the receiver and each parameter.
pub(crate) fn read_params(
    errors: &mut darling::error::Accumulator,
    sig: &syn::Signature,
    rename_all: Option<RenameRule>,
) -> Params {
    let mut drafts = Vec::new();
    let mut state = StateSource::None;
    let mut has_context = false;
    let mut params = Vec::new();
    for input in &sig.inputs {
        let typed = match input {
            FnArg::Receiver(receiver) => {
                if let Some(receiver_state) = receiver_state(errors, receiver) {
                    state = receiver_state;
                }
                continue;
            }
            FnArg::Typed(typed) => typed,
        };
        let is_state = typed.attrs.iter().any(|a| a.path().is_ident("state"));
        let is_context = typed.attrs.iter().any(|a| a.path().is_ident("context"));
        if (is_state || is_context)
            && let Some(attr) = typed
                .attrs
                .iter()
                .find(|a| a.path().is_ident("arg") || a.path().is_ident("cfg"))
        {
            errors.push(
                darling::Error::custom(
                    "`#[arg]` and `#[cfg]` apply to the parameters a client sends, not to `#[state]` or `#[context]`",
                )
                .with_span(attr),
            );
        }
        if is_state && is_context {
            errors.push(
                darling::Error::custom(
                    "a parameter is either `#[state]` or `#[context]`, not both",
                )
                .with_span(&typed.pat),
            );
            continue;
        }
        if is_state {
            if let Some(provided) = state_of(errors, typed, &state) {
                state = provided;
            }
            params.push(Param::State);
        } else if is_context {
            params.push(Param::Context(context_of(errors, typed, has_context)));
            has_context = true;
        } else if let Some((draft, param)) = schema_param(errors, typed, rename_all) {
            drafts.push(draft);
            params.push(Param::Schema(Box::new(param)));
        }
    }

    Params {
        state,
        params,
        drafts,
    }
}

/// A method's state is `Self`, through `&self`.
fn receiver_state(
    errors: &mut darling::error::Accumulator,
    receiver: &syn::Receiver,
) -> Option<StateSource> {
    match &receiver.kind {
                    ReceiverKind::Reference(_, _, None) => return Some(StateSource::Receiver),
                    ReceiverKind::Reference(_, _, Some(mutability)) => errors.push(
                        darling::Error::custom(
                            "a tool method takes `&self`, not `&mut self`: the server runs calls concurrently on shared state\n\
                             help: take `&self` and keep mutable parts behind a `Mutex` or `RwLock`",
                        )
                        .with_span(mutability),
                    ),
                    _ => errors.push(
                        darling::Error::custom(
                            "a tool method takes `&self`: the server shares one state between calls and cannot give each call `self`\n\
                             help: change the receiver to `&self`",
                        )
                        .with_span(&receiver.self_token),
                    ),
    }
    None
}

/// `#[state] x: &T`: the state the tool reads, `T`, when the parameter is one the tool can take.
fn state_of(
    errors: &mut darling::error::Accumulator,
    typed: &syn::PatType,
    state: &StateSource,
) -> Option<StateSource> {
    if matches!(state, StateSource::Receiver) {
        errors.push(
            darling::Error::custom(
                "a tool method's state is `self`; it takes no `#[state]` parameter\n\
                 help: read the state through `self`, or make the tool a free function",
            )
            .with_span(&typed.pat),
        );
    } else if matches!(state, StateSource::Provided(_)) {
        errors.push(
            darling::Error::custom(
                "a tool takes at most one `#[state]` parameter\n\
                 help: take one state type and implement `toolshape::tool::Provides<T>` on it for each part",
            )
            .with_span(&typed.pat),
        );
    } else if let Type::Reference(reference) = &*typed.ty
        && reference.mutability.is_none()
    {
        return Some(StateSource::Provided(reference.elem.clone()));
    } else if let Type::Reference(reference) = &*typed.ty {
        let elem = quote::ToTokens::to_token_stream(&reference.elem).to_string();
        errors.push(
            darling::Error::custom(format!(
                "a `#[state]` parameter is a shared reference, `&{elem}`, not `&mut {elem}`: the server runs calls concurrently on one state\n\
                 help: take `&{elem}` and put what changes behind a `Mutex` or `RwLock` inside `{elem}` (`struct {elem} {{ items: std::sync::Mutex<Vec<Item>> }}`)"
            ))
            .with_span(&reference.mutability),
        );
    } else {
        errors.push(
            darling::Error::custom(
                "a `#[state]` parameter is a shared reference, `&T`: the server shares one state between concurrent calls\n\
                 help: write the type as `&T`",
            )
            .with_span(&typed.ty),
        );
    }
    None
}

/// `#[context] cx: Context` or `&Context`.
fn context_of(
    errors: &mut darling::error::Accumulator,
    typed: &syn::PatType,
    has_context: bool,
) -> ContextPass {
    if has_context {
        errors.push(
            darling::Error::custom("a tool takes at most one `#[context]` parameter")
                .with_span(&typed.pat),
        );
    }
    let span = typed.ty.span();
    match &*typed.ty {
        Type::Reference(reference) if reference.mutability.is_none() => ContextPass::Ref(span),
        Type::Reference(reference) => {
            errors.push(
                darling::Error::custom(
                    "a `#[context]` parameter is `Context` or `&Context`: the context's methods take `&self`\n\
                     help: remove the `mut`",
                )
                .with_span(&reference.mutability),
            );
            ContextPass::Ref(span)
        }
        _ => ContextPass::Value(span),
    }
}

/// A parameter the client sends: its name in the schema, its attributes, its borrowed form.
fn schema_param(
    errors: &mut darling::error::Accumulator,
    typed: &syn::PatType,
    rename_all: Option<RenameRule>,
) -> Option<(Draft, SchemaParam)> {
    let ident = match &*typed.pat {
        Pat::Ident(pat) if pat.by_ref.is_none() && pat.subpat.is_none() => pat.ident.clone(),
        other => {
            errors.push(
                darling::Error::custom(
                    "a tool parameter needs a plain name: it is the property name in the input schema\n\
                     help: name the parameter and destructure it inside the function",
                )
                .with_span(other),
            );
            return None;
        }
    };
    let cfg = param_attrs(errors, &typed.attrs);
    let arg = read_arg(errors, &typed.attrs);
    let constraints = constraints_of(&arg);
    let rust_name = ident.to_string();
    let rust_name = rust_name
        .strip_prefix("r#")
        .unwrap_or(&rust_name)
        .to_owned();
    let name = match (&arg.rename, rename_all) {
        (Some(rename), _) => rename.0.clone(),
        (None, Some(rule)) => rule.apply(&rust_name),
        (None, None) => rust_name,
    };
    let borrowed = lend_of(errors, &typed.ty);
    let name_span = arg
        .rename
        .as_ref()
        .map_or(ident.span(), |rename| rename.span());
    let draft = Draft {
        arg: arg.clone(),
        rust: ident.to_string(),
        name: name.clone(),
        name_span,
        shape: shape::of(&typed.ty),
    };
    let param = SchemaParam {
        ident,
        name,
        ty: typed.ty.clone(),
        borrowed,
        description: arg
            .description
            .clone()
            .or_else(|| docs::collect_text(&typed.attrs, typed.ty.span()))
            .unwrap_or_else(|| TextValue::Literal(syn::LitStr::new("", typed.ty.span()))),
        default: arg.default.map(|default| match (*default).clone() {
            darling::util::Override::Inherit => None,
            darling::util::Override::Explicit(expr) => Some(expr.0),
        }),
        cfg,
        constraints,
    };
    Some((draft, param))
}

/// The constraints of `arg`, as the input schema states them.
fn constraints_of(arg: &ArgArgs) -> Constraints {
    Constraints {
        minimum: arg.range.as_ref().and_then(|range| range.min).map(|n| n.0),
        maximum: arg.range.as_ref().and_then(|range| range.max).map(|n| n.0),
        min_length: arg.length.as_ref().and_then(|length| length.min),
        max_length: arg.length.as_ref().and_then(|length| length.max),
        pattern: arg.pattern.as_ref().map(|pattern| pattern.0.clone()),
        one_of: arg
            .one_of
            .as_ref()
            .map_or_else(Vec::new, |one_of| one_of.0.0.clone()),
        header: arg.header.as_ref().map(|header| header.0.clone()),
    }
}
