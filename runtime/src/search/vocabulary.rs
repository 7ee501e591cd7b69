//! The vocabulary of tool search: the tables the analysis in [`text`](super::text) reads
//! (stopwords, abbreviations, phrases, synonyms, related words of MCP servers' domains and
//! of software work, the words that name a change or a state), kept as data in
//! `vocabulary.txt` beside this file, which the crate includes when it is built and parses
//! on first use; and the weights of what the tables add to a query, which are the method's
//! and stay here. What each table holds is documented in the file; `docs/benchmarks.md`
//! measures what they are worth.

use std::sync::OnceLock;

/// The built-in vocabulary, as written.
const SOURCE: &str = include_str!("vocabulary.txt");

/// The weight of a synonym beside the word the user typed (1.0).
pub(crate) const SYNONYM_WEIGHT: f64 = 0.7;
/// The weight of a related word beside the word the user typed (1.0).
pub(crate) const RELATED_WEIGHT: f64 = 0.5;
/// The weight of a word that names a state ("open" tickets): a filter on what is asked for,
/// weaker than the thing itself.
pub(crate) const STATE_WEIGHT: f64 = 0.5;

/// The tables of `vocabulary.txt`.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Vocabulary {
    /// `[stopwords]`, sorted for a binary search.
    pub(crate) stopwords: Vec<String>,
    /// `[abbreviations]`: short → spelled out (one or more words).
    pub(crate) abbreviations: Vec<(String, String)>,
    /// `[phrases]`: the words typed → the words they stand for.
    pub(crate) phrases: Vec<(Vec<String>, String)>,
    /// `[synonyms]`: rows of words a user may type for one another.
    pub(crate) synonyms: Vec<Vec<String>>,
    /// `[related]`: rows of words about one thing in the domains MCP servers serve.
    pub(crate) related: Vec<Vec<String>>,
    /// `[concepts]`: rows of words of software work in general, by concept.
    pub(crate) concepts: Vec<Vec<String>>,
    /// `[changes]`: words that name a change.
    pub(crate) changes: Vec<String>,
    /// `[looks]`: words that name looking (reading, listing, finding).
    pub(crate) looks: Vec<String>,
    /// `[state words]`: words that name a state as well as an action on it.
    pub(crate) state_words: Vec<String>,
    /// `[order openers]`: words after which a request's next word gives an order.
    pub(crate) order_openers: Vec<String>,
}

/// The built-in vocabulary, parsed once.
pub(crate) fn vocabulary() -> &'static Vocabulary {
    static PARSED: OnceLock<Vocabulary> = OnceLock::new();
    // the file ships with the crate; its unit test parses it
    PARSED.get_or_init(|| parse(SOURCE).expect("runtime/src/search/vocabulary.txt parses"))
}

/// Reads a vocabulary file: `[section]` lines open a table, `#` starts a comment, blank
/// lines are ignored. A line outside a section, an unknown section, a pair without ` = `,
/// a word with a capital letter or a row of one word is an error naming its line.
pub(crate) fn parse(source: &str) -> Result<Vocabulary, String> {
    let mut vocabulary = Vocabulary::default();
    let mut section: Option<String> = None;
    for (number, line) in source.lines().enumerate() {
        let at = || format!("vocabulary line {}", number + 1);
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = Some(name.to_owned());
            continue;
        }
        if line.chars().any(char::is_uppercase) {
            return Err(format!("{}: words are lowercase: {line:?}", at()));
        }
        let words = || line.split_whitespace().map(str::to_owned);
        let pair = || {
            let (left, right) = line
                .split_once(" = ")
                .ok_or_else(|| format!("{}: expected `WORDS = WORDS`: {line:?}", at()))?;
            let right = right.split_whitespace().collect::<Vec<_>>().join(" ");
            Ok::<_, String>((left.split_whitespace().map(str::to_owned).collect(), right))
        };
        let row = || {
            let row: Vec<String> = words().collect();
            if row.len() < 2 {
                return Err(format!("{}: a row holds two words or more: {line:?}", at()));
            }
            Ok(row)
        };
        match section.as_deref() {
            Some("stopwords") => vocabulary.stopwords.extend(words()),
            Some("changes") => vocabulary.changes.extend(words()),
            Some("looks") => vocabulary.looks.extend(words()),
            Some("state words") => vocabulary.state_words.extend(words()),
            Some("order openers") => vocabulary.order_openers.extend(words()),
            Some("abbreviations") => {
                let (short, long): (Vec<String>, String) = pair()?;
                let [short] = <[String; 1]>::try_from(short)
                    .map_err(|_| format!("{}: an abbreviation is one word: {line:?}", at()))?;
                vocabulary.abbreviations.push((short, long));
            }
            Some("phrases") => vocabulary.phrases.push(pair()?),
            Some("synonyms") => vocabulary.synonyms.push(row()?),
            Some("related") => vocabulary.related.push(row()?),
            Some("concepts") => vocabulary.concepts.push(row()?),
            Some(other) => return Err(format!("{}: no section is named [{other}]", at())),
            None => return Err(format!("{}: a line before the first [section]", at())),
        }
    }
    vocabulary.stopwords.sort();
    vocabulary.stopwords.dedup();
    Ok(vocabulary)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_vocabulary_parses() {
        let vocabulary = parse(SOURCE).unwrap();
        assert!(
            vocabulary
                .stopwords
                .binary_search(&"the".to_owned())
                .is_ok()
        );
        assert!(
            vocabulary
                .abbreviations
                .contains(&("pr".into(), "pull request".into()))
        );
        assert!(vocabulary.phrases.contains(&(
            vec!["get".into(), "rid".into(), "of".into()],
            "delete".into()
        )));
        assert!(vocabulary.synonyms.iter().any(|row| row[0] == "delete"));
        assert!(!vocabulary.related.is_empty() && !vocabulary.concepts.is_empty());
        assert!(vocabulary.changes.contains(&"delete".into()));
        assert_eq!(vocabulary.state_words, ["open"]);
    }

    #[test]
    fn a_bad_line_is_named() {
        assert_eq!(
            parse("[synonyms]\nmake create\n[abbreviations]\npr pull request\n").unwrap_err(),
            "vocabulary line 4: expected `WORDS = WORDS`: \"pr pull request\""
        );
        assert_eq!(
            parse("make create\n").unwrap_err(),
            "vocabulary line 1: a line before the first [section]"
        );
        assert_eq!(
            parse("[synonym]\nmake create\n").unwrap_err(),
            "vocabulary line 2: no section is named [synonym]"
        );
        assert_eq!(
            parse("[related]\n# one word\nalone\n").unwrap_err(),
            "vocabulary line 3: a row holds two words or more: \"alone\""
        );
    }
}
