//! The rules of `#[arg(...)]`: each key against its parameter's type and the tool's other
//! parameters, and a literal default against its constraints. Each error is at the key the
//! user wrote and says what to write.

use syn::spanned::Spanned;

use super::{Declaration, Draft, ParamRule, Problems};
use crate::model::{MAX_PARAMS, Param};
use crate::shape::Shape;

/// The rules of each parameter the client sends, in the order they run.
const PARAM_RULES: &[ParamRule] = &[
    description_is_not_empty,
    range_is_ordered,
    length_is_ordered,
    pattern_compiles,
    header_is_a_token,
    rename_is_not_empty,
    range_fits_the_type,
    length_fits_the_type,
    pattern_is_on_a_string,
    one_of_lists_strings_once,
    header_is_one_value,
    default_fits_the_constraints,
];

/// Each parameter the client sends keeps the rules of its `#[arg(...)]`.
pub(super) fn each_parameter(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    for draft in d.params {
        for rule in PARAM_RULES {
            rule(draft, problems);
        }
    }
}

/// One name each in the input schema, one header each.
pub(super) fn names_and_headers_are_unique(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let drafts = d.params;
    for (i, draft) in drafts.iter().enumerate() {
        if let Some(first) = drafts[..i].iter().find(|other| other.name == draft.name) {
            problems.at(
                draft.name_span,
                format!(
                    "`{}` and `{}` are both named `{}` in the input schema\n\
                     help: give one another name with `#[arg(rename = \"...\")]`",
                    first.rust, draft.rust, draft.name
                ),
            );
        }
        if let Some(header) = &draft.arg.header
            && drafts[..i].iter().any(|other| {
                other
                    .arg
                    .header
                    .as_ref()
                    .is_some_and(|other| other.eq_ignore_ascii_case(header))
            })
        {
            problems.at(
                header.span(),
                format!(
                    "two parameters are sent as the header `Mcp-Param-{}` (header names ignore case)\n\
                     help: give each parameter its own `header`",
                    header.0
                ),
            );
        }
    }
}

/// At most [`MAX_PARAMS`] parameters the client sends: the runtime reads tuples up to that
/// size.
pub(super) fn at_most_max_params(d: &Declaration<'_>, problems: &mut Problems<'_>) {
    let count = d
        .tool
        .params
        .iter()
        .filter(|param| matches!(param, Param::Schema(_)))
        .count();
    if count > MAX_PARAMS {
        problems.at(
            d.function.sig.inputs.span(),
            format!(
                "a tool takes at most {MAX_PARAMS} parameters; this one has {count}\n\
                 help: group related parameters in a struct that derives `serde::Deserialize` and `schemars::JsonSchema`"
            ),
        );
    }
}

/// `description = ""` on a parameter.
fn description_is_not_empty(draft: &Draft, problems: &mut Problems<'_>) {
    super::tool::text_is_not_empty(
        problems,
        "parameter description",
        draft.arg.description.as_ref(),
    );
}

/// `range` has a bound, and `min` is not above `max`.
fn range_is_ordered(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(range) = &draft.arg.range else {
        return;
    };
    match (range.min, range.max) {
        (Some(min), Some(max)) if min.0 > max.0 => problems.at(
            range.span(),
            format!("`range`: `min` ({}) is above `max` ({})", min.0, max.0),
        ),
        (None, None) => problems.at(
            range.span(),
            "`range` needs `min`, `max` or both: `range(min = 1, max = 100)`",
        ),
        _ => {}
    }
}

/// `length` has a bound, and `min` is not above `max`.
fn length_is_ordered(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(length) = &draft.arg.length else {
        return;
    };
    match (length.min, length.max) {
        (Some(min), Some(max)) if min > max => problems.at(
            length.span(),
            format!("`length`: `min` ({min}) is above `max` ({max})"),
        ),
        (None, None) => problems.at(
            length.span(),
            "`length` needs `min`, `max` or both: `length(max = 64)`",
        ),
        _ => {}
    }
}

/// `pattern` is a regular expression.
fn pattern_compiles(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(pattern) = &draft.arg.pattern else {
        return;
    };
    if let Err(error) = regex_syntax::Parser::new().parse(pattern) {
        problems.at(
            pattern.span(),
            format!(
                "`pattern` is not a valid regular expression: {}",
                error
                    .to_string()
                    .lines()
                    .last()
                    .unwrap_or_default()
                    .trim()
                    .trim_start_matches("error: ")
            ),
        );
    }
}

/// `header` is an HTTP token (RFC 9110), as the header name `Mcp-Param-<header>` needs.
fn header_is_a_token(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(header) = &draft.arg.header else {
        return;
    };
    let token = |c: char| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c);
    if header.is_empty() || !header.chars().all(token) {
        problems.at(
            header.span(),
            format!(
                "`header` is a header name: letters, digits and `-`, as `Region` (sent as \
                 `Mcp-Param-Region`), not `{}`",
                header.0
            ),
        );
    }
}

/// A parameter's name is not empty.
fn rename_is_not_empty(draft: &Draft, problems: &mut Problems<'_>) {
    if let Some(rename) = &draft.arg.rename
        && rename.is_empty()
    {
        problems.at(
            rename.span(),
            "a parameter's name cannot be empty: write the name clients send, as `rename = \"pageSize\"`",
        );
    }
}

/// `range` bounds a number, with bounds its integer type can hold.
fn range_fits_the_type(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(range) = &draft.arg.range else {
        return;
    };
    let (shape, name, is) = (draft.shape, &draft.name, draft.shape.described());
    match shape {
        Shape::String | Shape::Array => problems.at(
            range.span(),
            format!(
                "`range` bounds a number, and `{name}` is {is}\n\
                 help: for the {} of {is}, write `length(min = .., max = ..)`",
                if shape == Shape::String {
                    "characters"
                } else {
                    "items"
                }
            ),
        ),
        Shape::Bool | Shape::Object => problems.at(
            range.span(),
            format!("`range` bounds a number, and `{name}` is {is}\nhelp: remove it"),
        ),
        Shape::Integer {
            signed,
            max,
            name: int,
        } => {
            for bound in [range.min, range.max].into_iter().flatten() {
                let bound = bound.0;
                if bound.fract() != 0.0 {
                    problems.at(
                        range.span(),
                        format!(
                            "`{name}` is an integer (`{int}`), and `{bound}` is not\nhelp: write a whole number"
                        ),
                    );
                } else if !signed && bound < 0.0 {
                    problems.at(
                        range.span(),
                        format!(
                            "`{name}` is a `{int}`, never negative, and `range` has `{bound}`\nhelp: write `min = 0` or leave `min` out; for negative values use a signed type (`i64`)"
                        ),
                    );
                } else if bound > max {
                    problems.at(
                        range.span(),
                        format!(
                            "`{name}` is a `{int}`, at most {max}, and `range` has `{bound}`\nhelp: write a bound the type can hold, or use a wider type"
                        ),
                    );
                }
            }
        }
        Shape::Float | Shape::Unknown => {}
    }
}

/// `length` counts the characters of a string or the items of an array.
fn length_fits_the_type(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(length) = &draft.arg.length else {
        return;
    };
    let (shape, name, is) = (draft.shape, &draft.name, draft.shape.described());
    if shape.is_number() {
        problems.at(
            length.span(),
            format!(
                "`length` counts the characters of a string or the items of an array, and `{name}` is {is}\n\
                 help: to bound its value, write `range(min = .., max = ..)`"
            ),
        );
    } else if matches!(shape, Shape::Bool | Shape::Object) {
        problems.at(
            length.span(),
            format!(
                "`length` counts the characters of a string or the items of an array, and `{name}` is {is}\nhelp: remove it"
            ),
        );
    }
}

/// Whether a type is not one `pattern` and `one_of` can apply to.
fn not_a_string(shape: Shape) -> bool {
    !matches!(shape, Shape::String | Shape::Unknown)
}

/// `pattern` matches strings.
fn pattern_is_on_a_string(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(pattern) = &draft.arg.pattern else {
        return;
    };
    let (shape, name, is) = (draft.shape, &draft.name, draft.shape.described());
    if not_a_string(shape) {
        problems.at(
            pattern.span(),
            format!(
                "`pattern` matches strings, and `{name}` is {is}\nhelp: {}",
                if shape.is_number() {
                    "to bound a number, write `range(min = .., max = ..)`"
                } else {
                    "remove it, or make the parameter a `String`"
                }
            ),
        );
    }
}

/// `one_of` lists strings, each once.
fn one_of_lists_strings_once(draft: &Draft, problems: &mut Problems<'_>) {
    let Some(one_of) = &draft.arg.one_of else {
        return;
    };
    let (shape, name, is) = (draft.shape, &draft.name, draft.shape.described());
    if not_a_string(shape) {
        problems.at(
            one_of.span(),
            format!(
                "`one_of` lists strings, and `{name}` is {is}\nhelp: {}",
                if shape.is_number() {
                    "to bound a number, write `range(min = .., max = ..)`; for a set of values, take an enum that derives `serde::Deserialize` and `schemars::JsonSchema`"
                } else {
                    "remove it, or take an enum that derives `serde::Deserialize` and `schemars::JsonSchema`"
                }
            ),
        );
    }
    let values = &one_of.0.0;
    if let Some((_, value)) = values
        .iter()
        .enumerate()
        .find(|(i, value)| values[..*i].contains(value))
    {
        problems.at(
            one_of.span(),
            format!("`one_of` lists {value:?} twice\nhelp: remove one"),
        );
    }
}

/// `header` sends one value: not an array or an object.
fn header_is_one_value(draft: &Draft, problems: &mut Problems<'_>) {
    if let Some(header) = &draft.arg.header
        && matches!(draft.shape, Shape::Array | Shape::Object)
    {
        problems.at(
            header.span(),
            format!(
                "`header` sends the argument as an HTTP header, which holds one string, number or boolean, and `{}` is {}\n\
                 help: remove `header`, or put it on a parameter of one value",
                draft.name,
                draft.shape.described()
            ),
        );
    }
}

/// A literal default fits the parameter's own constraints.
fn default_fits_the_constraints(draft: &Draft, problems: &mut Problems<'_>) {
    if let Some(default) = &draft.arg.default
        && let darling::util::Override::Explicit(expr) = &**default
    {
        check_default(problems, draft, &expr.0);
    }
}

/// A default written as a literal, against the constraints of its parameter: a string
/// outside `one_of` or of a length `length` refuses, a number outside `range`.
fn check_default(problems: &mut Problems<'_>, draft: &Draft, expr: &syn::Expr) {
    let arg = &draft.arg;
    let name = &draft.name;
    let span = expr.span();
    let number = |expr: &syn::Expr| {
        use darling::FromMeta as _;
        crate::attr::NumberLit::from_expr(expr).ok().map(|n| n.0)
    };
    match expr {
        syn::Expr::Lit(syn::ExprLit {
            lit: syn::Lit::Str(text),
            ..
        }) => {
            let text = text.value();
            if let Some(one_of) = &arg.one_of
                && !one_of.0.0.contains(&text)
            {
                let choices: Vec<String> = one_of.0.0.iter().map(|c| format!("{c:?}")).collect();
                problems.at(
                    span,
                    format!(
                        "the default {text:?} of `{name}` is not one of its `one_of` values ({})\n\
                         help: make the default one of them, or add it to `one_of`",
                        choices.join(", ")
                    ),
                );
            }
            if let Some(length) = &arg.length {
                let count = text.chars().count() as u64;
                if length.min.is_some_and(|min| count < min)
                    || length.max.is_some_and(|max| count > max)
                {
                    problems.at(
                    span,
                        format!(
                            "the default {text:?} of `{name}` has {count} characters, outside its `length`\n\
                             help: make the default fit `length`, or widen `length`"
                        ),
                    );
                }
            }
        }
        _ => {
            if let (Some(value), Some(range)) = (number(expr), &arg.range)
                && (range.min.is_some_and(|min| value < min.0)
                    || range.max.is_some_and(|max| value > max.0))
            {
                problems.at(
                    span,
                    format!(
                        "the default {value} of `{name}` is outside its `range`\n\
                         help: make the default fit `range`, or widen `range`"
                    ),
                );
            }
        }
    }
}
