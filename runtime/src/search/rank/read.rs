//! What the index reads of one tool: the text of each of its fields (name, title,
//! description, parameters, an author's keywords, its result's fields), and what its
//! parameters say about it (an identifier it requires, the kinds of value it takes,
//! whether it answers with many things).

use rmcp::model::Tool;
use serde_json::Value;

use super::{DESCRIPTION, FIELDS, KEYWORDS, NAME, OUTPUT, PARAM_DESCRIPTIONS, PARAM_NAMES, TITLE};
use crate::search::text::{Values, split};

/// Whether a tool requires an identifier of one thing: a number, or a parameter whose name
/// ends as an identifier's does (`issue_number`, `gist_id`, `sha`, `revision`, `ref`,
/// `tag`, `hash`).
pub(super) fn takes_identifier(tool: &Tool) -> bool {
    let properties = tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object);
    let required: Vec<&str> = (tool.input_schema.get("required").and_then(Value::as_array))
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    // a tool that requires nothing may name its one thing by any of its parameters
    // (`confluence_get_page`: by `page_id`, or by a title and a space)
    let names: Vec<&str> = if required.is_empty() {
        properties
            .into_iter()
            .flatten()
            .map(|(k, _)| k.as_str())
            .collect()
    } else {
        required
    };
    names.into_iter().any(|name| {
        let numeric = properties
            .and_then(|p| p.get(name))
            .and_then(|schema| schema.get("type"))
            .and_then(Value::as_str)
            .is_some_and(|t| t == "integer" || t == "number");
        let lower = name.to_lowercase();
        numeric
            || [
                "number", "id", "sha", "revision", "ref", "tag", "hash", "key",
            ]
            .iter()
            .any(|end| lower.ends_with(end))
    })
}

/// Whether a tool answers with many things: its name lists or searches (`list_issues`,
/// `pods_list`), or ends with a plural (`get_project_versions`).
pub(super) fn answers_many(tool: &Tool) -> bool {
    let words = split(&tool.name);
    let stemmer = rust_stemmers::Stemmer::create(rust_stemmers::Algorithm::English);
    let lists = words
        .iter()
        .any(|w| matches!(w.as_str(), "list" | "search" | "query" | "find" | "browse"));
    let plural = words.last().is_some_and(|w| {
        w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") && stemmer.stem(w) != *w
    });
    lists || plural
}

/// The kinds of value a tool's parameters take, by their names and descriptions: an
/// `owner` beside a `repo` takes `owner/repo`; a `…key` or a description whose example is
/// shaped as `PROJ-42`, a tracker's key; a `path`, `file` or `directory`, a path; a `url`,
/// an address; an `email`, an email.
pub(super) fn takes_values(tool: &Tool) -> Values {
    let Some(properties) = tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object)
    else {
        return Values::default();
    };
    let mut mask = 0;
    let names: Vec<Vec<String>> = properties.keys().map(|k| split(k)).collect();
    let last = |words: &Vec<String>| words.last().cloned().unwrap_or_default();
    let owner = names.iter().any(|w| w.len() == 1 && w[0] == "owner");
    let repo = names
        .iter()
        .any(|w| matches!(last(w).as_str(), "repo" | "repository"));
    if owner && repo {
        mask |= Values::OWNER_REPO;
    }
    for (words, schema) in names.iter().zip(properties.values()) {
        let description = schema
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or("");
        match last(words).as_str() {
            "key" if words.len() > 1 && words[0] != "api" => mask |= Values::KEY,
            "path" | "paths" | "file" | "files" | "filename" | "directory" | "dir" => {
                mask |= Values::PATH
            }
            "url" | "uri" | "href" => mask |= Values::URL,
            "email" => mask |= Values::EMAIL,
            _ => {}
        }
        let shown = Values::of_request(description);
        mask |= shown.0 & (Values::KEY | Values::OWNER_REPO);
        if description.contains("owner/repo") {
            mask |= Values::OWNER_REPO;
        }
    }
    Values(mask)
}

/// The names of the fields of a tool's result, from its `outputSchema`: the properties'
/// names at every level (through arrays, `$defs`, `anyOf`/`oneOf`/`allOf`), of the data only
/// for toolshape's envelope (`status`, `data`, `metadata`, `grounded`), whose own members
/// every such tool shares.
fn output_fields(tool: &Tool) -> String {
    fn walk(schema: &Value, depth: usize, out: &mut String) {
        if depth > 6 {
            return;
        }
        let Some(object) = schema.as_object() else {
            return;
        };
        if let Some(Value::Object(properties)) = object.get("properties") {
            for (name, property) in properties {
                out.push_str(name);
                out.push(' ');
                walk(property, depth + 1, out);
            }
        }
        for key in ["items", "additionalProperties"] {
            if let Some(inner) = object.get(key) {
                walk(inner, depth + 1, out);
            }
        }
        for key in ["$defs", "definitions"] {
            for inner in object
                .get(key)
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
            {
                walk(inner.1, depth + 1, out);
            }
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            for inner in object
                .get(key)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                walk(inner, depth + 1, out);
            }
        }
    }
    let Some(schema) = tool.output_schema.as_deref() else {
        return String::new();
    };
    let properties = schema.get("properties").and_then(Value::as_object);
    let envelope = properties.is_some_and(|p| {
        ["status", "data", "metadata", "grounded"]
            .iter()
            .all(|member| p.contains_key(*member))
    });
    let mut out = String::new();
    match properties.and_then(|p| p.get("data")) {
        Some(data) if envelope => {
            walk(data, 0, &mut out);
            // the data's own definitions sit at the root
            for key in ["$defs", "definitions"] {
                for inner in schema
                    .get(key)
                    .and_then(Value::as_object)
                    .into_iter()
                    .flatten()
                {
                    walk(inner.1, 1, &mut out);
                }
            }
        }
        _ => walk(&Value::Object(schema.clone()), 0, &mut out),
    }
    out
}

/// The text of each field of one tool; `others` are the names of all tools, whose mentions
/// in a description describe another tool and are left out; `keywords` the words users
/// type for it.
pub(super) fn fields(
    tool: &Tool,
    others: &std::collections::HashSet<&str>,
    keywords: &[String],
) -> [String; FIELDS] {
    let strip = |text: &str| -> String {
        text.split_inclusive(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'))
            .map(|piece| {
                let word = piece
                    .trim_end_matches(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-'));
                if word != tool.name && word.contains(['_', '-']) && others.contains(word) {
                    &piece[word.len()..]
                } else {
                    piece
                }
            })
            .collect()
    };
    let title = tool
        .title
        .clone()
        .or_else(|| tool.annotations.as_ref().and_then(|a| a.title.clone()))
        .unwrap_or_default();
    let mut param_names = String::new();
    let mut param_descriptions = String::new();
    if let Some(Value::Object(properties)) = tool.input_schema.get("properties") {
        for (name, schema) in properties {
            param_names.push_str(name);
            param_names.push(' ');
            if let Some(Value::String(text)) = schema.get("description") {
                param_descriptions.push_str(&strip(text));
                param_descriptions.push(' ');
            }
            // the values a parameter takes name what the tool can do ("create", "closed")
            for value in schema
                .get("enum")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                if let Value::String(value) = value {
                    param_descriptions.push_str(value);
                    param_descriptions.push(' ');
                }
            }
        }
    }
    let mut out: [String; FIELDS] = Default::default();
    out[NAME] = tool.name.to_string();
    out[TITLE] = title;
    out[DESCRIPTION] = strip(tool.description.as_deref().unwrap_or(""));
    out[PARAM_NAMES] = param_names;
    out[PARAM_DESCRIPTIONS] = param_descriptions;
    out[KEYWORDS] = keywords.join(" . ");
    out[OUTPUT] = output_fields(tool);
    out
}
