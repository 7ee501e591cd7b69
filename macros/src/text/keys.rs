//! The keys of the compact layout: field and variant names as serde writes them, read from
//! `#[serde(rename = "...")]`, `#[serde(rename_all = "...")]` and `#[serde(tag = "...")]`.

/// What `#[serde(...)]` says about a name.
#[derive(Default)]
pub(crate) struct SerdeNames {
    pub(crate) rename: Option<String>,
    pub(crate) rename_all: Option<String>,
    pub(crate) tag: Option<String>,
}

/// Reads the `#[serde(...)]` attributes; anything else in them is serde's business.
pub(crate) fn serde_names(attrs: &[syn::Attribute]) -> SerdeNames {
    let mut names = SerdeNames::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("serde")) {
        let _ = attr.parse_nested_meta(|meta| {
            let slot = if meta.path.is_ident("rename") {
                Some(&mut names.rename)
            } else if meta.path.is_ident("rename_all") {
                Some(&mut names.rename_all)
            } else if meta.path.is_ident("tag") {
                Some(&mut names.tag)
            } else {
                None
            };
            if meta.input.peek(syn::Token![=]) {
                let value: syn::Expr = meta.value()?.parse()?;
                if let (
                    Some(slot),
                    syn::Expr::Lit(syn::ExprLit {
                        lit: syn::Lit::Str(s),
                        ..
                    }),
                ) = (slot, value)
                {
                    *slot = Some(s.value());
                }
            } else if meta.input.peek(syn::token::Paren) {
                // `rename(serialize = "...", deserialize = "...")`: the serialised name.
                let serialized = &mut None;
                meta.parse_nested_meta(|inner| {
                    let value: syn::LitStr = inner.value()?.parse()?;
                    if inner.path.is_ident("serialize") {
                        *serialized = Some(value.value());
                    }
                    Ok(())
                })?;
                if let (Some(slot), Some(name)) = (slot, serialized.take()) {
                    *slot = Some(name);
                }
            }
            Ok(())
        });
    }
    names
}

/// `name` under serde's `rename_all` rule (fields are snake_case, variants PascalCase).
pub(crate) fn apply_rule(name: &str, rule: Option<&str>, is_variant: bool) -> String {
    let name = name.strip_prefix("r#").unwrap_or(name);
    let Some(rule) = rule else {
        return name.to_owned();
    };
    // The words of the name.
    let words: Vec<String> = if is_variant {
        let mut words = Vec::new();
        for c in name.chars() {
            if c.is_uppercase() || words.is_empty() {
                words.push(String::new());
            }
            if let Some(last) = words.last_mut() {
                last.extend(c.to_lowercase());
            }
        }
        words
    } else {
        name.split('_').map(str::to_lowercase).collect()
    };
    let capital = |w: &String| {
        let mut chars = w.chars();
        chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect::<String>())
            .unwrap_or_default()
    };
    match rule {
        "lowercase" => words.concat(),
        "UPPERCASE" => words.concat().to_uppercase(),
        "PascalCase" => words.iter().map(capital).collect(),
        "camelCase" => words
            .iter()
            .enumerate()
            .map(|(i, w)| if i == 0 { w.clone() } else { capital(w) })
            .collect(),
        "snake_case" => words.join("_"),
        "SCREAMING_SNAKE_CASE" => words.join("_").to_uppercase(),
        "kebab-case" => words.join("-"),
        "SCREAMING-KEBAB-CASE" => words.join("-").to_uppercase(),
        _ => name.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert_eq!(apply_rule("user_id", Some("camelCase"), false), "userId");
        assert_eq!(
            apply_rule("GrowShrink", Some("snake_case"), true),
            "grow_shrink"
        );
        assert_eq!(
            apply_rule("GrowShrink", Some("kebab-case"), true),
            "grow-shrink"
        );
        assert_eq!(apply_rule("GrowShrink", None, true), "GrowShrink");
        assert_eq!(apply_rule("r#type", None, false), "type");
    }
}
