//! A declared tool, from the client's arguments to the tool's value: the arguments parsed into
//! typed parameters and the input schema ([`args`]), what a tool is ([`spec`]), the tool as a
//! value with its type-erased call ([`def`]), the state it borrows ([`state`]), and what the
//! compiler checks in its declaration ([`checks`]).

pub(crate) mod args;
pub mod checks;
pub(crate) mod def;
pub(crate) mod spec;
pub(crate) mod state;
