//! Tests of the ranking: each signal on small tool sets built for it.

use std::sync::Arc;

use rmcp::model::Tool;
use serde_json::json;

use super::SearchIndex;
use crate::search::text::{Analyzer, split};

fn tool(name: &str, description: &str, params: serde_json::Value) -> Tool {
    let schema = json!({"type": "object", "properties": params});
    let serde_json::Value::Object(schema) = schema else {
        unreachable!()
    };
    Tool::new(name.to_owned(), description.to_owned(), Arc::new(schema))
}

/// A tool's schema with its `required` list.
trait Required {
    fn with_required(self, names: &[&str]) -> Self;
}

impl Required for Tool {
    fn with_required(mut self, names: &[&str]) -> Self {
        let mut schema = (*self.input_schema).clone();
        schema.insert("required".into(), json!(names));
        self.input_schema = Arc::new(schema);
        self
    }
}

fn names(tools: &[Tool], query: &str) -> Vec<String> {
    SearchIndex::new(tools)
        .search(query)
        .iter()
        .map(|hit| tools[hit.index].name.to_string())
        .collect()
}

#[test]
fn names_split_on_separators_and_camel_case() {
    assert_eq!(split("list_pull_requests"), ["list", "pull", "requests"]);
    assert_eq!(
        split("browser-navigate_back"),
        ["browser", "navigate", "back"]
    );
    assert_eq!(split("getFileContents"), ["get", "file", "contents"]);
    assert_eq!(split("HTTPServer"), ["http", "server"]);
    assert_eq!(split("open PRs, URLs"), ["open", "prs", "urls"]);
    assert_eq!(
        split("pullNumber, repo_path"),
        ["pull", "number", "repo", "path"]
    );
}

#[test]
fn words_are_stemmed_and_stopwords_dropped() {
    let analyzer = Analyzer::new();
    assert_eq!(analyzer.terms("issues"), analyzer.terms("issue"));
    assert_eq!(analyzer.terms("listing"), analyzer.terms("list"));
    assert_eq!(
        analyzer.terms("the repositories of my org"),
        analyzer.terms("repository org")
    );
    // an abbreviation is spelled out on both sides
    assert_eq!(analyzer.terms("PR"), analyzer.terms("pull request"));
    let tools = [
        tool("list_issues", "List issues in a repository.", json!({})),
        tool("list_branches", "List branches in a repository.", json!({})),
    ];
    assert_eq!(names(&tools, "listing an issue")[0], "list_issues");
}

#[test]
fn the_stopword_list_is_sorted_for_its_binary_search() {
    let words = &crate::search::vocabulary::vocabulary().stopwords;
    assert!(words.windows(2).all(|w| w[0] < w[1]), "{words:?}");
}

#[test]
fn synonyms_find_the_words_tools_are_written_with() {
    let tools = [
        tool("read_file", "Read the contents of a file.", json!({})),
        tool("delete_file", "Delete a file.", json!({})),
        tool("create_directory", "Create a new directory.", json!({})),
        tool("get_issue", "Get an issue by number.", json!({})),
    ];
    assert_eq!(names(&tools, "remove the file")[0], "delete_file");
    assert_eq!(names(&tools, "get rid of that file")[0], "delete_file");
    assert_eq!(names(&tools, "make a folder")[0], "create_directory");
    assert_eq!(names(&tools, "show me bug 12")[0], "get_issue");
    // the word the user typed counts more than its synonym
    let analyzer = Analyzer::new();
    let remove = &analyzer.query("remove")[0].terms;
    assert_eq!(remove[0], ("remov".to_owned(), 1.0));
    assert!(
        remove.iter().skip(1).all(|(_, weight)| *weight < 1.0),
        "{remove:?}"
    );
}

#[test]
fn a_word_of_the_name_weighs_more_than_the_same_word_in_the_description() {
    let tools = [
        tool(
            "get_volume",
            "Get a volume: its snapshot policy, its snapshot schedule and its last snapshot.",
            json!({"snapshot": {"type": "string", "description": "A snapshot to compare with."}}),
        ),
        tool("list_snapshots", "List what a volume holds.", json!({})),
    ];
    assert_eq!(names(&tools, "snapshots"), ["list_snapshots", "get_volume"]);
    // the reverse order of the tools changes nothing but their indices
    let reversed = [tools[1].clone(), tools[0].clone()];
    assert_eq!(
        names(&reversed, "snapshots"),
        ["list_snapshots", "get_volume"]
    );
}

#[test]
fn a_request_that_names_no_change_prefers_tools_that_look() {
    let tools = [
        tool(
            "create_table",
            "Create a new table in the database.",
            json!({}),
        ),
        tool("list_tables", "List the tables in the database.", json!({})),
    ];
    assert_eq!(names(&tools, "tables in the database")[0], "list_tables");
    assert_eq!(
        names(&tools, "add a table to the database")[0],
        "create_table"
    );
}

#[test]
fn a_request_that_asks_for_a_change_prefers_tools_that_act() {
    let tools = [
        tool(
            "get_job_logs",
            "Show the logs of a failed CI build job.",
            json!({}),
        ),
        tool("trigger_workflow", "Run a workflow.", json!({})),
    ];
    // the logs hold more of the words; the request asks to run something again
    assert_eq!(names(&tools, "failed CI build logs")[0], "get_job_logs");
    assert_eq!(
        names(&tools, "run the failed CI build")[0],
        "trigger_workflow"
    );
}

#[test]
fn a_question_asks_to_look_whatever_its_verb() {
    let tools = [
        tool(
            "create_commit",
            "Record changes as a new commit.",
            json!({}),
        ),
        tool("show_commit", "Show the changes of a commit.", json!({})),
    ];
    assert_eq!(
        names(&tools, "make a commit of my changes")[0],
        "create_commit"
    );
    assert_eq!(
        names(&tools, "what did commit 1a2b change")[0],
        "show_commit"
    );
}

#[test]
fn the_values_of_an_enumerated_parameter_describe_the_tool() {
    let tools = [
        tool("issue_read", "Read one issue.", json!({})),
        tool(
            "issue_write",
            "Write an issue.",
            json!({"state": {"type": "string", "enum": ["open", "closed"]}}),
        ),
    ];
    assert_eq!(names(&tools, "close the issue as closed")[0], "issue_write");
    assert_eq!(names(&tools, "issue closed")[0], "issue_write");
}

#[test]
fn the_first_hits_names_feed_back_into_the_query() {
    // the last two match "gist" equally; the best hit's other name word ("list") lifts
    // the tool of its kind over the first-listed one
    let tools = [
        tool("list_gists", "List gists.", json!({})),
        tool("show_page", "Shows a gist.", json!({})),
        tool("list_files", "Shows a gist.", json!({})),
    ];
    assert_eq!(
        names(&tools, "gist"),
        ["list_gists", "list_files", "show_page"]
    );
}

#[test]
fn a_description_naming_another_tool_does_not_match_for_it() {
    let tools = [
        tool(
            "move_file",
            "Move a file; for trees see rename_directory.",
            json!({}),
        ),
        tool("rename_directory", "Rename a directory.", json!({})),
    ];
    assert_eq!(names(&tools, "directory"), ["rename_directory"]);
}

#[test]
fn a_plural_finds_the_synonyms_of_its_singular() {
    let tools = [
        tool("list_branches", "List branches in a repository.", json!({})),
        tool("list_issues", "List issues in a repository.", json!({})),
    ];
    assert_eq!(names(&tools, "tickets in the repository")[0], "list_issues");
}

#[test]
fn open_and_closed_before_a_noun_name_a_state_not_an_action() {
    let tools = [
        tool("open_nodes", "Open nodes by their names.", json!({})),
        tool("browser_navigate", "Navigate to a URL.", json!({})),
        tool(
            "list_issues",
            "List issues, open or closed.",
            json!({"state": {"type": "string", "enum": ["OPEN", "CLOSED"]}}),
        ),
        tool("close_issue", "Close an issue.", json!({})),
    ];
    assert_eq!(names(&tools, "open tickets")[0], "list_issues");
    assert_eq!(names(&tools, "any open issues")[0], "list_issues");
    // a closed issue is one to look at, not one to close
    assert_eq!(names(&tools, "closed issues")[0], "list_issues");
    // an order on one thing stays an order
    assert_eq!(names(&tools, "open the nodes")[0], "open_nodes");
    assert_eq!(names(&tools, "close issue 7")[0], "close_issue");
}

#[test]
fn a_pasted_name_means_itself_not_its_synonyms() {
    let tools = [
        tool("add_comment", "Add a comment to an issue.", json!({})),
        tool("read_text_file", "Read a text file.", json!({})),
    ];
    // "notes" of `notes.txt` is no note, or comment, to add
    assert_eq!(names(&tools, "show notes.txt"), ["read_text_file"]);
    assert_eq!(names(&tools, "notes")[0], "add_comment");
}

#[test]
fn a_word_of_the_query_is_no_synonym_of_another() {
    // "security vulnerabilities": security (term 1) counts once, for itself, not again
    // as a related word of "vulnerabilities" (term 2, related to 1 and to 3)
    let words = vec![vec![(1, 1.0), (2, 0.5)], vec![(2, 1.0), (1, 0.5), (3, 0.5)]];
    assert_eq!(
        super::own_words_first(words),
        [vec![(1, 1.0)], vec![(2, 1.0), (3, 0.5)]]
    );
}

#[test]
fn a_request_naming_one_thing_prefers_a_tool_that_takes_its_identifier() {
    let tools = [
        tool(
            "list_alerts",
            "List alerts.",
            json!({"alertState": {"type": "string"}}),
        ),
        {
            let mut get = tool(
                "get_alert",
                "Get an alert.",
                json!({"alertNumber": {"type": "integer"}}),
            );
            let mut schema = (*get.input_schema).clone();
            schema.insert("required".into(), json!(["alertNumber"]));
            get.input_schema = Arc::new(schema);
            get
        },
    ];
    assert_eq!(names(&tools, "show alerts")[0], "list_alerts");
    assert_eq!(names(&tools, "show alerts 5")[0], "get_alert");
    assert_eq!(names(&tools, "show alerts #5")[0], "get_alert");
    // a number before a noun counts things
    assert_eq!(names(&tools, "show 5 alerts")[0], "list_alerts");
    assert!(super::names_one("what did commit 1a2b3c change"));
    assert!(!super::names_one("the last 10 commits"));
}

#[test]
fn a_phrase_may_stand_for_several_words() {
    let tools = [
        tool("list_merges", "List merges of a branch.", json!({})),
        tool("list_pull_requests", "List pull requests.", json!({})),
    ];
    assert_eq!(names(&tools, "my merge requests")[0], "list_pull_requests");
}

#[test]
fn a_tools_read_only_hint_says_whether_it_acts() {
    let mut archive = tool("archive_logs", "Show archived logs.", json!({}));
    let tools = [
        tool("logs_write", "Logs written.", json!({})),
        archive.clone(),
    ];
    // by its name, archive_logs only looks
    assert_eq!(names(&tools, "logs")[0], "archive_logs");
    let mut hints = rmcp::model::ToolAnnotations::new();
    hints.read_only_hint = Some(false);
    archive.annotations = Some(hints);
    let tools = [tools[0].clone(), archive];
    assert_eq!(names(&tools, "logs")[0], "logs_write");
}

#[test]
fn a_file_name_in_a_request_asks_for_a_file() {
    let tools = [
        tool("read_graph", "Read the knowledge graph.", json!({})),
        tool("read_text_file", "Read a text file.", json!({})),
    ];
    // "show" finds both; the file name tells them apart
    assert_eq!(names(&tools, "show me notes.txt")[0], "read_text_file");
    assert_eq!(names(&tools, "show me the graph")[0], "read_graph");
}

#[test]
fn ranking_is_deterministic_and_ties_keep_the_listing_order() {
    let tools: Vec<Tool> = (0..5)
        .map(|i| tool(&format!("tool_{i}"), "Archive old records.", json!({})))
        .collect();
    let first = SearchIndex::new(&tools).search("archive records");
    assert_eq!(
        first.iter().map(|h| h.index).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4]
    );
    for _ in 0..3 {
        assert_eq!(SearchIndex::new(&tools).search("archive records"), first);
    }
}

#[test]
fn nothing_matches_an_empty_or_unknown_query() {
    let tools = [tool("list_issues", "List issues.", json!({}))];
    let index = SearchIndex::new(&tools);
    assert!(index.search("").is_empty());
    assert!(index.search("the of and").is_empty());
    assert!(index.search("zebra").is_empty());
    assert!(SearchIndex::new(&[]).search("issues").is_empty());
}

/// A helpdesk server's tools, with MCP's hints as toolshape sets them by `kind`.
fn helpdesk() -> Vec<Tool> {
    let hinted = |mut tool: Tool, read_only: bool| {
        let mut hints = rmcp::model::ToolAnnotations::new();
        hints.read_only_hint = Some(read_only);
        hints.destructive_hint = Some(!read_only);
        tool.annotations = Some(hints);
        tool
    };
    let id = json!({"id": {"type": "integer", "description": "The user's id."}});
    vec![
        hinted(tool("get_user", "Look up one user by id.", id), true),
        hinted(
            tool("list_tickets", "List the open tickets.", json!({})),
            true,
        ),
        hinted(
            tool("create_ticket", "Open a ticket for a problem.", json!({})),
            false,
        ),
        hinted(
            tool("close_ticket", "Close a ticket as resolved.", json!({})),
            false,
        ),
        hinted(
            tool(
                "list_undo_history",
                "List the actions that can be undone, newest first.",
                json!({}),
            ),
            true,
        ),
        hinted(
            tool(
                "undo_last_action",
                "Undo the newest action: restore what it changed.",
                json!({}),
            ),
            false,
        ),
    ]
}

#[test]
fn a_request_no_tool_serves_is_answered_with_weak_matches_at_most() {
    let tools = helpdesk();
    let index = SearchIndex::new(&tools);
    for query in [
        "how do I reset a SAP password",
        "book a table for two tonight",
        "what's the weather in Paris",
    ] {
        let answer = index.answer(query, 5, |_| true);
        assert!(!answer.fits, "{query:?}: {answer:?}");
        assert!(answer.hits.iter().all(|hit| !hit.confident), "{query:?}");
    }
    // a request a tool serves is answered with a confident match
    let answer = index.answer("list the open tickets", 5, |_| true);
    assert!(answer.fits);
    assert_eq!(tools[answer.hits[0].index].name, "list_tickets");
}

#[test]
fn a_destructive_tool_is_never_the_only_answer_to_a_request_that_changes_nothing() {
    let tools = helpdesk();
    let index = SearchIndex::new(&tools);
    let only_destroys = |query: &str, limit: usize| {
        let answer = index.answer(query, limit, |_| true);
        !answer.hits.is_empty()
            && (answer.hits.iter()).all(|hit| tools[hit.index].name == "undo_last_action")
    };
    // "restore" is a word of undo_last_action only; the request asks nothing to change
    assert!(!only_destroys("how was it before, can it restore", 1));
    assert!(!only_destroys("restore", 1));
    // a destructive tool answers what asks for it, and is no confident match otherwise
    let answer = index.answer("undo the last action", 1, |_| true);
    assert_eq!(tools[answer.hits[0].index].name, "undo_last_action");
    let hits = index.search("what can it restore");
    let undo = hits
        .iter()
        .find(|hit| tools[hit.index].name == "undo_last_action");
    assert!(undo.is_some_and(|hit| !hit.confident));
}

#[test]
fn an_authors_keywords_change_a_rank() {
    let tools = [
        tool(
            "get_user",
            "Look up one user: their name, team and account.",
            json!({}),
        ),
        tool(
            "issue_credentials",
            "Issue new credentials for a user.",
            json!({}),
        ),
    ];
    let query = "I'm locked out of my SAP account";
    let first = |index: &SearchIndex| tools[index.search(query)[0].index].name.to_string();
    assert_eq!(first(&SearchIndex::new(&tools)), "get_user");
    let keywords = |name: &str| match name {
        "issue_credentials" => vec!["password reset".to_owned(), "locked out".to_owned()],
        _ => Vec::new(),
    };
    let index = SearchIndex::with_keywords(&tools, &keywords);
    assert_eq!(first(&index), "issue_credentials");
}

#[test]
fn the_fields_of_a_tools_result_are_evidence() {
    let mut get_user = tool("get_user", "Look up one user by id.", json!({}));
    let tools = [
        tool("list_tickets", "List a user's open tickets.", json!({})),
        get_user.clone(),
    ];
    let query = "what's Bob's email address";
    assert!(SearchIndex::new(&tools).search(query).is_empty());
    // toolshape's envelope: the data's fields count, the envelope's own do not
    let schema = json!({
        "type": "object",
        "properties": {
            "status": {"type": "string"},
            "data": {"$ref": "#/$defs/User"},
            "metadata": {"type": "object", "properties": {"duration_ms": {"type": "integer"}}},
            "grounded": {"type": "boolean"},
        },
        "$defs": {"User": {"type": "object", "properties": {
            "id": {"type": "integer"}, "name": {"type": "string"}, "email": {"type": "string"},
        }}},
    });
    get_user.output_schema = Some(Arc::new(schema.as_object().unwrap().clone()));
    let tools = [tools[0].clone(), get_user];
    let index = SearchIndex::new(&tools);
    let hits = index.search(query);
    assert_eq!(tools[hits[0].index].name, "get_user");
    // found, a weak match: "Bob" and "address" are no tool's words
    assert!(!hits[0].confident, "{hits:?}");
    assert!(
        index
            .search("email")
            .first()
            .is_some_and(|hit| hit.confident)
    );
    assert!(
        index.search("duration").is_empty(),
        "the envelope's metadata is no evidence"
    );
}

#[test]
fn the_values_a_request_passes_prefer_the_tools_that_take_them() {
    let tools = [
        tool(
            "local_commits",
            "Shows the commit history.",
            json!({"repo_path": {"type": "string", "description": "Path to Git repository"}}),
        ),
        tool(
            "hosted_commits",
            "Shows the commit history.",
            json!({"owner": {"type": "string"}, "repo": {"type": "string"}}),
        ),
        tool(
            "get_page",
            "Get a page of notes.",
            json!({"page_id": {"type": "string"}}),
        ),
        tool(
            "get_ticket",
            "Get a ticket.",
            json!({"issue_key": {"type": "string", "description": "Issue key (e.g., 'PROJ-123')"}}),
        ),
    ];
    // `owner/repo` is what a hosted repository's tools take, a path what a local one's do
    assert_eq!(
        names(&tools, "commit history of acme/api")[0],
        "hosted_commits"
    );
    assert_eq!(
        names(&tools, "commit history of ./checkout/")[0],
        "local_commits"
    );
    // a tracker's key is what a parameter shown with one takes
    assert_eq!(names(&tools, "get PROJ-42")[0], "get_ticket");
    assert_eq!(names(&tools, "get the page")[0], "get_page");
    // the shapes themselves
    use crate::search::text::Values;
    let of = |text: &str| Values::of_request(text).0;
    assert_eq!(of("fork facebook/react"), Values::OWNER_REPO);
    assert_eq!(of("ticket WEB-301, please"), Values::KEY);
    assert_eq!(of("read src/main.rs and /var/log"), Values::PATH);
    assert_eq!(of("mail bob@example.com"), Values::EMAIL);
    assert_eq!(of("open https://example.com/a"), Values::URL);
    assert_eq!(of("CVE-2024-1234 in release-2.0 of worker-2"), 0);
}

#[test]
fn a_state_is_read_where_a_tool_says_a_state_not_where_it_gives_an_order() {
    let tools = [
        tool(
            "create_pull_request",
            "Open new pull request.",
            json!({"title": {"type": "string"}}),
        ),
        tool(
            "list_pull_requests",
            "List pull requests.",
            json!({"state": {"type": "string", "enum": ["open", "closed"]}}),
        ),
    ];
    // "open" after "are" says which pull requests, as "open" before a plural does
    assert_eq!(names(&tools, "which PRs are open")[0], "list_pull_requests");
    assert_eq!(names(&tools, "open PRs")[0], "list_pull_requests");
    assert_eq!(names(&tools, "open a PR")[0], "create_pull_request");
}

#[test]
fn the_first_action_of_a_name_says_whether_it_acts() {
    let tools = [
        tool(
            "request_review",
            "Request a review of a pull request.",
            json!({}),
        ),
        tool("list_pull_requests", "List pull requests.", json!({})),
    ];
    // a pull *request* is no change: `list_pull_requests` looks, and a question finds it
    assert_eq!(names(&tools, "what pull requests")[0], "list_pull_requests");
    // without an action in its name, a tool that declares a `destructiveHint` acts
    let mut first = tool("page_properties_v1", "A page's properties.", json!({}));
    let second = tool("page_properties_v2", "A page's properties.", json!({}));
    let both = [first.clone(), second.clone()];
    assert_eq!(names(&both, "page properties")[0], "page_properties_v1");
    let mut hints = rmcp::model::ToolAnnotations::new();
    hints.destructive_hint = Some(true);
    first.annotations = Some(hints);
    assert_eq!(
        names(&[first, second], "page properties")[0],
        "page_properties_v2"
    );
    // an HTTP method before another action is how the tool is called
    let tools = [
        tool("api_post_search", "Search pages.", json!({})),
        tool("api_post_page", "Create a page.", json!({})),
    ];
    let index = SearchIndex::new(&tools);
    assert_eq!((index.acts[0], index.acts[1]), (false, true));
}

#[test]
fn a_request_naming_one_thing_prefers_a_tool_for_one_over_a_tool_for_many() {
    let tools = [
        tool(
            "get_page_children",
            "Get the child pages of a page.",
            json!({"parent_id": {"type": "string"}}),
        )
        .with_required(&["parent_id"]),
        tool(
            "get_page",
            "Get a page, by its id or by its title.",
            json!({"page_id": {"type": "string"}, "title": {"type": "string"}}),
        ),
        tool(
            "list_sprints",
            "List the sprints of a board.",
            json!({"board_id": {"type": "string"}}),
        )
        .with_required(&["board_id"]),
        tool(
            "get_sprint",
            "Get the issues of a sprint.",
            json!({"sprint_id": {"type": "string"}}),
        )
        .with_required(&["sprint_id"]),
    ];
    // `get_page` requires nothing, and may name its page by `page_id`
    assert_eq!(names(&tools, "show page 123456")[0], "get_page");
    // `list_sprints` answers with many
    assert_eq!(names(&tools, "sprint 12")[0], "get_sprint");
}
