//! Ranking tools for a query: the index built once over the tools' texts, and its scoring.
//!
//! Each tool is five fields of terms (see [`text`](super::text)): its name, its title, its
//! description, its parameters' names and its parameters' descriptions (with the values an
//! enumerated parameter takes: `method: "create" | "update"`, `state: "open" | "closed"`). A query is scored
//! with BM25F (BM25 over the fields' weighted, length-normalised term counts), where each
//! query word counts once, through the best of its own term and its synonyms (a synonym at
//! a lower weight). Signals added on top of BM25F:
//!
//! - **the name**: the share of a tool's name words the query asks for multiplies its score
//!   (`delete_file` for "remove the file" over a tool that mentions files and removal in
//!   passing);
//! - **word pairs**: two query words that stand next to each other in a tool's name, title
//!   or description (`pull request`, `sub issue`) add to its score;
//! - **coordination**: the share of the query's words a tool answers weighs half its score;
//! - **intent**: a request that names no change, or asks a question ("what did commit 1a2b
//!   change"), ranks the tools that act (by their `readOnlyHint`; else by the first action
//!   of their name, `list_pull_requests` lists, an HTTP method before another action being
//!   how it is sent; else, with no action in the name, by a `destructiveHint`) after those
//!   that look; a request that asks for a change, and is no question, the other way
//!   round, more gently;
//! - **one thing named**: a request that names one thing by its identifier ("issue 42",
//!   "commit 1a2b3c", "PROJ-42") lifts the tools that require an identifier (or, requiring
//!   nothing, take one), and puts after them the tools that answer with many things (their
//!   name lists or searches, or ends with a plural);
//! - **values**: a value the request passes lifts the tools whose parameters take its kind
//!   (an `owner/repo` the tools with an `owner` and a `repo`, a tracker's key `PROJ-42` a
//!   `…key` or a parameter shown with one, a path, an address, an email): "the commit history
//!   of facebook/react" is the hosted repository's, not the local checkout's;
//! - **states**: a word that names a state ("open" in "open tickets" or "which PRs are open",
//!   "merged") counts only where a tool says a state (its parameters' values and
//!   descriptions, its description past the first word), not where its title gives an order
//!   ("Open new pull request");
//! - **feedback**: the name words of the first three hits feed back, weakly, into the query,
//!   so that tools of the same kind as the best hits move up among the rest.
//!
//! Scores are sums in a fixed order; ties go to the tool listed first: the same tools and
//! query always give the same order.

use std::collections::HashMap;

use rmcp::model::Tool;

use super::text::{
    Analyzer, QueryWord, Values, changes, looks, names_one, names_state, state_term,
};

/// One tool a search found: its position in the slice the index was built from, its
/// score (higher is better), and whether it is a confident match for the request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    /// The tool's index in the slice given to [`SearchIndex::new`].
    pub index: usize,
    /// How well the tool matches the query; only the order matters.
    pub score: f64,
    /// Whether the tool serves the request, as far as its words tell: it answers most of
    /// what the request asks for (by the weight of each word, [`FIT`]), scores near the
    /// best hit, and, for a request that asks nothing to change, is not destructive. A
    /// search whose first hit is not confident found nothing that fits: its hits are the
    /// nearest tools, weak matches.
    pub confident: bool,
}

/// What a search answers ([`SearchIndex::answer`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The tools found, best first.
    pub hits: Vec<Hit>,
    /// Whether the first is a confident match ([`Hit::confident`]); when not, nothing fits
    /// the request and the hits are the nearest tools, weak matches.
    pub fits: bool,
}

/// The fields of a tool, in the order of [`FIELD_WEIGHTS`] and [`FIELD_LENGTH_NORM`].
const NAME: usize = 0;
const TITLE: usize = 1;
const DESCRIPTION: usize = 2;
const PARAM_NAMES: usize = 3;
const PARAM_DESCRIPTIONS: usize = 4;
const KEYWORDS: usize = 5;
const OUTPUT: usize = 6;
/// The states the description and the parameters say (`open` of `state: open | closed`).
const STATES: usize = 7;
const FIELDS: usize = 8;

/// How much a term counts in each field: a word of the name says most about what a tool
/// does, a word of a parameter's description least. An author's keywords count as the
/// title; the names of the result's fields as the parameters' names.
const FIELD_WEIGHTS: [f64; FIELDS] = [3.0, 2.0, 1.0, 0.7, 0.4, 2.0, 0.7, 0.7];
/// BM25's `b` per field: how much a long field dilutes its terms.
const FIELD_LENGTH_NORM: [f64; FIELDS] = [0.3, 0.3, 0.75, 0.5, 0.75, 0.3, 0.5, 0.0];
/// BM25's `k1`: how fast repeated terms stop adding.
const K1: f64 = 1.2;
/// How much asking for all of a tool's name words multiplies its score (1 + this).
const NAME_COVERAGE_BOOST: f64 = 0.6;
/// What a pair of query words found side by side adds, times their mean IDF.
const PAIR_BONUS: f64 = 0.5;
/// How much of a score depends on the share of the query's words the tool answers (a tool
/// answering half the words keeps 1 - this / 2 of its score).
const COORDINATION: f64 = 0.5;
/// What multiplies the score of a tool that changes something (its hints say so, or the
/// first action of its name is a word of `[changes]` of `vocabulary.txt`) when the request
/// names no change.
const UNASKED_CHANGE: f64 = 0.6;

/// What multiplies the score of a tool that only looks (it changes nothing) when the
/// request asks for a change and is no question.
const UNASKED_LOOK: f64 = 0.8;

/// What multiplies the score of a tool that takes an identifier (a required number, id,
/// sha, revision or tag) when the request names one thing by its identifier (1 + this).
const NAMED_ONE: f64 = 0.5;

/// What multiplies the score of a tool whose parameters take a kind of value the request
/// passes (an `owner/repo`, a tracker's key, a path, an address, an email), per kind
/// (1 + this).
const VALUE_FIT: f64 = 0.5;

/// What a request that names one thing by its identifier takes off the score of a tool that
/// answers with many things ([`answers_many`]): 1 - this.
const NAMED_ONE_NOT_MANY: f64 = 0.25;

/// How many of the best tools feed their name words back into the query.
const FEEDBACK_HITS: usize = 3;
/// How much a fed-back word counts, relative to the score of the hit it came from.
const FEEDBACK: f64 = 0.01;
/// A request's first words that make it a question: it asks to look, whatever verb follows
/// ("what did commit 1a2b change").
const QUESTION_WORDS: &[&str] = &[
    "any", "are", "did", "do", "does", "has", "have", "how", "is", "was", "were", "what", "what's",
    "whats", "when", "where", "which", "who", "whom", "whose",
];

/// A term's documents: for each tool holding it, its saturated weighted count in (0, 1).
#[derive(Debug, Clone)]
struct Postings {
    idf: f64,
    docs: Vec<(u32, f64)>,
}

/// An index over tools' names, titles, descriptions and parameters, built once.
#[derive(Debug, Clone)]
pub struct SearchIndex {
    tools: usize,
    terms: HashMap<String, u32>,
    postings: Vec<Postings>,
    /// Each tool's name terms (distinct, as term ids).
    names: Vec<Vec<u32>>,
    /// Adjacent term pairs of each tool's name, title and description: pair → tools.
    pairs: HashMap<(u32, u32), Vec<u32>>,
    /// Whether each tool changes something: its `readOnlyHint`, or else its name.
    acts: Vec<bool>,
    /// Whether each tool takes an identifier of one thing ([`takes_identifier`]).
    identifies: Vec<bool>,
    /// Whether each tool may destroy something: its `destructiveHint`, or else (no hint)
    /// whether it changes something.
    destroys: Vec<bool>,
    /// The highest IDF a term can have here (a term of one tool).
    rarest: f64,
    /// The kinds of value each tool's parameters take ([`takes_values`]).
    takes: Vec<Values>,
    /// Whether each tool answers with many things ([`answers_many`]).
    many: Vec<bool>,
}

impl SearchIndex {
    /// Indexes `tools` (their `tools/list` entries).
    pub fn new(tools: &[Tool]) -> Self {
        Self::with_keywords(tools, &|_| Vec::new())
    }

    /// Indexes `tools` with the words users type for each (`keywords` of a tool's name:
    /// `#[tool(keywords = [..])]`, [`ToolSearch::keywords`](super::ToolSearch::keywords)),
    /// read beside the tool's name and description, as much as its title.
    pub fn with_keywords(tools: &[Tool], keywords: &dyn Fn(&str) -> Vec<String>) -> Self {
        let analyzer = Analyzer::new();
        let names_set: std::collections::HashSet<&str> = tools.iter().map(|t| &*t.name).collect();
        let mut terms: HashMap<String, u32> = HashMap::new();
        let id_of = |term: String, terms: &mut HashMap<String, u32>| {
            let next = terms.len() as u32;
            *terms.entry(term).or_insert(next)
        };
        // per tool, per field: term ids in order
        let docs: Vec<[Vec<u32>; FIELDS]> = tools
            .iter()
            .map(|tool| {
                let mut doc: [Vec<u32>; FIELDS] = Default::default();
                let texts = fields(tool, &names_set, &keywords(&tool.name));
                for (field, text) in texts.iter().enumerate() {
                    let said = analyzer.terms(text);
                    // where the text says a state ("state: open | closed", "lists open
                    // issues"), the word stands for the state too
                    if field == DESCRIPTION || field == PARAM_DESCRIPTIONS {
                        let skip = usize::from(field == DESCRIPTION);
                        for term in said.iter().skip(skip).filter(|t| names_state(t)) {
                            let state = id_of(state_term(term), &mut terms);
                            if !doc[STATES].contains(&state) {
                                doc[STATES].push(state);
                            }
                        }
                    }
                    doc[field].extend(said.into_iter().map(|t| id_of(t, &mut terms)));
                }
                doc
            })
            .collect();

        let mut average = [0.0; FIELDS];
        for doc in &docs {
            for (f, field) in doc.iter().enumerate() {
                average[f] += field.len() as f64;
            }
        }
        for total in &mut average {
            *total = (*total / docs.len().max(1) as f64).max(1.0);
        }

        let mut postings: Vec<Postings> = vec![
            Postings {
                idf: 0.0,
                docs: Vec::new()
            };
            terms.len()
        ];
        let mut names = Vec::with_capacity(docs.len());
        let mut pairs: HashMap<(u32, u32), Vec<u32>> = HashMap::new();
        for (d, doc) in docs.iter().enumerate() {
            let d = d as u32;
            // weighted, length-normalised counts, in order of first appearance
            let mut counts: Vec<(u32, f64)> = Vec::new();
            for (f, field) in doc.iter().enumerate() {
                let norm = 1.0 - FIELD_LENGTH_NORM[f]
                    + FIELD_LENGTH_NORM[f] * field.len() as f64 / average[f];
                for &term in field {
                    let add = FIELD_WEIGHTS[f] / norm;
                    match counts.iter_mut().find(|(t, _)| *t == term) {
                        Some((_, count)) => *count += add,
                        None => counts.push((term, add)),
                    }
                }
            }
            for (term, count) in counts {
                postings[term as usize].docs.push((d, count / (K1 + count)));
            }
            let mut name = doc[NAME].clone();
            name.dedup();
            let mut seen = Vec::new();
            name.retain(|t| {
                let new = !seen.contains(t);
                seen.push(*t);
                new
            });
            names.push(name);
            for field in [NAME, TITLE, DESCRIPTION, KEYWORDS] {
                for pair in doc[field].windows(2) {
                    let tools = pairs.entry((pair[0], pair[1])).or_default();
                    if tools.last() != Some(&d) {
                        tools.push(d);
                    }
                }
            }
        }
        let n = docs.len() as f64;
        for p in &mut postings {
            let df = p.docs.len() as f64;
            p.idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
        }
        let changes: Vec<u32> = changes()
            .iter()
            .filter_map(|t| terms.get(t).copied())
            .collect();
        let methods: Vec<u32> = ["post", "put", "patch"]
            .iter()
            .filter_map(|m| terms.get(*m).copied())
            .collect();
        let looks: Vec<u32> = looks()
            .iter()
            .filter_map(|t| terms.get(t).copied())
            .collect();
        // a tool's own hints say whether it changes anything; without them, its name does
        let acts: Vec<bool> = names
            .iter()
            .zip(tools)
            .map(|(name, tool)| {
                let hints = tool.annotations.as_ref();
                // an HTTP method before another action (`API-post-search`) is how the
                // request is sent, not what the tool does
                let named: Vec<&u32> = (name.iter())
                    .filter(|t| changes.contains(t) || looks.contains(t))
                    .collect();
                let said = match named.as_slice() {
                    [first, next, ..] if methods.contains(first) => Some(next),
                    [first, ..] => Some(first),
                    [] => None,
                }
                .map(|t| changes.contains(t));
                match (hints.and_then(|hints| hints.read_only_hint), said) {
                    (Some(read_only), _) => !read_only,
                    // the first word of its name that names an action says what it does:
                    // `list_pull_requests` lists (a pull *request* is no change)
                    (None, Some(acts)) => acts,
                    // else a `destructiveHint`, meaningful only for a tool that acts, says so
                    (None, None) => hints.is_some_and(|hints| hints.destructive_hint.is_some()),
                }
            })
            .collect();
        // MCP's default for a tool that is not read-only is destructive
        let destroys = tools
            .iter()
            .zip(&acts)
            .map(|(tool, &acts)| {
                let hints = tool.annotations.as_ref();
                acts && hints.and_then(|h| h.destructive_hint).unwrap_or(true)
            })
            .collect();
        SearchIndex {
            destroys,
            rarest: ((n - 1.0 + 0.5) / 1.5 + 1.0).ln(),
            identifies: tools.iter().map(takes_identifier).collect(),
            takes: tools.iter().map(takes_values).collect(),
            many: tools.iter().map(answers_many).collect(),
            acts,
            tools: docs.len(),
            terms,
            postings,
            names,
            pairs,
        }
    }

    /// How many tools the index holds.
    pub fn len(&self) -> usize {
        self.tools
    }

    /// Whether the index holds no tools.
    pub fn is_empty(&self) -> bool {
        self.tools == 0
    }

    /// The tools that match `query`, best first; ties keep the index order.
    pub fn search(&self, query: &str) -> Vec<Hit> {
        let analyzer = Analyzer::new();
        let mut asks_change = false;
        let mut unknown = 0usize;
        let mut values = Vec::new();
        let words: Vec<Vec<(u32, f64)>> = analyzer
            .query(query)
            .into_iter()
            .filter_map(|word| {
                let (change, value) = (word.change, word.value);
                let known = self.known(word);
                if known.is_empty() && !value {
                    unknown += 1;
                }
                (!known.is_empty()).then(|| {
                    asks_change |= change;
                    values.push(value);
                    known
                })
            })
            .collect();
        let words = own_words_first(words);
        let mut scores = vec![0.0f64; self.tools];
        let mut matched = vec![0.0f64; self.tools];
        let mut best = vec![0.0f64; self.tools];
        let mut best_weight = vec![0.0f64; self.tools];
        let mut touched: Vec<u32> = Vec::new();
        for word in &words {
            // each query word counts once: through the best of its alternatives
            for &(term, weight) in word {
                let postings = &self.postings[term as usize];
                for &(doc, saturated) in &postings.docs {
                    let s = weight * postings.idf * saturated;
                    let slot = &mut best[doc as usize];
                    if *slot == 0.0 {
                        touched.push(doc);
                    }
                    if s > *slot {
                        *slot = s;
                    }
                    if weight > best_weight[doc as usize] {
                        best_weight[doc as usize] = weight;
                    }
                }
            }
            for doc in touched.drain(..) {
                scores[doc as usize] += best[doc as usize];
                matched[doc as usize] += best_weight[doc as usize];
                best[doc as usize] = 0.0;
                best_weight[doc as usize] = 0.0;
            }
        }
        self.add_pairs(&words, &mut scores);
        self.weigh_names(&words, &mut scores);
        // coordination: the share of the query's words a tool answers
        if !words.is_empty() {
            for (score, m) in scores.iter_mut().zip(&matched) {
                *score *= 1.0 - COORDINATION + COORDINATION * m / words.len() as f64;
            }
        }
        // a request that names no change looks: tools that act come after those that look
        let first = query.split_whitespace().next().unwrap_or("").to_lowercase();
        let question = query.contains('?') || QUESTION_WORDS.contains(&first.as_str());
        let looks = question || !asks_change;
        if looks {
            for (score, acts) in scores.iter_mut().zip(&self.acts) {
                if *acts {
                    *score *= UNASKED_CHANGE;
                }
            }
        } else {
            // and a request that asks for a change, the tools that act before those that look
            for (score, acts) in scores.iter_mut().zip(&self.acts) {
                if !*acts {
                    *score *= UNASKED_LOOK;
                }
            }
        }
        if names_one(query) {
            for ((score, identifies), many) in
                scores.iter_mut().zip(&self.identifies).zip(&self.many)
            {
                if *identifies {
                    *score *= 1.0 + NAMED_ONE;
                }
                // and a tool that answers with many things is not what it asks
                if *many {
                    *score *= 1.0 - NAMED_ONE_NOT_MANY;
                }
            }
        }

        // the values the request passes are evidence for the tools that take them
        let values_passed = Values::of_request(query);
        if values_passed.0 != 0 {
            for (score, takes) in scores.iter_mut().zip(&self.takes) {
                let fits = (values_passed.0 & takes.0).count_ones();
                *score *= (1.0 + VALUE_FIT).powi(fits as i32);
            }
        }

        self.feed_back(&words, &mut scores);
        let mut hits: Vec<Hit> = scores
            .into_iter()
            .enumerate()
            .filter(|(_, score)| *score > 0.0)
            .map(|(index, score)| Hit {
                index,
                score,
                confident: false,
            })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.index.cmp(&b.index)));
        self.weigh_fit(&words, &values, unknown, !asks_change, &mut hits);
        hits
    }

    /// Feedback from the first hits: each name word of the [`FEEDBACK_HITS`] best tools that
    /// the query did not ask for adds, to every tool already found that holds it,
    /// [`FEEDBACK`] × that hit's score × the word's weight in the tool. Tools of the same
    /// kind as the best hits (`list_gists` beside `get_gist`) move up among the rest.
    fn feed_back(&self, words: &[Vec<(u32, f64)>], scores: &mut [f64]) {
        // the best tools, in order (ties to the tool listed first), in one pass
        let mut best: Vec<usize> = Vec::with_capacity(FEEDBACK_HITS + 1);
        for (doc, &score) in scores.iter().enumerate() {
            if score <= 0.0 {
                continue;
            }
            let at = best.partition_point(|&b| scores[b] >= score);
            if at < FEEDBACK_HITS {
                best.insert(at, doc);
                best.truncate(FEEDBACK_HITS);
            }
        }
        let mut extra: Vec<(u32, f64)> = Vec::new();
        for &doc in &best {
            for &term in &self.names[doc] {
                if words.iter().flatten().any(|(t, _)| *t == term) {
                    continue;
                }
                let add = FEEDBACK * scores[doc];
                match extra.iter_mut().find(|(t, _)| *t == term) {
                    Some((_, weight)) => *weight += add,
                    None => extra.push((term, add)),
                }
            }
        }
        for (term, weight) in extra {
            let postings = &self.postings[term as usize];
            for &(doc, saturated) in &postings.docs {
                if scores[doc as usize] > 0.0 {
                    scores[doc as usize] += weight * postings.idf * saturated;
                }
            }
        }
    }

    /// A query word's alternatives that some tool holds, as term ids.
    fn known(&self, word: QueryWord) -> Vec<(u32, f64)> {
        word.terms
            .into_iter()
            .filter_map(|(term, weight)| self.terms.get(&term).map(|&id| (id, weight)))
            .collect()
    }

    /// Adds [`PAIR_BONUS`] for each pair of adjacent query words found side by side.
    fn add_pairs(&self, words: &[Vec<(u32, f64)>], scores: &mut [f64]) {
        let mut found: Vec<u32> = Vec::new();
        for pair in words.windows(2) {
            for &(a, wa) in &pair[0] {
                for &(b, wb) in &pair[1] {
                    let Some(tools) = self.pairs.get(&(a, b)) else {
                        continue;
                    };
                    let idf = (self.postings[a as usize].idf + self.postings[b as usize].idf) / 2.0;
                    for &doc in tools {
                        if !found.contains(&doc) {
                            found.push(doc);
                            scores[doc as usize] += PAIR_BONUS * wa * wb * idf;
                        }
                    }
                }
            }
            found.clear();
        }
    }

    /// Multiplies each score by how much of the tool's name the query asks for.
    fn weigh_names(&self, words: &[Vec<(u32, f64)>], scores: &mut [f64]) {
        // each term the query asks for, at its best weight, sorted for a binary search
        let mut asked: Vec<(u32, f64)> = words.iter().flatten().copied().collect();
        asked.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
        asked.dedup_by_key(|(term, _)| *term);
        for (doc, score) in scores.iter_mut().enumerate() {
            if *score == 0.0 {
                continue;
            }
            let name = &self.names[doc];
            if name.is_empty() {
                continue;
            }
            let share: f64 = name
                .iter()
                .map(|term| {
                    asked
                        .binary_search_by_key(term, |(t, _)| *t)
                        .map_or(0.0, |i| asked[i].1)
                })
                .sum();
            *score *= 1.0 + NAME_COVERAGE_BOOST * share / name.len() as f64;
        }
    }
}

/// The query's words, each without the synonyms that are another word of the query: that
/// word counts for itself ("security vulnerabilities" asks for security once, not again as a
/// synonym of "vulnerabilities").
fn own_words_first(mut words: Vec<Vec<(u32, f64)>>) -> Vec<Vec<(u32, f64)>> {
    let own: Vec<u32> = words
        .iter()
        .filter_map(|word| word.first().filter(|(_, w)| *w >= 1.0).map(|(t, _)| *t))
        .collect();
    for word in &mut words {
        let first = word.first().copied();
        word.retain(|alternative| Some(*alternative) == first || !own.contains(&alternative.0));
    }
    words
}

mod fit;
pub use fit::FIT;
mod read;
use read::{answers_many, fields, takes_identifier, takes_values};

#[cfg(test)]
mod tests;
