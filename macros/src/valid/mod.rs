//! The rules of a tool's declaration, checked once the model is read (`read.rs`): each a
//! named function over the declaration as written (the attribute's keys, with their spans,
//! and the function) and the model read from it, that reports what breaks it at what the
//! user must change. `TOOL_RULES` are the rules of the tool (`tool.rs`, `output.rs`), `params.rs`'s
//! `PARAM_RULES` those of each parameter the client sends; they run in the order listed, and every
//! problem of one tool is reported in one build.

use proc_macro2::Span;
use syn::ItemFn;

use crate::attr::{ArgArgs, ToolArgs};
use crate::model::Tool;
use crate::shape::Shape;

mod output;
mod params;
mod tool;

/// What the rules read: the declaration as written and the model read from it.
pub(crate) struct Declaration<'a> {
    /// The keys of `#[tool(...)]`, with their spans.
    pub(crate) args: &'a ToolArgs,
    pub(crate) function: &'a ItemFn,
    pub(crate) tool: &'a Tool,
    /// The parameters the client sends, as written.
    pub(crate) params: &'a [Draft],
    /// Some keys of the attribute could not be read (their errors are reported already): a
    /// key that seems missing may be misspelt, so its absence is not reported again.
    pub(crate) args_incomplete: bool,
}

/// A parameter the client sends, as its rules read it.
pub(crate) struct Draft {
    pub(crate) arg: ArgArgs,
    /// Its Rust name.
    pub(crate) rust: String,
    /// Its name in the input schema.
    pub(crate) name: String,
    /// Where that name is written: the `rename` value, or the parameter's name.
    pub(crate) name_span: Span,
    pub(crate) shape: Shape,
}

/// A rule of the tool: its name says what it requires.
pub(crate) type ToolRule = fn(&Declaration<'_>, &mut Problems<'_>);

/// A rule of one parameter the client sends.
pub(crate) type ParamRule = fn(&Draft, &mut Problems<'_>);

/// Where the rules report: each problem is a message at a span, in the order found.
pub(crate) struct Problems<'a>(&'a mut darling::error::Accumulator);

impl Problems<'_> {
    /// Reports `message` at `span`.
    pub(crate) fn at(&mut self, span: Span, message: impl std::fmt::Display) {
        self.0
            .push(darling::Error::custom(message).with_span(&span));
    }

    /// Reports an error made elsewhere (one spanned over several tokens, say).
    pub(crate) fn push(&mut self, error: darling::Error) {
        self.0.push(error);
    }
}

/// The rules of a tool, in the order they run.
pub(crate) const TOOL_RULES: &[ToolRule] = &[
    tool::format_is_given,
    tool::state_tools_are_structured,
    tool::envelope_fits_the_format,
    tool::undo_fits_the_kind,
    tool::name_is_an_mcp_name,
    tool::texts_are_not_empty,
    tool::description_is_given,
    tool::signature_can_be_served,
    params::each_parameter,
    params::names_and_headers_are_unique,
    params::at_most_max_params,
    tool::deferred_tasks_take_a_context,
    output::output_can_be_sent,
    tool::confirm_fits_the_format,
    tool::detail_has_a_text,
    tool::icons_are_well_formed,
    tool::scopes_are_oauth_scopes,
    tool::keywords_are_words,
];

/// Runs every rule of the tool over `declaration`, adding what breaks them to `errors`.
pub(crate) fn check(declaration: &Declaration<'_>, errors: &mut darling::error::Accumulator) {
    let mut problems = Problems(errors);
    for rule in TOOL_RULES {
        rule(declaration, &mut problems);
    }
}

/// The function's name as a tool's: without `r#`.
pub(crate) fn fn_name(sig: &syn::Signature) -> String {
    let name = sig.ident.to_string();
    name.strip_prefix("r#").unwrap_or(&name).to_owned()
}
