//! The tool as the generator needs it, built from the function and its attribute. The rules
//! that span several parts of the declaration are checked while it is built, by `check.rs`;
//! borrowed parameters follow the one rule of `lend.rs`.
//!
//! Errors are accumulated: a user sees every problem of one tool in one build.

use proc_macro2::{Span, TokenStream};
use syn::spanned::Spanned;
use syn::{FnArg, GenericParam, ItemFn, Pat, ReceiverKind, Type};

use crate::attr::{
    Annotations, ArgArgs, FormatName, IconArgs, IconTheme, KindName, Listed, TaskName, TextValue,
    ToolArgs, UnknownArguments,
};
use crate::check::{
    Draft, check_confirm, check_envelope, check_output_shape, check_param_attributes, check_scopes,
    check_tool_name,
};
use crate::docs;
use crate::lend::{Lend, lend_of, static_lifetimes};
use crate::shape;

/// Most parameters a tool can take (the runtime implements its argument parsing for tuples
/// up to this size).
pub(crate) const MAX_PARAMS: usize = 16;

#[derive(Clone)]
pub(crate) struct Tool {
    pub(crate) name: TextValue,
    pub(crate) title: Option<TextValue>,
    pub(crate) description: TextValue,
    pub(crate) version: Option<TextValue>,
    pub(crate) model_id: Option<TextValue>,
    pub(crate) format: FormatName,
    /// MCP annotations: from `kind`, overridden by the explicit hints.
    pub(crate) annotations: Annotations,
    /// `kind = "..."`, if given.
    pub(crate) kind: Option<KindName>,
    /// `confirm = "..."` of a `format = "text"` tool.
    pub(crate) confirm: Option<String>,
    /// `icon(...)`, in order.
    pub(crate) icons: Vec<Icon>,
    pub(crate) krate: syn::Path,
    /// `unknown_arguments = "ignore"`.
    pub(crate) ignore_unknown: bool,
    /// `envelope = false` (json only): the value alone as structured content.
    pub(crate) envelope: bool,
    /// `task = "..."`, if given.
    pub(crate) task: Option<TaskName>,
    /// `extend_schema = path`, if given.
    pub(crate) extend_schema: Option<syn::Path>,
    /// `scopes = [..]`: checked scope tokens, in the order written.
    pub(crate) scopes: Vec<String>,
    /// How the tool reaches its state.
    pub(crate) state: StateSource,
    pub(crate) params: Vec<Param>,
    pub(crate) is_async: bool,
    pub(crate) fn_ident: syn::Ident,
    /// The function's visibility, which the hidden constructor shares.
    pub(crate) vis: syn::Visibility,
    /// The function's return type, for spans; `None` for `-> ()` written as nothing.
    pub(crate) output: Option<Type>,
    /// The name of the server state's type parameter in generated code: one that the
    /// signature does not use, so that it cannot hide one of the user's types, and readable,
    /// since messages about a missing state show it.
    pub(crate) state_param: syn::Ident,
}

/// One checked `icon(...)`.
#[derive(Debug, Clone)]
pub(crate) struct Icon {
    pub(crate) src: String,
    pub(crate) mime_type: Option<String>,
    pub(crate) sizes: Vec<String>,
    pub(crate) theme: Option<IconTheme>,
}

/// Where the state handed to the tool comes from.
#[derive(Clone)]
pub(crate) enum StateSource {
    /// No state: the tool works with any server state.
    None,
    /// `&self`: the tool is a method and the state is `Self`.
    Receiver,
    /// `#[state] x: &T`: any state that provides `T`.
    Provided(Box<Type>),
}

/// One parameter of the function, in order.
#[derive(Clone)]
pub(crate) enum Param {
    /// An ordinary parameter: a property of the input schema.
    Schema(Box<SchemaParam>),
    /// `#[state] x: &T`.
    State,
    /// `#[context] cx: Context` or `#[context] cx: &Context`.
    Context(ContextPass),
}

/// How the function takes the request's context, and where its type is written (a type
/// that is not the context is reported there).
#[derive(Clone, Copy)]
pub(crate) enum ContextPass {
    /// `Context`.
    Value(Span),
    /// `&Context`.
    Ref(Span),
}

/// A parameter the client sends.
#[derive(Clone)]
pub(crate) struct SchemaParam {
    pub(crate) ident: syn::Ident,
    /// The property name: `#[arg(rename)]`, or the Rust name without `r#` in the case of
    /// `rename_all`.
    pub(crate) name: String,
    /// The type as the function takes it.
    pub(crate) ty: Box<Type>,
    /// For a borrowed form (`&T`, or one inside `Option` or `Vec`): the argument is read as
    /// its owned form (`String` for `str`, `Vec<U>` for `[U]`) and lent to the function.
    pub(crate) borrowed: Option<Lend>,
    pub(crate) description: TextValue,
    /// `#[arg(default)]` (`None` inside: the type's `Default`) or `#[arg(default = expr)]`.
    pub(crate) default: Option<Option<syn::Expr>>,
    /// The parameter's `#[cfg(...)]` predicates: when one is false, the parameter does not
    /// exist, in the function nor in the schema.
    pub(crate) cfg: Vec<TokenStream>,
    /// `#[arg(range, length, pattern, one_of)]`.
    pub(crate) constraints: Constraints,
}

/// The checked constraints of `#[arg(...)]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Constraints {
    pub(crate) minimum: Option<f64>,
    pub(crate) maximum: Option<f64>,
    pub(crate) min_length: Option<u64>,
    pub(crate) max_length: Option<u64>,
    pub(crate) pattern: Option<String>,
    pub(crate) one_of: Vec<String>,
    pub(crate) header: Option<String>,
}

impl Constraints {
    pub(crate) fn is_none(&self) -> bool {
        self.minimum.is_none()
            && self.maximum.is_none()
            && self.min_length.is_none()
            && self.max_length.is_none()
            && self.pattern.is_none()
            && self.one_of.is_empty()
            && self.header.is_none()
    }
}

impl SchemaParam {
    /// The type the argument is read as, spanned on the parameter's type so that a type
    /// that cannot be read is reported there.
    /// Whether the type is a path whose last segment is `Context`: perhaps the request's
    /// context without its `#[context]` (the generated code checks which, since an alias or
    /// a user's own `Context` look the same here).
    pub(crate) fn names_context(&self) -> bool {
        match &*self.ty {
            Type::Path(path) => path
                .path
                .segments
                .last()
                .is_some_and(|segment| segment.ident == "Context"),
            _ => false,
        }
    }

    pub(crate) fn read_ty(&self, private: &TokenStream) -> TokenStream {
        match &self.borrowed {
            Some(lend) => lend.owned(private, self.ty.span()),
            None => static_lifetimes(quote::ToTokens::to_token_stream(&self.ty)),
        }
    }
}

impl Tool {
    pub(crate) fn schema_params(&self) -> impl Iterator<Item = &SchemaParam> {
        self.params.iter().filter_map(|param| match param {
            Param::Schema(param) => Some(&**param),
            _ => None,
        })
    }
}

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

/// Builds the model, or every error found.
///
/// `args_incomplete` says that some of the attribute's keys could not be read (their errors
/// are reported already): a key that seems missing may just be misspelt, so its absence is
/// not reported again.
pub(crate) fn build(
    args: ToolArgs,
    function: &ItemFn,
    args_incomplete: bool,
) -> darling::Result<Tool> {
    let mut errors = darling::Error::accumulator();
    let sig = &function.sig;

    let format = match args.format {
        Some(format) => format.0,
        None if args_incomplete => FormatName::Json,
        None => {
            errors.push(
                darling::Error::custom(
                    "missing `format`: add `format = \"json\"`, `format = \"text\"` or `format = \"hybrid\"` to `#[tool(...)]`\n\
                     help: `json` returns the envelope `{status, data, metadata, grounded}` as structured content, for programs and models alike\n\
                     help: `text` returns markdown a model reads, from a type that derives `toolshape::ToolText`\n\
                     help: `hybrid` returns the envelope with a plain-English narrative, which leads the text a model reads",
                )
                .with_span(&Span::call_site()),
            );
            FormatName::Json
        }
    };

    let kind = args.kind.as_ref().map(|kind| kind.0);
    if let (Some(KindName::State), Some(format_value)) = (kind, &args.format)
        && !format.is_structured()
    {
        errors.push(
            darling::Error::custom(format!(
                "a `kind = \"state\"` tool cannot use `format = \"{}\"`: programs (undo, UI forms) read its result, and text would make them parse prose\n\
                 help: use `format = \"json\"`, or `format = \"hybrid\"` to keep a narrative for the model; or use `kind = \"read\"` if only people and models read it",
                format.as_str()
            ))
            .with_span(&format_value.span()),
        );
    }
    let envelope = check_envelope(&mut errors, format, kind, args.envelope.as_ref());
    let annotations = Annotations {
        read_only: args.read_only.map(|flag| flag.0),
        destructive: args.destructive.map(|flag| flag.0),
        idempotent: args.idempotent.map(|flag| flag.0),
        open_world: args.open_world.map(|flag| flag.0),
    }
    .or(kind.map(KindName::hints).unwrap_or_default());

    let ident_name = sig.ident.to_string();
    let ident_name = ident_name
        .strip_prefix("r#")
        .unwrap_or(&ident_name)
        .to_owned();
    let name = match &args.name {
        Some(TextValue::Literal(name)) => {
            if let Err(message) = check_tool_name(&name.value()) {
                errors.push(darling::Error::custom(message).with_span(&name.span()));
            }
            TextValue::Literal(name.clone())
        }
        // A constant, `concat!(..)`, …: checked where the compiler evaluates it — beside
        // the registration of a function; a method's has no place for the check.
        Some(TextValue::Expr(name)) if sig.receiver().is_some() => {
            errors.push(
                darling::Error::custom(
                    "a tool method's name is a string literal: `name = \"...\"`",
                )
                .with_span(name),
            );
            TextValue::Expr(name.clone())
        }
        Some(name) => name.clone(),
        // `rename_all` is about the parameters, as serde's is about the fields: the tool
        // keeps its function's name.
        None => {
            if let Err(message) = check_tool_name(&ident_name) {
                errors.push(
                    darling::Error::custom(format!(
                        "{message}\nhelp: give the tool a valid name with `#[tool(name = \"...\")]`"
                    ))
                    .with_span(&sig.ident),
                );
            }
            TextValue::Literal(syn::LitStr::new(&ident_name, sig.ident.span()))
        }
    };

    let doc = || docs::collect_text(&function.attrs, sig.ident.span());
    let description = match args.description.clone().or_else(doc) {
        Some(description) => description,
        None if args_incomplete => TextValue::Literal(syn::LitStr::new("", sig.ident.span())),
        None => {
            errors.push(
                darling::Error::custom(
                    "a tool needs a description, which is what a model reads to decide when to call it\n\
                     help: add a `///` doc comment to the function, or `description = \"...\"` to `#[tool(...)]`",
                )
                .with_span(&sig.ident),
            );
            TextValue::Literal(syn::LitStr::new("", sig.ident.span()))
        }
    };

    // Signature shapes the runtime cannot serve.
    if let syn::Safety::Unsafe(token) = &sig.safety {
        errors.push(
            darling::Error::custom("a tool cannot be an `unsafe fn`: the server calls it with arguments from the client\nhelp: make the function safe and keep the `unsafe` block inside it")
                .with_span(token),
        );
    }
    if let Some(abi) = &sig.abi {
        errors.push(darling::Error::custom("a tool cannot have an `extern` ABI").with_span(abi));
    }
    if let Some(variadic) = &sig.variadic {
        errors.push(darling::Error::custom("a tool cannot be variadic").with_span(variadic));
    }
    for param in &sig.generics.params {
        match param {
            GenericParam::Lifetime(_) => {}
            GenericParam::Type(_) | GenericParam::Const(_) => errors.push(
                darling::Error::custom(
                    "a tool cannot be generic over types or constants: the server must know the parameter and output types to describe them\n\
                     help: write a non-generic wrapper function and put `#[tool]` on it",
                )
                .with_span(param),
            ),
        }
    }

    // `x: impl Trait` is a type parameter too.
    for input in &sig.inputs {
        if let FnArg::Typed(typed) = input
            && let Type::ImplTrait(impl_trait) = &*typed.ty
        {
            errors.push(
                darling::Error::custom(
                    "a tool parameter's type is a concrete type, not `impl Trait`: the server reads the argument from JSON and describes it in the input schema\n\
                     help: take the type the client sends (`String`, `u64`, a struct that derives `serde::Deserialize` and `schemars::JsonSchema`)",
                )
                .with_span(impl_trait),
            );
        }
    }

    let rename_all = args.rename_all.as_ref().map(|rule| rule.0);
    let mut drafts = Vec::new();
    let mut state = StateSource::None;
    let mut has_context = false;
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(receiver) => match &receiver.kind {
                ReceiverKind::Reference(_, _, None) => state = StateSource::Receiver,
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
            },
            FnArg::Typed(typed) => {
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
                        darling::Error::custom("a parameter is either `#[state]` or `#[context]`, not both")
                            .with_span(&typed.pat),
                    );
                    continue;
                }
                if is_state {
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
                                 help: take one state type and implement `toolshape::Provides<T>` on it for each part",
                            )
                            .with_span(&typed.pat),
                        );
                    } else if let Type::Reference(reference) = &*typed.ty
                        && reference.mutability.is_none()
                    {
                        state = StateSource::Provided(reference.elem.clone());
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
                    params.push(Param::State);
                    continue;
                }
                if is_context {
                    if has_context {
                        errors.push(
                            darling::Error::custom("a tool takes at most one `#[context]` parameter")
                                .with_span(&typed.pat),
                        );
                    }
                    has_context = true;
                    let span = typed.ty.span();
                    let pass = match &*typed.ty {
                        Type::Reference(reference) if reference.mutability.is_none() => {
                            ContextPass::Ref(span)
                        }
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
                    };
                    params.push(Param::Context(pass));
                    continue;
                }
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
                        continue;
                    }
                };
                let cfg = param_attrs(&mut errors, &typed.attrs);
                let arg = read_arg(&mut errors, &typed.attrs);
                let constraints = check_constraints(&mut errors, &arg);
                let rust_name = ident.to_string();
                let rust_name = rust_name.strip_prefix("r#").unwrap_or(&rust_name).to_owned();
                let name = match (&arg.rename, rename_all) {
                    (Some(rename), _) => rename.0.clone(),
                    (None, Some(rule)) => rule.apply(&rust_name),
                    (None, None) => rust_name,
                };
                let borrowed = lend_of(&mut errors, &typed.ty);
                let name_span = arg.rename.as_ref().map_or(ident.span(), |rename| rename.span());
                drafts.push(Draft {
                    arg: arg.clone(),
                    rust: ident.to_string(),
                    name: name.clone(),
                    name_span,
                    shape: shape::of(&typed.ty),
                });
                params.push(Param::Schema(Box::new(SchemaParam {
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
                })));
            }
        }
    }

    check_param_attributes(&mut errors, &drafts);

    let schema_count = params
        .iter()
        .filter(|p| matches!(p, Param::Schema { .. }))
        .count();
    if schema_count > MAX_PARAMS {
        errors.push(
            darling::Error::custom(format!(
                "a tool takes at most {MAX_PARAMS} parameters; this one has {schema_count}\n\
                 help: group related parameters in a struct that derives `serde::Deserialize` and `schemars::JsonSchema`"
            ))
            .with_span(&sig.inputs.span()),
        );
    }

    let output = match &sig.output {
        syn::ReturnType::Default => None,
        syn::ReturnType::Type(_, ty) => Some((**ty).clone()),
    };

    if let Some(output) = &output {
        check_output_shape(&mut errors, output, sig.asyncness.is_some());
    }

    let confirm = check_confirm(
        &mut errors,
        format,
        args.confirm.as_ref(),
        output.as_ref(),
        sig.ident.span(),
    );

    let icons = args
        .icons
        .iter()
        .filter_map(|icon| check_icon(&mut errors, icon))
        .collect();

    let scopes = args
        .scopes
        .as_ref()
        .map_or_else(Vec::new, |scopes| check_scopes(&mut errors, scopes));

    errors.finish()?;
    Ok(Tool {
        name,
        title: args.title,
        description,
        version: args.version,
        model_id: args.model_id,
        format,
        annotations,
        kind,
        confirm,
        icons,
        krate: args.krate.unwrap_or_else(|| syn::parse_quote!(::toolshape)),
        ignore_unknown: args
            .unknown_arguments
            .is_some_and(|policy| policy.0 == UnknownArguments::Ignore),
        envelope,
        task: args.task.map(|task| task.0),
        extend_schema: args.extend_schema,
        scopes,
        state,
        params,
        is_async: sig.asyncness.is_some(),
        fn_ident: sig.ident.clone(),
        vis: function.vis.clone(),
        output,
        state_param: state_param(sig),
    })
}

/// A name for the state's type parameter that `sig` does not use.
fn state_param(sig: &syn::Signature) -> syn::Ident {
    fn idents(tokens: proc_macro2::TokenStream, out: &mut Vec<String>) {
        for token in tokens {
            match token {
                proc_macro2::TokenTree::Ident(ident) => out.push(ident.to_string()),
                proc_macro2::TokenTree::Group(group) => idents(group.stream(), out),
                _ => {}
            }
        }
    }
    let mut used = Vec::new();
    idents(quote::ToTokens::to_token_stream(sig), &mut used);
    let name = ["State", "ServerState", "ToolState"]
        .into_iter()
        .map(str::to_owned)
        .chain((1..).map(|i| format!("State{i}")))
        .find(|name| !used.contains(name))
        .unwrap_or_default();
    syn::Ident::new(&name, Span::call_site())
}

/// The constraints of `arg`, checked: bounds in order, a pattern that compiles.
fn check_constraints(errors: &mut darling::error::Accumulator, arg: &ArgArgs) -> Constraints {
    let mut constraints = Constraints::default();
    if let Some(range) = &arg.range {
        constraints.minimum = range.min.map(|n| n.0);
        constraints.maximum = range.max.map(|n| n.0);
        if let (Some(min), Some(max)) = (constraints.minimum, constraints.maximum)
            && min > max
        {
            errors.push(
                darling::Error::custom(format!("`range`: `min` ({min}) is above `max` ({max})"))
                    .with_span(&range.span()),
            );
        }
        if constraints.minimum.is_none() && constraints.maximum.is_none() {
            errors.push(
                darling::Error::custom(
                    "`range` needs `min`, `max` or both: `range(min = 1, max = 100)`",
                )
                .with_span(&range.span()),
            );
        }
    }
    if let Some(length) = &arg.length {
        constraints.min_length = length.min;
        constraints.max_length = length.max;
        if let (Some(min), Some(max)) = (length.min, length.max)
            && min > max
        {
            errors.push(
                darling::Error::custom(format!("`length`: `min` ({min}) is above `max` ({max})"))
                    .with_span(&length.span()),
            );
        }
        if length.min.is_none() && length.max.is_none() {
            errors.push(
                darling::Error::custom("`length` needs `min`, `max` or both: `length(max = 64)`")
                    .with_span(&length.span()),
            );
        }
    }
    if let Some(pattern) = &arg.pattern {
        if let Err(error) = regex_syntax::Parser::new().parse(pattern) {
            errors.push(
                darling::Error::custom(format!(
                    "`pattern` is not a valid regular expression: {}",
                    error
                        .to_string()
                        .lines()
                        .last()
                        .unwrap_or_default()
                        .trim()
                        .trim_start_matches("error: ")
                ))
                .with_span(&pattern.span()),
            );
        }
        constraints.pattern = Some(pattern.0.clone());
    }
    if let Some(one_of) = &arg.one_of {
        constraints.one_of = one_of.0.0.clone();
    }
    if let Some(header) = &arg.header {
        // An HTTP token (RFC 9110), as the header name `Mcp-Param-<header>` needs.
        let token = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c);
        if header.is_empty() || !header.chars().all(token) {
            errors.push(
                darling::Error::custom(format!(
                    "`header` is a header name: letters, digits and `-`, as `Region` (sent as \
                     `Mcp-Param-Region`), not `{}`",
                    header.0
                ))
                .with_span(&header.span()),
            );
        }
        constraints.header = Some(header.0.clone());
    }
    constraints
}

/// `icon(...)`: a source, and sizes and a MIME type in the forms clients read.
fn check_icon(
    errors: &mut darling::error::Accumulator,
    icon: &darling::util::SpannedValue<Listed<IconArgs>>,
) -> Option<Icon> {
    let mut fail = |message: &str, span: Span| {
        errors.push(darling::Error::custom(message).with_span(&span));
    };
    let src = icon.src.trim();
    if src.is_empty() || src.chars().any(char::is_whitespace) {
        fail(
            "an icon's `src` is a URL (`https://…`) or a `data:` URI, without spaces",
            icon.src.span(),
        );
    }
    let mime_type = icon.mime_type.as_ref().map(|mime| {
        let valid = mime.split_once('/').is_some_and(|(kind, sub)| {
            !kind.is_empty() && !sub.is_empty() && !mime.contains(char::is_whitespace)
        });
        if !valid {
            fail(
                "an icon's `mime_type` is `type/subtype`, as `image/png` or `image/svg+xml`",
                mime.span(),
            );
        }
        (**mime).clone()
    });
    let sizes: Vec<String> = icon.sizes.as_ref().map_or_else(Vec::new, |sizes| {
        let list: Vec<String> = sizes.split_whitespace().map(str::to_owned).collect();
        let size_ok = |size: &str| {
            size == "any"
                || size.split_once('x').is_some_and(|(w, h)| {
                    !w.is_empty()
                        && !h.is_empty()
                        && w.bytes().chain(h.bytes()).all(|b| b.is_ascii_digit())
                })
        };
        if list.is_empty() || !list.iter().all(|size| size_ok(size)) {
            fail(
                "an icon's `sizes` are `WxH` or `any`, separated by spaces: `sizes = \"48x48 96x96\"`",
                sizes.span(),
            );
        }
        list
    });
    Some(Icon {
        src: src.to_owned(),
        mime_type,
        sizes,
        theme: icon.theme.as_ref().map(|theme| theme.0),
    })
}
