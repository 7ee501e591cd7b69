//! The rules that span several parts of a tool's declaration, checked in one pass: the
//! tool-level keys (scopes, `envelope`, `confirm`, the name, the output's shape) here, each
//! `#[arg(...)]` against its parameter's type and the tool's other parameters, and a literal
//! default against its constraints, in `params.rs`. The model (`model.rs`) calls them while
//! it is built and these files import nothing of it; each error is spanned at what the user
//! must change.

use proc_macro2::Span;
use syn::Type;
use syn::spanned::Spanned;

use crate::attr::{Flag, FormatName, KindName, Quoted, TaskName, TextValue};

mod params;
pub(crate) use params::{Draft, check_param_attributes};

/// `keywords = [..]`: at least one keyword, each with a letter or digit, none twice
/// (ignoring case and surrounding spaces). The checked keywords, trimmed.
pub(crate) fn check_keywords(
    errors: &mut darling::error::Accumulator,
    keywords: &darling::util::SpannedValue<crate::attr::Keywords>,
) -> Vec<String> {
    if keywords.0.is_empty() {
        errors.push(
            darling::Error::custom(
                "`keywords` lists at least one word, as in `keywords = [\"password\"]`\n\
                 help: a tool without words of its own has no `keywords` key",
            )
            .with_span(&keywords.span()),
        );
    }
    let mut seen: Vec<String> = Vec::new();
    for keyword in &keywords.0 {
        let value = keyword.value();
        let trimmed = value.trim();
        if !trimmed.chars().any(char::is_alphanumeric) {
            errors.push(
                darling::Error::custom(format!(
                    "the keyword \"{}\" has no word in it: a keyword is a word or a few words users type, as in `keywords = [\"password\", \"sign in\"]`",
                    value.escape_debug()
                ))
                .with_span(keyword),
            );
        } else if seen.iter().any(|s| s.eq_ignore_ascii_case(trimmed)) {
            errors.push(
                darling::Error::custom(format!("the keyword \"{trimmed}\" is listed twice"))
                    .with_span(keyword),
            );
        } else {
            seen.push(trimmed.to_owned());
        }
    }
    seen
}

/// `scopes = [..]`: at least one scope, each an OAuth scope token (RFC 6749: printable
/// ASCII without spaces, `"` or `\\`), none twice.
pub(crate) fn check_scopes(
    errors: &mut darling::error::Accumulator,
    scopes: &darling::util::SpannedValue<crate::attr::Scopes>,
) -> Vec<String> {
    if scopes.0.is_empty() {
        errors.push(
            darling::Error::custom(
                "`scopes` lists at least one scope, as in `scopes = [\"users:write\"]`\n\
                 help: a tool any caller may use has no `scopes` key",
            )
            .with_span(&scopes.span()),
        );
    }
    let mut seen: Vec<String> = Vec::new();
    for scope in &scopes.0 {
        let value = scope.value();
        let token = !value.is_empty()
            && value
                .chars()
                .all(|c| c.is_ascii_graphic() && c != '"' && c != '\\');
        if !token {
            errors.push(
                darling::Error::custom(format!(
                    "`{}` is not an OAuth scope: a scope is one word of printable ASCII, without spaces, `\"` or `\\`\n\
                     help: write each scope as its own string, as in `scopes = [\"users:read\", \"users:write\"]`",
                    value.escape_debug()
                ))
                .with_span(scope),
            );
        } else if seen.contains(&value) {
            errors.push(
                darling::Error::custom(format!("the scope `{value}` is listed twice"))
                    .with_span(scope),
            );
        } else {
            seen.push(value);
        }
    }
    seen
}

/// `envelope = false`: only for `format = "json"`, and not for a `kind = "state"` tool, whose
/// envelope programs (undo) read. Whether the tool's results carry the envelope.
/// `undo = false`: only for a `kind = "action"` tool, the one kind undo records; `undo =
/// true` is what every action is, and says nothing. Returns whether undo leaves it out.
pub(crate) fn check_undo(
    errors: &mut darling::error::Accumulator,
    kind: Option<KindName>,
    undo: Option<&darling::util::SpannedValue<Flag>>,
) -> bool {
    let Some(flag) = undo else {
        return false;
    };
    let problem = if kind != Some(KindName::Action) {
        "`undo` belongs to `kind = \"action\"` tools: undo records actions only, and this tool is not one\n\
         help: remove `undo`, or declare `kind = \"action\"`"
    } else if flag.0 {
        "`undo = true` is what every action is: undo records it unless its set-up cannot restore it\n\
         help: remove `undo`, or write `undo = false` to leave the action out"
    } else {
        return true;
    };
    errors.push(darling::Error::custom(problem).with_span(&flag.span()));
    false
}

pub(crate) fn check_envelope(
    errors: &mut darling::error::Accumulator,
    format: FormatName,
    kind: Option<KindName>,
    envelope: Option<&darling::util::SpannedValue<Flag>>,
) -> bool {
    let Some(flag) = envelope else {
        return format.is_structured();
    };
    let span = flag.span();
    if format != FormatName::Json {
        errors.push(
            darling::Error::custom(format!(
                "`envelope` belongs to `format = \"json\"` tools: a `format = \"{}\"` result {}",
                format.as_str(),
                if format == FormatName::Hybrid {
                    "keeps its narrative in its envelope\nhelp: for MCP's plain structured content, use `format = \"json\", envelope = false`"
                } else {
                    "is text, with no envelope"
                }
            ))
            .with_span(&span),
        );
        return format.is_structured();
    }
    if !flag.0 && kind == Some(KindName::State) {
        errors.push(
            darling::Error::custom(
                "a `kind = \"state\"` tool keeps its envelope: programs (undo, UI forms) read the state from its `data`\n\
                 help: remove `envelope = false`, or use `kind = \"read\"`",
            )
            .with_span(&span),
        );
        return true;
    }
    flag.0
}

/// A text key written as an empty literal (`description = ""`, `title = " "`): the key says
/// there is text, the value says there is none. What the key is for says what to write.
pub(crate) fn check_text(
    errors: &mut darling::error::Accumulator,
    key: &str,
    value: Option<&TextValue>,
) {
    let Some(TextValue::Literal(text)) = value else {
        return;
    };
    if !text.value().trim().is_empty() {
        return;
    }
    let (what, fix) = match key {
        "description" => (
            "a tool's description is what a model reads to decide when to call it",
            "write what the tool does, or remove `description` to use the function's `///` doc comment",
        ),
        "parameter description" => (
            "a parameter's description tells a model what to send",
            "write what the parameter is, or remove `description` to use its `///` doc comment",
        ),
        "title" => (
            "a title is the name a client shows people",
            "write the title, or remove `title`: clients then show the tool's name",
        ),
        "version" => (
            "the version is the `tool_version` of each result's provenance",
            "write the version, as `version = \"1.2.0\"`, or remove `version` to use the crate's",
        ),
        _ => (
            "`model_id` names the model behind each result, in its provenance",
            "write the model's name, or remove `model_id`",
        ),
    };
    let key = key.rsplit(' ').next().unwrap_or(key);
    errors.push(
        darling::Error::custom(format!("`{key}` is empty: {what}\nhelp: {fix}")).with_span(text),
    );
}

/// `task = "deferred"` makes a call a task when the tool calls `cx.continue_as_task()`,
/// which only a tool with a `#[context]` parameter can.
pub(crate) fn check_task(
    errors: &mut darling::error::Accumulator,
    task: Option<&darling::util::SpannedValue<Quoted<TaskName>>>,
    has_context: bool,
) {
    if let Some(task) = task
        && task.0 == TaskName::Deferred
        && !has_context
    {
        errors.push(
            darling::Error::custom(
                "`task = \"deferred\"` turns a call into a task when the tool calls `cx.continue_as_task()`, and this tool takes no `#[context]`, so it never can\n\
                 help: add a parameter `#[context] cx: toolshape::Context` and call `cx.continue_as_task().await` where the work gets long; \
                 or write `task = \"optional\"` to run as a task whenever the client supports tasks",
            )
            .with_span(&task.span()),
        );
    }
}

/// `confirm = "..."`: only for `format = "text"`, on one line; required by a text tool whose
/// return type is written `()` or omitted.
pub(crate) fn check_confirm(
    errors: &mut darling::error::Accumulator,
    format: FormatName,
    confirm: Option<&darling::util::SpannedValue<Quoted<String>>>,
    output: Option<&Type>,
    fn_span: Span,
) -> Option<String> {
    let returns_unit = match output {
        None => true,
        Some(Type::Tuple(tuple)) => tuple.elems.is_empty(),
        Some(_) => false,
    };
    match (format, confirm) {
        (FormatName::Text, Some(confirm)) => {
            if confirm.is_empty() || confirm.chars().any(char::is_control) {
                errors.push(
                    darling::Error::custom(
                        "a confirmation is one non-empty line: it is the whole text of the result",
                    )
                    .with_span(&confirm.span()),
                );
            }
            Some(confirm.0.clone())
        }
        (FormatName::Text, None) if returns_unit => {
            let span = output.map_or(fn_span, Spanned::span);
            errors.push(
                darling::Error::custom(
                    "a `format = \"text\"` tool that returns `()` needs a confirmation sentence\n\
                     help: add `confirm = \"User successfully deleted\"` to `#[tool(...)]`",
                )
                .with_span(&span),
            );
            None
        }
        (FormatName::Text, None) => None,
        (_, Some(confirm)) => {
            errors.push(
                darling::Error::custom(
                    "`confirm` belongs to `format = \"text\"` tools\n\
                     help: remove it, or use `format = \"text\"`",
                )
                .with_span(&confirm.span()),
            );
            None
        }
        (_, None) => None,
    }
}

/// The MCP rule for tool names: 1 to 128 characters from `A-Z a-z 0-9 _ - .`.
pub(crate) fn check_tool_name(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a tool name cannot be empty".into());
    }
    if name.len() > 128 {
        return Err(format!(
            "a tool name has at most 128 characters; this one has {}",
            name.len()
        ));
    }
    if let Some(bad) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
    {
        return Err(format!(
            "tool name `{name}` contains {bad:?}; MCP tool names use only A-Z, a-z, 0-9, `_`, `-` and `.`"
        ));
    }
    Ok(())
}

/// Return types the compiler would only reject with a bound error far from the fix: a
/// future returned by a function that is not `async`, and an error type that is a trait
/// object without `Send`.
pub(crate) fn check_output_shape(
    errors: &mut darling::error::Accumulator,
    output: &Type,
    is_async: bool,
) {
    let last_ident = |path: &syn::Path| path.segments.last().map(|s| s.ident.to_string());
    if !is_async
        && let Type::ImplTrait(impl_trait) = output
        && impl_trait.bounds.iter().any(|bound| {
            matches!(bound, syn::TypeParamBound::Trait(t) if last_ident(&t.path).as_deref() == Some("Future"))
        })
    {
        errors.push(
            darling::Error::custom(
                "a tool that returns a future is written as an `async fn`: the server awaits the tool and renders what the future gives\n\
                 help: write `async fn` and return the value itself (`-> T` rather than `-> impl Future<Output = T>`)",
            )
            .with_span(output),
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
        errors.push(darling::Error::from(syn::Error::new_spanned(
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
        errors.push(
            darling::Error::custom(
                "a tool's error type must be `Send`: the server runs calls on several threads and moves the error between them\n\
                 help: add `+ Send + Sync` to the trait object, as in `Box<dyn std::error::Error + Send + Sync>`",
            )
            .with_span(object),
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
pub(crate) fn trait_object_without_send(ty: &Type) -> Option<&syn::TypeTraitObject> {
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

/// `detail` and `data = "..."`: `detail` chooses how much of the data's text a model reads
/// (the text block of a json or hybrid tool becomes the data's `ToolText`; structured content
/// keeps every field), so it needs a text to choose from: not with `confirm`, nor without the
/// envelope. `data` belongs to hybrid tools. Returns `(detail, data_text)`, `detail` as the
/// span of the word `detail` when the tool has it.
pub(crate) fn check_detail(
    errors: &mut darling::error::Accumulator,
    format: FormatName,
    has_confirm: bool,
    envelope: bool,
    detail: Option<&darling::util::SpannedValue<Flag>>,
    data: Option<&darling::util::SpannedValue<Quoted<crate::attr::DataText>>>,
    params: &[crate::model::Param],
) -> (Option<proc_macro2::Span>, bool) {
    let data_text = match data {
        Some(data) if format != FormatName::Hybrid => {
            errors.push(
                darling::Error::custom(format!(
                    "`data` belongs to `format = \"hybrid\"` tools: it says what their text shows after the narrative; a `format = \"{}\"` result has no narrative",
                    format.as_str()
                ))
                .with_span(&data.span()),
            );
            false
        }
        Some(data) => data.0 == crate::attr::DataText::Text,
        None => false,
    };
    let Some(flag) = detail.filter(|flag| flag.0) else {
        return (None, data_text);
    };
    let span = flag.span();
    let problem = match format {
        FormatName::Json if !envelope => Some(
            "`detail` needs the envelope: with `envelope = false`, the text block is the value's JSON, all of it\n\
             help: remove `envelope = false`, or `detail`"
                .to_owned(),
        ),
        FormatName::Text if has_confirm => Some(
            "`detail` and `confirm` do not go together: a confirmation is one sentence, with nothing to leave out\n\
             help: remove `detail`, or `confirm` and return the record"
                .to_owned(),
        ),
        _ => None,
    };
    if let Some(problem) = problem {
        errors.push(darling::Error::custom(problem).with_span(&span));
        return (None, data_text);
    }
    let taken = params.iter().find_map(|param| match param {
        crate::model::Param::Schema(param) if param.name == "response_format" => Some(param),
        _ => None,
    });
    if let Some(param) = taken {
        errors.push(
            darling::Error::custom(
                "a `#[tool(detail)]` tool takes a `response_format` argument of its own (\"concise\" or \"detailed\"), which this parameter's name would hide\n\
                 help: rename the parameter, or remove `detail`",
            )
            .with_span(&param.ident),
        );
        return (None, data_text);
    }
    (Some(span), data_text)
}
