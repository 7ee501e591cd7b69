//! From a call's JSON arguments to typed parameters, and from parameter types to the
//! input schema.
//!
//! Each parameter is read on its own, by name, so that every problem can be reported with
//! the parameter it concerns. Whether a parameter is required is not guessed from its type's
//! name: a parameter is optional exactly when its type accepts a missing value (as
//! `Option<T>` does), the same rule serde applies to struct fields.
//!
//! One concern a file, lowest first: [`wording`] (how problems read), [`constraints`] (what
//! `#[arg(...)]` states), [`problems`] (the problems and their text), [`validate`] (values
//! against their schema), [`absent`] (`null` where a value may be absent), [`schema`] (the
//! input schema), [`parse`] (the arguments read into typed values) and [`given`] (the
//! arguments of a tool declared at run time, read against the schema it was given).

pub(crate) mod absent;
pub(crate) mod constraints;
pub(crate) mod given;
pub(crate) mod parse;
pub(crate) mod problems;
pub(crate) mod schema;
pub(crate) mod validate;
pub(crate) mod wording;

#[cfg(test)]
mod tests;

pub use constraints::{Constraints, ParamInfo, ParamSpec};
pub use parse::{BorrowedParam, One, ParamList, param};
pub(crate) use parse::{Reading, parse};
pub use problems::ArgProblem;
pub(crate) use problems::describe_problems;
pub(crate) use schema::input_schema;
pub use schema::{DefaultValue, Defaulted};
pub(crate) use validate::resolve;
