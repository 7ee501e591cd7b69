//! Text analysis for tool search: how tool texts and queries become terms.
//!
//! One pipeline serves both sides, so a word a user types meets the word a tool was written
//! with: split into words (on anything that is not a letter or digit, and inside a word at
//! camelCase boundaries), lowercase, spell out common abbreviations, drop stopwords, stem
//! (Snowball English, from `rust-stemmers`). A query additionally carries, for each of its
//! words (looked up by stem, so a plural finds its singular's rows), the synonyms a user
//! types for the words tools are written with ([`SYNONYMS`], at [`SYNONYM_WEIGHT`]), related
//! words of the domains MCP servers serve ([`RELATED`]) and of software work in general
//! ([`CONCEPTS`]), both at [`RELATED_WEIGHT`]; a phrase ("look for", "next commit") stands
//! for one or more words ([`PHRASES`]). Some words are read for what they are rather than
//! for what the tables say: a state before a noun ("open tickets", "closed issues", at
//! [`STATE_WEIGHT`], no synonyms, no change), a name the user pasted (`notes.txt`,
//! `parse_config`: itself only), an identifier ([`names_one`]). The tables are small and
//! written by hand: what they hold is documented beside them, and `docs/benchmarks.md`
//! measures what they are worth.

use std::collections::HashMap;
use std::sync::OnceLock;

use rust_stemmers::{Algorithm, Stemmer};

/// Words so common in requests and descriptions that they tell tools apart by accident only.
const STOPWORDS: &[&str] = &[
    "a", "about", "also", "am", "an", "and", "any", "are", "as", "at", "be", "been", "being",
    "but", "by", "can", "could", "did", "do", "does", "doing", "e", "each", "eg", "etc", "every",
    "for", "from", "g", "give", "had", "has", "have", "he", "her", "here", "him", "his", "how",
    "i", "ie", "if", "in", "into", "is", "it", "its", "just", "let", "lets", "like", "may", "me",
    "might", "mine", "must", "my", "need", "of", "on", "onto", "or", "our", "ours", "please", "s",
    "shall", "she", "should", "so", "some", "than", "that", "the", "their", "them", "then",
    "there", "these", "they", "this", "those", "to", "too", "us", "use", "very", "want", "was",
    "we", "were", "what", "whats", "when", "where", "which", "why", "will", "with", "would", "you",
    "your",
];

/// Abbreviations spelled out on both sides (in tool texts and in queries), before stemming.
const ABBREVIATIONS: &[(&str, &str)] = &[
    ("auth", "authentication"),
    ("config", "configuration"),
    ("db", "database"),
    ("dir", "directory"),
    ("dirs", "directories"),
    ("doc", "document"),
    ("docs", "documentation"),
    ("env", "environment"),
    ("info", "information"),
    ("js", "javascript"),
    ("msg", "message"),
    ("pr", "pull request"),
    ("prs", "pull requests"),
    ("repo", "repository"),
    ("repos", "repositories"),
];

/// Phrases a user types for the words a tool is written with (matched on a query's words
/// before stopwords are dropped).
const PHRASES: &[(&[&str], &str)] = &[
    (&["get", "rid", "of"], "delete"),
    (&["file", "a"], "create"),
    (&["file", "an"], "create"),
    (&["look", "for"], "search"),
    (&["look", "up"], "search"),
    (&["search", "for"], "search"),
    (&["look", "at"], "view"),
    (&["go", "to"], "navigate"),
    (&["up", "to", "date"], "update"),
    (&["time", "zone"], "timezone"),
    (&["log", "in"], "login"),
    (&["logged", "in"], "login"),
    (&["sign", "in"], "login"),
    (&["signed", "in"], "login"),
    // code hosting: what the next commit will hold, another forge's name for a pull request
    (&["next", "commit"], "staged"),
    (&["to", "be", "committed"], "staged"),
    (&["merge", "request"], "pull request"),
    (&["merge", "requests"], "pull requests"),
];

/// The synonym table: each row is a set of words a user may type for one another. A query
/// word in a row also looks for the row's other words, at [`SYNONYM_WEIGHT`]. A word may
/// sit in several rows ("show" is both getting one thing and listing many).
pub(crate) const SYNONYMS: &[&[&str]] = &[
    // what a tool does
    &[
        "create", "make", "new", "add", "generate", "report", "raise",
    ],
    &[
        "delete", "remove", "erase", "drop", "destroy", "discard", "purge", "forget",
    ],
    &[
        "get", "show", "see", "view", "display", "retrieve", "fetch", "read",
    ],
    &[
        "list",
        "show",
        "see",
        "view",
        "display",
        "enumerate",
        "browse",
    ],
    &["search", "find", "lookup", "locate", "query"],
    &[
        "update", "change", "modify", "edit", "alter", "set", "patch", "revise",
    ],
    &["move", "rename", "relocate"],
    &["copy", "duplicate", "clone", "fork"],
    &["send", "post", "publish", "share"],
    &["reply", "respond", "answer"],
    &[
        "run", "execute", "trigger", "launch", "invoke", "start", "evaluate", "eval",
    ],
    &["cancel", "stop", "abort", "halt", "kill", "terminate"],
    &["close", "shut", "quit", "exit"],
    &["compare", "diff", "difference"],
    &["upload", "push", "attach"],
    &["download", "fetch"],
    &["save", "write", "store", "persist", "record"],
    &["undo", "revert", "reset", "rollback"],
    &["wait", "pause", "sleep"],
    &["merge", "combine"],
    &["navigate", "visit", "goto", "open"],
    &["click", "press", "tap"],
    &["type", "enter", "input"],
    &["star", "bookmark", "favorite", "favourite"],
    &["authenticate", "authenticated", "login", "signin"],
    &["comment", "note", "remark"],
    // what a tool acts on
    &["directory", "folder"],
    &["file", "document"],
    &["issue", "bug", "ticket"],
    &[
        "user", "account", "person", "people", "member", "profile", "who",
    ],
    &["image", "picture", "photo", "pic"],
    &["error", "crash", "exception", "failure"],
    &["credential", "password", "secret", "token", "key"],
    &["page", "website", "site", "webpage"],
    &["address", "location", "place"],
    &["reaction", "emoji", "react"],
    &["build", "pipeline", "ci", "workflow"],
    &["latest", "newest", "recent", "last", "current"],
];

/// Related words: each row is a set of words users type about one thing in the domains MCP
/// servers serve (code hosting, files, browsers, chat, maps, databases, payments, tickets,
/// documents, clusters, mail and calendars). A query word in a row also looks for the row's
/// other words, at [`RELATED_WEIGHT`]: weaker than a synonym, as "version" may mean a
/// release or may not.
pub(crate) const RELATED: &[&[&str]] = &[
    // code hosting
    &["release", "version", "ship", "shipped", "changelog"],
    &["gist", "snippet", "paste"],
    &[
        "secret",
        "leak",
        "leaked",
        "password",
        "credential",
        "apikey",
    ],
    &[
        "vulnerability",
        "vulnerable",
        "cve",
        "advisory",
        "security",
        "exploit",
    ],
    &["dependency", "package", "library", "outdated", "dependabot"],
    &["project", "board", "roadmap", "kanban"],
    &[
        "notification",
        "alert",
        "inbox",
        "unread",
        "ping",
        "mention",
    ],
    &["dismiss", "clear", "ignore", "mute"],
    &["workflow", "action", "pipeline", "ci", "build", "job"],
    &["commit", "revision", "sha", "changeset", "hash"],
    &["history", "log"],
    &["stage", "staged", "index", "cached"],
    &["blame", "author", "wrote", "annotate"],
    &[
        "collaborator",
        "contributor",
        "access",
        "permission",
        "maintainer",
    ],
    &["review", "approve", "approval", "feedback"],
    &["organization", "org", "company"],
    &["discussion", "forum", "thread", "conversation"],
    &["repository", "codebase", "project"],
    &["sub", "child", "parent", "subtask"],
    &["merge", "squash", "rebase"],
    &[
        "working",
        "local",
        "checkout",
        "uncommitted",
        "unstaged",
        "git",
    ],
    &[
        "tree",
        "layout",
        "structure",
        "hierarchy",
        "nested",
        "recursive",
    ],
    &["assign", "assignee", "responsible"],
    // files
    &["content", "contents", "text", "source"],
    &["size", "big", "biggest", "large", "largest", "small"],
    &["metadata", "modified", "permissions", "stat"],
    &["media", "image", "audio", "picture", "video"],
    // memory
    &[
        "memory",
        "remember",
        "recall",
        "knowledge",
        "fact",
        "observation",
    ],
    &["entity", "thing", "node"],
    &["relation", "relationship", "link", "connection"],
    // web pages and browsers
    &["fetch", "download", "scrape", "crawl"],
    &["screenshot", "capture", "snapshot"],
    &["console", "log", "error"],
    &["dialog", "popup", "alert", "confirm", "prompt", "modal"],
    &["hover", "mouse", "mouseover"],
    &["drag", "drop"],
    &["form", "field", "input"],
    &["dropdown", "select", "option", "choose", "pick"],
    &["key", "keyboard", "press"],
    &["resize", "window", "viewport"],
    &["tab", "window"],
    &["network", "request", "xhr", "http", "traffic"],
    &["back", "previous", "forward", "history"],
    &["javascript", "script", "code"],
    &["accessibility", "aria"],
    // chat
    &["channel", "room", "chat"],
    &["message", "text", "chat"],
    &["thread", "conversation", "replies"],
    &["workspace", "team"],
    // maps and places
    &[
        "geocode",
        "coordinate",
        "coordinates",
        "latitude",
        "longitude",
        "gps",
    ],
    &["address", "street", "location"],
    &[
        "place",
        "shop",
        "store",
        "restaurant",
        "business",
        "nearby",
        "near",
        "cafe",
    ],
    &[
        "direction",
        "directions",
        "route",
        "drive",
        "driving",
        "walk",
        "transit",
    ],
    &["distance", "far", "travel", "duration"],
    &["elevation", "altitude", "height", "sea", "level"],
    &["web", "internet", "online", "news"],
    &["local", "nearby", "near"],
    // databases
    &["sql", "select", "query", "database"],
    &["table", "schema", "column", "columns"],
    &["insert", "row", "record"],
    // errors
    &[
        "error",
        "crash",
        "exception",
        "stacktrace",
        "incident",
        "production",
    ],
    // payments
    &["customer", "client", "buyer"],
    &["payment", "charge", "pay", "transaction"],
    &["refund", "reimburse", "chargeback"],
    &["invoice", "bill", "billing", "receipt"],
    &["subscription", "plan", "recurring"],
    &["price", "pricing", "cost"],
    &["product", "item", "sku"],
    // tickets and documents
    &["task", "todo", "ticket", "story", "epic"],
    &["sprint", "cycle", "iteration"],
    &["page", "doc", "note", "wiki"],
    // clusters
    &["pod", "container", "workload"],
    &["deployment", "deploy", "rollout"],
    &["cluster", "node"],
    &["namespace", "environment"],
    &["scale", "replicas"],
    // mail and calendars
    &["email", "mail", "inbox"],
    &["event", "meeting", "calendar", "schedule", "appointment"],
];

/// Related words of software work in general, by concept (what a state, a check, a piece
/// of pending work is called), whatever the server.
pub(crate) const CONCEPTS: &[&[&str]] = &[
    // the state of work in progress
    &[
        "status",
        "uncommitted",
        "changed",
        "modified",
        "dirty",
        "clean",
        "unsaved",
    ],
    // what waits for someone
    &[
        "pending",
        "waiting",
        "outstanding",
        "attention",
        "todo",
        "unread",
        "new",
    ],
    // checks that read code
    &[
        "scanning", "scan", "analysis", "static", "codeql", "lint", "linter", "sast",
    ],
    // what a check reports
    &["alert", "warning", "finding", "flagged", "flag", "problem"],
    // knowledge kept for later
    &[
        "memory",
        "remember",
        "know",
        "knowledge",
        "fact",
        "note",
        "graph",
    ],
];

/// The weight of a related word beside the word the user typed (1.0).
pub(crate) const RELATED_WEIGHT: f64 = 0.5;

/// Words that name a change (a tool named with one acts; a request without any asks to
/// look, not to act).
pub(crate) const CHANGES: &[&str] = &[
    "add", "append", "assign", "cancel", "close", "comment", "copy", "create", "delete", "dismiss",
    "drop", "edit", "fork", "insert", "manage", "mark", "merge", "move", "post", "push", "remove",
    "rename", "reply", "request", "reset", "resolve", "run", "save", "send", "set", "star",
    "submit", "trigger", "unstar", "update", "upload", "write",
];

/// Words that name a state as well as an action on it: "open" a page, "open" tickets.
const STATE_WORDS: &[&str] = &["open"];

/// Words after which a request's next word gives an order ("and open the page").
const ORDER_OPENERS: &[&str] = &["and", "then", "please", "to", "now"];

/// The weight of a word that names a state ("open" tickets): a filter on what is asked for,
/// weaker than the thing itself.
pub(crate) const STATE_WEIGHT: f64 = 0.5;

/// The weight of a synonym beside the word the user typed (1.0).
pub(crate) const SYNONYM_WEIGHT: f64 = 0.7;

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
    /// Whether the word or one of its synonyms names a change ([`CHANGES`]): "remove",
    /// "make", "remember"; not `closed` in "closed issues", which names a state.
    pub(crate) change: bool,
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
            match ABBREVIATIONS.iter().find(|(short, _)| *short == word) {
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

    /// The stems of [`CHANGES`].
    pub(crate) fn changes(&self) -> &'static [String] {
        changes()
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
                    });
                }
                i += 1;
                continue;
            }
            let phrase = PHRASES.iter().find(|(phrase, _)| {
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
                        terms: vec![(term, STATE_WEIGHT)],
                        change: false,
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
    /// "starred repositories"), or a word of [`STATE_WORDS`] before a noun, unless it opens
    /// an order on one thing ("open tickets", "any open PRs", but "open settings", "open the
    /// page", "open example.com").
    fn describes_state(&self, words: &[String], at: usize) -> bool {
        let word = words[at].as_str();
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
        if !STATE_WORDS.contains(&word) {
            return false;
        }
        let leads = at == 0 || ORDER_OPENERS.contains(&words[at - 1].as_str());
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
            terms: alternatives,
        }
    }
}

/// Whether a request names one thing by its identifier: a number after a word ("issue 42",
/// "PR #17", "alert 5"; "5 commits" counts instead) or a hexadecimal hash ("1a2b3c").
pub(crate) fn names_one(text: &str) -> bool {
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

#[cfg(test)]
pub(crate) fn stopwords() -> &'static [&'static str] {
    STOPWORDS
}

fn is_stopword(word: &str) -> bool {
    STOPWORDS.binary_search(&word).is_ok()
}

/// The stems of [`CHANGES`], built once.
fn changes() -> &'static [String] {
    static STEMS: OnceLock<Vec<String>> = OnceLock::new();
    STEMS.get_or_init(|| {
        let stemmer = Stemmer::create(Algorithm::English);
        CHANGES
            .iter()
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
        for (rows, weight) in [
            (SYNONYMS, SYNONYM_WEIGHT),
            (RELATED, RELATED_WEIGHT),
            (CONCEPTS, RELATED_WEIGHT),
        ] {
            for row in rows {
                for word in *row {
                    let key = stemmer.stem(word).into_owned();
                    let others = table.entry(key.clone()).or_default();
                    for other in *row {
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
