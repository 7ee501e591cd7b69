//! `#[derive(Narrative)]`: a narrative from a template whose placeholders name the type's
//! fields, checked here, at compile time.
//!
//! The stages of `#[tool]` in one file, because the derive is small: [`Template::parse`]
//! reads what the user wrote, [`check`] holds every placeholder against the fields
//! (accumulating errors), and [`expand`] generates one `format!` call.

use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::parse::{Parse, ParseStream};
use syn::{Data, DeriveInput, Fields, LitStr, Token};

/// `#[derive(Narrative)]` on `input`: the impl, or the errors and a stub impl so one
/// mistake does not cascade into "`T` has no narrative" wherever the type is used.
pub(crate) fn derive(input: TokenStream) -> TokenStream {
    let input: DeriveInput = match syn::parse2(input) {
        Ok(input) => input,
        Err(error) => return error.into_compile_error(),
    };
    match expand(&input) {
        Ok(tokens) => tokens,
        Err(error) => {
            let krate = attr(&input)
                .ok()
                .and_then(|a| a.krate)
                .unwrap_or_else(|| syn::parse_quote!(::toolshape));
            let errors = error.into_compile_error();
            let stub = implementation(&input, &krate, quote!(::core::unreachable!()));
            quote! { #errors #stub }
        }
    }
}

/// `#[narrative("template")]` or `#[narrative("template", crate = path)]`.
struct NarrativeAttr {
    template: LitStr,
    krate: Option<syn::Path>,
}

impl Parse for NarrativeAttr {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let template: LitStr = input.parse().map_err(|error| {
            syn::Error::new(
                error.span(),
                "expected the narrative template, a string literal: `#[narrative(\"Found {count} volumes\")]`",
            )
        })?;
        let mut krate = None;
        if input.parse::<Option<Token![,]>>()?.is_some() && !input.is_empty() {
            input.parse::<Token![crate]>()?;
            input.parse::<Token![=]>()?;
            krate = Some(input.parse()?);
            input.parse::<Option<Token![,]>>()?;
        }
        Ok(NarrativeAttr { template, krate })
    }
}

fn attr(input: &DeriveInput) -> syn::Result<NarrativeAttr> {
    let mut attrs = input
        .attrs
        .iter()
        .filter(|a| a.path().is_ident("narrative"));
    let Some(first) = attrs.next() else {
        return Err(syn::Error::new_spanned(
            &input.ident,
            format!(
                "`#[derive(Narrative)]` needs a template\n\
                 help: add `#[narrative(\"...\")]` below the derive, naming fields of `{}` in braces, e.g. `#[narrative(\"Found {{count}} items\")]`",
                input.ident
            ),
        ));
    };
    if let Some(second) = attrs.next() {
        return Err(syn::Error::new_spanned(
            second,
            "a type has one narrative template\nhelp: remove this `#[narrative(...)]`, or merge it into the first",
        ));
    }
    first.parse_args()
}

/// One `{...}` of a template.
#[derive(Debug, PartialEq)]
struct Placeholder {
    /// The text between the braces, for messages.
    text: String,
    /// Byte range of the text between the braces, within the template's value.
    range: std::ops::Range<usize>,
    /// Field names, outermost first.
    path: Vec<String>,
    /// `.len` at the end: the length of the collection at `path`.
    len: bool,
    /// What follows `:`, passed to `format!`.
    spec: Option<String>,
}

/// A template split into the `format!` string (with anonymous `{}`s) and its placeholders.
#[derive(Debug)]
struct Template {
    format: String,
    placeholders: Vec<Placeholder>,
}

impl Template {
    /// Parses a template; the error is a message about the template as a whole.
    fn parse(template: &str) -> Result<Template, String> {
        let mut format = String::with_capacity(template.len());
        let mut placeholders = Vec::new();
        let mut chars = template.char_indices().peekable();
        while let Some((at, c)) = chars.next() {
            match c {
                '{' if chars.peek().map(|&(_, c)| c) == Some('{') => {
                    chars.next();
                    format.push_str("{{");
                }
                '}' if chars.peek().map(|&(_, c)| c) == Some('}') => {
                    chars.next();
                    format.push_str("}}");
                }
                '}' => {
                    return Err(
                        "unmatched `}` in the narrative template\nhelp: write `}}` for a literal `}`"
                            .into(),
                    );
                }
                '{' => {
                    let start = at + 1;
                    let end = loop {
                        match chars.next() {
                            Some((end, '}')) => break end,
                            Some((_, '{')) | None => {
                                return Err("unclosed `{` in the narrative template\nhelp: close the placeholder with `}`, or write `{{` for a literal `{`".into());
                            }
                            Some(_) => {}
                        }
                    };
                    let text = &template[start..end];
                    let (name, spec) = match text.split_once(':') {
                        Some((name, spec)) => (name, Some(spec.to_owned())),
                        None => (text, None),
                    };
                    // A raw field (`r#type`) is named with or without its `r#`.
                    let mut path: Vec<String> = name
                        .trim()
                        .split('.')
                        .map(|segment| segment.strip_prefix("r#").unwrap_or(segment).to_owned())
                        .collect();
                    let len = path.len() > 1 && path.last().is_some_and(|s| s == "len");
                    if len {
                        path.pop();
                    }
                    format.push('{');
                    if let Some(spec) = &spec {
                        format.push(':');
                        format.push_str(spec);
                    }
                    format.push('}');
                    placeholders.push(Placeholder {
                        text: text.to_owned(),
                        range: start..end,
                        path,
                        len,
                        spec,
                    });
                }
                c => format.push(c),
            }
        }
        Ok(Template {
            format,
            placeholders,
        })
    }
}

fn expand(input: &DeriveInput) -> syn::Result<TokenStream> {
    let attr = attr(input)?;
    let fields = named_fields(input)?;
    let template = Template::parse(&attr.template.value())
        .map_err(|message| syn::Error::new(attr.template.span(), message))?;
    check(&template, &attr.template, &input.ident, &fields)?;

    let krate = attr.krate.unwrap_or_else(|| syn::parse_quote!(::toolshape));
    let format = &template.format;
    let args = template.placeholders.iter().map(|placeholder| {
        let span = placeholder_span(&attr.template, placeholder);
        let path = placeholder.path.iter().map(|segment| member(segment, span));
        let access = quote_spanned!(span=> self #(.#path)*);
        if placeholder.len {
            quote_spanned!(span=> #access.len())
        } else {
            quote_spanned!(span=> #access)
        }
    });
    let body = quote!(::std::format!(#format #(, #args)*));
    Ok(implementation(input, &krate, body))
}

/// A field access segment, spanned on the placeholder: `name`, `r#type` or a tuple index.
fn member(segment: &str, span: Span) -> TokenStream {
    if let Ok(index) = segment.parse::<u32>() {
        let index = syn::Index { index, span };
        return quote!(#index);
    }
    let ident = match segment {
        // Keywords a field can be named after only in raw form.
        "type" | "match" | "fn" | "struct" | "enum" | "impl" | "loop" | "move" | "ref" | "use"
        | "mod" | "trait" | "where" | "static" | "const" | "in" | "for" | "if" | "else"
        | "while" | "let" | "mut" | "pub" | "return" | "as" | "break" | "continue" | "extern"
        | "false" | "true" | "unsafe" | "dyn" | "async" | "await" | "box" | "yield" | "macro"
        | "try" | "gen" => syn::Ident::new_raw(segment, span),
        _ => syn::Ident::new(segment, span),
    };
    quote!(#ident)
}

fn implementation(input: &DeriveInput, krate: &syn::Path, body: TokenStream) -> TokenStream {
    let ident = &input.ident;
    let (impl_generics, ty_generics, where_clause) = input.generics.split_for_impl();
    quote! {
        #[automatically_derived]
        impl #impl_generics #krate::__private::Narrative for #ident #ty_generics #where_clause {
            fn narrative(&self) -> #krate::__private::String {
                #body
            }
        }
    }
}

fn named_fields(input: &DeriveInput) -> syn::Result<Vec<syn::Ident>> {
    let message = "`#[derive(Narrative)]` works on structs with named fields, which the template's placeholders name\n\
                   help: implement `toolshape::Narrative` by hand, or return `toolshape::formats::Hybrid<T>` with a narrative made at run time";
    match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Named(fields) => Ok(fields
                .named
                .iter()
                .filter_map(|f| f.ident.clone())
                .collect()),
            Fields::Unnamed(_) | Fields::Unit => {
                Err(syn::Error::new_spanned(&input.ident, message))
            }
        },
        Data::Enum(data) => Err(syn::Error::new(data.enum_token.span, message)),
        Data::Union(data) => Err(syn::Error::new(data.union_token.span, message)),
    }
}

/// The error for a placeholder that is not a path through fields: what a placeholder may
/// contain, and the nearest form of what was written (`{volumes.len()}` is `{volumes.len}`;
/// a method call's receiver, `{name}` for `{name.to_uppercase()}`, with where the call goes).
fn not_a_placeholder(
    placeholder: &Placeholder,
    type_ident: &syn::Ident,
    names: &[String],
) -> String {
    const FORMS: &str = "note: a placeholder is a field (`{count}`), a path through fields (`{svm.name}`), either with `.len` for a collection's length (`{volumes.len}`), and a format after `:` (`{ratio:.2}`)";
    let call = placeholder
        .path
        .iter()
        .position(|segment| segment.contains('('));
    let Some(call) = call else {
        return format!(
            "narrative placeholder `{{{}}}` is not a field name or a path through fields\n\
             help: name a field of `{type_ident}` in the braces, e.g. `{{{}}}`; write `{{{{` for a literal `{{`\n{FORMS}",
            placeholder.text,
            names.first().map_or("field", String::as_str),
        );
    };
    let receiver = placeholder.path[..call].join(".");
    let method = placeholder.path[call]
        .split('(')
        .next()
        .unwrap_or_default()
        .trim();
    let spec = placeholder
        .spec
        .as_ref()
        .map_or_else(String::new, |spec| format!(":{spec}"));
    let help = if method == "len" && !receiver.is_empty() {
        format!("help: write `{{{receiver}.len{spec}}}`: `.len` without `()` is the length")
    } else if receiver.is_empty() {
        "help: compute the value into a field of the type and name that field".to_owned()
    } else {
        format!(
            "help: write `{{{receiver}{spec}}}` for the value itself; for `{method}()` of it, compute the result into a field of `{type_ident}` and name that field, or return `toolshape::formats::Hybrid<T>` with a narrative made at run time"
        )
    };
    format!(
        "narrative placeholder `{{{}}}` calls a method, and a placeholder names fields\n{help}\n{FORMS}",
        placeholder.text
    )
}

/// A field name or tuple index: what `member` can turn into tokens.
fn is_segment(segment: &str) -> bool {
    let mut chars = segment.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => segment.parse::<u32>().is_ok(),
        Some(c) if c.is_alphabetic() || c == '_' => {
            segment != "_" && chars.all(|c| c.is_alphanumeric() || c == '_')
        }
        _ => false,
    }
}

fn unraw(ident: &syn::Ident) -> String {
    let name = ident.to_string();
    name.strip_prefix("r#").unwrap_or(&name).to_owned()
}

/// The span of a placeholder inside the literal where the compiler can give one (nightly),
/// else the literal's.
fn placeholder_span(literal: &LitStr, placeholder: &Placeholder) -> Span {
    // Offsets in the value are offsets in the token, past its opening quote, only while the
    // token spells the value literally (no escapes, not a raw string) up to the placeholder.
    let token = literal.token();
    let raw = token.to_string();
    let value = literal.value();
    let start = placeholder.range.start;
    if raw.get(..1) == Some("\"") && raw.get(1..=start) == value.get(..start) {
        // From the opening `{` (at `start` in the token) to the closing `}`.
        if let Some(span) = token.subspan(start..placeholder.range.end + 2) {
            return span;
        }
    }
    literal.span()
}

/// Every placeholder's first segment must be a field of the type; all problems are reported.
fn check(
    template: &Template,
    literal: &LitStr,
    type_ident: &syn::Ident,
    fields: &[syn::Ident],
) -> syn::Result<()> {
    let names: Vec<String> = fields.iter().map(unraw).collect();
    let mut errors: Option<syn::Error> = None;
    let mut push = |error: syn::Error| match &mut errors {
        Some(errors) => errors.combine(error),
        None => errors = Some(error),
    };
    for placeholder in &template.placeholders {
        let span = placeholder_span(literal, placeholder);
        let first = &placeholder.path[0];
        if placeholder.path.iter().any(|segment| !is_segment(segment)) {
            push(syn::Error::new(
                span,
                not_a_placeholder(placeholder, type_ident, &names),
            ));
            continue;
        }
        if names.iter().any(|name| name == first) {
            continue;
        }
        let mut message = format!(
            "`{type_ident}` has no field `{first}`, named by the narrative placeholder `{{{}}}`",
            placeholder.text
        );
        if let Some(suggestion) = closest(first, &names) {
            message.push_str(&format!("\nhelp: did you mean `{{{}}}`?", {
                let mut fixed = placeholder.text.clone();
                fixed.replace_range(
                    fixed.find(first.as_str()).unwrap_or(0)
                        ..fixed.find(first.as_str()).unwrap_or(0) + first.len(),
                    suggestion,
                );
                fixed
            }));
        }
        if names.is_empty() {
            message.push_str(&format!("\nnote: `{type_ident}` has no fields"));
        } else {
            message.push_str(&format!(
                "\nnote: the fields of `{type_ident}` are {}; a placeholder is a field, a path through fields (`{{a.b}}`), or either with `.len` for a collection's length",
                names
                    .iter()
                    .map(|n| format!("`{n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        push(syn::Error::new(span, message));
    }
    match errors {
        Some(errors) => Err(errors),
        None => Ok(()),
    }
}

/// The field nearest to `name` in edit distance, if near enough to be a typo.
fn closest<'a>(name: &str, candidates: &'a [String]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|candidate| (levenshtein(name, candidate), candidate))
        .filter(|(distance, candidate)| *distance <= (candidate.len().max(name.len()) / 3).max(1))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate.as_str())
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut previous = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let current = row[j + 1];
            row[j + 1] = (previous + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(current + 1);
            previous = current;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pretty(tokens: TokenStream) -> String {
        prettyplease::unparse(&syn::parse2(tokens).expect("expansion parses as a file"))
    }

    #[test]
    fn narrative_expansion() {
        let expanded = derive(quote! {
            #[narrative("Volume {name} on {svm.name}: {size_gib:.1} GiB, {snapshots.len} snapshots, {{autosize}} {autosize.mode}")]
            struct VolumeConfiguration<'a> {
                name: &'a str,
                svm: Svm,
                size_gib: f64,
                snapshots: Vec<Snapshot>,
                autosize: Autosize,
            }
        });
        expect_test::expect_file!["../tests/snapshots/narrative_derive.rs"]
            .assert_eq(&pretty(expanded));
    }

    #[test]
    fn parses_placeholders() {
        let template = Template::parse("{a} and {b.c.len:>4} {{x}}").unwrap();
        assert_eq!(template.format, "{} and {:>4} {{x}}");
        assert_eq!(template.placeholders[1].path, ["b", "c"]);
        assert!(template.placeholders[1].len);
        assert_eq!(template.placeholders[1].range, 9..19);
        assert!(Template::parse("{a").is_err());
        assert!(Template::parse("a}").is_err());
    }

    #[test]
    fn suggests_near_names() {
        let names = ["count".to_owned(), "cluster".to_owned()];
        assert_eq!(closest("cout", &names), Some("count"));
        assert_eq!(closest("clutser", &names), Some("cluster"));
        assert_eq!(closest("volumes", &names), None);
    }
}
