//! The skill a server writes about its own tools ([`ToolGuide`]): which to call first, which
//! read and which act, what undo does. Written when the server is set up, from its tools.

use std::fmt::Write as _;

use crate::tool::spec::Kind;

/// A skill that teaches a model the server's tools, written from them when the server is set
/// up and served beside the others ([`Skills::with_tool_guide`](super::Skills::with_tool_guide)):
/// with tool search, to search first; the tools that only read and the ones that act (by
/// their `kind`); with an undo layer, what `undo_last_action` undoes; then your notes.
///
/// Its name is `using-tools` unless [`ToolGuide::with_name`] says otherwise, served at
/// `skill://<name>/SKILL.md`.
#[derive(Debug, Clone)]
pub struct ToolGuide {
    name: String,
    notes: Option<String>,
}

impl Default for ToolGuide {
    fn default() -> Self {
        ToolGuide {
            name: "using-tools".into(),
            notes: None,
        }
    }
}

impl ToolGuide {
    /// The guide, named `using-tools`.
    pub fn new() -> Self {
        ToolGuide::default()
    }

    /// Names the guide (its folder and `name`: lowercase letters, digits and single hyphens).
    #[must_use]
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Markdown added at the end of the guide: what only you know (an order of work, a
    /// tool to avoid).
    #[must_use]
    pub fn with_notes(mut self, notes: impl Into<String>) -> Self {
        self.notes = Some(notes.into());
        self
    }

    /// The guide for `tools`: the folder it is served under (empty: at the root), its name,
    /// and its `SKILL.md`.
    pub(crate) fn write(&self, tools: &Tools<'_>) -> (String, String, String) {
        let mut text = String::new();
        let server = tools.server;
        let description = format!(
            "How to use the tools of {server}: which to call first, which only read and which change something{}.",
            if tools.undo { ", and how to undo" } else { "" }
        );
        // The description is quoted as JSON, which YAML reads as a double-quoted string.
        let quoted = serde_json::to_string(&description).expect("a string serialises");
        let _ = write!(
            text,
            "---\nname: {}\ndescription: {quoted}\n---\n\n# Using the tools of {server}\n",
            self.name
        );
        if tools.search {
            let _ = write!(
                text,
                "\nThe tools are found by search: call `search_tools` with what you want to do, \
                 then call the tool it finds with `call_tool` (its `name` and `arguments`). \
                 Search again with other words rather than guess a tool's name.\n"
            );
        }
        let of_kind = |wanted: &dyn Fn(Option<Kind>) -> bool| -> Vec<&ToolLine> {
            tools
                .lines
                .iter()
                .filter(|line| wanted(line.kind))
                .collect()
        };
        let sections: [(&str, Vec<&ToolLine>); 3] = [
            (
                "Tools that only read (call them freely, to look before you act)",
                of_kind(&|kind| matches!(kind, Some(Kind::Read | Kind::State))),
            ),
            (
                "Tools that change something (check with a reading tool first, and tell the user what you changed)",
                of_kind(&|kind| matches!(kind, Some(Kind::Action))),
            ),
            ("Other tools", of_kind(&|kind| kind.is_none())),
        ];
        for (title, lines) in sections {
            if lines.is_empty() {
                continue;
            }
            let _ = write!(text, "\n## {title}\n\n");
            for line in lines {
                let _ = write!(text, "- `{}`", line.name);
                if !line.summary.is_empty() {
                    let _ = write!(text, ": {}", line.summary);
                }
                if line.kind == Some(Kind::Action) && tools.undo && !line.undoable {
                    text.push_str(" (cannot be undone)");
                }
                text.push('\n');
            }
        }
        if tools.undo {
            let _ = write!(
                text,
                "\n## Undo\n\n`undo_last_action` undoes the last change a tool made, restoring what it \
                 changed; call it again to undo the one before. `list_undo_history` lists the \
                 changes that can be undone. Offer it when the user did not want a change.\n"
            );
        }
        if let Some(notes) = &self.notes {
            let _ = write!(text, "\n## Notes\n\n{notes}\n");
        }
        (String::from("tool guide"), self.name.clone(), text)
    }
}

/// What the guide and the check of the tools skills name are written from: the server's tools.
pub(crate) struct Tools<'a> {
    /// The server's name.
    pub(crate) server: &'a str,
    pub(crate) lines: Vec<ToolLine>,
    /// Whether tool search is on.
    pub(crate) search: bool,
    /// Whether the server has an undo layer.
    pub(crate) undo: bool,
}

/// One tool, as the guide tells of it.
pub(crate) struct ToolLine {
    pub(crate) name: String,
    /// The first sentence of its description.
    pub(crate) summary: String,
    pub(crate) kind: Option<Kind>,
    /// Whether undo records it.
    pub(crate) undoable: bool,
}

impl Tools<'_> {
    pub(crate) fn has(&self, name: &str) -> bool {
        self.lines.iter().any(|line| line.name == name)
    }

    /// The tools' names, for an error.
    pub(crate) fn names(&self) -> String {
        if self.lines.is_empty() {
            return "none".into();
        }
        (self.lines.iter())
            .map(|line| line.name.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The first sentence of a description: its first paragraph (its lines joined) up to the
/// first `. `.
pub(crate) fn summary(description: &str) -> String {
    let paragraph = (description.lines())
        .map(str::trim)
        .take_while(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    match paragraph.find(". ") {
        Some(end) => paragraph[..=end].to_owned(),
        None => paragraph,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_summary_is_the_first_sentence_of_the_first_paragraph() {
        let summary = super::summary;
        assert_eq!(
            summary(
                "Resize a volume to `size` bytes (at least what it\nuses). Only online ones.\n\nMore."
            ),
            "Resize a volume to `size` bytes (at least what it uses)."
        );
        assert_eq!(summary("Start or stop an SVM."), "Start or stop an SVM.");
        assert_eq!(summary(""), "");
    }
}
