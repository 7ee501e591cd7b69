//! What a format knows of the call whose result it builds: [`CallFacts`] (the tool, its
//! version, when the call started, who asked), and the error result every failed call
//! becomes.

use std::time::Instant;

use rmcp::model::{CallToolResult, ContentBlock};

use crate::provenance::{self, Provenance};

/// Facts about the call a [`Render`](crate::formats::Render) implementation needs to build provenance.
pub struct CallFacts<'a> {
    /// The tool's name.
    pub(crate) tool: &'a str,
    /// The tool's version.
    pub(crate) version: &'a str,
    /// The model behind the tool's answers, if declared.
    pub(crate) model_id: Option<&'a str>,
    /// The sentence a confirmed text result leads with, if declared.
    pub(crate) confirm: Option<&'a str>,
    pub(crate) started: Instant,
    /// The caller's subject, when the server records it in provenance.
    pub(crate) caller: Option<String>,
}

impl<'a> CallFacts<'a> {
    /// Facts of a call of the tool `tool` at `version`, starting now, by no particular caller:
    /// for rendering a value with a format outside a server, as a layer's tests or a
    /// benchmark do. Tools get theirs from the runtime.
    ///
    /// ```
    /// use toolshape::formats::{CallFacts, Json, Render};
    ///
    /// let result = <Json as Render<Vec<u32>>>::render(vec![1, 2], &CallFacts::new("numbers", "1.0.0"));
    /// let envelope = result.structured_content.unwrap();
    /// assert_eq!(envelope["metadata"]["tool_version"], "1.0.0");
    /// ```
    pub fn new(tool: &'a str, version: &'a str) -> Self {
        CallFacts {
            tool,
            version,
            model_id: None,
            confirm: None,
            started: Instant::now(),
            caller: None,
        }
    }

    /// Provenance for this call, finishing now.
    pub fn provenance(&self, data_hash: Option<String>) -> Provenance {
        let mut provenance = Provenance::finish(self.tool, self.version, self.started, data_hash);
        provenance.model_id = self.model_id.map(str::to_owned);
        provenance.caller.clone_from(&self.caller);
        provenance
    }
}

/// An error result (`isError: true`) with the text `Error: …` already formatted, and
/// provenance without a data hash in `_meta`.
pub(crate) fn error_result(text: String, facts: &CallFacts<'_>) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.meta = Some(provenance::meta(facts.provenance(None)));
    result
}
