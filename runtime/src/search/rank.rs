//! Ranking tools for a query.
//!
//! SCAFFOLD: the interface the search tools use; the ranking here is a placeholder (word
//! overlap) that the ranking work replaces.

use rmcp::model::Tool;

/// One tool a search found: its position in the slice the index was built from, and its
/// score (higher is better).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The tool's index in the slice given to [`SearchIndex::new`].
    pub index: usize,
    /// How well the tool matches the query; only the order matters.
    pub score: f64,
}

/// An index over tools' names, titles, descriptions and parameters, built once.
#[derive(Debug, Clone)]
pub struct SearchIndex {
    docs: Vec<Vec<String>>,
}

fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

impl SearchIndex {
    /// Indexes `tools` (their `tools/list` entries).
    pub fn new(tools: &[Tool]) -> Self {
        let docs = tools
            .iter()
            .map(|tool| {
                let mut text = tool.name.replace('_', " ");
                text.push(' ');
                text.push_str(tool.description.as_deref().unwrap_or(""));
                words(&text)
            })
            .collect();
        SearchIndex { docs }
    }

    /// The tools that match `query`, best first; ties keep the index order.
    pub fn search(&self, query: &str) -> Vec<Hit> {
        let query = words(query);
        let mut hits: Vec<Hit> = self
            .docs
            .iter()
            .enumerate()
            .map(|(index, doc)| {
                let score = query.iter().filter(|w| doc.contains(w)).count() as f64;
                Hit { index, score }
            })
            .filter(|hit| hit.score > 0.0)
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.index.cmp(&b.index)));
        hits
    }
}
