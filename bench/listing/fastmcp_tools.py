"""The comparison's tools as a Python author declares them with FastMCP: written by
bench/listing/generate.py from bench/listing/spec.py (do not edit by hand). Listed,
never called: each body raises."""

from typing import Annotated, Literal

from fastmcp import FastMCP
from pydantic import BaseModel, Field

mcp = FastMCP("listing")

Order = Literal["asc", "desc"]
Priority = Literal["low", "normal", "high", "urgent"]
State = Literal["open", "closed", "all"]
Visibility = Literal["private", "internal", "public"]
Protocol = Literal["nfs", "smb", "iscsi"]
Unit = Literal["celsius", "fahrenheit"]


class User(BaseModel):
    """One user of the directory."""

    id: int = Field(description="The user's id.")
    name: str = Field(description='Full name.')
    email: str = Field(description='E-mail address.')
    phone: str | None = Field(default=None, description='Phone number, when known.')
    groups: list[str] = Field(description='Groups the user belongs to.')


class Issue(BaseModel):
    """An issue in a tracker."""

    number: int = Field(description="The issue's number.")
    title: str = Field(description='One-line summary.')
    state: State = Field(description='Whether it is open.')
    labels: list[str] = Field(description='Labels attached.')
    assignee: str | None = Field(default=None, description='Login of the assignee, if any.')


class Comment(BaseModel):
    """A comment on an issue or change."""

    id: int = Field(description="The comment's id.")
    author: str = Field(description='Login of the author.')
    body: str = Field(description='The text, in Markdown.')


class FileEntry(BaseModel):
    """A file or directory."""

    path: str = Field(description='Path from the root.')
    size: int = Field(description='Size in bytes.')
    is_dir: bool = Field(description='Whether it is a directory.')


class Event(BaseModel):
    """A calendar event."""

    id: str = Field(description="The event's id.")
    title: str = Field(description='What the event is.')
    start: str = Field(description='Start time, RFC 3339.')
    end: str = Field(description='End time, RFC 3339.')
    attendees: list[str] = Field(description='E-mail addresses invited.')


class Volume(BaseModel):
    """A storage volume."""

    uuid: str = Field(description="The volume's UUID.")
    name: str = Field(description="The volume's name.")
    size_gb: int = Field(description='Provisioned size in GB.')
    used_gb: int = Field(description='Space used in GB.')
    protocol: Protocol = Field(description='How clients reach it.')


class Snapshot(BaseModel):
    """A point-in-time copy of a volume."""

    name: str = Field(description="The snapshot's name.")
    created: str = Field(description='When it was taken, RFC 3339.')
    size_gb: float = Field(description='Space it holds in GB.')


class Range(BaseModel):
    """A closed range of dates."""

    start: str = Field(description='First day, YYYY-MM-DD.')
    end: str = Field(description='Last day, YYYY-MM-DD.')


class Filter(BaseModel):
    """Which records to keep."""

    owner: str | None = Field(default=None, description='Only those of this owner.')
    tags: list[str] = Field(description='Only those with all these tags.')
    range: Range | None = Field(default=None, description='Only those in this date range.')


class Weather(BaseModel):
    """The weather at one place."""

    place: str = Field(description='The place asked for.')
    temperature: float = Field(description='Air temperature.')
    conditions: str = Field(description='Clear, cloudy, rain, …')
    wind_kmh: float = Field(description='Wind speed in km/h.')


class Invoice(BaseModel):
    """An invoice."""

    id: str = Field(description="The invoice's id.")
    customer: str = Field(description='Who is billed.')
    amount: float = Field(description="Total, in the invoice's currency.")
    currency: str = Field(description='ISO 4217 code.')
    paid: bool = Field(description='Whether it is paid.')


class LineItem(BaseModel):
    """One line of an invoice."""

    description: str = Field(description='What is billed.')
    quantity: int = Field(description='How many.')
    unit_price: float = Field(description='Price of one.')


class Row(BaseModel):
    """One row of a query result."""

    values: dict[str, str] = Field(description='Column name to value.')


class Deployment(BaseModel):
    """A deployment of a service."""

    id: str = Field(description="The deployment's id.")
    service: str = Field(description='The service deployed.')
    version: str = Field(description='The version deployed.')
    replicas: int = Field(description='Replicas running.')


class Metric(BaseModel):
    """One sample of a metric."""

    name: str = Field(description="The metric's name.")
    value: float = Field(description='Its value.')
    timestamp: str = Field(description='When, RFC 3339.')


@mcp.tool
def get_user(
    id: Annotated[int, Field(description="The user's id.")],
) -> User:
    """Look up one user by id."""
    raise NotImplementedError


@mcp.tool
def search_users(
    query: Annotated[str, Field(description='Text to look for in names and e-mail addresses.')],
    limit: Annotated[int, Field(description='At most this many users.')] = 10,
    group: Annotated[str | None, Field(description='Only members of this group.')] = None,
) -> list[User]:
    """Search users by name or e-mail."""
    raise NotImplementedError


@mcp.tool
def create_user(
    name: Annotated[str, Field(description='Full name.')],
    email: Annotated[str, Field(description='E-mail address.')],
    groups: Annotated[list[str] | None, Field(description='Groups to add the user to.')] = None,
) -> User:
    """Create a user."""
    raise NotImplementedError


@mcp.tool
def delete_user(
    id: Annotated[int, Field(description="The user's id.")],
) -> bool:
    """Delete a user."""
    raise NotImplementedError


@mcp.tool
def add_to_group(
    group: Annotated[str, Field(description="The group's name.")],
    user_ids: Annotated[list[int], Field(description='The users to add.')],
) -> int:
    """Add users to a group."""
    raise NotImplementedError


@mcp.tool
def list_issues(
    repo: Annotated[str, Field(description='Repository as owner/name.')],
    state: Annotated[State, Field(description='Which issues.')] = 'open',
    labels: Annotated[list[str] | None, Field(description='Only issues with all these labels.')] = None,
    order: Annotated[Order, Field(description='Newest or oldest first.')] = 'desc',
    per_page: Annotated[int, Field(description='Issues per page.')] = 30,
    page: Annotated[int, Field(description='Page number, from 1.')] = 1,
) -> list[Issue]:
    """List the issues of a repository."""
    raise NotImplementedError


@mcp.tool
def get_issue(
    repo: Annotated[str, Field(description='Repository as owner/name.')],
    number: Annotated[int, Field(description="The issue's number.")],
) -> Issue:
    """Get one issue."""
    raise NotImplementedError


@mcp.tool
def create_issue(
    repo: Annotated[str, Field(description='Repository as owner/name.')],
    title: Annotated[str, Field(description='One-line summary.')],
    body: Annotated[str | None, Field(description='Details, in Markdown.')] = None,
    labels: Annotated[list[str] | None, Field(description='Labels to attach.')] = None,
    priority: Annotated[Priority, Field(description='How urgent it is.')] = 'normal',
) -> Issue:
    """Open an issue."""
    raise NotImplementedError


@mcp.tool
def close_issue(
    repo: Annotated[str, Field(description='Repository as owner/name.')],
    number: Annotated[int, Field(description="The issue's number.")],
    reason: Annotated[str | None, Field(description='Why it is closed.')] = None,
) -> Issue:
    """Close an issue."""
    raise NotImplementedError


@mcp.tool
def comment_on_issue(
    repo: Annotated[str, Field(description='Repository as owner/name.')],
    number: Annotated[int, Field(description="The issue's number.")],
    body: Annotated[str, Field(description='The comment, in Markdown.')],
) -> Comment:
    """Add a comment to an issue."""
    raise NotImplementedError


@mcp.tool
def list_comments(
    repo: Annotated[str, Field(description='Repository as owner/name.')],
    number: Annotated[int, Field(description="The issue's number.")],
    since: Annotated[str | None, Field(description='Only comments after this time, RFC 3339.')] = None,
) -> list[Comment]:
    """List the comments on an issue."""
    raise NotImplementedError


@mcp.tool
def search_code(
    query: Annotated[str, Field(description='What to search for.')],
    language: Annotated[str | None, Field(description='Only files in this language.')] = None,
    limit: Annotated[int, Field(description='At most this many results.')] = 20,
) -> list[str]:
    """Search code across repositories."""
    raise NotImplementedError


@mcp.tool
def create_repository(
    name: Annotated[str, Field(description="The repository's name.")],
    description: Annotated[str | None, Field(description='A one-line description.')] = None,
    visibility: Annotated[Visibility, Field(description='Who can see it.')] = 'private',
    auto_init: Annotated[bool, Field(description='Create an initial commit with a README.')] = False,
) -> str:
    """Create a repository."""
    raise NotImplementedError


@mcp.tool
def read_file(
    path: Annotated[str, Field(description='Path of the file.')],
    offset: Annotated[int, Field(description='First line to read, from 0.')] = 0,
    limit: Annotated[int | None, Field(description='At most this many lines.')] = None,
) -> str:
    """Read a text file."""
    raise NotImplementedError


@mcp.tool
def write_file(
    path: Annotated[str, Field(description='Path of the file.')],
    content: Annotated[str, Field(description='The whole new content.')],
) -> int:
    """Write a text file, replacing it if it exists."""
    raise NotImplementedError


@mcp.tool
def list_directory(
    path: Annotated[str, Field(description='Path of the directory.')],
    recursive: Annotated[bool, Field(description='Include subdirectories.')] = False,
    pattern: Annotated[str | None, Field(description='Only names matching this glob.')] = None,
) -> list[FileEntry]:
    """List a directory."""
    raise NotImplementedError


@mcp.tool
def move_file(
    source: Annotated[str, Field(description='Current path.')],
    destination: Annotated[str, Field(description='New path.')],
    overwrite: Annotated[bool, Field(description='Replace an existing file.')] = False,
) -> bool:
    """Move or rename a file."""
    raise NotImplementedError


@mcp.tool
def delete_file(
    path: Annotated[str, Field(description='Path of the file.')],
) -> bool:
    """Delete a file."""
    raise NotImplementedError


@mcp.tool
def file_info(
    path: Annotated[str, Field(description='Path of the file.')],
) -> FileEntry:
    """Size and kind of a file."""
    raise NotImplementedError


@mcp.tool
def search_files(
    root: Annotated[str, Field(description='Directory to search under.')],
    pattern: Annotated[str, Field(description='Regular expression to look for.')],
    exclude: Annotated[list[str] | None, Field(description='Globs of paths to skip.')] = None,
    max_results: Annotated[int, Field(description='At most this many files.')] = 100,
) -> list[str]:
    """Find files whose content matches a pattern."""
    raise NotImplementedError


@mcp.tool
def list_events(
    calendar: Annotated[str, Field(description="The calendar's id.")],
    range: Annotated[Range, Field(description='The dates to list.')],
    query: Annotated[str | None, Field(description='Only events whose title contains this.')] = None,
) -> list[Event]:
    """List calendar events in a range of dates."""
    raise NotImplementedError


@mcp.tool
def create_event(
    calendar: Annotated[str, Field(description="The calendar's id.")],
    title: Annotated[str, Field(description='What the event is.')],
    start: Annotated[str, Field(description='Start time, RFC 3339.')],
    end: Annotated[str, Field(description='End time, RFC 3339.')],
    attendees: Annotated[list[str] | None, Field(description='E-mail addresses to invite.')] = None,
    send_invites: Annotated[bool, Field(description='E-mail the attendees.')] = True,
) -> Event:
    """Create a calendar event."""
    raise NotImplementedError


@mcp.tool
def cancel_event(
    calendar: Annotated[str, Field(description="The calendar's id.")],
    event_id: Annotated[str, Field(description="The event's id.")],
    notify: Annotated[bool, Field(description='Tell the attendees.')] = True,
) -> bool:
    """Cancel a calendar event."""
    raise NotImplementedError


@mcp.tool
def find_free_slot(
    attendees: Annotated[list[str], Field(description='E-mail addresses.')],
    within: Annotated[Range, Field(description='Dates to look in.')],
    duration_minutes: Annotated[int, Field(description='Length of the meeting.')] = 30,
) -> str:
    """Find the first time all attendees are free."""
    raise NotImplementedError


@mcp.tool
def list_volumes(
    svm: Annotated[str | None, Field(description='Only volumes of this storage VM.')] = None,
    protocol: Annotated[Protocol | None, Field(description='Only volumes served over this protocol.')] = None,
    min_size_gb: Annotated[int | None, Field(description='Only volumes at least this large.')] = None,
) -> list[Volume]:
    """List the storage volumes."""
    raise NotImplementedError


@mcp.tool
def get_volume(
    uuid: Annotated[str, Field(description="The volume's UUID.")],
) -> Volume:
    """Get one volume."""
    raise NotImplementedError


@mcp.tool
def create_volume(
    name: Annotated[str, Field(description="The volume's name.")],
    size_gb: Annotated[int, Field(description='Size in GB.')],
    svm: Annotated[str, Field(description='The storage VM that serves it.')],
    protocol: Annotated[Protocol, Field(description='How clients reach it.')] = 'nfs',
    thin: Annotated[bool, Field(description='Thin provisioning.')] = True,
) -> Volume:
    """Create a volume."""
    raise NotImplementedError


@mcp.tool
def resize_volume(
    uuid: Annotated[str, Field(description="The volume's UUID.")],
    size_gb: Annotated[int, Field(description='New size in GB.')],
) -> Volume:
    """Change a volume's size."""
    raise NotImplementedError


@mcp.tool
def delete_volume(
    uuid: Annotated[str, Field(description="The volume's UUID.")],
    force: Annotated[bool, Field(description='Delete even if it has snapshots.')] = False,
) -> bool:
    """Delete a volume."""
    raise NotImplementedError


@mcp.tool
def list_snapshots(
    volume_uuid: Annotated[str, Field(description="The volume's UUID.")],
    order: Annotated[Order, Field(description='Newest or oldest first.')] = 'desc',
) -> list[Snapshot]:
    """List the snapshots of a volume."""
    raise NotImplementedError


@mcp.tool
def create_snapshot(
    volume_uuid: Annotated[str, Field(description="The volume's UUID.")],
    name: Annotated[str | None, Field(description="The snapshot's name; one is made up when absent.")] = None,
) -> Snapshot:
    """Take a snapshot of a volume."""
    raise NotImplementedError


@mcp.tool
def restore_snapshot(
    volume_uuid: Annotated[str, Field(description="The volume's UUID.")],
    snapshot: Annotated[str, Field(description="The snapshot's name.")],
) -> bool:
    """Restore a volume from a snapshot."""
    raise NotImplementedError


@mcp.tool
def get_weather(
    place: Annotated[str, Field(description='City name, or latitude,longitude.')],
    unit: Annotated[Unit, Field(description='Temperature unit.')] = 'celsius',
) -> Weather:
    """Current weather at a place."""
    raise NotImplementedError


@mcp.tool
def get_forecast(
    place: Annotated[str, Field(description='City name, or latitude,longitude.')],
    days: Annotated[int, Field(description='How many days ahead.')] = 3,
    unit: Annotated[Unit, Field(description='Temperature unit.')] = 'celsius',
) -> list[Weather]:
    """Weather forecast for the coming days."""
    raise NotImplementedError


@mcp.tool
def convert_currency(
    amount: Annotated[float, Field(description='The amount to convert.')],
    from_currency: Annotated[str, Field(description='ISO 4217 code of the amount.')],
    to_currency: Annotated[str, Field(description='ISO 4217 code to convert to.')],
) -> float:
    """Convert an amount between currencies."""
    raise NotImplementedError


@mcp.tool
def list_invoices(
    customer: Annotated[str | None, Field(description="Only this customer's invoices.")] = None,
    paid: Annotated[bool | None, Field(description='Only paid, or only unpaid, invoices.')] = None,
    filter: Annotated[Filter | None, Field(description='Further conditions.')] = None,
    limit: Annotated[int, Field(description='At most this many.')] = 50,
) -> list[Invoice]:
    """List invoices."""
    raise NotImplementedError


@mcp.tool
def create_invoice(
    customer: Annotated[str, Field(description='Who is billed.')],
    items: Annotated[list[LineItem], Field(description='The lines of the invoice.')],
    currency: Annotated[str, Field(description='ISO 4217 code.')] = 'EUR',
    due_days: Annotated[int, Field(description='Days until it is due.')] = 30,
) -> Invoice:
    """Create an invoice."""
    raise NotImplementedError


@mcp.tool
def mark_invoice_paid(
    id: Annotated[str, Field(description="The invoice's id.")],
    paid_on: Annotated[str | None, Field(description='The day it was paid, YYYY-MM-DD; today when absent.')] = None,
) -> Invoice:
    """Mark an invoice as paid."""
    raise NotImplementedError


@mcp.tool
def run_query(
    sql: Annotated[str, Field(description='The query, one SELECT statement.')],
    params: Annotated[list[str] | None, Field(description="Values for the query's placeholders, in order.")] = None,
    max_rows: Annotated[int, Field(description='At most this many rows.')] = 100,
) -> list[Row]:
    """Run a read-only SQL query."""
    raise NotImplementedError


@mcp.tool
def list_tables(
    schema: Annotated[str, Field(description='The schema to list.')] = 'public',
) -> list[str]:
    """List the tables of the database."""
    raise NotImplementedError


@mcp.tool
def describe_table(
    table: Annotated[str, Field(description="The table's name.")],
    schema: Annotated[str, Field(description="The table's schema.")] = 'public',
) -> dict[str, str]:
    """Columns of a table and their types."""
    raise NotImplementedError


@mcp.tool
def list_deployments(
    service: Annotated[str, Field(description="The service's name.")],
    environment: Annotated[str, Field(description='Which environment.')] = 'production',
) -> list[Deployment]:
    """List the deployments of a service."""
    raise NotImplementedError


@mcp.tool
def deploy(
    service: Annotated[str, Field(description="The service's name.")],
    version: Annotated[str, Field(description='The version to deploy.')],
    replicas: Annotated[int, Field(description='How many replicas.')] = 2,
    environment: Annotated[str, Field(description='Which environment.')] = 'staging',
    env_vars: Annotated[dict[str, str] | None, Field(description='Environment variables to set.')] = None,
) -> Deployment:
    """Deploy a version of a service."""
    raise NotImplementedError


@mcp.tool
def rollback(
    service: Annotated[str, Field(description="The service's name.")],
    environment: Annotated[str, Field(description='Which environment.')] = 'production',
) -> Deployment:
    """Roll a service back to its previous version."""
    raise NotImplementedError


@mcp.tool
def scale_service(
    service: Annotated[str, Field(description="The service's name.")],
    replicas: Annotated[int, Field(description='The new count.')],
) -> Deployment:
    """Change how many replicas run."""
    raise NotImplementedError


@mcp.tool
def get_logs(
    service: Annotated[str, Field(description="The service's name.")],
    lines: Annotated[int, Field(description='How many lines.')] = 100,
    level: Annotated[Priority | None, Field(description='Only lines at this level or above.')] = None,
    grep: Annotated[str | None, Field(description='Only lines containing this.')] = None,
) -> list[str]:
    """Recent log lines of a service."""
    raise NotImplementedError


@mcp.tool
def query_metrics(
    name: Annotated[str, Field(description="The metric's name.")],
    range: Annotated[Range, Field(description='The dates to cover.')],
    step_seconds: Annotated[int, Field(description='Seconds between samples.')] = 60,
    labels: Annotated[dict[str, str] | None, Field(description='Label values the series must have.')] = None,
) -> list[Metric]:
    """Samples of a metric over time."""
    raise NotImplementedError


@mcp.tool
def send_email(
    to: Annotated[list[str], Field(description='Recipients.')],
    subject: Annotated[str, Field(description='The subject line.')],
    body: Annotated[str, Field(description='The message, plain text.')],
    cc: Annotated[list[str] | None, Field(description='Copies to.')] = None,
    priority: Annotated[Priority, Field(description='Its importance.')] = 'normal',
) -> str:
    """Send an e-mail."""
    raise NotImplementedError


@mcp.tool
def search_email(
    query: Annotated[str, Field(description='Words to look for.')],
    folder: Annotated[str, Field(description='Folder to search.')] = 'INBOX',
    unread_only: Annotated[bool, Field(description='Only unread messages.')] = False,
    limit: Annotated[int, Field(description='At most this many.')] = 25,
) -> list[str]:
    """Search the mailbox."""
    raise NotImplementedError


@mcp.tool
def post_message(
    channel: Annotated[str, Field(description="The channel's name.")],
    text: Annotated[str, Field(description='The message.')],
    thread: Annotated[str | None, Field(description='Reply in this thread.')] = None,
) -> str:
    """Post a message to a chat channel."""
    raise NotImplementedError


@mcp.tool
def translate(
    text: Annotated[str, Field(description='The text to translate.')],
    target: Annotated[str, Field(description='Language to translate to, ISO 639-1.')],
    source: Annotated[str | None, Field(description='Language of the text; detected when absent.')] = None,
) -> str:
    """Translate text."""
    raise NotImplementedError


@mcp.tool
def summarize(
    text: Annotated[str, Field(description='The text.')],
    max_words: Annotated[int, Field(description='At most this many words.')] = 100,
) -> str:
    """Summarise a long text."""
    raise NotImplementedError


@mcp.tool
def geocode(
    address: Annotated[str, Field(description='The address.')],
) -> list[int]:
    """Coordinates of an address."""
    raise NotImplementedError


@mcp.tool
def ping(
) -> str:
    """Check that the server answers."""
    raise NotImplementedError
