//! From a call's JSON arguments to typed parameters: each parameter read on its own, by
//! name, so that every problem is reported with the parameter it concerns, and all of them
//! at once. [`ParamList`] is implemented for tuples of up to 16 parameters.

use rmcp::model::JsonObject;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::tool::args::absent::nulls_as_absent;
use crate::tool::args::constraints::{Constraints, ParamInfo};
use crate::tool::args::problems::ArgProblem;
use crate::tool::args::schema::{MissingValue, describe_one};
use crate::tool::args::validate::{MAX_EXACT_FLOAT_INTEGER, check};

/// How a tool reads a call's arguments: its parameters, and whether arguments it does not
/// take are dropped (`unknown_arguments = "ignore"`, or `ToolSet::ignore_unknown_arguments`
/// for every tool of a set) rather than refused.
#[derive(Debug, Clone)]
pub(crate) struct Reading {
    pub(crate) params: Vec<ParamInfo>,
    pub(crate) ignore_unknown: bool,
}

/// One parameter's reading and description, made where the parameter's type is known to
/// implement what a parameter needs: generated code calls [`param`] once per parameter,
/// spanned at its type, so a missing implementation is reported there, once per parameter.
#[doc(hidden)]
pub struct One<T> {
    parse: fn(&ParamInfo, &mut JsonObject, &mut Vec<ArgProblem>) -> Option<T>,
    describe: fn(&mut SchemaGenerator) -> (Schema, bool),
}

impl<T> Clone for One<T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T> Copy for One<T> {}

/// The parameter of type `T`: read from its JSON value, described by its JSON Schema.
#[doc(hidden)]
pub fn param<T>() -> One<T>
where
    // `Deserialize` itself rather than `DeserializeOwned`, so that serde's own hint
    // ("consider adding `#[derive(serde::Deserialize)]`") is the one shown.
    T: for<'de> Deserialize<'de> + JsonSchema + Send + 'static,
{
    One {
        parse: parse_one::<T>,
        describe: describe_one::<T>,
    }
}

/// The parameters of a tool: a tuple of [`One`]s in declaration order (up to 16), which
/// reads a call's arguments into the tuple of their values.
#[doc(hidden)]
pub trait ParamList: Copy + Send + Sync + 'static {
    /// The parameters' values, in declaration order.
    type Values: Send + 'static;

    /// Reads every parameter, recording each problem; `None` when there was one.
    fn parse(
        &self,
        params: &[ParamInfo],
        args: &mut JsonObject,
        problems: &mut Vec<ArgProblem>,
    ) -> Option<Self::Values>;

    /// The schema of each parameter and whether it is required, in declaration order.
    fn describe(&self, generator: &mut SchemaGenerator) -> Vec<(Schema, bool)>;
}

fn parse_one<T: DeserializeOwned>(
    param: &ParamInfo,
    args: &mut JsonObject,
    problems: &mut Vec<ArgProblem>,
) -> Option<T> {
    match args.remove(&*param.name) {
        Some(value)
            if param.constraints != Constraints::NONE
                && let Some(message) = param.constraints.problem(&value) =>
        {
            problems.push(ArgProblem::Invalid {
                path: param.name.to_string(),
                message,
            });
            None
        }
        Some(value) => {
            // The value is checked against the parameter's schema first, at every depth: the
            // types, and what the user's own types state through schemars attributes
            // (`range`, `length`, `pattern` on nested fields), which serde does not check.
            // Every problem is recorded at its path (`house.area_m2`).
            let before = problems.len();
            check(
                &param.schema,
                &value,
                param.name.to_string(),
                &param.definitions,
                problems,
            );
            if problems.len() > before {
                return None;
            }
            match serde_path_to_error::deserialize::<_, T>(&value) {
                Ok(parsed) => Some(parsed),
                Err(error) => {
                    // serde's first problem, when the schema sees none (a type with its own
                    // checks).
                    let inner = error.path().to_string();
                    let path = if inner == "." {
                        param.name.to_string()
                    } else if inner.starts_with('[') {
                        format!("{}{inner}", param.name)
                    } else {
                        format!("{}.{inner}", param.name)
                    };
                    problems.push(ArgProblem::Invalid {
                        path,
                        message: error.into_inner().to_string(),
                    });
                    None
                }
            }
        }
        None => match T::deserialize(MissingValue) {
            Ok(value) => Some(value),
            Err(_) => {
                problems.push(ArgProblem::Missing {
                    name: param.name.to_string(),
                    expected: param.expected.clone(),
                });
                None
            }
        },
    }
}

impl ParamList for () {
    type Values = ();
    fn parse(&self, _: &[ParamInfo], _: &mut JsonObject, _: &mut Vec<ArgProblem>) -> Option<()> {
        Some(())
    }
    fn describe(&self, _: &mut SchemaGenerator) -> Vec<(Schema, bool)> {
        Vec::new()
    }
}

macro_rules! tuple_params {
    ($($T:ident $i:tt),+) => {
        impl<$($T: Send + 'static),+> ParamList for ($(One<$T>,)+) {
            type Values = ($($T,)+);
            fn parse(
                &self,
                params: &[ParamInfo],
                args: &mut JsonObject,
                problems: &mut Vec<ArgProblem>,
            ) -> Option<Self::Values> {
                // Read all of them before giving up, so every problem is reported at once.
                let parsed = ($((self.$i.parse)(&params[$i], args, problems),)+);
                Some(($(parsed.$i?,)+))
            }
            fn describe(&self, generator: &mut SchemaGenerator) -> Vec<(Schema, bool)> {
                vec![$((self.$i.describe)(generator)),+]
            }
        }
    };
}

tuple_params!(A 0);
tuple_params!(A 0, B 1);
tuple_params!(A 0, B 1, C 2);
tuple_params!(A 0, B 1, C 2, D 3);
tuple_params!(A 0, B 1, C 2, D 3, E 4);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14);
tuple_params!(A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11, M 12, N 13, O 14, P 15);

/// A type a tool parameter can borrow (`name: &str`, `ids: &[u64]`, and these inside
/// `Option` or `Vec`): the argument is read as its owned form (`String`, `Vec<T>`) and the
/// function gets a reference to it.
#[diagnostic::on_unimplemented(
    message = "a tool parameter of type `&{Self}` cannot be read from the client's arguments",
    label = "parameters are read from JSON; only `&str` and `&[T]` are read by reference",
    note = "for the server's state, mark the parameter `#[state]`; for the call's context, `#[context]`",
    note = "otherwise take the value itself (`{Self}`), which must implement `serde::Deserialize` and `schemars::JsonSchema`"
)]
pub trait BorrowedParam {
    /// What the argument is read as.
    type Owned: DeserializeOwned + JsonSchema + Send + 'static;
}

impl BorrowedParam for str {
    type Owned = String;
}

impl<T: DeserializeOwned + JsonSchema + Send + 'static> BorrowedParam for [T] {
    type Owned = Vec<T>;
}

/// Parses a call's arguments against the tool's parameters; arguments the tool does not
/// take are a problem unless `ignore_unknown`.
pub(crate) fn parse<L: ParamList>(
    list: &L,
    params: &[ParamInfo],
    mut args: JsonObject,
    ignore_unknown: bool,
) -> Result<L::Values, Vec<ArgProblem>> {
    let mut problems = Vec::new();
    prepare(params, &mut args);
    let parsed = list.parse(params, &mut args, &mut problems);
    if !ignore_unknown {
        refuse_unknown(&args, &mut problems);
    }
    match parsed {
        Some(parsed) if problems.is_empty() => Ok(parsed),
        _ => Err(problems),
    }
}

/// What every tool does to a call's arguments before reading them, whether its parameters
/// are typed (`#[tool]`) or given as a schema at run time: whole floats written as the
/// integers they are, and `null` where a value may be absent made absent (for a parameter
/// that is not required, and for the members of a nested record that are not).
pub(super) fn prepare(params: &[ParamInfo], args: &mut JsonObject) {
    for value in args.values_mut() {
        whole_floats_as_integers(value);
    }
    for param in params {
        match args.get_mut(&*param.name) {
            Some(Value::Null) if !param.required => {
                args.remove(&*param.name);
            }
            Some(value) => nulls_as_absent(&param.schema, value, &param.definitions),
            None => {}
        }
    }
}

/// Records each argument left after the parameters were read as unknown.
pub(super) fn refuse_unknown(args: &JsonObject, problems: &mut Vec<ArgProblem>) {
    for name in args.keys() {
        problems.push(ArgProblem::Unknown { name: name.clone() });
    }
}

/// Writes each number with a zero fraction (`3.0`) as the integer it is (`3`), inside arrays
/// and objects too. JSON Schema counts `3.0` as an integer, so a schema saying `integer`
/// accepts it, and clients send it (a JavaScript number, a float the model wrote); serde
/// reads an integer type only from an integer. A float parameter reads `3` as `3.0`.
///
/// Only up to 2^53 − 1 in magnitude, where a whole float is exactly the integer written: past it
/// the float stays a float, which an integer parameter refuses (see
/// [`MAX_EXACT_FLOAT_INTEGER`]).
pub(super) fn whole_floats_as_integers(value: &mut Value) {
    match value {
        Value::Number(number) if number.is_f64() => {
            let Some(float) = number.as_f64() else {
                return;
            };
            if float.fract() != 0.0 || float.abs() > MAX_EXACT_FLOAT_INTEGER {
                return;
            }
            #[allow(clippy::cast_possible_truncation)] // whole and within 2^53 - 1: exact
            if float >= 0.0 {
                *number = serde_json::Number::from(float as u64);
            } else {
                *number = serde_json::Number::from(float as i64);
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_floats_as_integers),
        Value::Object(members) => members.values_mut().for_each(whole_floats_as_integers),
        _ => {}
    }
}
