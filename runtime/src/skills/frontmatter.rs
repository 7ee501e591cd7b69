//! The YAML frontmatter of a `SKILL.md`, read and checked against the Agent Skills rules, with
//! every problem placed at its file and line.

use rmcp::model::SkillFrontmatter;
use serde_json::{Map, Value};

use super::SkillError;

/// A `SKILL.md`'s frontmatter, checked: what `skills/list` sends, verbatim, and the tools the
/// skill names (`metadata.tools`) with the line that names them.
#[derive(Debug)]
pub(crate) struct Frontmatter {
    pub(crate) fields: SkillFrontmatter,
    pub(crate) tools: Option<(Vec<String>, usize)>,
    /// The line of `name:`, for the problems of the name found later.
    pub(crate) name_line: usize,
}

/// Reads the frontmatter of `text`, the `SKILL.md` at `file` (the path the errors name).
pub(crate) fn parse(file: &str, text: &str) -> Result<Frontmatter, SkillError> {
    let at = |line: usize, message: String| SkillError::at(file, line, message);
    let mut lines = text.split_inclusive('\n');
    if lines.next().map(str::trim_end) != Some("---") {
        return Err(at(
            1,
            "a SKILL.md starts with its YAML frontmatter, opened by a line `---`".into(),
        ));
    }
    let start = text.find('\n').map_or(text.len(), |i| i + 1);
    let mut end = start;
    let mut closed = false;
    for line in lines {
        if line.trim_end() == "---" {
            closed = true;
            break;
        }
        end += line.len();
    }
    if !closed {
        return Err(at(
            1,
            "the frontmatter opened here is never closed by a line `---`".into(),
        ));
    }
    let yaml = &text[start..end];
    // The frontmatter's first line is the file's second.
    let line_of = |key: &str| key_line(yaml, key, 0).map_or(1, |line| line + 1);
    // Read as YAML's own value first, which refuses a key written twice (JSON's keeps the
    // last one, and hosts differ on which they keep).
    let value: yaml_serde::Value = yaml_serde::from_str(yaml).map_err(|error| {
        let message = message_of(&error);
        // A key written twice: the line of its second writing.
        let twice = (message.strip_prefix("duplicate entry with key \""))
            .and_then(|rest| rest.strip_suffix('"'))
            .and_then(|key| (0..2).find_map(|depth| key_lines(yaml, key, depth).nth(1)));
        let line = match twice {
            Some(line) => line + 1,
            None => error.location().map_or(1, |place| place.line() + 1),
        };
        // the mistake everyone makes: `description: Use when: ...`
        let hint = if message.starts_with("mapping values are not allowed") {
            " (quote a value that has `: ` in it)"
        } else {
            ""
        };
        at(
            line,
            format!("the frontmatter is not valid YAML: {message}{hint}"),
        )
    })?;
    let value = serde_json::to_value(&value).map_err(|error| {
        at(
            2,
            format!("the frontmatter cannot be sent as JSON: {error}"),
        )
    })?;
    let Value::Object(mut map) = value else {
        return Err(at(
            2,
            "the frontmatter is a YAML mapping with at least `name` and `description`".into(),
        ));
    };

    let name_line = line_of("name");
    let name = take_string(&mut map, "name", file, name_line, true)?.unwrap_or_default();
    let description_line = line_of("description");
    let description =
        take_string(&mut map, "description", file, description_line, true)?.unwrap_or_default();
    if description.trim().is_empty() {
        return Err(at(
            description_line,
            "`description` is empty: say what the skill does and when to use it".into(),
        ));
    }
    if description.chars().count() > 1024 {
        return Err(at(
            description_line,
            format!(
                "`description` is {} characters; the Agent Skills limit is 1024",
                description.chars().count()
            ),
        ));
    }
    for (key, limit) in [
        ("compatibility", Some(500)),
        ("license", None),
        ("allowed-tools", None),
    ] {
        let Some(value) = map.get(key) else { continue };
        let line = line_of(key);
        let Value::String(value) = value else {
            return Err(at(
                line,
                format!("`{key}` is a string, not {}", kind_of(value)),
            ));
        };
        if let Some(limit) = limit
            && value.chars().count() > limit
        {
            return Err(at(
                line,
                format!(
                    "`{key}` is {} characters; the Agent Skills limit is {limit}",
                    value.chars().count()
                ),
            ));
        }
    }
    let mut tools = None;
    if let Some(metadata) = map.get("metadata") {
        let line = line_of("metadata");
        let Value::Object(metadata) = metadata else {
            return Err(at(
                line,
                format!(
                    "`metadata` is a mapping of names to strings, not {}",
                    kind_of(metadata)
                ),
            ));
        };
        for (key, value) in metadata {
            if !value.is_string() {
                let line = key_line(yaml, key, 1).map_or(line, |line| line + 1);
                return Err(at(
                    line,
                    format!(
                        "`metadata.{key}` is {}; metadata values are strings (quote it)",
                        kind_of(value)
                    ),
                ));
            }
        }
        if let Some(Value::String(names)) = metadata.get("tools") {
            let line = key_line(yaml, "tools", 1).map_or(line, |line| line + 1);
            tools = Some((names.split_whitespace().map(str::to_owned).collect(), line));
        }
    }
    let mut fields = SkillFrontmatter::new(name, description);
    fields.extra = map;
    Ok(Frontmatter {
        fields,
        tools,
        name_line,
    })
}

/// Takes `key`'s string out of `map`: an error at `line` when it is missing (and `required`) or
/// not a string.
fn take_string(
    map: &mut Map<String, Value>,
    key: &str,
    file: &str,
    line: usize,
    required: bool,
) -> Result<Option<String>, SkillError> {
    match map.remove(key) {
        Some(Value::String(value)) => Ok(Some(value)),
        Some(other) => Err(SkillError::at(
            file,
            line,
            format!("`{key}` is a string, not {}", kind_of(&other)),
        )),
        None if required => Err(SkillError::at(
            file,
            1,
            format!("the frontmatter has no `{key}`; a skill needs `name` and `description`"),
        )),
        None => Ok(None),
    }
}

/// The line (1-based, in `yaml`) where `key` is written at `depth` (0: top level, 1: indented
/// under a mapping), if written plainly or quoted.
fn key_line(yaml: &str, key: &str, depth: usize) -> Option<usize> {
    key_lines(yaml, key, depth).next()
}

/// Every line (1-based, in `yaml`) where `key` is written at `depth`.
fn key_lines<'a>(yaml: &'a str, key: &'a str, depth: usize) -> impl Iterator<Item = usize> + 'a {
    yaml.lines().enumerate().filter_map(move |(index, line)| {
        let trimmed = line.trim_start();
        let indented = trimmed.len() < line.len();
        if indented != (depth > 0) {
            return None;
        }
        let rest = [key.to_owned(), format!("\"{key}\""), format!("'{key}'")]
            .into_iter()
            .find_map(|written| trimmed.strip_prefix(written.as_str()).map(str::to_owned))?;
        rest.trim_start().starts_with(':').then_some(index + 1)
    })
}

/// The YAML parser's message without the position it appends (the error names the line).
fn message_of(error: &yaml_serde::Error) -> String {
    let message = error.to_string();
    match message.rfind(" at line ") {
        Some(cut) => message[..cut].to_owned(),
        None => message,
    }
}

/// What a JSON value is, in words.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "empty",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "a mapping",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_fields_verbatim() {
        let text = "---\nname: volumes\ndescription: Resize volumes.\nlicense: MIT\nmetadata:\n  version: \"1.0\"\n  tools: list_volumes resize_volume\n---\n# Body\n";
        let parsed = parse("skills/volumes/SKILL.md", text).unwrap();
        assert_eq!(parsed.fields.name, "volumes");
        assert_eq!(parsed.fields.extra["license"], "MIT");
        assert_eq!(parsed.fields.extra["metadata"]["version"], "1.0");
        assert_eq!(
            parsed.tools,
            Some((vec!["list_volumes".into(), "resize_volume".into()], 7))
        );
        assert_eq!(parsed.name_line, 2);
    }

    #[test]
    fn each_problem_names_its_file_and_line() {
        let problem = |text: &str| parse("s/a/SKILL.md", text).unwrap_err().to_string();
        assert_eq!(
            problem("# no frontmatter\n"),
            "s/a/SKILL.md:1: a SKILL.md starts with its YAML frontmatter, opened by a line `---`"
        );
        assert_eq!(
            problem("---\nname: a\n"),
            "s/a/SKILL.md:1: the frontmatter opened here is never closed by a line `---`"
        );
        let bad_yaml = problem("---\nname: a\ndescription: x\nmetadata: [a\n---\n");
        assert!(
            bad_yaml.starts_with("s/a/SKILL.md:5: the frontmatter is not valid YAML: "),
            "{bad_yaml}"
        );
        assert_eq!(
            problem("---\nname: a\ndescription: d\nname: b\n---\n"),
            "s/a/SKILL.md:4: the frontmatter is not valid YAML: duplicate entry with key \"name\""
        );
        assert_eq!(
            problem("---\nname: a\ndescription: 3\n---\n"),
            "s/a/SKILL.md:3: `description` is a string, not a number"
        );
        assert_eq!(
            problem("---\nname: a\n---\n"),
            "s/a/SKILL.md:1: the frontmatter has no `description`; a skill needs `name` and `description`"
        );
        assert_eq!(
            problem("---\nname: a\ndescription: d\nmetadata:\n  version: 1.0\n---\n"),
            "s/a/SKILL.md:5: `metadata.version` is a number; metadata values are strings (quote it)"
        );
    }
}
