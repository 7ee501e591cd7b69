//! Default labels and nouns, made readable from Rust names.

/// Words written in capitals in labels.
const ACRONYMS: &[&str] = &[
    "api", "cpu", "csv", "db", "dns", "gpu", "html", "http", "https", "iban", "id", "ids", "ip",
    "json", "mfa", "os", "pdf", "ram", "sku", "sql", "ssh", "ssn", "tcp", "udp", "uri", "url",
    "utc", "uuid", "vat", "xml",
];

fn word(word: &str, first: bool) -> String {
    let lower = word.to_lowercase();
    if ACRONYMS.contains(&lower.as_str()) {
        return if lower == "ids" {
            "IDs".into()
        } else {
            lower.to_uppercase()
        };
    }
    if first {
        let mut chars = lower.chars();
        match chars.next() {
            Some(c) => c.to_uppercase().chain(chars).collect(),
            None => String::new(),
        }
    } else {
        lower
    }
}

/// The words of a Rust name: `user_id` and `UserId` → `["user", "id"]`.
fn words(name: &str) -> Vec<String> {
    let name = name.strip_prefix("r#").unwrap_or(name);
    let mut words = Vec::new();
    for part in name.split('_').filter(|p| !p.is_empty()) {
        let mut current = String::new();
        let chars: Vec<char> = part.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let boundary = c.is_uppercase()
                && i > 0
                && (chars[i - 1].is_lowercase()
                    || chars[i - 1].is_ascii_digit()
                    || chars.get(i + 1).is_some_and(|n| n.is_lowercase()));
            if boundary && !current.is_empty() {
                words.push(std::mem::take(&mut current));
            }
            current.push(c);
        }
        if !current.is_empty() {
            words.push(current);
        }
    }
    words
}

/// `user_id` → `User ID`; `maximum_size` → `Maximum size`; `GrowShrink` → `Grow shrink`.
pub(crate) fn label(name: &str) -> String {
    words(name)
        .iter()
        .enumerate()
        .map(|(i, w)| word(w, i == 0))
        .collect::<Vec<_>>()
        .join(" ")
}

/// `UserProfile` → `user profile`.
pub(crate) fn noun(type_name: &str) -> String {
    words(type_name)
        .iter()
        .map(|w| w.to_lowercase())
        .collect::<Vec<_>>()
        .join(" ")
}

/// English plural of the last word: `user` → `users`, `address` → `addresses`,
/// `policy` → `policies`.
pub(crate) fn plural(noun: &str) -> String {
    let consonant_y =
        noun.ends_with('y') && !noun[..noun.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if consonant_y {
        format!("{}ies", &noun[..noun.len() - 1])
    } else if noun.ends_with(['s', 'x', 'z']) || noun.ends_with("ch") || noun.ends_with("sh") {
        format!("{noun}es")
    } else {
        format!("{noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels() {
        assert_eq!(label("id"), "ID");
        assert_eq!(label("user_id"), "User ID");
        assert_eq!(label("url"), "URL");
        assert_eq!(label("avatar_url"), "Avatar URL");
        assert_eq!(label("maximum_size"), "Maximum size");
        assert_eq!(label("r#type"), "Type");
        assert_eq!(label("GrowShrink"), "Grow shrink");
        assert_eq!(label("HTTPStatus"), "HTTP status");
        assert_eq!(label("ipv4_address"), "Ipv4 address");
        assert_eq!(label("user_ids"), "User IDs");
    }

    #[test]
    fn nouns() {
        assert_eq!(noun("User"), "user");
        assert_eq!(noun("UserProfile"), "user profile");
        assert_eq!(plural("user"), "users");
        assert_eq!(plural("address"), "addresses");
        assert_eq!(plural("policy"), "policies");
        assert_eq!(plural("day"), "days");
        assert_eq!(plural("box"), "boxes");
    }
}
