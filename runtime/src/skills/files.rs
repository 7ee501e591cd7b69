//! A folder of files made into skills: which folders are skills, each file's `skill://` URI,
//! SHA-256 digest and media type, and the limits of the extension.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use rmcp::model::{Resource, SKILL_MD, Skill, SkillResource, SkillResources};

use super::{Bytes, Entry, File, SkillError, frontmatter};

/// Files per skill past which hosts need not load it (the extension's limit).
const FILE_LIMIT: usize = 512;
/// Bytes per skill past which hosts need not load it (the extension's limit: 16 MiB).
const BYTE_LIMIT: u64 = 16 * 1024 * 1024;

/// Every file below `dir` (following links), its path relative to `dir` with `/`
/// separators; hidden entries (a name starting with `.`) left out.
pub(super) fn read_dir(dir: &Path) -> std::io::Result<Vec<(String, Bytes)>> {
    fn walk(dir: &Path, prefix: &str, found: &mut Vec<(String, Bytes)>) -> std::io::Result<()> {
        let mut entries = std::fs::read_dir(dir)?.collect::<Result<Vec<_>, _>>()?;
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for entry in entries {
            let name = entry.file_name();
            let Some(name) = name.to_str() else {
                return Err(std::io::Error::other(format!(
                    "{} has a name that is not UTF-8",
                    entry.path().display()
                )));
            };
            if name.starts_with('.') {
                continue;
            }
            let relative = if prefix.is_empty() {
                name.to_owned()
            } else {
                format!("{prefix}/{name}")
            };
            let path = entry.path();
            let with_path = |error: std::io::Error| {
                std::io::Error::new(error.kind(), format!("{}: {error}", path.display()))
            };
            let metadata = std::fs::metadata(&path).map_err(with_path)?;
            if metadata.is_dir() {
                walk(&path, &relative, found)?;
            } else if metadata.is_file() {
                let bytes = std::fs::read(&path).map_err(with_path)?;
                found.push((relative, Bytes::Read(bytes.into())));
            }
        }
        Ok(())
    }
    let mut found = Vec::new();
    walk(dir, "", &mut found)?;
    Ok(found)
}

/// The skills among `found` (paths below the folder shown as `dir`): every folder with a
/// `SKILL.md` is one, and its files are every file below it (a nested skill's too, as the
/// extension asks).
pub(super) fn skills_of(
    dir: &str,
    found: Vec<(String, Bytes)>,
) -> Result<(Vec<Entry>, HashMap<String, File>), SkillError> {
    let shown = |path: &str| format!("{dir}/{path}");
    let folders: BTreeSet<String> = (found.iter())
        .filter_map(|(path, _)| match path.rsplit_once('/') {
            Some((folder, SKILL_MD)) => Some(Ok(folder.to_owned())),
            None if path == SKILL_MD => Some(Err(())),
            _ => None,
        })
        .collect::<Result<_, ()>>()
        .map_err(|()| {
            SkillError::in_file(
                &shown(SKILL_MD),
                "a skill is a folder: move this SKILL.md into a folder named as the skill's `name`",
            )
        })?;
    let mut entries = Vec::new();
    for folder in &folders {
        let manifest = format!("{folder}/{SKILL_MD}");
        let prefix = format!("{folder}/");
        let mine: Vec<&(String, Bytes)> = (found.iter())
            .filter(|(path, _)| path.starts_with(&prefix))
            .collect();
        let bytes: u64 = mine.iter().map(|(_, b)| b.len() as u64).sum();
        if mine.len() > FILE_LIMIT || bytes > BYTE_LIMIT {
            return Err(SkillError::in_file(
                &shown(folder),
                format!(
                    "the skill has {} files and {bytes} bytes; the skills extension's limits are {FILE_LIMIT} files and {BYTE_LIMIT} bytes, past which hosts need not load it",
                    mine.len()
                ),
            ));
        }
        let (_, text) = (mine.iter())
            .find(|(path, _)| *path == manifest)
            .expect("a skill's folder has its SKILL.md");
        let Ok(text) = std::str::from_utf8(text) else {
            return Err(SkillError::in_file(
                &shown(&manifest),
                "a SKILL.md is UTF-8 text",
            ));
        };
        let parsed = frontmatter::parse(&shown(&manifest), text)?;
        let folder_name = folder.rsplit('/').next().unwrap_or(folder);
        let name = &parsed.fields.name;
        if name != folder_name {
            return Err(SkillError::at(
                &shown(&manifest),
                parsed.name_line,
                format!(
                    "the skill's `name` is `{name}` but its folder is `{folder_name}`: a skill's folder is named as the skill"
                ),
            ));
        }
        let uri = uri_of(&manifest);
        let mut resources: Vec<SkillResource> = (mine.iter())
            .map(|(path, bytes)| SkillResource::from_bytes(uri_of(path), bytes))
            .collect();
        resources.sort_by(|a, b| a.uri.cmp(&b.uri));
        let listed = Resource::new(&uri, name.as_str())
            .with_description(parsed.fields.description.as_str())
            .with_mime_type("text/markdown")
            .with_size(text.len() as u64);
        let skill = Skill::new(uri, parsed.fields, SkillResources::Files(resources));
        skill
            .validate()
            .map_err(|error| SkillError::at(&shown(&manifest), parsed.name_line, error))?;
        let tools =
            (parsed.tools).map(|(names, line)| (names, format!("{}:{line}", shown(&manifest))));
        entries.push(Entry {
            skill,
            listed,
            tools,
        });
    }
    entries.sort_by(|a, b| a.skill.uri.cmp(&b.skill.uri));
    let files = (found.into_iter())
        .filter(|(path, _)| folders.iter().any(|f| path.starts_with(&format!("{f}/"))))
        .map(|(path, bytes)| {
            let mime_type = mime_type_of(&path);
            (uri_of(&path), File { bytes, mime_type })
        })
        .collect();
    Ok((entries, files))
}

/// The `skill://` URI of the file at `path`: its bytes outside `A-Z a-z 0-9 - . _ ~ /`
/// percent-encoded.
fn uri_of(path: &str) -> String {
    let mut uri = String::from("skill://");
    for byte in path.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'/') {
            uri.push(char::from(byte));
        } else {
            uri.push_str(&format!("%{byte:02X}"));
        }
    }
    uri
}

/// Whether a file of this media type is sent as `text` (when its bytes are UTF-8); any other
/// is sent as a base64 `blob`.
pub(super) fn is_textual(mime_type: &str) -> bool {
    mime_type.starts_with("text/")
        || matches!(
            mime_type,
            "application/json"
                | "application/xml"
                | "application/yaml"
                | "application/toml"
                | "application/x-sh"
                | "image/svg+xml"
        )
}

/// A file's media type by its extension; `None` (no `mimeType`) for one not known.
fn mime_type_of(path: &str) -> Option<&'static str> {
    let name = path.rsplit('/').next().unwrap_or(path);
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    Some(match extension.as_str() {
        "md" | "markdown" => "text/markdown",
        "txt" => "text/plain",
        "html" | "htm" => "text/html",
        "csv" => "text/csv",
        "json" => "application/json",
        "yaml" | "yml" => "application/yaml",
        "toml" => "application/toml",
        "xml" => "application/xml",
        "py" => "text/x-python",
        "rs" => "text/x-rust",
        "js" | "mjs" => "text/javascript",
        "sh" => "application/x-sh",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file(path: &str, text: &'static str) -> (String, Bytes) {
        (path.to_owned(), Bytes::Embedded(text.as_bytes()))
    }

    #[test]
    fn a_folder_with_a_skill_md_is_a_skill_and_every_file_below_it_is_listed() {
        let (entries, files) = skills_of(
            "skills",
            vec![
                file(
                    "ops/resize/SKILL.md",
                    "---\nname: resize\ndescription: Resize.\n---\nBody\n",
                ),
                file("ops/resize/reference/limits.md", "Limits\n"),
                file("README.md", "not a skill's\n"),
            ],
        )
        .unwrap();
        assert_eq!(entries.len(), 1);
        let skill = &entries[0].skill;
        assert_eq!(skill.uri, "skill://ops/resize/SKILL.md");
        let SkillResources::Files(resources) = &skill.resources else {
            panic!("a static skill")
        };
        let uris: Vec<_> = resources.iter().map(|r| r.uri.as_str()).collect();
        assert_eq!(
            uris,
            [
                "skill://ops/resize/SKILL.md",
                "skill://ops/resize/reference/limits.md"
            ]
        );
        assert_eq!(resources[1].size, 7);
        // sha256 of "Limits\n", as `sha256sum` prints it
        assert_eq!(
            resources[1].digest,
            "sha256:7a6883834e536e97cdcc3cbe7aed5a291763fd024fd77e891cb08adab3c8ff74"
        );
        assert!(!files.contains_key("skill://README.md"));
    }

    #[test]
    fn a_name_that_is_not_the_folders_is_an_error_at_its_line() {
        let error = skills_of(
            "skills",
            vec![file(
                "resize/SKILL.md",
                "---\ndescription: Resize.\nname: grow\n---\n",
            )],
        )
        .err()
        .expect("an error");
        assert_eq!(
            error.to_string(),
            "skills/resize/SKILL.md:3: the skill's `name` is `grow` but its folder is `resize`: a skill's folder is named as the skill"
        );
        let error = skills_of("skills", vec![file("SKILL.md", "---\n---\n")])
            .err()
            .expect("an error");
        assert!(
            error
                .to_string()
                .starts_with("skills/SKILL.md: a skill is a folder")
        );
    }
}
