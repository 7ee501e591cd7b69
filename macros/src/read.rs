//! Reads the model of one tool from the function and its attribute, as written: the
//! attribute's keys, the function's name and description, its signature, its parameters
//! (`params.rs`), its output. Reading refuses only what it cannot read (a parameter without
//! a plain name, a receiver the server cannot call); what the declaration means is checked
//! afterwards, against the model, by the named rules of `valid/`.

use proc_macro2::Span;
use syn::ItemFn;

use crate::attr::{
    Annotations, DataText, FormatName, IconArgs, KindName, Listed, TextValue, ToolArgs,
    UnknownArguments,
};
use crate::docs;
use crate::model::{Icon, Param, Tool};
use crate::params::{Params, read_params};
use crate::valid::Draft;

/// The model of the tool `function` declares with `#[tool(args)]`, and each parameter the
/// client sends as written, for the rules. Errors of reading are added to `errors`; where a
/// key is missing or wrong, the model holds what the tool would be without it, so that the
/// rules can still read the rest.
pub(crate) fn read(
    errors: &mut darling::error::Accumulator,
    args: &ToolArgs,
    function: &ItemFn,
    site: Span,
) -> (Tool, Vec<Draft>) {
    let sig = &function.sig;
    let format = args
        .format
        .as_ref()
        .map_or(FormatName::Json, |format| format.0);
    let kind = args.kind.as_ref().map(|kind| kind.0);
    let rename_all = args.rename_all.as_ref().map(|rule| rule.0);
    let Params {
        state,
        mut params,
        drafts,
    } = read_params(errors, sig, rename_all);
    let krate = args
        .krate
        .clone()
        .unwrap_or_else(|| syn::parse_quote!(::toolshape));
    let detail = args
        .detail
        .as_ref()
        .filter(|flag| flag.0)
        .map(|flag| flag.span());
    if detail.is_some() {
        params.push(Param::Detail(Box::new(response_format(&krate))));
    }
    let output = match &sig.output {
        syn::ReturnType::Default => None,
        syn::ReturnType::Type(_, ty) => Some((**ty).clone()),
    };
    let tool = Tool {
        name: name_of(args, sig),
        title: args.title.clone(),
        description: description_of(args, function),
        version: args.version.clone(),
        model_id: args.model_id.clone(),
        format,
        annotations: annotations_of(args, kind),
        kind,
        confirm: args
            .confirm
            .as_ref()
            .filter(|_| format == FormatName::Text)
            .map(|confirm| confirm.0.clone()),
        no_undo: kind == Some(KindName::Action) && args.undo.as_ref().is_some_and(|undo| !undo.0),
        detail,
        data_text: format == FormatName::Hybrid
            && args
                .data
                .as_ref()
                .is_some_and(|data| data.0 == DataText::Text),
        icons: args.icons.iter().map(icon_of).collect(),
        krate,
        ignore_unknown: args
            .unknown_arguments
            .as_ref()
            .is_some_and(|policy| policy.0 == UnknownArguments::Ignore),
        envelope: envelope_of(args, format, kind),
        task: args.task.as_ref().map(|task| task.0),
        extend_schema: args.extend_schema.clone(),
        scopes: args.scopes.as_ref().map_or_else(Vec::new, |scopes| {
            scopes.0.iter().map(syn::LitStr::value).collect()
        }),
        keywords: args.keywords.as_ref().map_or_else(Vec::new, |keywords| {
            keywords
                .0
                .iter()
                .map(|k| k.value().trim().to_owned())
                .collect()
        }),
        app: args.app.clone(),
        state,
        params,
        is_async: sig.asyncness.is_some(),
        fn_ident: sig.ident.clone(),
        vis: function.vis.clone(),
        output,
        state_param: state_param(sig),
        site,
        in_trait: None,
    };
    (tool, drafts)
}

/// Whether the results carry the envelope: a structured format's do unless `envelope =
/// false` says otherwise, where the rules let it (a json tool that is not a state tool).
fn envelope_of(args: &ToolArgs, format: FormatName, kind: Option<KindName>) -> bool {
    match &args.envelope {
        Some(flag) if format == FormatName::Json => flag.0 || kind == Some(KindName::State),
        _ => format.is_structured(),
    }
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

/// The tool's name: `name = "..."`, or the function's without `r#`.
fn name_of(args: &ToolArgs, sig: &syn::Signature) -> TextValue {
    match &args.name {
        Some(name) => name.clone(),
        // `rename_all` is about the parameters, as serde's is about the fields: the tool
        // keeps its function's name.
        None => TextValue::Literal(syn::LitStr::new(
            &crate::valid::fn_name(sig),
            sig.ident.span(),
        )),
    }
}

/// The tool's description: `description = ...`, or the doc comment.
fn description_of(args: &ToolArgs, function: &ItemFn) -> TextValue {
    let span = function.sig.ident.span();
    args.description
        .clone()
        .or_else(|| docs::collect_text(&function.attrs, span))
        .unwrap_or_else(|| TextValue::Literal(syn::LitStr::new("", span)))
}

/// `icon(...)` as the listing gives it: the source trimmed, the sizes split.
fn icon_of(icon: &darling::util::SpannedValue<Listed<IconArgs>>) -> Icon {
    Icon {
        src: icon.src.trim().to_owned(),
        mime_type: icon.mime_type.as_ref().map(|mime| (**mime).clone()),
        sizes: icon.sizes.as_ref().map_or_else(Vec::new, |sizes| {
            sizes.split_whitespace().map(str::to_owned).collect()
        }),
        theme: icon.theme.as_ref().map(|theme| theme.0),
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
