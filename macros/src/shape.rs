//! The JSON shape of a parameter's type (a string, a number, an array, ...), as far as the
//! macro can tell from the type as written, for the checks of `#[arg(...)]` against it.
//!
//! Only the types whose shape is certain from their name are classified (the standard
//! library's, written with their usual names or full paths); anything else, a type alias
//! included, is [`Shape::Unknown`], and no check applies to it.

use syn::Type;

/// What a parameter's values are in JSON.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Shape {
    /// `String`, `&str`, `Cow<str>`, `char`, `PathBuf`.
    String,
    /// An integer type: whether it is signed, and its largest value.
    Integer {
        signed: bool,
        max: f64,
        name: &'static str,
    },
    /// `f32`, `f64`.
    Float,
    /// `bool`.
    Bool,
    /// `Vec<T>`, `&[T]`, `[T; N]`, the sets.
    Array,
    /// The maps.
    Object,
    /// Anything else: the macro cannot tell.
    Unknown,
}

impl Shape {
    /// The shape with its article, as a message says it: "a string".
    pub(crate) fn described(self) -> String {
        match self {
            Shape::String => "a string".into(),
            Shape::Integer { name, .. } => format!("a number (`{name}`)"),
            Shape::Float => "a number".into(),
            Shape::Bool => "a boolean".into(),
            Shape::Array => "an array".into(),
            Shape::Object => "an object".into(),
            Shape::Unknown => "a value".into(),
        }
    }

    /// Whether the values are numbers.
    pub(crate) fn is_number(self) -> bool {
        matches!(self, Shape::Integer { .. } | Shape::Float)
    }
}

const INTEGERS: [(&str, bool, f64); 12] = [
    ("u8", false, u8::MAX as f64),
    ("u16", false, u16::MAX as f64),
    ("u32", false, u32::MAX as f64),
    ("u64", false, u64::MAX as f64),
    ("u128", false, u128::MAX as f64),
    ("usize", false, u64::MAX as f64),
    ("i8", true, i8::MAX as f64),
    ("i16", true, i16::MAX as f64),
    ("i32", true, i32::MAX as f64),
    ("i64", true, i64::MAX as f64),
    ("i128", true, i128::MAX as f64),
    ("isize", true, i64::MAX as f64),
];

/// The shape of a parameter of type `ty`; `Option<T>` has `T`'s (a constraint applies to
/// the value when there is one).
pub(crate) fn of(ty: &Type) -> Shape {
    match ty {
        Type::Reference(reference) => of(&reference.elem),
        Type::Paren(inner) => of(&inner.elem),
        Type::Group(inner) => of(&inner.elem),
        Type::Slice(_) | Type::Array(_) => Shape::Array,
        Type::Path(path) if path.qself.is_none() => {
            let segments: Vec<String> = path
                .path
                .segments
                .iter()
                .map(|segment| segment.ident.to_string())
                .collect();
            let name = segments.join("::");
            let named = |candidates: &[&str]| {
                candidates.iter().any(|candidate| {
                    name == candidate.rsplit("::").next().unwrap_or(candidate)
                        || ["std::", "core::", "alloc::"]
                            .iter()
                            .any(|root| name == format!("{root}{candidate}"))
                })
            };
            let inner = || {
                path.path
                    .segments
                    .last()
                    .and_then(|last| match &last.arguments {
                        syn::PathArguments::AngleBracketed(args) => {
                            args.args.iter().find_map(|arg| match arg {
                                syn::GenericArgument::Type(ty) => Some(ty),
                                _ => None,
                            })
                        }
                        _ => None,
                    })
            };
            if let Some(&(int, signed, max)) = INTEGERS.iter().find(|(int, ..)| name == *int) {
                return Shape::Integer {
                    signed,
                    max,
                    name: int,
                };
            }
            match name.as_str() {
                "f32" | "f64" => return Shape::Float,
                "bool" => return Shape::Bool,
                "str" | "char" => return Shape::String,
                _ => {}
            }
            if named(&[
                "option::Option",
                "boxed::Box",
                "sync::Arc",
                "rc::Rc",
                "borrow::Cow",
            ]) {
                return inner().map_or(Shape::Unknown, of);
            }
            if named(&["string::String", "path::PathBuf"]) {
                return Shape::String;
            }
            if named(&[
                "vec::Vec",
                "collections::VecDeque",
                "collections::HashSet",
                "collections::BTreeSet",
            ]) {
                return Shape::Array;
            }
            if named(&["collections::HashMap", "collections::BTreeMap"]) {
                return Shape::Object;
            }
            Shape::Unknown
        }
        _ => Shape::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_of_common_types() {
        let shape = |ty: &str| of(&syn::parse_str(ty).unwrap());
        assert_eq!(shape("String"), Shape::String);
        assert_eq!(shape("&'a str"), Shape::String);
        assert_eq!(shape("Option<std::borrow::Cow<'_, str>>"), Shape::String);
        assert!(matches!(shape("u32"), Shape::Integer { signed: false, .. }));
        assert_eq!(shape("Option<f64>"), Shape::Float);
        assert_eq!(shape("&[u64]"), Shape::Array);
        assert_eq!(
            shape("std::collections::BTreeMap<String, u32>"),
            Shape::Object
        );
        assert_eq!(shape("Filter"), Shape::Unknown);
        assert_eq!(shape("my::String"), Shape::Unknown);
    }
}
