//! Builds the model of one tool from the function and its attribute. The rules that span
//! several parts of the declaration are checked while it is built, by `valid/`; each
//! parameter is read by `params.rs`; borrowed parameters follow the one rule of `lend.rs`.
//!
//! Errors are accumulated: a user sees every problem of one tool in one build.

use proc_macro2::Span;
use syn::{FnArg, GenericParam, ItemFn, Type};

use crate::attr::{
    Annotations, FormatName, IconArgs, KindName, Listed, TextValue, ToolArgs, UnknownArguments,
};
use crate::docs;
use crate::model::{Icon, Param, Tool};
use crate::params::{Params, read_params};
use crate::valid::{
    check_confirm, check_detail, check_envelope, check_keywords, check_output_shape, check_scopes,
    check_task, check_text, check_tool_name, check_undo,
};

/// Builds the model, or every error found, in the order the declaration is read: the
/// attribute's keys, the function's name and description, its signature, its parameters,
/// its output.
///
/// `site` is the tool's attribute, where errors about the declaration as a whole land.
/// `args_incomplete` says that some of the attribute's keys could not be read (their errors
/// are reported already): a key that seems missing may just be misspelt, so its absence is
/// not reported again.
pub(crate) fn build(
    args: ToolArgs,
    function: &ItemFn,
    args_incomplete: bool,
    site: Span,
) -> darling::Result<Tool> {
    let mut errors = darling::Error::accumulator();
    let sig = &function.sig;

    let format = format_of(&mut errors, &args, args_incomplete, site);
    let kind = args.kind.as_ref().map(|kind| kind.0);
    check_kind_format(&mut errors, &args, kind, format);
    let envelope = check_envelope(&mut errors, format, kind, args.envelope.as_ref());
    let no_undo = check_undo(&mut errors, kind, args.undo.as_ref());
    let annotations = annotations_of(&args, kind);
    let name = name_of(&mut errors, &args, sig);
    let description = description_of(&mut errors, &args, function, args_incomplete);
    check_signature(&mut errors, sig);
    let rename_all = args.rename_all.as_ref().map(|rule| rule.0);
    let Params { state, mut params } = read_params(&mut errors, sig, rename_all);
    let has_context = params
        .iter()
        .any(|param| matches!(param, Param::Context(_)));
    check_task(&mut errors, args.task.as_ref(), has_context);

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

    let (detail, data_text) = check_detail(
        &mut errors,
        format,
        confirm.is_some(),
        envelope,
        args.detail.as_ref(),
        args.data.as_ref(),
        &params,
    );
    if detail.is_some() {
        let krate = args
            .krate
            .clone()
            .unwrap_or_else(|| syn::parse_quote!(::toolshape));
        params.push(crate::model::Param::Detail(Box::new(response_format(
            &krate,
        ))));
    }

    let icons = args
        .icons
        .iter()
        .filter_map(|icon| check_icon(&mut errors, icon))
        .collect();

    let scopes = args
        .scopes
        .as_ref()
        .map_or_else(Vec::new, |scopes| check_scopes(&mut errors, scopes));

    let keywords = args
        .keywords
        .as_ref()
        .map_or_else(Vec::new, |keywords| check_keywords(&mut errors, keywords));

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
        no_undo,
        detail,
        data_text,
        icons,
        krate: args.krate.unwrap_or_else(|| syn::parse_quote!(::toolshape)),
        ignore_unknown: args
            .unknown_arguments
            .is_some_and(|policy| policy.0 == UnknownArguments::Ignore),
        envelope,
        task: args.task.map(|task| task.0),
        extend_schema: args.extend_schema,
        scopes,
        keywords,
        app: args.app,
        state,
        params,
        is_async: sig.asyncness.is_some(),
        fn_ident: sig.ident.clone(),
        vis: function.vis.clone(),
        output,
        state_param: state_param(sig),
        site,
        in_trait: None,
    })
}

/// The `response_format` argument of a `#[tool(detail)]` tool: `"concise"` (the default) or
/// `"detailed"`.
fn response_format(krate: &syn::Path) -> crate::model::SchemaParam {
    crate::model::SchemaParam {
        ident: syn::Ident::new("__toolshape_response_format", Span::call_site()),
        name: "response_format".into(),
        ty: Box::new(syn::parse_quote!(#krate::__private::Detail)),
        borrowed: None,
        description: TextValue::Literal(syn::LitStr::new(
            "How much to show: \"concise\" (the default) leaves out details that are rarely needed; \"detailed\" adds them (identifiers for follow-up calls, exact values).",
            Span::call_site(),
        )),
        default: Some(None),
        cfg: Vec::new(),
        constraints: crate::model::Constraints::default(),
    }
}

/// `format = "..."`: required, but not reported missing when the attribute had errors.
fn format_of(
    errors: &mut darling::error::Accumulator,
    args: &ToolArgs,
    args_incomplete: bool,
    site: Span,
) -> FormatName {
    match args.format {
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
                .with_span(&site),
            );
            FormatName::Json
        }
    }
}

/// A `kind = "state"` tool's result is read by programs: a structured format.
fn check_kind_format(
    errors: &mut darling::error::Accumulator,
    args: &ToolArgs,
    kind: Option<KindName>,
    format: FormatName,
) {
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
}

/// MCP annotations: from `kind`, overridden by the explicit hints.
fn annotations_of(args: &ToolArgs, kind: Option<KindName>) -> Annotations {
    Annotations {
        read_only: args.read_only.map(|flag| flag.0),
        destructive: args.destructive.map(|flag| flag.0),
        idempotent: args.idempotent.map(|flag| flag.0),
        open_world: args.open_world.map(|flag| flag.0),
    }
    .or(kind.map(KindName::hints).unwrap_or_default())
}

/// The tool's name: `name = "..."` or the function's, checked.
fn name_of(
    errors: &mut darling::error::Accumulator,
    args: &ToolArgs,
    sig: &syn::Signature,
) -> TextValue {
    let ident_name = sig.ident.to_string();
    let ident_name = ident_name
        .strip_prefix("r#")
        .unwrap_or(&ident_name)
        .to_owned();
    match &args.name {
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
    }
}

/// The tool's description: `description = ...` or the doc comment, which a tool needs.
fn description_of(
    errors: &mut darling::error::Accumulator,
    args: &ToolArgs,
    function: &ItemFn,
    args_incomplete: bool,
) -> TextValue {
    let sig = &function.sig;
    let doc = || docs::collect_text(&function.attrs, sig.ident.span());
    for (key, value) in [
        ("description", &args.description),
        ("title", &args.title),
        ("version", &args.version),
        ("model_id", &args.model_id),
    ] {
        check_text(errors, key, value.as_ref());
    }
    match args.description.clone().or_else(doc) {
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
    }
}

/// Signature shapes the runtime cannot serve: `unsafe`, an ABI, variadics, type
/// parameters (`impl Trait` parameters among them).
fn check_signature(errors: &mut darling::error::Accumulator, sig: &syn::Signature) {
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
