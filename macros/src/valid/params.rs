//! The rules of `#[arg(...)]`: each key against its parameter's type and the tool's other
//! parameters, and a literal default against its constraints.

use proc_macro2::Span;
use syn::spanned::Spanned;

use crate::attr::ArgArgs;
use crate::shape::Shape;

/// A parameter the client sends, as the checks of its attribute need it.
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

/// Every check of `#[arg(...)]` against what it applies to, in one place: each key against
/// the parameter's type (a `length` on a number, a `range` on a string, a `pattern` or
/// `one_of` on anything but a string, a `header` on an array), a literal default against
/// the parameter's constraints, and names and headers across the tool's parameters. Each
/// error is at the key the user wrote and says what to write.
pub(crate) fn check_param_attributes(errors: &mut darling::error::Accumulator, drafts: &[Draft]) {
    let mut fail = |message: String, span: Span| {
        errors.push(darling::Error::custom(message).with_span(&span));
    };
    for draft in drafts {
        let (arg, shape, name) = (&draft.arg, draft.shape, &draft.name);
        let is = shape.described();
        if let Some(rename) = &arg.rename
            && rename.is_empty()
        {
            fail(
                "a parameter's name cannot be empty: write the name clients send, as `rename = \"pageSize\"`".into(),
                rename.span(),
            );
        }
        if let Some(range) = &arg.range {
            match shape {
                Shape::String | Shape::Array => fail(
                    format!(
                        "`range` bounds a number, and `{name}` is {is}\n\
                         help: for the {} of {is}, write `length(min = .., max = ..)`",
                        if shape == Shape::String {
                            "characters"
                        } else {
                            "items"
                        }
                    ),
                    range.span(),
                ),
                Shape::Bool | Shape::Object => fail(
                    format!("`range` bounds a number, and `{name}` is {is}\nhelp: remove it"),
                    range.span(),
                ),
                Shape::Integer {
                    signed,
                    max,
                    name: int,
                } => {
                    for bound in [range.min, range.max].into_iter().flatten() {
                        let bound = bound.0;
                        if bound.fract() != 0.0 {
                            fail(
                                format!(
                                    "`{name}` is an integer (`{int}`), and `{bound}` is not\nhelp: write a whole number"
                                ),
                                range.span(),
                            );
                        } else if !signed && bound < 0.0 {
                            fail(
                                format!(
                                    "`{name}` is a `{int}`, never negative, and `range` has `{bound}`\nhelp: write `min = 0` or leave `min` out; for negative values use a signed type (`i64`)"
                                ),
                                range.span(),
                            );
                        } else if bound > max {
                            fail(
                                format!(
                                    "`{name}` is a `{int}`, at most {max}, and `range` has `{bound}`\nhelp: write a bound the type can hold, or use a wider type"
                                ),
                                range.span(),
                            );
                        }
                    }
                }
                Shape::Float | Shape::Unknown => {}
            }
        }
        if let Some(length) = &arg.length {
            if shape.is_number() {
                fail(
                    format!(
                        "`length` counts the characters of a string or the items of an array, and `{name}` is {is}\n\
                         help: to bound its value, write `range(min = .., max = ..)`"
                    ),
                    length.span(),
                );
            } else if matches!(shape, Shape::Bool | Shape::Object) {
                fail(
                    format!(
                        "`length` counts the characters of a string or the items of an array, and `{name}` is {is}\nhelp: remove it"
                    ),
                    length.span(),
                );
            }
        }
        let not_a_string = !matches!(shape, Shape::String | Shape::Unknown);
        if let Some(pattern) = &arg.pattern
            && not_a_string
        {
            fail(
                format!(
                    "`pattern` matches strings, and `{name}` is {is}\nhelp: {}",
                    if shape.is_number() {
                        "to bound a number, write `range(min = .., max = ..)`"
                    } else {
                        "remove it, or make the parameter a `String`"
                    }
                ),
                pattern.span(),
            );
        }
        if let Some(one_of) = &arg.one_of {
            if not_a_string {
                fail(
                    format!(
                        "`one_of` lists strings, and `{name}` is {is}\nhelp: {}",
                        if shape.is_number() {
                            "to bound a number, write `range(min = .., max = ..)`; for a set of values, take an enum that derives `serde::Deserialize` and `schemars::JsonSchema`"
                        } else {
                            "remove it, or take an enum that derives `serde::Deserialize` and `schemars::JsonSchema`"
                        }
                    ),
                    one_of.span(),
                );
            }
            let values = &one_of.0.0;
            if let Some((_, value)) = values
                .iter()
                .enumerate()
                .find(|(i, value)| values[..*i].contains(value))
            {
                fail(
                    format!("`one_of` lists {value:?} twice\nhelp: remove one"),
                    one_of.span(),
                );
            }
        }
        if let Some(header) = &arg.header
            && matches!(shape, Shape::Array | Shape::Object)
        {
            fail(
                format!(
                    "`header` sends the argument as an HTTP header, which holds one string, number or boolean, and `{name}` is {is}\n\
                     help: remove `header`, or put it on a parameter of one value"
                ),
                header.span(),
            );
        }
        // A literal default that the parameter's own constraints refuse.
        if let Some(default) = &arg.default
            && let darling::util::Override::Explicit(expr) = &**default
        {
            check_default(&mut fail, draft, &expr.0);
        }
    }
    // Across parameters: one name each in the input schema, one header each.
    for (i, draft) in drafts.iter().enumerate() {
        if let Some(first) = drafts[..i].iter().find(|other| other.name == draft.name) {
            fail(
                format!(
                    "`{}` and `{}` are both named `{}` in the input schema\n\
                     help: give one another name with `#[arg(rename = \"...\")]`",
                    first.rust, draft.rust, draft.name
                ),
                draft.name_span,
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
            fail(
                format!(
                    "two parameters are sent as the header `Mcp-Param-{}` (header names ignore case)\n\
                     help: give each parameter its own `header`",
                    header.0
                ),
                header.span(),
            );
        }
    }
}

/// A default written as a literal, against the constraints of its parameter: a string
/// outside `one_of` or of a length `length` refuses, a number outside `range`.
fn check_default(fail: &mut impl FnMut(String, Span), draft: &Draft, expr: &syn::Expr) {
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
                fail(
                    format!(
                        "the default {text:?} of `{name}` is not one of its `one_of` values ({})\n\
                         help: make the default one of them, or add it to `one_of`",
                        choices.join(", ")
                    ),
                    span,
                );
            }
            if let Some(length) = &arg.length {
                let count = text.chars().count() as u64;
                if length.min.is_some_and(|min| count < min)
                    || length.max.is_some_and(|max| count > max)
                {
                    fail(
                        format!(
                            "the default {text:?} of `{name}` has {count} characters, outside its `length`\n\
                             help: make the default fit `length`, or widen `length`"
                        ),
                        span,
                    );
                }
            }
        }
        _ => {
            if let (Some(value), Some(range)) = (number(expr), &arg.range)
                && (range.min.is_some_and(|min| value < min.0)
                    || range.max.is_some_and(|max| value > max.0))
            {
                fail(
                    format!(
                        "the default {value} of `{name}` is outside its `range`\n\
                         help: make the default fit `range`, or widen `range`"
                    ),
                    span,
                );
            }
        }
    }
}
