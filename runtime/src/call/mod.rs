//! A call, from the client's arguments to the tool's value: the arguments parsed into typed
//! parameters ([`args`]), the declared tool and its type-erased handler ([`tool`]), the
//! errors a tool returns ([`error`]), the state it borrows ([`state`]), the request context
//! it may take ([`context`]) and the rounds of a call that asks the client for input
//! ([`rounds`]).

pub(crate) mod args;
pub(crate) mod caller;
pub mod checks;
pub(crate) mod context;
pub(crate) mod error;
pub(crate) mod rounds;
pub(crate) mod spec;
pub(crate) mod state;
pub(crate) mod tool;
