//! Text analysis for tool search: how tool texts and queries become terms.
//!
//! One pipeline serves both sides, so a word a user types meets the word a tool was written
//! with: split into words (on anything that is not a letter or digit, and inside a word at
//! camelCase boundaries), lowercase, spell out common abbreviations, drop stopwords, stem
//! (Snowball English, from `rust-stemmers`). A query additionally carries, for each of its
//! words (looked up by stem, so a plural finds its singular's rows), the synonyms a user
//! types for the words tools are written with (`[synonyms]`, at [`SYNONYM_WEIGHT`]),
//! related words of the domains MCP servers serve (`[related]`) and of software work in
//! general (`[concepts]`), both at [`RELATED_WEIGHT`]; a phrase ("look for", "next
//! commit") stands for one or more words (`[phrases]`). Some words are read for what they
//! are rather than for what the tables say: a state before a noun or after a form of "be"
//! ("open tickets", "closed issues", "which PRs are open", "which pods are running": its
//! [`state_term`], at [`STATE_WEIGHT`], no synonyms, no change), a name the user pasted
//! (`notes.txt`, `parse_config`: itself only), an identifier ([`names_one`]); and the
//! values a request passes are read for their shape ([`Values`]: `owner/repo`, `PROJ-42`,
//! a path, an address, an email), which the ranking sets against what each tool's
//! parameters take. The tables
//! are the data file `vocabulary.txt` ([`vocabulary`](super::vocabulary)), small and
//! written by hand: what they hold is documented in it, and `docs/benchmarks.md` measures
//! what they are worth.

use std::collections::HashMap;
use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

use super::vocabulary::{RELATED_WEIGHT, STATE_WEIGHT, SYNONYM_WEIGHT, vocabulary};

/// The words of a text, lowercased: split on anything that is not a letter or digit, and
/// inside a word where camelCase starts a new word (`pullNumber`, `HTTPServer`).
pub(crate) fn split(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    for run in text.split(|c: char| !c.is_alphanumeric()) {
        let chars: Vec<char> = run.chars().collect();
        let mut start = 0;
        for i in 1..chars.len() {
            let (prev, cur) = (chars[i - 1], chars[i]);
            // `HTTPServer` splits before `Server`; `PRs`, `URLs` stay one word (a plural)
            let next_lower = chars.get(i + 1).is_some_and(|c| c.is_lowercase())
                && !(chars.get(i + 1) == Some(&'s') && i + 2 == chars.len());
            let boundary = (prev.is_lowercase() && cur.is_uppercase())
                || (prev.is_uppercase() && cur.is_uppercase() && next_lower)
                || (prev.is_alphabetic() != cur.is_alphabetic());
            if boundary {
                words.push(chars[start..i].iter().collect::<String>().to_lowercase());
                start = i;
            }
        }
        if start < chars.len() {
            words.push(chars[start..].iter().collect::<String>().to_lowercase());
        }
    }
    words
}

/// The analysis shared by an index and its queries.
pub(crate) struct Analyzer {
    stemmer: Stemmer,
}

/// One word of a query: the terms that answer it, each with its weight (the typed word's
/// own term first, at 1.0), and whether it asks for a change.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct QueryWord {
    /// The terms that answer the word, the typed word's own first.
    pub(crate) terms: Vec<(String, f64)>,
    /// Whether the word or one of its synonyms names a change (`[changes]`): "remove",
    /// "make", "record"; not `closed` in "closed issues", which names a state.
    pub(crate) change: bool,
    /// Whether the word is a value the request passes rather than what it asks for: a name
    /// the user pasted (`notes.txt`, `parse_config`, quoted text), a number, an identifier
    /// (`1a2b3c`). Left out of the share of a request a tool answers.
    pub(crate) value: bool,
}

impl Analyzer {
    pub(crate) fn new() -> Self {
        Analyzer {
            stemmer: Stemmer::create(Algorithm::English),
        }
    }

    /// The term a word stands for: stemmed, or `None` for a stopword or a lone letter.
    fn term(&self, word: &str) -> Option<String> {
        if is_stopword(word) || (word.chars().count() < 2 && !word.chars().all(char::is_numeric)) {
            return None;
        }
        Some(self.stemmer.stem(word).into_owned())
    }

    /// The words of a text with abbreviations spelled out, stopwords kept.
    fn words(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        for word in split(text) {
            match (vocabulary().abbreviations.iter()).find(|(short, _)| *short == word) {
                Some((_, long)) => out.extend(long.split(' ').map(str::to_owned)),
                None => out.push(word),
            }
        }
        out
    }

    /// The terms of a tool's text, in order.
    pub(crate) fn terms(&self, text: &str) -> Vec<String> {
        Self::words(text)
            .iter()
            .filter_map(|w| self.term(w))
            .collect()
    }

    /// The words of a query, each with the terms that answer it.
    pub(crate) fn query(&self, text: &str) -> Vec<QueryWord> {
        let (words, literal) = Self::query_words(text);
        let mut out = Vec::new();
        let mut i = 0;
        while i < words.len() {
            if literal[i] {
                // a name the user pasted (`notes.txt`, `parse_config`, "wip") means itself
                if let Some(term) = self.term(&words[i]) {
                    out.push(QueryWord {
                        terms: vec![(term, 1.0)],
                        change: false,
                        value: true,
                    });
                }
                i += 1;
                continue;
            }
            let phrase = vocabulary().phrases.iter().find(|(phrase, _)| {
                words[i..].len() >= phrase.len()
                    && phrase.iter().zip(&words[i..]).all(|(p, w)| p == w)
            });
            let at = i;
            let said: Vec<String> = match phrase {
                Some((phrase, words)) => {
                    i += phrase.len();
                    words.split(' ').map(str::to_owned).collect()
                }
                None => {
                    i += 1;
                    vec![words[i - 1].clone()]
                }
            };
            for word in said {
                let Some(term) = self.term(&word) else {
                    // a stopword, unless the synonym table knows it ("who")
                    if synonyms().contains_key(&*self.stemmer.stem(&word)) {
                        out.push(self.expand(&word, None));
                    }
                    continue;
                };
                if phrase.is_none() && self.describes_state(&words, at) {
                    out.push(QueryWord {
                        terms: vec![(state_term(&term), STATE_WEIGHT)],
                        change: false,
                        value: false,
                    });
                    continue;
                }
                out.push(self.expand(&word, Some(term)));
            }
        }
        // what a request shows without saying it: a file name names a file, an address a URL
        for (kind, term) in [(Shape::FileName, "file"), (Shape::Url, "url")] {
            if text
                .split_whitespace()
                .any(|token| Shape::of(token) == Some(kind))
            {
                out.push(QueryWord {
                    terms: vec![(self.stemmer.stem(term).into_owned(), RELATED_WEIGHT)],
                    change: false,
                    value: false,
                });
            }
        }
        out
    }

    /// The words of a query (as [`words`](Self::words)), each marked when it comes from a
    /// name the user pasted rather than from their own words: a file name, an address, an
    /// identifier (`parse_config`, `src/lib`) or quoted text; a hyphenated word ("sign-in",
    /// "follow-up") is English, and keeps its synonyms.
    fn query_words(text: &str) -> (Vec<String>, Vec<bool>) {
        let (mut words, mut literal) = (Vec::new(), Vec::new());
        let mut quoted = false;
        for token in text.split_whitespace() {
            let opens = token.starts_with(['"', '`']);
            let closes = token.len() > 1 && token.ends_with(['"', '`']);
            let bare = token.trim_matches(|c: char| !c.is_alphanumeric());
            let is_literal =
                quoted || opens || Shape::of(token).is_some() || bare.contains(['_', '/', '.']);
            let before = words.len();
            words.extend(Self::words(token));
            literal.resize(before.max(words.len()), is_literal);
            quoted = (quoted || opens) && !closes;
        }
        (words, literal)
    }

    /// Whether the word at `at` names a state of the things asked for rather than an action
    /// on them: a participle of an action before a noun ("closed issues", "merged PRs",
    /// "starred repositories"), or a word of `[state words]` before a noun, unless it opens
    /// an order on one thing ("open tickets", "any open PRs", but "open settings", "open the
    /// page", "open example.com").
    fn describes_state(&self, words: &[String], at: usize) -> bool {
        let word = words[at].as_str();
        // after a form of "be", a state word is said of the things asked for ("which PRs are
        // open", "is the ticket still open")
        let participle = word.len() > 4
            && (word.ends_with("ed") || word.ends_with("ing"))
            && changes().iter().any(|c| *c == self.stemmer.stem(word));
        let copula = at > 0
            && COPULAS.contains(&words[at - 1].as_str())
            && (participle || vocabulary().state_words.iter().any(|w| w == word));
        if copula {
            return true;
        }
        let Some(next) = words.get(at + 1) else {
            return false;
        };
        if is_stopword(next) || next.chars().all(char::is_numeric) {
            return false;
        }
        let stem = self.stemmer.stem(word);
        if word.len() > 4 && word.ends_with("ed") {
            return changes().iter().any(|c| *c == stem);
        }
        if !vocabulary().state_words.iter().any(|w| w == word) {
            return false;
        }
        let leads = at == 0 || vocabulary().order_openers.contains(&words[at - 1]);
        let plural = |w: &String| {
            w.len() > 3 && w.ends_with('s') && !w.ends_with("ss") && self.stemmer.stem(w) != *w
        };
        !leads
            || words[at + 1..]
                .iter()
                .take(2)
                .take_while(|w| !is_stopword(w))
                .any(plural)
    }

    /// A query word's own term and its synonyms' terms.
    fn expand(&self, word: &str, term: Option<String>) -> QueryWord {
        let mut alternatives: Vec<(String, f64)> = term.into_iter().map(|t| (t, 1.0)).collect();
        let key = self.stemmer.stem(word);
        for (stem, weight) in synonyms().get(&*key).into_iter().flatten() {
            if !alternatives.iter().any(|(t, _)| t == stem) {
                alternatives.push((stem.clone(), *weight));
            }
        }
        let changes = changes();
        QueryWord {
            change: alternatives.iter().any(|(t, _)| changes.contains(t)),
            value: word.chars().any(|c| c.is_ascii_digit()),
            terms: alternatives,
        }
    }
}

/// Forms of "be" (and words that stand between one and its state: "still"), after which a
/// state word describes the things asked for.
const COPULAS: &[&str] = &[
    "is", "are", "was", "were", "be", "been", "being", "still", "stay", "stays", "remain",
    "remains", "isn't", "aren't",
];

/// Whether a request names one thing by its identifier: a number after a word ("issue 42",
/// "PR #17", "alert 5"; "5 commits" counts instead) or a hexadecimal hash ("1a2b3c").
pub(crate) fn names_one(text: &str) -> bool {
    if Values::of_request(text).0 & Values::KEY != 0 {
        return true;
    }
    let tokens: Vec<&str> = text.split_whitespace().collect();
    tokens.iter().enumerate().any(|(i, token)| {
        let bare = token.trim_matches(|c: char| !c.is_alphanumeric());
        let hash = bare.len() >= 6
            && bare.chars().all(|c| c.is_ascii_hexdigit())
            && bare.chars().any(|c| c.is_ascii_digit())
            && bare.chars().any(|c| c.is_ascii_alphabetic());
        let number = !bare.is_empty() && bare.chars().all(|c| c.is_ascii_digit());
        // a number before a word counts ("5 commits"), unless it ends a clause ("42, then")
        let counts = !token.ends_with([',', '.', ';', ':', '?', '!'])
            && tokens.get(i + 1).is_some_and(|next| {
                let next = next
                    .trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase();
                !next.is_empty() && !is_stopword(&next)
            });
        hash || (number && (i > 0 || token.starts_with('#')) && !counts)
    })
}

/// The shape of a token a user pastes into a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// `notes.txt`, `src/main.rs`: a name with a short extension.
    FileName,
    /// `https://example.com/a`, `example.com`.
    Url,
}

impl Shape {
    fn of(token: &str) -> Option<Shape> {
        let token = token.trim_matches(|c: char| !c.is_alphanumeric() && c != '/');
        if token.contains("://") || token.starts_with("www.") {
            return Some(Shape::Url);
        }
        let (stem, extension) = token.rsplit_once('.')?;
        let short = (1..=4).contains(&extension.len())
            && extension.chars().all(|c| c.is_ascii_alphanumeric())
            && !extension.chars().all(|c| c.is_ascii_digit());
        if stem.is_empty() || !short {
            return None;
        }
        match extension {
            "com" | "org" | "net" | "io" | "dev" | "ai" | "app" | "co" => Some(Shape::Url),
            _ => Some(Shape::FileName),
        }
    }
}

fn is_stopword(word: &str) -> bool {
    (vocabulary().stopwords)
        .binary_search_by(|stopword| stopword.as_str().cmp(word))
        .is_ok()
}

/// The term a state word stands for ("open" in "open tickets", "merged" in "merged PRs"),
/// apart from the same word as an action: a tool holds it where its text says a state (a
/// parameter's values and descriptions, its description past the first word), not where
/// its name or title gives an order ("Open new pull request").
pub(crate) fn state_term(stem: &str) -> String {
    format!("{stem}=")
}

/// Whether a stem may name a state: a state word's, or a change's (whose participle does).
pub(crate) fn names_state(stem: &str) -> bool {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    STEMS
        .get_or_init(|| {
            let stemmer = Stemmer::create(Algorithm::English);
            (vocabulary().state_words.iter())
                .map(|w| stemmer.stem(w).into_owned())
                .chain(changes().iter().cloned())
                .collect()
        })
        .iter()
        .any(|s| s == stem)
}

/// The stems of the vocabulary's `[looks]`.
pub(crate) fn looks() -> &'static [String] {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    STEMS.get_or_init(|| {
        let stemmer = Stemmer::create(Algorithm::English);
        (vocabulary().looks.iter())
            .map(|w| stemmer.stem(w).into_owned())
            .collect()
    })
}

/// The stems of the vocabulary's `[changes]`, built once.
pub(crate) fn changes() -> &'static [String] {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    STEMS.get_or_init(|| {
        let stemmer = Stemmer::create(Algorithm::English);
        (vocabulary().changes.iter())
            .map(|w| stemmer.stem(w).into_owned())
            .collect()
    })
}

/// The stem of each word of the synonym, related-word and concept tables with the stems of
/// the other words of its rows and their weight, synonyms first, in table order (each stem
/// once, at its first weight). Keyed by stem, so that "tickets" finds what "ticket" finds.
/// Built once: a query looks its words up without stemming the tables.
fn synonyms() -> &'static HashMap<String, Vec<(String, f64)>> {
    static TABLE: OnceLock<HashMap<String, Vec<(String, f64)>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let stemmer = Stemmer::create(Algorithm::English);
        let mut table: HashMap<String, Vec<(String, f64)>> = HashMap::new();
        let vocabulary = vocabulary();
        for (rows, weight) in [
            (&vocabulary.synonyms, SYNONYM_WEIGHT),
            (&vocabulary.related, RELATED_WEIGHT),
            (&vocabulary.concepts, RELATED_WEIGHT),
        ] {
            for row in rows {
                for word in row {
                    let key = stemmer.stem(word).into_owned();
                    let others = table.entry(key.clone()).or_default();
                    for other in row {
                        let stem = stemmer.stem(other);
                        if stem != key && !others.iter().any(|(o, _)| *o == stem) {
                            others.push((stem.into_owned(), weight));
                        }
                    }
                }
            }
        }
        table
    })
}

/// The kinds of value a request may pass, as bits of a mask: what a tool's parameters take
/// ([`Values::of_request`], and the index's reading of each tool's parameters).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Values(pub(crate) u8);

impl Values {
    /// A repository named by its owner: `facebook/react`, `acme/api`.
    pub(crate) const OWNER_REPO: u8 = 1;
    /// A key of a tracker's item: `PROJ-42`, `WEB-301`.
    pub(crate) const KEY: u8 = 2;
    /// A path on a disk or in a repository: `src/main.rs`, `/var/log`, `notes.txt`.
    pub(crate) const PATH: u8 = 4;
    /// An address: `https://example.com/a`.
    pub(crate) const URL: u8 = 8;
    /// An email address.
    pub(crate) const EMAIL: u8 = 16;

    /// The kinds of value a request passes, by the shape of its tokens.
    pub(crate) fn of_request(text: &str) -> Values {
        let mut mask = 0;
        for token in text.split_whitespace() {
            let token = token
                .trim_start_matches(['(', '[', '"', '\'', '`', '<'])
                .trim_end_matches([')', ']', '"', '\'', '`', '>', ',', ';', ':', '?', '!']);
            let token = token.strip_suffix('.').unwrap_or(token);
            mask |= Values::shape(token);
        }
        Values(mask)
    }

    /// The kind of value one token is, if any.
    fn shape(token: &str) -> u8 {
        if token.contains("://") || token.starts_with("www.") {
            return Values::URL;
        }
        if let Some((user, domain)) = token.split_once('@')
            && !user.is_empty()
            && domain.contains('.')
            && !domain.ends_with('.')
        {
            return Values::EMAIL;
        }
        // PROJ-42: capitals (and digits) before a dash, digits after
        if let Some((project, number)) = token.split_once('-') {
            let project_ok = project.len() >= 2
                && project
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_uppercase())
                && project
                    .chars()
                    .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit());
            if project_ok && !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
                return Values::KEY;
            }
        }
        let segments: Vec<&str> = token.split('/').collect();
        let word =
            |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || "-_.".contains(c));
        // owner/repo: two names, the second without a file's extension
        if segments.len() == 2
            && segments.iter().all(|s| word(s))
            && segments[0]
                .chars()
                .next()
                .is_some_and(char::is_alphanumeric)
            && !segments[1].contains('.')
        {
            return Values::OWNER_REPO;
        }
        if segments.len() >= 2 && segments.iter().skip(1).all(|s| s.is_empty() || word(s)) {
            return Values::PATH;
        }
        if Shape::of(token) == Some(Shape::FileName) {
            return Values::PATH;
        }
        0
    }
}
