//! A parameter's own attributes: `#[arg(...)]` read and its constraints checked, the
//! attributes `#[tool]` consumes removed, and those that pass through to the function.

use proc_macro2::TokenStream;
use syn::{FnArg, ItemFn};

use crate::attr::ArgArgs;
use crate::docs;
use crate::model::Constraints;

/// The parameter's `#[arg(...)]`, merged when there are several; errors are recorded.
pub(crate) fn read_arg(
    errors: &mut darling::error::Accumulator,
    attrs: &[syn::Attribute],
) -> ArgArgs {
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
pub(crate) fn param_attrs(
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

/// The constraints of `arg`, checked: bounds in order, a pattern that compiles.
pub(crate) fn check_constraints(
    errors: &mut darling::error::Accumulator,
    arg: &ArgArgs,
) -> Constraints {
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
