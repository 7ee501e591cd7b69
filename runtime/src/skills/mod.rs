//! Skills (MCP's skills extension, SEP-2640): folders of instructions, each a `SKILL.md` with
//! its YAML frontmatter plus any files beside it, that a server serves to teach a model how to
//! use it. A client lists them with `skills/list`, fetches one entry with `skills/get`, and
//! reads each file as a `skill://` resource whose SHA-256 digest the entry carries.
//!
//! [`Skills`] holds them: embedded in the binary at build time ([`skills!`](crate::skills!))
//! or read from a folder at start-up ([`Skills::from_dir`]), checked when it is made (a
//! malformed frontmatter is a [`SkillError`] naming the file and line), and given to the server
//! with [`About::with_skills`](crate::serve::About::with_skills).
//!
//! ```
//! use toolshape::serve::About;
//! use toolshape::skills::Skills;
//! use toolshape::{Server, ToolSet};
//!
//! # fn main() -> Result<(), toolshape::skills::SkillError> {
//! let skills = Skills::embedded("skills", &[(
//!     "volumes/SKILL.md",
//!     b"---\nname: volumes\ndescription: Resize a volume safely.\n---\nList first, then resize.\n",
//! )])?;
//! let server = Server::new((), ToolSet::default()).with_info(About::default().with_skills(skills));
//! # let _ = server;
//! # Ok(()) }
//! ```
//!
//! The files: this one (the skills, their errors, what the server answers from them),
//! `frontmatter` (a `SKILL.md`'s YAML, checked), `files` (a folder of files made into skills:
//! URIs, digests, media types), `guide` (the skill a server can write about its own tools).

mod files;
mod frontmatter;
mod guide;

use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

use base64::Engine as _;
use rmcp::model::{ReadResourceResult, Resource, ResourceContents, Skill};

pub use guide::ToolGuide;
pub(crate) use guide::{ToolLine, Tools, summary};

/// A problem with a skill, found when the skills are made or the server is set up: the file
/// and line it is at, and what is wrong.
#[derive(Clone, PartialEq, Eq)]
pub struct SkillError {
    message: String,
}

impl SkillError {
    pub(crate) fn at(file: &str, line: usize, message: impl std::fmt::Display) -> Self {
        SkillError {
            message: format!("{file}:{line}: {message}"),
        }
    }

    pub(crate) fn in_file(file: &str, message: impl std::fmt::Display) -> Self {
        SkillError {
            message: format!("{file}: {message}"),
        }
    }
}

impl std::fmt::Display for SkillError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SkillError {}

debug_as_message!(SkillError);

/// The skills a server serves: each a folder with a `SKILL.md` (its YAML frontmatter with
/// `name` and `description` at least, then its instructions) and any other files, served at
/// `skill://<folder>/<file>`. Cheap to clone.
///
/// A skill's folder is named as its `name` is (lowercase letters, digits and single hyphens,
/// at most 64 characters); folders may group skills (`billing/refunds/SKILL.md` is the skill
/// `refunds`, at `skill://billing/refunds/SKILL.md`). Files and folders whose name starts
/// with `.` are left out. A skill may name the tools it uses in its frontmatter's metadata,
/// `metadata: { tools: "list_volumes resize_volume" }`: the server checks each is one of its
/// tools when it starts.
#[derive(Clone, Default)]
pub struct Skills {
    inner: Arc<Inner>,
}

#[derive(Clone, Default)]
struct Inner {
    /// By URI.
    entries: Vec<Entry>,
    /// Every file of every skill, by URI.
    files: HashMap<String, File>,
    /// [`Skills::with_tool_guide`].
    guide: Option<ToolGuide>,
}

/// One skill: its entry, its `SKILL.md` as a listed resource, the tools it names.
#[derive(Clone)]
pub(crate) struct Entry {
    skill: Skill,
    listed: Resource,
    /// The tools its frontmatter names, and where (`file:line`).
    tools: Option<(Vec<String>, String)>,
}

/// One file's bytes and media type.
#[derive(Clone)]
pub(crate) struct File {
    bytes: Bytes,
    mime_type: Option<&'static str>,
}

/// A file's bytes: embedded in the binary, or read at start-up and shared by every clone.
#[derive(Clone)]
pub(crate) enum Bytes {
    Embedded(&'static [u8]),
    Read(Arc<[u8]>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Embedded(bytes) => bytes,
            Bytes::Read(bytes) => bytes,
        }
    }
}

impl std::fmt::Debug for Skills {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.inner.entries.iter().map(|entry| &entry.skill.uri))
            .finish()
    }
}

impl Skills {
    /// No skills.
    pub fn new() -> Self {
        Skills::default()
    }

    /// The skills in the folder `dir`, read now: every folder below it with a `SKILL.md` is a
    /// skill. The folder's path, as given, starts the file names the errors give.
    ///
    /// # Errors
    /// A file that cannot be read, a `SKILL.md` whose frontmatter is malformed (the error
    /// names the file and line), a skill whose `name` is not its folder's, a `SKILL.md`
    /// directly in `dir` (a skill is a folder), a skill over the extension's limits (512
    /// files, 16 MiB).
    pub fn from_dir(dir: impl AsRef<Path>) -> Result<Skills, SkillError> {
        let dir = dir.as_ref();
        let shown = dir.display().to_string();
        let found = files::read_dir(dir).map_err(|error| SkillError::in_file(&shown, error))?;
        Skills::from_files(&shown, found)
    }

    /// The skills of files embedded in the binary, as [`skills!`](crate::skills!) gives them:
    /// each file's path below the folder `dir` (with `/` separators) and its bytes. Checked as
    /// [`Skills::from_dir`] checks a folder.
    ///
    /// # Errors
    /// As [`Skills::from_dir`].
    pub fn embedded(
        dir: &str,
        files: &[(&'static str, &'static [u8])],
    ) -> Result<Skills, SkillError> {
        let files = (files.iter())
            .map(|(path, bytes)| ((*path).to_owned(), Bytes::Embedded(bytes)))
            .collect();
        Skills::from_files(dir.trim_end_matches('/'), files)
    }

    fn from_files(dir: &str, found: Vec<(String, Bytes)>) -> Result<Skills, SkillError> {
        let (entries, files) = files::skills_of(dir, found)?;
        Ok(Skills {
            inner: Arc::new(Inner {
                entries,
                files,
                guide: None,
            }),
        })
    }

    /// Adds a skill the server writes about its own tools when it starts: which to use first
    /// (search, when tool search is on), which read and which act, what undo does when the
    /// server has an undo layer. See [`ToolGuide`].
    #[must_use]
    pub fn with_tool_guide(mut self, guide: ToolGuide) -> Self {
        Arc::make_mut(&mut self.inner).guide = Some(guide);
        self
    }

    /// The skills' entries, as `skills/list` sends them (without the generated guide, which
    /// the server adds).
    pub fn list(&self) -> Vec<Skill> {
        self.inner.entries.iter().map(|e| e.skill.clone()).collect()
    }

    /// The skills, with the guide written for `tools` when asked for, and each tool a skill
    /// names checked against them: what a server serves. A problem is the server's start-up
    /// problem.
    pub(crate) fn serve(&self, tools: &Tools<'_>) -> Result<Served, SkillError> {
        let mut inner = Inner::clone(&self.inner);
        inner.guide = None;
        for entry in &inner.entries {
            let Some((names, place)) = &entry.tools else {
                continue;
            };
            if let Some(name) = names.iter().find(|name| !tools.has(name)) {
                return Err(SkillError {
                    message: format!(
                        "{place}: the skill `{}` names the tool `{name}`, which the server does not have (its tools: {})",
                        entry.skill.name(),
                        tools.names()
                    ),
                });
            }
        }
        if let Some(guide) = &self.inner.guide {
            let (dir, name, text) = guide.write(tools);
            let bytes = Bytes::Read(text.into_bytes().into());
            let (entries, files) =
                files::skills_of(&dir, vec![(format!("{name}/SKILL.md"), bytes)])?;
            for entry in entries {
                if inner.entries.iter().any(|e| e.skill.uri == entry.skill.uri) {
                    return Err(SkillError {
                        message: format!(
                            "the tool guide is served at {}, where a skill already is: name the guide otherwise (ToolGuide::with_name)",
                            entry.skill.uri
                        ),
                    });
                }
                inner.entries.push(entry);
            }
            inner.files.extend(files);
            inner.entries.sort_by(|a, b| a.skill.uri.cmp(&b.skill.uri));
        }
        let directories = directories(&inner);
        Ok(Served {
            inner: Arc::new(inner),
            directories: Arc::new(directories),
        })
    }
}

/// Every folder of every skill (its root, and each folder below it), by URI, with its direct
/// children: for `resources/directory/read`.
fn directories(inner: &Inner) -> HashMap<String, Vec<Resource>> {
    let roots: Vec<&str> = (inner.entries.iter())
        .filter_map(|e| e.skill.uri.strip_suffix("/SKILL.md"))
        .collect();
    let served = |dir: &str| {
        (roots.iter()).any(|root| {
            dir == *root
                || dir
                    .strip_prefix(root)
                    .is_some_and(|rest| rest.starts_with('/'))
        })
    };
    let parent = |uri: &str| uri.rsplit_once('/').map(|(parent, _)| parent.to_owned());
    let name = |uri: &str| uri.rsplit('/').next().unwrap_or(uri).to_owned();
    let mut children: HashMap<String, std::collections::BTreeMap<String, Resource>> =
        HashMap::new();
    for (uri, file) in &inner.files {
        let Some(mut dir) = parent(uri) else { continue };
        if !served(&dir) {
            continue;
        }
        let mut listed = Resource::new(uri.as_str(), name(uri)).with_size(file.bytes.len() as u64);
        listed.mime_type = file.mime_type.map(Into::into);
        children
            .entry(dir.clone())
            .or_default()
            .insert(uri.clone(), listed);
        while let Some(up) = parent(&dir).filter(|up| served(up)) {
            let folder = Resource::new(dir.as_str(), name(&dir))
                .with_mime_type(rmcp::model::DIRECTORY_MIME_TYPE);
            children
                .entry(up.clone())
                .or_default()
                .insert(dir.clone(), folder);
            dir = up;
        }
    }
    (children.into_iter())
        .map(|(dir, listed)| (dir, listed.into_values().collect()))
        .collect()
}

/// The skills a server serves: what its `skills/*` methods and its `skill://` resources
/// answer from.
#[derive(Clone)]
pub(crate) struct Served {
    inner: Arc<Inner>,
    /// Each folder's direct children, by the folder's URI.
    directories: Arc<HashMap<String, Vec<Resource>>>,
}

impl Served {
    /// Every skill's entry, by URI.
    pub(crate) fn list(&self) -> Vec<Skill> {
        self.inner.entries.iter().map(|e| e.skill.clone()).collect()
    }

    /// The entry of the skill whose `SKILL.md` is at `uri`.
    pub(crate) fn get(&self, uri: &str) -> Option<Skill> {
        (self.inner.entries.iter())
            .find(|e| e.skill.uri == uri)
            .map(|e| e.skill.clone())
    }

    /// Each skill's `SKILL.md`, for `resources/list`.
    pub(crate) fn resources(&self) -> Vec<Resource> {
        self.inner
            .entries
            .iter()
            .map(|e| e.listed.clone())
            .collect()
    }

    /// The direct children of a skill's folder (its root or one below it): files with their
    /// size and media type, folders as `inode/directory`.
    pub(crate) fn directory(&self, uri: &str) -> Option<Vec<Resource>> {
        self.directories.get(uri).cloned()
    }

    /// The answer to `resources/read` for a skill's file: text when it is text, else base64.
    pub(crate) fn read(&self, uri: &str) -> Option<ReadResourceResult> {
        let file = self.inner.files.get(uri)?;
        let text = (file.mime_type.is_some_and(files::is_textual))
            .then(|| std::str::from_utf8(&file.bytes).ok())
            .flatten();
        let contents = match text {
            Some(text) => ResourceContents::text(text, uri),
            None => ResourceContents::blob(
                base64::engine::general_purpose::STANDARD.encode(&*file.bytes),
                uri,
            ),
        };
        let contents = match file.mime_type {
            Some(mime_type) => contents.with_mime_type(mime_type),
            None => contents,
        };
        Some(ReadResourceResult::new(vec![contents]))
    }
}
