//! The rules of the tool as a whole: its attribute's keys against each other and against the
//! function.

use syn::spanned::Spanned;
use syn::{FnArg, GenericParam, Type};

use super::{Declaration, Problems};
use crate::attr::{FormatName, KindName, TaskName, TextValue};
use crate::model::Param;

/// `format = "..."` is required, but not reported missing when the attribute had errors.
pub(super) fn format_is_given(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    if d.args.format.is_none() && !d.args_incomplete {
        problems.at(
            d.tool.site,
            "missing `format`: add `format = \"json\"`, `format = \"text\"` or `format = \"hybrid\"` to `#[tool(...)]`\n\
             help: `json` returns the envelope `{status, data, metadata, grounded}` as structured content, for programs and models alike\n\
             help: `text` returns markdown a model reads, from a type that derives `toolshape::ToolText`\n\
             help: `hybrid` returns the envelope with a plain-English narrative, which leads the text a model reads",
        );
    }
}

/// A `kind = "state"` tool's result is read by programs: a structured format.
pub(super) fn state_tools_are_structured(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    if let (Some(KindName::State), Some(format)) = (d.tool.kind, &d.args.format)
        && !format.0.is_structured()
    {
        problems.at(
            format.span(),
            format!(
                "a `kind = \"state\"` tool cannot use `format = \"{}\"`: programs (undo, UI forms) read its result, and text would make them parse prose\n\
                 help: use `format = \"json\"`, or `format = \"hybrid\"` to keep a narrative for the model; or use `kind = \"read\"` if only people and models read it",
                format.0.as_str()
            ),
        );
    }
}

/// `envelope = false`: only for `format = "json"`, and not for a `kind = "state"` tool, whose
/// envelope programs (undo) read.
pub(super) fn envelope_fits_the_format(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let Some(flag) = &d.args.envelope else { return };
    let format = d.tool.format;
    if format != FormatName::Json {
        problems.at(
            flag.span(),
            format!(
                "`envelope` belongs to `format = \"json\"` tools: a `format = \"{}\"` result {}",
                format.as_str(),
                if format == FormatName::Hybrid {
                    "keeps its narrative in its envelope\nhelp: for MCP's plain structured content, use `format = \"json\", envelope = false`"
                } else {
                    "is text, with no envelope"
                }
            ),
        );
    } else if !flag.0 && d.tool.kind == Some(KindName::State) {
        problems.at(
            flag.span(),
            "a `kind = \"state\"` tool keeps its envelope: programs (undo, UI forms) read the state from its `data`\n\
             help: remove `envelope = false`, or use `kind = \"read\"`",
        );
    }
}

/// `undo = false`: only for a `kind = "action"` tool, the one kind undo records; `undo =
/// true` is what every action is, and says nothing.
pub(super) fn undo_fits_the_kind(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let Some(flag) = &d.args.undo else { return };
    let problem = if d.tool.kind != Some(KindName::Action) {
        "`undo` belongs to `kind = \"action\"` tools: undo records actions only, and this tool is not one\n\
         help: remove `undo`, or declare `kind = \"action\"`"
    } else if flag.0 {
        "`undo = true` is what every action is: undo records it unless its set-up cannot restore it\n\
         help: remove `undo`, or write `undo = false` to leave the action out"
    } else {
        return;
    };
    problems.at(flag.span(), problem);
}

/// The tool's name follows MCP's rule; a method's is a literal (a constant, `concat!(..)`,
/// … is checked where the compiler evaluates it, beside the registration of a function: a
/// method's has no place for the check).
pub(super) fn name_is_an_mcp_name(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let sig = &d.function.sig;
    match &d.args.name {
        Some(TextValue::Literal(name)) => {
            if let Err(message) = check_tool_name(&name.value()) {
                problems.at(name.span(), message);
            }
        }
        Some(TextValue::Expr(name)) if sig.receiver().is_some() => problems.at(
            name.span(),
            "a tool method's name is a string literal: `name = \"...\"`",
        ),
        Some(TextValue::Expr(_)) => {}
        None => {
            if let Err(message) = check_tool_name(&super::fn_name(sig)) {
                problems.at(
                    sig.ident.span(),
                    format!(
                        "{message}\nhelp: give the tool a valid name with `#[tool(name = \"...\")]`"
                    ),
                );
            }
        }
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

/// No text key is written as an empty literal (`description = ""`, `title = " "`).
pub(super) fn texts_are_not_empty(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    for (key, value) in [
        ("description", &d.args.description),
        ("title", &d.args.title),
        ("version", &d.args.version),
        ("model_id", &d.args.model_id),
    ] {
        text_is_not_empty(problems, key, value.as_ref());
    }
}

/// A text key written as an empty literal: the key says there is text, the value says there
/// is none. What the key is for says what to write.
pub(super) fn text_is_not_empty(problems: &mut Problems<'_>, key: &str, value: Option<&TextValue>) {
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
    problems.at(
        text.span(),
        format!("`{key}` is empty: {what}\nhelp: {fix}"),
    );
}

/// A tool has a description, which a model reads to decide when to call it.
pub(super) fn description_is_given(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let sig = &d.function.sig;
    let described = d.args.description.is_some()
        || crate::docs::collect_text(&d.function.attrs, sig.ident.span()).is_some();
    if !described && !d.args_incomplete {
        problems.at(
            sig.ident.span(),
            "a tool needs a description, which is what a model reads to decide when to call it\n\
             help: add a `///` doc comment to the function, or `description = \"...\"` to `#[tool(...)]`",
        );
    }
}

/// Signature shapes the runtime cannot serve: `unsafe`, an ABI, variadics, type parameters
/// (`impl Trait` parameters among them).
pub(super) fn signature_can_be_served(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let sig = &d.function.sig;
    if let syn::Safety::Unsafe(token) = &sig.safety {
        problems.at(
            token.span(),
            "a tool cannot be an `unsafe fn`: the server calls it with arguments from the client\nhelp: make the function safe and keep the `unsafe` block inside it",
        );
    }
    if let Some(abi) = &sig.abi {
        problems.at(abi.span(), "a tool cannot have an `extern` ABI");
    }
    if let Some(variadic) = &sig.variadic {
        problems.at(variadic.span(), "a tool cannot be variadic");
    }
    for param in &sig.generics.params {
        if let GenericParam::Type(_) | GenericParam::Const(_) = param {
            problems.at(
                param.span(),
                "a tool cannot be generic over types or constants: the server must know the parameter and output types to describe them\n\
                 help: write a non-generic wrapper function and put `#[tool]` on it",
            );
        }
    }
    // `x: impl Trait` is a type parameter too.
    for input in &sig.inputs {
        if let FnArg::Typed(typed) = input
            && let Type::ImplTrait(impl_trait) = &*typed.ty
        {
            problems.at(
                impl_trait.span(),
                "a tool parameter's type is a concrete type, not `impl Trait`: the server reads the argument from JSON and describes it in the input schema\n\
                 help: take the type the client sends (`String`, `u64`, a struct that derives `serde::Deserialize` and `schemars::JsonSchema`)",
            );
        }
    }
}

/// `task = "deferred"` makes a call a task when the tool calls `cx.continue_as_task()`,
/// which only a tool with a `#[context]` parameter can.
pub(super) fn deferred_tasks_take_a_context(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let has_context = d
        .tool
        .params
        .iter()
        .any(|param| matches!(param, Param::Context(_)));
    if let Some(task) = &d.args.task
        && task.0 == TaskName::Deferred
        && !has_context
    {
        problems.at(
            task.span(),
            "`task = \"deferred\"` turns a call into a task when the tool calls `cx.continue_as_task()`, and this tool takes no `#[context]`, so it never can\n\
             help: add a parameter `#[context] cx: toolshape::Context` and call `cx.continue_as_task().await` where the work gets long; \
             or write `task = \"optional\"` to run as a task whenever the client supports tasks",
        );
    }
}

/// `confirm = "..."`: only for `format = "text"`, on one line; required by a text tool whose
/// return type is written `()` or omitted.
pub(super) fn confirm_fits_the_format(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let output = d.tool.output.as_ref();
    let returns_unit = match output {
        None => true,
        Some(Type::Tuple(tuple)) => tuple.elems.is_empty(),
        Some(_) => false,
    };
    match (d.tool.format, &d.args.confirm) {
        (FormatName::Text, Some(confirm)) => {
            if confirm.is_empty() || confirm.chars().any(char::is_control) {
                problems.at(
                    confirm.span(),
                    "a confirmation is one non-empty line: it is the whole text of the result",
                );
            }
        }
        (FormatName::Text, None) if returns_unit => problems.at(
            output.map_or(d.function.sig.ident.span(), Spanned::span),
            "a `format = \"text\"` tool that returns `()` needs a confirmation sentence\n\
             help: add `confirm = \"User successfully deleted\"` to `#[tool(...)]`",
        ),
        (FormatName::Text, None) | (_, None) => {}
        (_, Some(confirm)) => problems.at(
            confirm.span(),
            "`confirm` belongs to `format = \"text\"` tools\n\
             help: remove it, or use `format = \"text\"`",
        ),
    }
}

/// `detail` and `data = "..."`: `detail` chooses how much of the data's text a model reads
/// (the text block of a json or hybrid tool becomes the data's `ToolText`; structured content
/// keeps every field), so it needs a text to choose from: not with `confirm`, nor without the
/// envelope, nor beside a parameter of its argument's name. `data` belongs to hybrid tools.
pub(super) fn detail_has_a_text(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let format = d.tool.format;
    if let Some(data) = &d.args.data
        && format != FormatName::Hybrid
    {
        problems.at(
            data.span(),
            format!(
                "`data` belongs to `format = \"hybrid\"` tools: it says what their text shows after the narrative; a `format = \"{}\"` result has no narrative",
                format.as_str()
            ),
        );
    }
    let Some(span) = d.tool.detail else { return };
    let problem = match format {
        FormatName::Json if !d.tool.envelope => Some(
            "`detail` needs the envelope: with `envelope = false`, the text block is the value's JSON, all of it\n\
             help: remove `envelope = false`, or `detail`",
        ),
        FormatName::Text if d.tool.confirm.is_some() => Some(
            "`detail` and `confirm` do not go together: a confirmation is one sentence, with nothing to leave out\n\
             help: remove `detail`, or `confirm` and return the record",
        ),
        _ => None,
    };
    if let Some(problem) = problem {
        problems.at(span, problem);
        return;
    }
    let taken = d.tool.params.iter().find_map(|param| match param {
        Param::Schema(param) if param.name == "response_format" => Some(param),
        _ => None,
    });
    if let Some(param) = taken {
        problems.at(
            param.ident.span(),
            "a `#[tool(detail)]` tool takes a `response_format` argument of its own (\"concise\" or \"detailed\"), which this parameter's name would hide\n\
             help: rename the parameter, or remove `detail`",
        );
    }
}

/// `icon(...)`: a source, and sizes and a MIME type in the forms clients read.
pub(super) fn icons_are_well_formed(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    for icon in &d.args.icons {
        let src = icon.src.trim();
        if src.is_empty() || src.chars().any(char::is_whitespace) {
            problems.at(
                icon.src.span(),
                "an icon's `src` is a URL (`https://…`) or a `data:` URI, without spaces",
            );
        }
        if let Some(mime) = &icon.mime_type {
            let valid = mime.split_once('/').is_some_and(|(kind, sub)| {
                !kind.is_empty() && !sub.is_empty() && !mime.contains(char::is_whitespace)
            });
            if !valid {
                problems.at(
                    mime.span(),
                    "an icon's `mime_type` is `type/subtype`, as `image/png` or `image/svg+xml`",
                );
            }
        }
        if let Some(sizes) = &icon.sizes {
            let size_ok = |size: &str| {
                size == "any"
                    || size.split_once('x').is_some_and(|(w, h)| {
                        !w.is_empty()
                            && !h.is_empty()
                            && w.bytes().chain(h.bytes()).all(|b| b.is_ascii_digit())
                    })
            };
            let mut list = sizes.split_whitespace().peekable();
            if list.peek().is_none() || !list.all(size_ok) {
                problems.at(
                    sizes.span(),
                    "an icon's `sizes` are `WxH` or `any`, separated by spaces: `sizes = \"48x48 96x96\"`",
                );
            }
        }
    }
}

/// `scopes = [..]`: at least one scope, each an OAuth scope token (RFC 6749: printable
/// ASCII without spaces, `"` or `\\`), none twice.
pub(super) fn scopes_are_oauth_scopes(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let Some(scopes) = &d.args.scopes else { return };
    if scopes.0.is_empty() {
        problems.at(
            scopes.span(),
            "`scopes` lists at least one scope, as in `scopes = [\"users:write\"]`\n\
             help: a tool any caller may use has no `scopes` key",
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
            problems.at(
                scope.span(),
                format!(
                    "`{}` is not an OAuth scope: a scope is one word of printable ASCII, without spaces, `\"` or `\\`\n\
                     help: write each scope as its own string, as in `scopes = [\"users:read\", \"users:write\"]`",
                    value.escape_debug()
                ),
            );
        } else if seen.contains(&value) {
            problems.at(scope.span(), format!("the scope `{value}` is listed twice"));
        } else {
            seen.push(value);
        }
    }
}

/// `keywords = [..]`: at least one keyword, each with a letter or digit, none twice
/// (ignoring case and surrounding spaces).
pub(super) fn keywords_are_words(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let Some(keywords) = &d.args.keywords else {
        return;
    };
    if keywords.0.is_empty() {
        problems.at(
            keywords.span(),
            "`keywords` lists at least one word, as in `keywords = [\"password\"]`\n\
             help: a tool without words of its own has no `keywords` key",
        );
    }
    let mut seen: Vec<String> = Vec::new();
    for keyword in &keywords.0 {
        let value = keyword.value();
        let trimmed = value.trim();
        if !trimmed.chars().any(char::is_alphanumeric) {
            problems.at(
                keyword.span(),
                format!(
                    "the keyword \"{}\" has no word in it: a keyword is a word or a few words users type, as in `keywords = [\"password\", \"sign in\"]`",
                    value.escape_debug()
                ),
            );
        } else if seen.iter().any(|s| s.eq_ignore_ascii_case(trimmed)) {
            problems.at(
                keyword.span(),
                format!("the keyword \"{trimmed}\" is listed twice"),
            );
        } else {
            seen.push(trimmed.to_owned());
        }
    }
}
