//! Whether a hit fits the request: [`FIT`], the confident marking of the first hits, and
//! [`SearchIndex::answer`], which never answers a request that asks no change with
//! destructive tools alone.

use super::{Analyzer, Answer, Hit, SearchIndex};

/// The share of a request a tool must answer to be a confident match: the sum, over the
/// request's words, of each word's IDF times how well the tool holds it (1 for the word
/// itself, its synonym's or related word's weight for those), over the sum of the words'
/// IDFs, where a word no tool holds counts at the highest IDF the index can give.
pub const FIT: f64 = 0.4;
/// What a word that no tool holds weighs in [`FIT`]'s share, relative to the rarest term's
/// IDF: a request's words that no tool knows ("pizza", "thermostat") are what it asks for
/// that the tools do not serve.
const UNKNOWN_WORD: f64 = 1.0;
/// A confident hit scores at least this share of the first hit's score.
const NEAR_BEST: f64 = 0.5;
/// How many of the first hits are weighed for confidence (the rest are not confident).
const WEIGHED_HITS: usize = 10;

impl SearchIndex {
    /// What a search answers: the first `limit` tools that match `query` among those
    /// `visible` keeps (by their index), and whether they fit. A request that asks nothing
    /// to change is not answered with destructive tools alone: when every tool of the
    /// answer is destructive, it answers none.
    pub fn answer(&self, query: &str, limit: usize, visible: impl Fn(usize) -> bool) -> Answer {
        let mut hits: Vec<Hit> = self
            .search(query)
            .into_iter()
            .filter(|hit| visible(hit.index))
            .take(limit)
            .collect();
        let keeps = !Analyzer::new().query(query).iter().any(|word| word.change);
        if keeps && hits.iter().all(|hit| self.destroys[hit.index]) {
            hits.clear();
        }
        Answer {
            fits: hits.first().is_some_and(|hit| hit.confident),
            hits,
        }
    }

    /// Marks the first hits that are confident matches ([`Hit::confident`]). `keeps`: the
    /// request asks nothing to change (a destructive tool does not serve it).
    /// `values`: for each word, whether it is a value the request passes (left out).
    pub(super) fn weigh_fit(
        &self,
        words: &[Vec<(u32, f64)>],
        values: &[bool],
        unknown: usize,
        keeps: bool,
        hits: &mut [Hit],
    ) {
        let Some(best) = hits.first().map(|hit| hit.score) else {
            return;
        };
        // each word weighs the IDF of its rarest alternative that some tool holds
        let weights: Vec<f64> = words
            .iter()
            .zip(values)
            .map(|(word, &value)| {
                if value {
                    return 0.0;
                }
                word.iter()
                    .map(|&(term, _)| self.postings[term as usize].idf)
                    .fold(0.0, f64::max)
            })
            .collect();
        let total = weights.iter().sum::<f64>() + unknown as f64 * UNKNOWN_WORD * self.rarest;
        if total <= 0.0 {
            return;
        }
        for hit in hits.iter_mut().take(WEIGHED_HITS) {
            let doc = hit.index as u32;
            let answered: f64 = words
                .iter()
                .zip(&weights)
                .map(|(word, idf)| {
                    let held = word
                        .iter()
                        .filter(|&&(term, _)| {
                            let docs = &self.postings[term as usize].docs;
                            docs.binary_search_by_key(&doc, |&(d, _)| d).is_ok()
                        })
                        .map(|&(_, weight)| weight)
                        .fold(0.0, f64::max);
                    idf * held
                })
                .sum();
            let share = answered / total;
            hit.confident = share >= FIT
                && hit.score >= NEAR_BEST * best
                && !(keeps && self.destroys[hit.index]);
        }
    }
}
