//! Code mode: the model writes one Python script of tool calls, and the server runs it in a
//! sandbox and answers with what the script returns (feature `code`).
//!
//! With code mode on, `tools/list` answers the pinned tools (every tool, for code mode alone
//! with nothing pinned), `search_tools` (when search is on too), `call_tool` and
//! [`execute`](EXECUTE) (`{"code": "..."}`). The script runs in
//! [Monty](https://github.com/pydantic/monty), pydantic's Python interpreter written in Rust,
//! inside the server's process, on a thread of its own. In the script:
//!
//! - `await call_tool(name, arguments)` calls a tool by name (FastMCP's signature), and every
//!   tool the caller may call is an async function of its own name with keyword arguments:
//!   `await get_volume(volume_uuid="…")`;
//! - a call answers the tool's data as Python values: a json or hybrid tool's `data`, a text
//!   tool's text; a tool error raises `RuntimeError` carrying the message a direct call gives,
//!   which the script can catch;
//! - `asyncio.gather(...)` runs calls concurrently: the calls it starts are dispatched together;
//! - the value of the script's `return` (or of its last expression) is the result:
//!   `structuredContent` is `{"result": value}`, and the text the model reads is toolshape's
//!   compact layout for a list of records, `key: value` lines for a record, the value itself
//!   for a scalar.
//!
//! Every call a script makes takes the path a direct call takes (scopes, the tool filter and
//! switch, argument checks, every layer — which sees [`Origin::Script`](crate::layer::Origin::Script) —,
//! budgets, the undo journal), in a span of its own under the request's; the result's
//! provenance (`_meta["dev.toolshape/provenance"]`) lists each call with its tool, version and
//! data hash.
//!
//! Turn it on with the method that says how the server presents its tools:
//!
//! ```
//! use toolshape::code::CodeMode;
//! use toolshape::search::ToolSearch;
//! use toolshape::{Server, ToolSet, tool, tools};
//!
//! /// Add two numbers.
//! #[tool(format = "json")]
//! fn add(a: i64, b: i64) -> i64 { a + b }
//!
//! # fn main() -> Result<(), toolshape::DuplicateTool> {
//! // code mode alone: every tool, `call_tool` and `execute`
//! let alone = Server::new((), ToolSet::new(tools![add])?).with_tool_search(CodeMode::new());
//! # let _ = alone;
//! // with search: the pinned tools (none here), `search_tools`, `call_tool` and `execute`
//! let server = Server::new((), ToolSet::new(tools![add])?)
//!     .with_tool_search(ToolSearch::new().with_code_mode(CodeMode::new()));
//! # let _ = server;
//! # Ok(()) }
//! ```
//!
//! # Limits
//!
//! Each script runs within [`CodeMode`]'s limits: wall time (10 s), memory (100 MB), tool
//! calls (100), recursion depth (200), the size of the returned value as JSON (256 KiB), the
//! size of the script (64 KiB) and of its printed output (16 KiB); at most 16 scripts run at
//! once. A script over a limit, with a syntax error or an uncaught exception, ends in a tool
//! error (`isError: true`) naming the line (when the interpreter knows it) and the limit or
//! the cause.
//!
//! # The sandbox
//!
//! Monty has no file system, network, environment, subprocess or clock access of its own:
//! each reaches the host as a request, and code mode refuses them all (`PermissionError`).
//! Imports are the modules Monty implements (`asyncio`, `collections`, `dataclasses`,
//! `datetime`, `functools`, `itertools`, `json`, `math`, `re`, `typing`, …, and `os` and
//! `pathlib`, whose every call reaching the host is refused); any other module is a
//! `ModuleNotFoundError`. The interpreter runs on a thread of its own (with
//! a 64 MiB stack), never on the server's async workers, so other requests are served while a
//! script runs, and the wall-time limit holds even while the script computes: the answer
//! comes when it expires, and the interpreter stops itself at its own time limit, the same
//! duration. Memory: Monty counts it through a global allocator in a process of its own; in
//! the server's process code mode measures the process's resident memory instead (Linux,
//! `/proc/self/statm`, sampled every few milliseconds while a script runs) and stops a
//! script when it grew more than the limit — a bound on the process, shared by the scripts
//! running at the same time. Elsewhere only single large allocations are refused.

mod entry;
mod memory;
mod run;
mod sandbox;
mod signature;
mod text;

use std::time::Duration;

pub(crate) use entry::execute_entry;
pub(crate) use run::{Tracked, cut_off, failure, finish, outcome_of, refused};
#[cfg(test)]
pub(crate) use sandbox::CALL_TOOL;
pub(crate) use sandbox::{Event, Inner, Outcome, spawn};
pub use signature::signature;
pub use text::result_text;

/// The name of code mode's tool, which runs a script.
pub const EXECUTE: &str = "execute";

/// Code mode's settings: the limits every script runs within. Given to
/// [`Server::with_tool_search`](crate::Server::with_tool_search), alone or through
/// [`ToolSearch::with_code_mode`](crate::search::ToolSearch::with_code_mode); see the
/// [module docs](self).
///
/// ```
/// use std::time::Duration;
/// use toolshape::code::CodeMode;
///
/// let code = CodeMode::new()
///     .wall_time(Duration::from_secs(5))
///     .max_tool_calls(20)
///     .max_memory(64 * 1024 * 1024);
/// assert_eq!(code.limits().max_tool_calls, 20);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeMode {
    limits: ScriptLimits,
}

/// The limits of [`CodeMode`], read with [`CodeMode::limits`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ScriptLimits {
    /// How long a script may run, tool calls included (10 s).
    pub wall_time: Duration,
    /// How much the server's memory may grow while a script runs, in bytes (100 MB).
    pub max_memory: usize,
    /// How many tools a script may call (100).
    pub max_tool_calls: usize,
    /// How deep the script's functions may recurse (200).
    pub max_recursion_depth: usize,
    /// How large the returned value may be, as compact JSON, in bytes (256 KiB).
    pub max_result_bytes: usize,
    /// How long a script may be, in bytes (64 KiB).
    pub max_code_bytes: usize,
    /// How much a script may print, in bytes (16 KiB).
    pub max_print_bytes: usize,
    /// How many scripts may run at once on the server (16); one more waits its turn,
    /// within its wall time.
    pub max_concurrent_scripts: usize,
}

/// The name [`ScriptLimits`] had before: `serve::Limits` is the transports' limits, and a
/// type's name says which.
#[deprecated(since = "0.1.0", note = "renamed `toolshape::code::ScriptLimits`")]
#[doc(hidden)]
pub type Limits = ScriptLimits;

impl Default for ScriptLimits {
    fn default() -> Self {
        ScriptLimits {
            wall_time: Duration::from_secs(10),
            max_memory: 100 * 1000 * 1000,
            max_tool_calls: 100,
            max_recursion_depth: 200,
            max_result_bytes: 256 * 1024,
            max_code_bytes: 64 * 1024,
            max_print_bytes: 16 * 1024,
            max_concurrent_scripts: 16,
        }
    }
}

impl Default for CodeMode {
    fn default() -> Self {
        CodeMode::new()
    }
}

impl CodeMode {
    /// Code mode with the default [`ScriptLimits`].
    pub fn new() -> Self {
        CodeMode {
            limits: ScriptLimits::default(),
        }
    }

    /// The limits scripts run within.
    pub fn limits(&self) -> &ScriptLimits {
        &self.limits
    }

    /// How long a script may run, its tool calls included (10 s unless set).
    #[must_use]
    pub fn wall_time(mut self, limit: Duration) -> Self {
        self.limits.wall_time = limit;
        self
    }

    /// How much the server's memory may grow while a script runs, in bytes (100 MB unless
    /// set; see the [module docs](self#the-sandbox) for how it is measured).
    #[must_use]
    pub fn max_memory(mut self, bytes: usize) -> Self {
        self.limits.max_memory = bytes;
        self
    }

    /// How many tools one script may call (100 unless set).
    #[must_use]
    pub fn max_tool_calls(mut self, calls: usize) -> Self {
        self.limits.max_tool_calls = calls;
        self
    }

    /// How deep the script's functions may recurse (200 unless set; at most 1,000).
    #[must_use]
    pub fn max_recursion_depth(mut self, depth: usize) -> Self {
        self.limits.max_recursion_depth = depth.min(1000);
        self
    }

    /// How large the returned value may be, as compact JSON, in bytes (256 KiB unless set).
    #[must_use]
    pub fn max_result_bytes(mut self, bytes: usize) -> Self {
        self.limits.max_result_bytes = bytes;
        self
    }

    /// How long a script may be, in bytes (64 KiB unless set).
    #[must_use]
    pub fn max_code_bytes(mut self, bytes: usize) -> Self {
        self.limits.max_code_bytes = bytes;
        self
    }

    /// How much a script may print, in bytes (16 KiB unless set); what it prints is
    /// answered after its result.
    #[must_use]
    pub fn max_print_bytes(mut self, bytes: usize) -> Self {
        self.limits.max_print_bytes = bytes;
        self
    }

    /// How many scripts may run at once on the server (16 unless set, at least 1).
    #[must_use]
    pub fn max_concurrent_scripts(mut self, scripts: usize) -> Self {
        self.limits.max_concurrent_scripts = scripts.max(1);
        self
    }
}
