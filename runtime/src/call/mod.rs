//! A call, from the client's arguments to the tool's value: the arguments parsed into typed
//! parameters ([`args`]), the declared tool and its type-erased handler ([`tool`]), the
//! errors a tool returns ([`error`]), the state it borrows ([`state`]), the request context
//! it may take ([`context`]), the questions it may ask the client ([`ask`]) and the
//! answers a unit test gives them ([`answers`]), the level of its
//! log messages ([`log`]), and the rounds of a call that asks the client for input
//! ([`rounds`], which drives the engine in [`inputs`]).

pub(crate) mod answers;
pub(crate) mod args;
pub(crate) mod ask;
pub(crate) mod caller;
pub mod checks;
pub(crate) mod context;
pub(crate) mod error;
pub(crate) mod inputs;
pub(crate) mod log;
pub(crate) mod rounds;
pub(crate) mod spec;
pub(crate) mod state;
pub(crate) mod tool;
