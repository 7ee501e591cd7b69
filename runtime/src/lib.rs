//! # toolshape
//!
//! Declare MCP tools as plain Rust functions. `#[tool]` turns a function into a tool of an
//! [rmcp](https://docs.rs/rmcp) server: its parameters become the input schema, its doc
//! comments the descriptions, its return type the output schema, and every result carries
//! the same envelope and provenance metadata.
//!
//! ```
//! use serde::Serialize;
//! use schemars::JsonSchema;
//! use toolshape::{Server, ToolError, ToolSet, tool, tools};
//!
//! #[derive(Serialize, JsonSchema)]
//! struct User { id: u32, name: String }
//!
//! struct Directory { users: Vec<User> }
//!
//! /// Look up one user by id.
//! #[tool(format = "json")]
//! async fn get_user_by_id(
//!     #[state] directory: &Directory,
//!     /// The user's numeric id.
//!     id: u32,
//! ) -> Result<User, ToolError> {
//!     directory.users.iter().find(|u| u.id == id)
//!         .map(|u| User { id: u.id, name: u.name.clone() })
//!         .ok_or_else(|| ToolError::new(format!("User with ID {id} not found")))
//! }
//!
//! # fn main() -> Result<(), toolshape::DuplicateTool> {
//! let directory = Directory { users: vec![User { id: 42, name: "Alice".into() }] };
//! let server = Server::new(directory, ToolSet::new(tools![get_user_by_id])?);
//! assert_eq!(server.tools().list()[0].name, "get_user_by_id");
//! // server.serve_stdio().await, or .serve_http("127.0.0.1:8080").await
//! # Ok(()) }
//! ```
//!
//! The function stays an ordinary function: call it in unit tests as you wrote it.
//!
//! ## Hybrid results: a narrative with the data
//!
//! `format = "hybrid"` leads the result with a plain-English narrative: the text a client
//! shows is the narrative followed by the data in a fenced json block, and
//! `structuredContent` is the envelope with a `narrative` field. The narrative comes from a
//! template on the output type, checked at compile time, or is written at run time by
//! returning [`Hybrid<T>`](formats::Hybrid), which can also attach [`Plot`](formats::Plot)s (sent as image blocks), a
//! `model_id` and a `source`.
//!
//! ```
//! use serde::Serialize;
//! use schemars::JsonSchema;
//! use toolshape::{formats::Hybrid, Narrative, tool};
//!
//! #[derive(Serialize, JsonSchema, Narrative)]
//! #[narrative("Found {volumes.len} volumes on {cluster}")]
//! struct VolumeList { cluster: String, volumes: Vec<String> }
//!
//! /// List the volumes of a cluster.
//! #[tool(format = "hybrid")]
//! fn list_volumes(
//!     /// The cluster's name.
//!     cluster: String,
//! ) -> VolumeList {
//!     VolumeList { cluster, volumes: vec!["vol1".into(), "vol2".into()] }
//! }
//!
//! /// Count the active alerts.
//! #[tool(format = "hybrid", model_id = "alert-rules-v3")]
//! fn count_alerts() -> Hybrid<Vec<String>> {
//!     let alerts = vec!["VolumeNearlyFull".to_owned()];
//!     Hybrid::new(format!("{} active alert.", alerts.len()), alerts)
//!         .with_source("prometheus")
//! }
//! # fn main() {
//! #     let _: [toolshape::tool::ToolDef<()>; 2] = toolshape::tools![list_volumes, count_alerts];
//! #     assert_eq!(list_volumes("c1".into()).narrative(), "Found 2 volumes on c1");
//! # }
//! ```
//!
//! A hybrid tool whose output has no narrative does not compile; the error, at the return
//! type, shows both ways to give it one.
//!
//! What a client receives is specified in `docs/wire-format.md`.
//!
//! Every example of this documentation is compiled, and run unless it is `no_run`, by the
//! `examples` test of the workspace's `docs/` crate, with warnings denied.

// The modules follow a call, and each imports only the ones before it (tests/tests/all/layout.rs
// reads this order from here and enforces it):
// `provenance` (metadata and the canonical hash) → `formats` (what a result is made of: json,
// text, hybrid, the envelope, the rich content beside them) → `apps` (the MCP Apps views that
// show results to people) → `store` (where tasks and the
// undo journal live: in memory, or in Redis) → `error` (what a tool returns when it fails) →
// `context` (what a tool knows of the request it serves, and the questions it asks the
// client) → `tool` (a declared tool: its spec, its arguments parsed into parameters, its
// type-erased call) → `layer` (what wraps every call) → `toolset` (the tools a server serves,
// with their layers) → `undo` → `budget` (layers built only on what the crate offers its
// users) → `code` (code mode: a model's script of tool calls, run in a sandbox) → `search`
// (finding tools in a big set) → `skills` (the SKILL.md folders a server serves to teach a
// model its tools) → `handler` (the server and rmcp's handler
// it implements) → `serve` (the transports) → `testing` → `__private` (the door for generated
// code). Each module's doc says what it owns.
/// Implements Debug for an error type as its Display, as anyhow's errors do: Rust prints an
/// error that main returns in its Debug form, and a user should read the message there, not
/// the type's fields.
macro_rules! debug_as_message {
    ($($error:ty),+ $(,)?) => {$(
        impl ::std::fmt::Debug for $error {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }
    )+};
}

pub mod provenance;

pub mod formats;

pub mod apps;

pub mod store;

pub mod error;

pub mod context;

pub mod tool;

pub mod layer;

mod toolset;

pub mod undo;

pub mod budget;

#[cfg(feature = "code")]
pub mod code;

pub mod search;

pub mod skills;

mod handler;

pub mod serve;

#[cfg(feature = "testing")]
pub mod testing;

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;

// The root holds what a first server needs; everything else is in the module of its
// concern (`formats`, `provenance`, `context`, `tool`, `serve`, …).
pub use context::Context;
pub use error::{DuplicateTool, ToolError};
pub use formats::Narrative;
pub use formats::text::ToolText;
pub use handler::Server;
/// What the compiler checks in a tool's declaration; the code `#[tool]` and `tools!`
/// generate names it here, so that a message about a declaration names this path.
pub use tool::checks;
pub use toolset::ToolSet;
/// Derives [`Narrative`](trait@Narrative) from a `#[narrative("...")]` template on the type,
/// for `#[tool(format = "hybrid")]`: the sentence a hybrid result leads with.
///
/// The template's `{placeholders}` name the type's fields and are checked at compile time:
/// a field (`{cluster}`), a path through fields (`{autosize.mode}`), either followed by `.len`
/// for a collection's length (`{volumes.len}`), and optionally a format spec after `:` as in
/// `format!` (`{ratio:.1}`). Each value is formatted with `Display`; `{{` and `}}` are literal
/// braces.
///
/// ```
/// use toolshape::Narrative;
///
/// #[derive(Narrative)]
/// #[narrative("{name} uses {ratio:.1}% of {volumes.len} volumes")]
/// struct Usage { name: String, ratio: f64, volumes: Vec<String> }
///
/// let usage = Usage { name: "c1".into(), ratio: 62.34, volumes: vec!["a".into()] };
/// assert_eq!(usage.narrative(), "c1 uses 62.3% of 1 volumes");
/// ```
///
/// A placeholder that names no field fails to compile, at the placeholder. For a narrative
/// a template cannot say, implement the trait by hand or return [`Hybrid<T>`](formats::Hybrid) from
/// the tool to write it at run time.
pub use toolshape_macros::Narrative;
#[doc = include_str!("docs/tool.md")]
pub use toolshape_macros::tool;
#[doc = include_str!("docs/tools.md")]
#[macro_export]
macro_rules! tools {
    ($($path:tt)*) => {
        $crate::__private::tools!($crate; $($path)*)
    };
}

/// Embeds a folder of skills in the binary: every file below `dir` (relative to the crate's
/// `Cargo.toml`) is included with `include_bytes!`, and the expression is
/// [`Skills::embedded`](skills::Skills::embedded)'s `Result<Skills, SkillError>`: the
/// frontmatters are checked when it runs, at start-up, and an error names the file and line.
///
/// ```ignore
/// let skills = toolshape::skills!("skills")?;
/// let server = server.with_info(About::default().with_skills(skills));
/// ```
///
/// A folder that does not exist is a compile error. Cargo rebuilds the crate when an embedded
/// file changes, but not when a file is added to the folder: touch a source file then.
#[macro_export]
macro_rules! skills {
    ($dir:literal $(,)?) => {
        $crate::__private::skills!($crate; $dir)
    };
}

/// Derives the text form of a type, for `#[tool(format = "text")]`: a markdown
/// code block of `Label: value` lines for one record, a header and one line per record for a
/// list (the compact layout). See [`formats::text`] for the rendering and `docs/text-format.md` for
/// the whole form.
///
/// ````
/// use toolshape::ToolText;
///
/// #[derive(ToolText)]
/// #[text(noun = "user", empty = "No users found matching your criteria.")]
/// struct User {
///     #[text(label = "User ID")]
///     id: u64,
///     name: String,
///     phone: Option<String>,
///     #[text(currency)]
///     salary: f64,
///     #[text(bytes)]
///     quota: u64,
///     tags: Vec<String>,
///     #[text(skip)]
///     password_hash: String,
/// }
///
/// let user = User {
///     id: 42,
///     name: "Alice".into(),
///     phone: None,
///     salary: 120_000.0,
///     quota: 5 << 30,
///     tags: vec!["admin".into(), "oncall".into()],
///     password_hash: String::new(),
/// };
/// # let _ = &user.password_hash;
/// assert_eq!(toolshape::formats::text::render(&user), "\
/// ```
/// User ID: 42
/// Name: Alice
/// Phone: N/A
/// Salary: $120,000.00
/// Quota: 5 GiB
/// Tags: admin, oncall
/// ```");
/// assert_eq!(
///     toolshape::formats::text::render(&vec![user]),
///     "Found 1 user:\nid,name,salary,quota,tags[]\n42,Alice,120000,5368709120,admin;oncall",
/// );
/// ````
///
/// # Attributes
///
/// On the type, `#[text(...)]`:
/// - `noun = "user"`, `plural = "users"`: `Found 1 user:` / `Found 2 users:` (defaults: the
///   type name in lower case, and its English plural);
/// - `empty = "..."`: the whole text of an empty list (default `No users found.`);
/// - `missing = "N/A"` (default) or `missing = "omit"`: what a `None` or an empty list shows,
///   one choice per type;
/// - `confirm = "..."` on a unit struct: the type renders as that sentence;
/// - `tag = "Type"` on an enum with fields: the label of the variant line;
/// - `layout = "compact"` (default), `"blocks"` or `"table"`: how a list of these records
///   renders: a header and one line per record, every value as the data holds it (the
///   columns are the fields' serde names); one block per record; or a markdown table (of
///   scalar fields). `docs/text-format.md` measures the three;
/// - `crate = path`: where `toolshape` is, for crates that re-export it.
///
/// On a field: `label = "User ID"` (default: the name made readable, `user_id` → `User ID`),
/// `skip`, `detailed` (shown only in detailed results: `#[tool(detail)]`,
/// [`formats::text::render_with`]), and at most one value format (for blocks and tables): `currency` / `currency = "€"`, `bytes` /
/// `bytes = "decimal"`, `percent` (a ratio), `thousands`, `timestamp` /
/// `timestamp = "%Y-%m-%d"` (unix seconds or a `chrono` date-time, in UTC).
///
/// Field types: strings, numbers, `bool` (`yes`/`no`), `char`, `chrono` dates, `Option<T>`,
/// `Vec<T>` (`- item` lines), and other `ToolText` types (nested, indented). An enum of unit
/// variants is a scalar (`GrowShrink` → `Grow shrink`); an enum with named fields is a record
/// whose first line names the variant.
///
/// # Limitations
/// Tuple structs and tuple variants are rejected (a line needs a label). Generic types get
/// no extra bounds: add `T: TextField` yourself.
pub use toolshape_macros::ToolText;

/// rmcp, as toolshape uses it: for servers that mix toolshape tools with their own handler.
pub use rmcp;
/// schemars, whose `JsonSchema` derive describes parameter and output types.
pub use schemars;

/// This crate's version.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
