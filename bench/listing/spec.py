"""The tools of the full-listing comparison (docs/benchmarks.md, "The full listing against
FastMCP"), written once: `generate.py` writes them as toolshape `#[tool]` functions
(`bench/src/bin/listing_vs_fastmcp/tools.rs`) and as FastMCP functions
(`bench/listing/fastmcp_tools.py`), the same names, doc comments, parameters, defaults and
return types, as a Rust and a Python author would write each.

Types: str, int (an id: i64 / int), count (u32 / int), float, bool, strs, ints, map
(string to string), enum:Name, rec:Name, recs:Name; a trailing `?` makes it optional
(Option<T> / `T | None = None`); a parameter's fourth member is its default.
"""

ENUMS = {
    "Order": ["asc", "desc"],
    "Priority": ["low", "normal", "high", "urgent"],
    "State": ["open", "closed", "all"],
    "Visibility": ["private", "internal", "public"],
    "Protocol": ["nfs", "smb", "iscsi"],
    "Unit": ["celsius", "fahrenheit"],
}

RECORDS = {
    "User": ("One user of the directory.", [
        ("id", "int", "The user's id."),
        ("name", "str", "Full name."),
        ("email", "str", "E-mail address."),
        ("phone", "str?", "Phone number, when known."),
        ("groups", "strs", "Groups the user belongs to."),
    ]),
    "Issue": ("An issue in a tracker.", [
        ("number", "int", "The issue's number."),
        ("title", "str", "One-line summary."),
        ("state", "enum:State", "Whether it is open."),
        ("labels", "strs", "Labels attached."),
        ("assignee", "str?", "Login of the assignee, if any."),
    ]),
    "Comment": ("A comment on an issue or change.", [
        ("id", "int", "The comment's id."),
        ("author", "str", "Login of the author."),
        ("body", "str", "The text, in Markdown."),
    ]),
    "FileEntry": ("A file or directory.", [
        ("path", "str", "Path from the root."),
        ("size", "count", "Size in bytes."),
        ("is_dir", "bool", "Whether it is a directory."),
    ]),
    "Event": ("A calendar event.", [
        ("id", "str", "The event's id."),
        ("title", "str", "What the event is."),
        ("start", "str", "Start time, RFC 3339."),
        ("end", "str", "End time, RFC 3339."),
        ("attendees", "strs", "E-mail addresses invited."),
    ]),
    "Volume": ("A storage volume.", [
        ("uuid", "str", "The volume's UUID."),
        ("name", "str", "The volume's name."),
        ("size_gb", "count", "Provisioned size in GB."),
        ("used_gb", "count", "Space used in GB."),
        ("protocol", "enum:Protocol", "How clients reach it."),
    ]),
    "Snapshot": ("A point-in-time copy of a volume.", [
        ("name", "str", "The snapshot's name."),
        ("created", "str", "When it was taken, RFC 3339."),
        ("size_gb", "float", "Space it holds in GB."),
    ]),
    "Range": ("A closed range of dates.", [
        ("start", "str", "First day, YYYY-MM-DD."),
        ("end", "str", "Last day, YYYY-MM-DD."),
    ]),
    "Filter": ("Which records to keep.", [
        ("owner", "str?", "Only those of this owner."),
        ("tags", "strs", "Only those with all these tags."),
        ("range", "rec:Range?", "Only those in this date range."),
    ]),
    "Weather": ("The weather at one place.", [
        ("place", "str", "The place asked for."),
        ("temperature", "float", "Air temperature."),
        ("conditions", "str", "Clear, cloudy, rain, …"),
        ("wind_kmh", "float", "Wind speed in km/h."),
    ]),
    "Invoice": ("An invoice.", [
        ("id", "str", "The invoice's id."),
        ("customer", "str", "Who is billed."),
        ("amount", "float", "Total, in the invoice's currency."),
        ("currency", "str", "ISO 4217 code."),
        ("paid", "bool", "Whether it is paid."),
    ]),
    "LineItem": ("One line of an invoice.", [
        ("description", "str", "What is billed."),
        ("quantity", "count", "How many."),
        ("unit_price", "float", "Price of one."),
    ]),
    "Row": ("One row of a query result.", [
        ("values", "map", "Column name to value."),
    ]),
    "Deployment": ("A deployment of a service.", [
        ("id", "str", "The deployment's id."),
        ("service", "str", "The service deployed."),
        ("version", "str", "The version deployed."),
        ("replicas", "count", "Replicas running."),
    ]),
    "Metric": ("One sample of a metric.", [
        ("name", "str", "The metric's name."),
        ("value", "float", "Its value."),
        ("timestamp", "str", "When, RFC 3339."),
    ]),
}

P = lambda name, ty, doc, *default: (name, ty, doc) + default  # noqa: E731

TOOLS = [
    ("get_user", "Look up one user by id.", [P("id", "int", "The user's id.")], "rec:User"),
    ("search_users", "Search users by name or e-mail.", [
        P("query", "str", "Text to look for in names and e-mail addresses."),
        P("limit", "count", "At most this many users.", 10),
        P("group", "str?", "Only members of this group."),
    ], "recs:User"),
    ("create_user", "Create a user.", [
        P("name", "str", "Full name."),
        P("email", "str", "E-mail address."),
        P("groups", "strs?", "Groups to add the user to."),
    ], "rec:User"),
    ("delete_user", "Delete a user.", [P("id", "int", "The user's id.")], "bool"),
    ("add_to_group", "Add users to a group.", [
        P("group", "str", "The group's name."),
        P("user_ids", "ints", "The users to add."),
    ], "count"),
    ("list_issues", "List the issues of a repository.", [
        P("repo", "str", "Repository as owner/name."),
        P("state", "enum:State", "Which issues.", "open"),
        P("labels", "strs?", "Only issues with all these labels."),
        P("order", "enum:Order", "Newest or oldest first.", "desc"),
        P("per_page", "count", "Issues per page.", 30),
        P("page", "count", "Page number, from 1.", 1),
    ], "recs:Issue"),
    ("get_issue", "Get one issue.", [
        P("repo", "str", "Repository as owner/name."),
        P("number", "int", "The issue's number."),
    ], "rec:Issue"),
    ("create_issue", "Open an issue.", [
        P("repo", "str", "Repository as owner/name."),
        P("title", "str", "One-line summary."),
        P("body", "str?", "Details, in Markdown."),
        P("labels", "strs?", "Labels to attach."),
        P("priority", "enum:Priority", "How urgent it is.", "normal"),
    ], "rec:Issue"),
    ("close_issue", "Close an issue.", [
        P("repo", "str", "Repository as owner/name."),
        P("number", "int", "The issue's number."),
        P("reason", "str?", "Why it is closed."),
    ], "rec:Issue"),
    ("comment_on_issue", "Add a comment to an issue.", [
        P("repo", "str", "Repository as owner/name."),
        P("number", "int", "The issue's number."),
        P("body", "str", "The comment, in Markdown."),
    ], "rec:Comment"),
    ("list_comments", "List the comments on an issue.", [
        P("repo", "str", "Repository as owner/name."),
        P("number", "int", "The issue's number."),
        P("since", "str?", "Only comments after this time, RFC 3339."),
    ], "recs:Comment"),
    ("search_code", "Search code across repositories.", [
        P("query", "str", "What to search for."),
        P("language", "str?", "Only files in this language."),
        P("limit", "count", "At most this many results.", 20),
    ], "strs"),
    ("create_repository", "Create a repository.", [
        P("name", "str", "The repository's name."),
        P("description", "str?", "A one-line description."),
        P("visibility", "enum:Visibility", "Who can see it.", "private"),
        P("auto_init", "bool", "Create an initial commit with a README.", False),
    ], "str"),
    ("read_file", "Read a text file.", [
        P("path", "str", "Path of the file."),
        P("offset", "count", "First line to read, from 0.", 0),
        P("limit", "count?", "At most this many lines."),
    ], "str"),
    ("write_file", "Write a text file, replacing it if it exists.", [
        P("path", "str", "Path of the file."),
        P("content", "str", "The whole new content."),
    ], "count"),
    ("list_directory", "List a directory.", [
        P("path", "str", "Path of the directory."),
        P("recursive", "bool", "Include subdirectories.", False),
        P("pattern", "str?", "Only names matching this glob."),
    ], "recs:FileEntry"),
    ("move_file", "Move or rename a file.", [
        P("source", "str", "Current path."),
        P("destination", "str", "New path."),
        P("overwrite", "bool", "Replace an existing file.", False),
    ], "bool"),
    ("delete_file", "Delete a file.", [P("path", "str", "Path of the file.")], "bool"),
    ("file_info", "Size and kind of a file.", [P("path", "str", "Path of the file.")], "rec:FileEntry"),
    ("search_files", "Find files whose content matches a pattern.", [
        P("root", "str", "Directory to search under."),
        P("pattern", "str", "Regular expression to look for."),
        P("exclude", "strs?", "Globs of paths to skip."),
        P("max_results", "count", "At most this many files.", 100),
    ], "strs"),
    ("list_events", "List calendar events in a range of dates.", [
        P("calendar", "str", "The calendar's id."),
        P("range", "rec:Range", "The dates to list."),
        P("query", "str?", "Only events whose title contains this."),
    ], "recs:Event"),
    ("create_event", "Create a calendar event.", [
        P("calendar", "str", "The calendar's id."),
        P("title", "str", "What the event is."),
        P("start", "str", "Start time, RFC 3339."),
        P("end", "str", "End time, RFC 3339."),
        P("attendees", "strs?", "E-mail addresses to invite."),
        P("send_invites", "bool", "E-mail the attendees.", True),
    ], "rec:Event"),
    ("cancel_event", "Cancel a calendar event.", [
        P("calendar", "str", "The calendar's id."),
        P("event_id", "str", "The event's id."),
        P("notify", "bool", "Tell the attendees.", True),
    ], "bool"),
    ("find_free_slot", "Find the first time all attendees are free.", [
        P("attendees", "strs", "E-mail addresses."),
        P("within", "rec:Range", "Dates to look in."),
        P("duration_minutes", "count", "Length of the meeting.", 30),
    ], "str"),
    ("list_volumes", "List the storage volumes.", [
        P("svm", "str?", "Only volumes of this storage VM."),
        P("protocol", "enum:Protocol?", "Only volumes served over this protocol."),
        P("min_size_gb", "count?", "Only volumes at least this large."),
    ], "recs:Volume"),
    ("get_volume", "Get one volume.", [P("uuid", "str", "The volume's UUID.")], "rec:Volume"),
    ("create_volume", "Create a volume.", [
        P("name", "str", "The volume's name."),
        P("size_gb", "count", "Size in GB."),
        P("svm", "str", "The storage VM that serves it."),
        P("protocol", "enum:Protocol", "How clients reach it.", "nfs"),
        P("thin", "bool", "Thin provisioning.", True),
    ], "rec:Volume"),
    ("resize_volume", "Change a volume's size.", [
        P("uuid", "str", "The volume's UUID."),
        P("size_gb", "count", "New size in GB."),
    ], "rec:Volume"),
    ("delete_volume", "Delete a volume.", [
        P("uuid", "str", "The volume's UUID."),
        P("force", "bool", "Delete even if it has snapshots.", False),
    ], "bool"),
    ("list_snapshots", "List the snapshots of a volume.", [
        P("volume_uuid", "str", "The volume's UUID."),
        P("order", "enum:Order", "Newest or oldest first.", "desc"),
    ], "recs:Snapshot"),
    ("create_snapshot", "Take a snapshot of a volume.", [
        P("volume_uuid", "str", "The volume's UUID."),
        P("name", "str?", "The snapshot's name; one is made up when absent."),
    ], "rec:Snapshot"),
    ("restore_snapshot", "Restore a volume from a snapshot.", [
        P("volume_uuid", "str", "The volume's UUID."),
        P("snapshot", "str", "The snapshot's name."),
    ], "bool"),
    ("get_weather", "Current weather at a place.", [
        P("place", "str", "City name, or latitude,longitude."),
        P("unit", "enum:Unit", "Temperature unit.", "celsius"),
    ], "rec:Weather"),
    ("get_forecast", "Weather forecast for the coming days.", [
        P("place", "str", "City name, or latitude,longitude."),
        P("days", "count", "How many days ahead.", 3),
        P("unit", "enum:Unit", "Temperature unit.", "celsius"),
    ], "recs:Weather"),
    ("convert_currency", "Convert an amount between currencies.", [
        P("amount", "float", "The amount to convert."),
        P("from_currency", "str", "ISO 4217 code of the amount."),
        P("to_currency", "str", "ISO 4217 code to convert to."),
    ], "float"),
    ("list_invoices", "List invoices.", [
        P("customer", "str?", "Only this customer's invoices."),
        P("paid", "bool?", "Only paid, or only unpaid, invoices."),
        P("filter", "rec:Filter?", "Further conditions."),
        P("limit", "count", "At most this many.", 50),
    ], "recs:Invoice"),
    ("create_invoice", "Create an invoice.", [
        P("customer", "str", "Who is billed."),
        P("items", "recs:LineItem", "The lines of the invoice."),
        P("currency", "str", "ISO 4217 code.", "EUR"),
        P("due_days", "count", "Days until it is due.", 30),
    ], "rec:Invoice"),
    ("mark_invoice_paid", "Mark an invoice as paid.", [
        P("id", "str", "The invoice's id."),
        P("paid_on", "str?", "The day it was paid, YYYY-MM-DD; today when absent."),
    ], "rec:Invoice"),
    ("run_query", "Run a read-only SQL query.", [
        P("sql", "str", "The query, one SELECT statement."),
        P("params", "strs?", "Values for the query's placeholders, in order."),
        P("max_rows", "count", "At most this many rows.", 100),
    ], "recs:Row"),
    ("list_tables", "List the tables of the database.", [
        P("schema", "str", "The schema to list.", "public"),
    ], "strs"),
    ("describe_table", "Columns of a table and their types.", [
        P("table", "str", "The table's name."),
        P("schema", "str", "The table's schema.", "public"),
    ], "map"),
    ("list_deployments", "List the deployments of a service.", [
        P("service", "str", "The service's name."),
        P("environment", "str", "Which environment.", "production"),
    ], "recs:Deployment"),
    ("deploy", "Deploy a version of a service.", [
        P("service", "str", "The service's name."),
        P("version", "str", "The version to deploy."),
        P("replicas", "count", "How many replicas.", 2),
        P("environment", "str", "Which environment.", "staging"),
        P("env_vars", "map?", "Environment variables to set."),
    ], "rec:Deployment"),
    ("rollback", "Roll a service back to its previous version.", [
        P("service", "str", "The service's name."),
        P("environment", "str", "Which environment.", "production"),
    ], "rec:Deployment"),
    ("scale_service", "Change how many replicas run.", [
        P("service", "str", "The service's name."),
        P("replicas", "count", "The new count."),
    ], "rec:Deployment"),
    ("get_logs", "Recent log lines of a service.", [
        P("service", "str", "The service's name."),
        P("lines", "count", "How many lines.", 100),
        P("level", "enum:Priority?", "Only lines at this level or above."),
        P("grep", "str?", "Only lines containing this."),
    ], "strs"),
    ("query_metrics", "Samples of a metric over time.", [
        P("name", "str", "The metric's name."),
        P("range", "rec:Range", "The dates to cover."),
        P("step_seconds", "count", "Seconds between samples.", 60),
        P("labels", "map?", "Label values the series must have."),
    ], "recs:Metric"),
    ("send_email", "Send an e-mail.", [
        P("to", "strs", "Recipients."),
        P("subject", "str", "The subject line."),
        P("body", "str", "The message, plain text."),
        P("cc", "strs?", "Copies to."),
        P("priority", "enum:Priority", "Its importance.", "normal"),
    ], "str"),
    ("search_email", "Search the mailbox.", [
        P("query", "str", "Words to look for."),
        P("folder", "str", "Folder to search.", "INBOX"),
        P("unread_only", "bool", "Only unread messages.", False),
        P("limit", "count", "At most this many.", 25),
    ], "strs"),
    ("post_message", "Post a message to a chat channel.", [
        P("channel", "str", "The channel's name."),
        P("text", "str", "The message."),
        P("thread", "str?", "Reply in this thread."),
    ], "str"),
    ("translate", "Translate text.", [
        P("text", "str", "The text to translate."),
        P("target", "str", "Language to translate to, ISO 639-1."),
        P("source", "str?", "Language of the text; detected when absent."),
    ], "str"),
    ("summarize", "Summarise a long text.", [
        P("text", "str", "The text."),
        P("max_words", "count", "At most this many words.", 100),
    ], "str"),
    ("geocode", "Coordinates of an address.", [
        P("address", "str", "The address."),
    ], "ints"),
    ("ping", "Check that the server answers.", [], "str"),
]
