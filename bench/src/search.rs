//! Tool search's benchmark data and figures: the catalogue of real tools and the requests
//! (`bench/search/*.json`), and recall@k and MRR over a ranking.

use rmcp::model::Tool;
use serde::Deserialize;
use toolshape::search::SearchIndex;

/// The catalogue: real tools of public MCP servers, as their `tools/list` entries.
pub const CATALOGUE: &str = include_str!("../search/catalogue.json");
/// Requests phrased as users phrase them, each with the tool that serves it.
pub const REQUESTS: &str = include_str!("../search/requests.json");

/// The second catalogue: tools of seven public MCP servers (GitHub, git, Notion, Jira,
/// Confluence, Kubernetes, Postgres), whose families overlap.
pub const PUBLIC_CATALOGUE: &str = include_str!("../search/public_catalogue.json");
/// Requests for the second catalogue, written before any ranking change measured on them:
/// a second held-out set.
pub const PUBLIC_REQUESTS: &str = include_str!("../search/public_requests.json");

/// Requests that no tool of the catalogue serves.
pub const OUT_OF_SCOPE: &str = include_str!("../search/out_of_scope.json");

/// One request of `out_of_scope.json`: what the user asks, which no tool serves.
#[derive(Debug, Clone, Deserialize)]
pub struct Unserved {
    /// What the user asks.
    pub query: String,
    /// `development` (thresholds set on it) or `held_out`.
    pub split: String,
}

/// The requests no tool of the catalogue serves.
pub fn out_of_scope() -> Vec<Unserved> {
    #[derive(Deserialize)]
    struct File {
        requests: Vec<Unserved>,
    }
    serde_json::from_str::<File>(OUT_OF_SCOPE)
        .expect("bench/search/out_of_scope.json is a list of requests")
        .requests
}

/// For each query, whether toolshape's search over `tools` answers it with a confident
/// match (its first hit is [`confident`](toolshape::search::Hit::confident)).
pub fn confident(tools: &[Tool], queries: &[&str]) -> Vec<bool> {
    let index = SearchIndex::new(tools);
    queries
        .iter()
        .map(|query| index.search(query).first().is_some_and(|hit| hit.confident))
        .collect()
}

/// One request of `requests.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Request {
    /// What the user asks.
    pub query: String,
    /// The name of the tool that serves it.
    pub expected: String,
    /// `development` (tuned on) or `held_out`.
    pub split: String,
}

/// The catalogue's tools (their extra `server` and `source` fields are ignored).
pub fn catalogue() -> Vec<Tool> {
    #[derive(Deserialize)]
    struct File {
        tools: Vec<Tool>,
    }
    serde_json::from_str::<File>(CATALOGUE)
        .expect("bench/search/catalogue.json is a list of tools")
        .tools
}

/// The second catalogue's tools.
pub fn public_catalogue() -> Vec<Tool> {
    #[derive(Deserialize)]
    struct File {
        tools: Vec<Tool>,
    }
    serde_json::from_str::<File>(PUBLIC_CATALOGUE)
        .expect("bench/search/public_catalogue.json is a list of tools")
        .tools
}

/// The second catalogue's requests (all held out).
pub fn public_requests() -> Vec<Request> {
    #[derive(Deserialize)]
    struct File {
        requests: Vec<Request>,
    }
    serde_json::from_str::<File>(PUBLIC_REQUESTS)
        .expect("bench/search/public_requests.json is a list of requests")
        .requests
}

/// 1,000 tools for timing searches: the catalogue's tools taken six times over with
/// distinct names (`<name>_<copy>`), cut at 1,000, so that every term is six times as
/// common as in the catalogue.
pub fn thousand_tools() -> Vec<Tool> {
    let catalogue = catalogue();
    (0..)
        .flat_map(|copy| {
            catalogue.iter().map(move |tool| {
                let mut tool = tool.clone();
                tool.name = format!("{}_{copy}", tool.name).into();
                tool
            })
        })
        .take(1000)
        .collect()
}

/// The requests.
pub fn requests() -> Vec<Request> {
    #[derive(Deserialize)]
    struct File {
        requests: Vec<Request>,
    }
    serde_json::from_str::<File>(REQUESTS)
        .expect("bench/search/requests.json is a list of requests")
        .requests
}

/// Recall at 1, 3 and 5 and mean reciprocal rank (over the first 5) of a set of requests.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Quality {
    /// How many requests.
    pub requests: usize,
    /// Share of requests whose tool ranks first.
    pub recall_at_1: f64,
    /// Share whose tool is in the first 3.
    pub recall_at_3: f64,
    /// Share whose tool is in the first 5.
    pub recall_at_5: f64,
    /// Mean of 1/rank (0 past rank 5).
    pub mrr: f64,
}

impl Quality {
    /// The figures for requests whose expected tool ranked at `ranks` (1-based; `None` when
    /// it was not in the first 5).
    pub fn of(ranks: &[Option<usize>]) -> Quality {
        let n = ranks.len().max(1) as f64;
        let within =
            |k: usize| ranks.iter().filter(|r| r.is_some_and(|r| r <= k)).count() as f64 / n;
        Quality {
            requests: ranks.len(),
            recall_at_1: within(1),
            recall_at_3: within(3),
            recall_at_5: within(5),
            mrr: ranks
                .iter()
                .map(|r| r.filter(|&r| r <= 5).map_or(0.0, |r| 1.0 / r as f64))
                .sum::<f64>()
                / n,
        }
    }
}

/// The rank (1-based, within the first 5) of each request's expected tool in toolshape's
/// ranking over `tools`.
pub fn ranks(tools: &[Tool], requests: &[Request]) -> Vec<Option<usize>> {
    let index = SearchIndex::new(tools);
    requests
        .iter()
        .map(|request| {
            index
                .search(&request.query)
                .iter()
                .take(5)
                .position(|hit| tools[hit.index].name == request.expected)
                .map(|p| p + 1)
        })
        .collect()
}
