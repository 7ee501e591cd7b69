//! The vocabulary of tool search: the hand-written tables the analysis in
//! [`text`](super::text) reads (stopwords, abbreviations, phrases, synonyms, related words
//! of MCP servers' domains and of software work, the words that name a change or a state)
//! and the weights of what they add to a query. What each table holds is documented beside
//! it; `docs/benchmarks.md` measures what they are worth.

/// Words so common in requests and descriptions that they tell tools apart by accident only.
pub(crate) const STOPWORDS: &[&str] = &[
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
pub(crate) const ABBREVIATIONS: &[(&str, &str)] = &[
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
pub(crate) const PHRASES: &[(&[&str], &str)] = &[
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
pub(crate) const STATE_WORDS: &[&str] = &["open"];

/// Words after which a request's next word gives an order ("and open the page").
pub(crate) const ORDER_OPENERS: &[&str] = &["and", "then", "please", "to", "now"];

/// The weight of a word that names a state ("open" tickets): a filter on what is asked for,
/// weaker than the thing itself.
pub(crate) const STATE_WEIGHT: f64 = 0.5;

/// The weight of a synonym beside the word the user typed (1.0).
pub(crate) const SYNONYM_WEIGHT: f64 = 0.7;
