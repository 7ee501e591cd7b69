//! The comparison's tools as a Rust author declares them with toolshape: written by
//! `bench/listing/generate.py` from `bench/listing/spec.py` (do not edit by hand).
//! Listed, never called: each body refuses.

#![allow(unused_variables)]

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolSet, tool, tools};

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Order {
    Asc,
    Desc,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    Low,
    Normal,
    High,
    Urgent,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum State {
    Open,
    Closed,
    All,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Private,
    Internal,
    Public,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    Nfs,
    Smb,
    Iscsi,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Unit {
    Celsius,
    Fahrenheit,
}

/// One user of the directory.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct User {
    /// The user's id.
    pub id: i64,
    /// Full name.
    pub name: String,
    /// E-mail address.
    pub email: String,
    /// Phone number, when known.
    pub phone: Option<String>,
    /// Groups the user belongs to.
    pub groups: Vec<String>,
}

/// An issue in a tracker.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Issue {
    /// The issue's number.
    pub number: i64,
    /// One-line summary.
    pub title: String,
    /// Whether it is open.
    pub state: State,
    /// Labels attached.
    pub labels: Vec<String>,
    /// Login of the assignee, if any.
    pub assignee: Option<String>,
}

/// A comment on an issue or change.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Comment {
    /// The comment's id.
    pub id: i64,
    /// Login of the author.
    pub author: String,
    /// The text, in Markdown.
    pub body: String,
}

/// A file or directory.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct FileEntry {
    /// Path from the root.
    pub path: String,
    /// Size in bytes.
    pub size: u32,
    /// Whether it is a directory.
    pub is_dir: bool,
}

/// A calendar event.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Event {
    /// The event's id.
    pub id: String,
    /// What the event is.
    pub title: String,
    /// Start time, RFC 3339.
    pub start: String,
    /// End time, RFC 3339.
    pub end: String,
    /// E-mail addresses invited.
    pub attendees: Vec<String>,
}

/// A storage volume.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Volume {
    /// The volume's UUID.
    pub uuid: String,
    /// The volume's name.
    pub name: String,
    /// Provisioned size in GB.
    pub size_gb: u32,
    /// Space used in GB.
    pub used_gb: u32,
    /// How clients reach it.
    pub protocol: Protocol,
}

/// A point-in-time copy of a volume.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Snapshot {
    /// The snapshot's name.
    pub name: String,
    /// When it was taken, RFC 3339.
    pub created: String,
    /// Space it holds in GB.
    pub size_gb: f64,
}

/// A closed range of dates.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Range {
    /// First day, YYYY-MM-DD.
    pub start: String,
    /// Last day, YYYY-MM-DD.
    pub end: String,
}

/// Which records to keep.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Filter {
    /// Only those of this owner.
    pub owner: Option<String>,
    /// Only those with all these tags.
    pub tags: Vec<String>,
    /// Only those in this date range.
    pub range: Option<Range>,
}

/// The weather at one place.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Weather {
    /// The place asked for.
    pub place: String,
    /// Air temperature.
    pub temperature: f64,
    /// Clear, cloudy, rain, …
    pub conditions: String,
    /// Wind speed in km/h.
    pub wind_kmh: f64,
}

/// An invoice.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Invoice {
    /// The invoice's id.
    pub id: String,
    /// Who is billed.
    pub customer: String,
    /// Total, in the invoice's currency.
    pub amount: f64,
    /// ISO 4217 code.
    pub currency: String,
    /// Whether it is paid.
    pub paid: bool,
}

/// One line of an invoice.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LineItem {
    /// What is billed.
    pub description: String,
    /// How many.
    pub quantity: u32,
    /// Price of one.
    pub unit_price: f64,
}

/// One row of a query result.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Row {
    /// Column name to value.
    pub values: BTreeMap<String, String>,
}

/// A deployment of a service.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Deployment {
    /// The deployment's id.
    pub id: String,
    /// The service deployed.
    pub service: String,
    /// The version deployed.
    pub version: String,
    /// Replicas running.
    pub replicas: u32,
}

/// One sample of a metric.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Metric {
    /// The metric's name.
    pub name: String,
    /// Its value.
    pub value: f64,
    /// When, RFC 3339.
    pub timestamp: String,
}

/// Look up one user by id.
#[tool(format = "json")]
pub fn get_user(
    /// The user's id.
    id: i64,
) -> Result<User, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Search users by name or e-mail.
#[tool(format = "json")]
pub fn search_users(
    /// Text to look for in names and e-mail addresses.
    query: String,
    /// At most this many users.
    #[arg(default = 10)]
    limit: u32,
    /// Only members of this group.
    group: Option<String>,
) -> Result<Vec<User>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Create a user.
#[tool(format = "json")]
pub fn create_user(
    /// Full name.
    name: String,
    /// E-mail address.
    email: String,
    /// Groups to add the user to.
    groups: Option<Vec<String>>,
) -> Result<User, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Delete a user.
#[tool(format = "json")]
pub fn delete_user(
    /// The user's id.
    id: i64,
) -> Result<bool, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Add users to a group.
#[tool(format = "json")]
pub fn add_to_group(
    /// The group's name.
    group: String,
    /// The users to add.
    user_ids: Vec<i64>,
) -> Result<u32, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List the issues of a repository.
#[tool(format = "json")]
pub fn list_issues(
    /// Repository as owner/name.
    repo: String,
    /// Which issues.
    #[arg(default = State::Open)]
    state: State,
    /// Only issues with all these labels.
    labels: Option<Vec<String>>,
    /// Newest or oldest first.
    #[arg(default = Order::Desc)]
    order: Order,
    /// Issues per page.
    #[arg(default = 30)]
    per_page: u32,
    /// Page number, from 1.
    #[arg(default = 1)]
    page: u32,
) -> Result<Vec<Issue>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Get one issue.
#[tool(format = "json")]
pub fn get_issue(
    /// Repository as owner/name.
    repo: String,
    /// The issue's number.
    number: i64,
) -> Result<Issue, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Open an issue.
#[tool(format = "json")]
pub fn create_issue(
    /// Repository as owner/name.
    repo: String,
    /// One-line summary.
    title: String,
    /// Details, in Markdown.
    body: Option<String>,
    /// Labels to attach.
    labels: Option<Vec<String>>,
    /// How urgent it is.
    #[arg(default = Priority::Normal)]
    priority: Priority,
) -> Result<Issue, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Close an issue.
#[tool(format = "json")]
pub fn close_issue(
    /// Repository as owner/name.
    repo: String,
    /// The issue's number.
    number: i64,
    /// Why it is closed.
    reason: Option<String>,
) -> Result<Issue, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Add a comment to an issue.
#[tool(format = "json")]
pub fn comment_on_issue(
    /// Repository as owner/name.
    repo: String,
    /// The issue's number.
    number: i64,
    /// The comment, in Markdown.
    body: String,
) -> Result<Comment, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List the comments on an issue.
#[tool(format = "json")]
pub fn list_comments(
    /// Repository as owner/name.
    repo: String,
    /// The issue's number.
    number: i64,
    /// Only comments after this time, RFC 3339.
    since: Option<String>,
) -> Result<Vec<Comment>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Search code across repositories.
#[tool(format = "json")]
pub fn search_code(
    /// What to search for.
    query: String,
    /// Only files in this language.
    language: Option<String>,
    /// At most this many results.
    #[arg(default = 20)]
    limit: u32,
) -> Result<Vec<String>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Create a repository.
#[tool(format = "json")]
pub fn create_repository(
    /// The repository's name.
    name: String,
    /// A one-line description.
    description: Option<String>,
    /// Who can see it.
    #[arg(default = Visibility::Private)]
    visibility: Visibility,
    /// Create an initial commit with a README.
    #[arg(default = false)]
    auto_init: bool,
) -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Read a text file.
#[tool(format = "json")]
pub fn read_file(
    /// Path of the file.
    path: String,
    /// First line to read, from 0.
    #[arg(default = 0)]
    offset: u32,
    /// At most this many lines.
    limit: Option<u32>,
) -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Write a text file, replacing it if it exists.
#[tool(format = "json")]
pub fn write_file(
    /// Path of the file.
    path: String,
    /// The whole new content.
    content: String,
) -> Result<u32, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List a directory.
#[tool(format = "json")]
pub fn list_directory(
    /// Path of the directory.
    path: String,
    /// Include subdirectories.
    #[arg(default = false)]
    recursive: bool,
    /// Only names matching this glob.
    pattern: Option<String>,
) -> Result<Vec<FileEntry>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Move or rename a file.
#[tool(format = "json")]
pub fn move_file(
    /// Current path.
    source: String,
    /// New path.
    destination: String,
    /// Replace an existing file.
    #[arg(default = false)]
    overwrite: bool,
) -> Result<bool, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Delete a file.
#[tool(format = "json")]
pub fn delete_file(
    /// Path of the file.
    path: String,
) -> Result<bool, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Size and kind of a file.
#[tool(format = "json")]
pub fn file_info(
    /// Path of the file.
    path: String,
) -> Result<FileEntry, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Find files whose content matches a pattern.
#[tool(format = "json")]
pub fn search_files(
    /// Directory to search under.
    root: String,
    /// Regular expression to look for.
    pattern: String,
    /// Globs of paths to skip.
    exclude: Option<Vec<String>>,
    /// At most this many files.
    #[arg(default = 100)]
    max_results: u32,
) -> Result<Vec<String>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List calendar events in a range of dates.
#[tool(format = "json")]
pub fn list_events(
    /// The calendar's id.
    calendar: String,
    /// The dates to list.
    range: Range,
    /// Only events whose title contains this.
    query: Option<String>,
) -> Result<Vec<Event>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Create a calendar event.
#[tool(format = "json")]
pub fn create_event(
    /// The calendar's id.
    calendar: String,
    /// What the event is.
    title: String,
    /// Start time, RFC 3339.
    start: String,
    /// End time, RFC 3339.
    end: String,
    /// E-mail addresses to invite.
    attendees: Option<Vec<String>>,
    /// E-mail the attendees.
    #[arg(default = true)]
    send_invites: bool,
) -> Result<Event, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Cancel a calendar event.
#[tool(format = "json")]
pub fn cancel_event(
    /// The calendar's id.
    calendar: String,
    /// The event's id.
    event_id: String,
    /// Tell the attendees.
    #[arg(default = true)]
    notify: bool,
) -> Result<bool, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Find the first time all attendees are free.
#[tool(format = "json")]
pub fn find_free_slot(
    /// E-mail addresses.
    attendees: Vec<String>,
    /// Dates to look in.
    within: Range,
    /// Length of the meeting.
    #[arg(default = 30)]
    duration_minutes: u32,
) -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List the storage volumes.
#[tool(format = "json")]
pub fn list_volumes(
    /// Only volumes of this storage VM.
    svm: Option<String>,
    /// Only volumes served over this protocol.
    protocol: Option<Protocol>,
    /// Only volumes at least this large.
    min_size_gb: Option<u32>,
) -> Result<Vec<Volume>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Get one volume.
#[tool(format = "json")]
pub fn get_volume(
    /// The volume's UUID.
    uuid: String,
) -> Result<Volume, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Create a volume.
#[tool(format = "json")]
pub fn create_volume(
    /// The volume's name.
    name: String,
    /// Size in GB.
    size_gb: u32,
    /// The storage VM that serves it.
    svm: String,
    /// How clients reach it.
    #[arg(default = Protocol::Nfs)]
    protocol: Protocol,
    /// Thin provisioning.
    #[arg(default = true)]
    thin: bool,
) -> Result<Volume, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Change a volume's size.
#[tool(format = "json")]
pub fn resize_volume(
    /// The volume's UUID.
    uuid: String,
    /// New size in GB.
    size_gb: u32,
) -> Result<Volume, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Delete a volume.
#[tool(format = "json")]
pub fn delete_volume(
    /// The volume's UUID.
    uuid: String,
    /// Delete even if it has snapshots.
    #[arg(default = false)]
    force: bool,
) -> Result<bool, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List the snapshots of a volume.
#[tool(format = "json")]
pub fn list_snapshots(
    /// The volume's UUID.
    volume_uuid: String,
    /// Newest or oldest first.
    #[arg(default = Order::Desc)]
    order: Order,
) -> Result<Vec<Snapshot>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Take a snapshot of a volume.
#[tool(format = "json")]
pub fn create_snapshot(
    /// The volume's UUID.
    volume_uuid: String,
    /// The snapshot's name; one is made up when absent.
    name: Option<String>,
) -> Result<Snapshot, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Restore a volume from a snapshot.
#[tool(format = "json")]
pub fn restore_snapshot(
    /// The volume's UUID.
    volume_uuid: String,
    /// The snapshot's name.
    snapshot: String,
) -> Result<bool, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Current weather at a place.
#[tool(format = "json")]
pub fn get_weather(
    /// City name, or latitude,longitude.
    place: String,
    /// Temperature unit.
    #[arg(default = Unit::Celsius)]
    unit: Unit,
) -> Result<Weather, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Weather forecast for the coming days.
#[tool(format = "json")]
pub fn get_forecast(
    /// City name, or latitude,longitude.
    place: String,
    /// How many days ahead.
    #[arg(default = 3)]
    days: u32,
    /// Temperature unit.
    #[arg(default = Unit::Celsius)]
    unit: Unit,
) -> Result<Vec<Weather>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Convert an amount between currencies.
#[tool(format = "json")]
pub fn convert_currency(
    /// The amount to convert.
    amount: f64,
    /// ISO 4217 code of the amount.
    from_currency: String,
    /// ISO 4217 code to convert to.
    to_currency: String,
) -> Result<f64, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List invoices.
#[tool(format = "json")]
pub fn list_invoices(
    /// Only this customer's invoices.
    customer: Option<String>,
    /// Only paid, or only unpaid, invoices.
    paid: Option<bool>,
    /// Further conditions.
    filter: Option<Filter>,
    /// At most this many.
    #[arg(default = 50)]
    limit: u32,
) -> Result<Vec<Invoice>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Create an invoice.
#[tool(format = "json")]
pub fn create_invoice(
    /// Who is billed.
    customer: String,
    /// The lines of the invoice.
    items: Vec<LineItem>,
    /// ISO 4217 code.
    #[arg(default = "EUR")]
    currency: String,
    /// Days until it is due.
    #[arg(default = 30)]
    due_days: u32,
) -> Result<Invoice, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Mark an invoice as paid.
#[tool(format = "json")]
pub fn mark_invoice_paid(
    /// The invoice's id.
    id: String,
    /// The day it was paid, YYYY-MM-DD; today when absent.
    paid_on: Option<String>,
) -> Result<Invoice, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Run a read-only SQL query.
#[tool(format = "json")]
pub fn run_query(
    /// The query, one SELECT statement.
    sql: String,
    /// Values for the query's placeholders, in order.
    params: Option<Vec<String>>,
    /// At most this many rows.
    #[arg(default = 100)]
    max_rows: u32,
) -> Result<Vec<Row>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List the tables of the database.
#[tool(format = "json")]
pub fn list_tables(
    /// The schema to list.
    #[arg(default = "public")]
    schema: String,
) -> Result<Vec<String>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Columns of a table and their types.
#[tool(format = "json")]
pub fn describe_table(
    /// The table's name.
    table: String,
    /// The table's schema.
    #[arg(default = "public")]
    schema: String,
) -> Result<BTreeMap<String, String>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// List the deployments of a service.
#[tool(format = "json")]
pub fn list_deployments(
    /// The service's name.
    service: String,
    /// Which environment.
    #[arg(default = "production")]
    environment: String,
) -> Result<Vec<Deployment>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Deploy a version of a service.
#[tool(format = "json")]
pub fn deploy(
    /// The service's name.
    service: String,
    /// The version to deploy.
    version: String,
    /// How many replicas.
    #[arg(default = 2)]
    replicas: u32,
    /// Which environment.
    #[arg(default = "staging")]
    environment: String,
    /// Environment variables to set.
    env_vars: Option<BTreeMap<String, String>>,
) -> Result<Deployment, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Roll a service back to its previous version.
#[tool(format = "json")]
pub fn rollback(
    /// The service's name.
    service: String,
    /// Which environment.
    #[arg(default = "production")]
    environment: String,
) -> Result<Deployment, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Change how many replicas run.
#[tool(format = "json")]
pub fn scale_service(
    /// The service's name.
    service: String,
    /// The new count.
    replicas: u32,
) -> Result<Deployment, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Recent log lines of a service.
#[tool(format = "json")]
pub fn get_logs(
    /// The service's name.
    service: String,
    /// How many lines.
    #[arg(default = 100)]
    lines: u32,
    /// Only lines at this level or above.
    level: Option<Priority>,
    /// Only lines containing this.
    grep: Option<String>,
) -> Result<Vec<String>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Samples of a metric over time.
#[tool(format = "json")]
pub fn query_metrics(
    /// The metric's name.
    name: String,
    /// The dates to cover.
    range: Range,
    /// Seconds between samples.
    #[arg(default = 60)]
    step_seconds: u32,
    /// Label values the series must have.
    labels: Option<BTreeMap<String, String>>,
) -> Result<Vec<Metric>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Send an e-mail.
#[tool(format = "json")]
pub fn send_email(
    /// Recipients.
    to: Vec<String>,
    /// The subject line.
    subject: String,
    /// The message, plain text.
    body: String,
    /// Copies to.
    cc: Option<Vec<String>>,
    /// Its importance.
    #[arg(default = Priority::Normal)]
    priority: Priority,
) -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Search the mailbox.
#[tool(format = "json")]
pub fn search_email(
    /// Words to look for.
    query: String,
    /// Folder to search.
    #[arg(default = "INBOX")]
    folder: String,
    /// Only unread messages.
    #[arg(default = false)]
    unread_only: bool,
    /// At most this many.
    #[arg(default = 25)]
    limit: u32,
) -> Result<Vec<String>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Post a message to a chat channel.
#[tool(format = "json")]
pub fn post_message(
    /// The channel's name.
    channel: String,
    /// The message.
    text: String,
    /// Reply in this thread.
    thread: Option<String>,
) -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Translate text.
#[tool(format = "json")]
pub fn translate(
    /// The text to translate.
    text: String,
    /// Language to translate to, ISO 639-1.
    target: String,
    /// Language of the text; detected when absent.
    source: Option<String>,
) -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Summarise a long text.
#[tool(format = "json")]
pub fn summarize(
    /// The text.
    text: String,
    /// At most this many words.
    #[arg(default = 100)]
    max_words: u32,
) -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Coordinates of an address.
#[tool(format = "json")]
pub fn geocode(
    /// The address.
    address: String,
) -> Result<Vec<i64>, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Check that the server answers.
#[tool(format = "json")]
pub fn ping() -> Result<String, ToolError> {
    Err(ToolError::new("listed, not served"))
}

/// Every tool of the comparison.
pub fn toolset() -> ToolSet<()> {
    ToolSet::new(tools![
        get_user,
        search_users,
        create_user,
        delete_user,
        add_to_group,
        list_issues,
        get_issue,
        create_issue,
        close_issue,
        comment_on_issue,
        list_comments,
        search_code,
        create_repository,
        read_file,
        write_file,
        list_directory,
        move_file,
        delete_file,
        file_info,
        search_files,
        list_events,
        create_event,
        cancel_event,
        find_free_slot,
        list_volumes,
        get_volume,
        create_volume,
        resize_volume,
        delete_volume,
        list_snapshots,
        create_snapshot,
        restore_snapshot,
        get_weather,
        get_forecast,
        convert_currency,
        list_invoices,
        create_invoice,
        mark_invoice_paid,
        run_query,
        list_tables,
        describe_table,
        list_deployments,
        deploy,
        rollback,
        scale_service,
        get_logs,
        query_metrics,
        send_email,
        search_email,
        post_message,
        translate,
        summarize,
        geocode,
        ping
    ])
    .expect("distinct names")
}
