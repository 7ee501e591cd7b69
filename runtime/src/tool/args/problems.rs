//! The problems with a call's arguments, and the text a caller receives for them: one line
//! per problem, naming the parameter and what it accepts.

use std::fmt::Write as _;

use crate::tool::args::constraints::ParamInfo;

/// One problem with a call's arguments.
#[doc(hidden)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArgProblem {
    Missing {
        name: String,
        expected: String,
    },
    Invalid {
        /// `name`, or `name.path.inside` when the problem is nested.
        path: String,
        /// What was expected there and what was sent, in JSON's words.
        message: String,
    },
    Unknown {
        name: String,
    },
}

/// The text a caller receives for bad arguments: one line per problem, each naming the
/// parameter and what it accepts.
pub(crate) fn describe_problems(
    tool: &str,
    params: &[ParamInfo],
    problems: &[ArgProblem],
) -> String {
    let mut out = format!("Error: invalid arguments for tool `{tool}`:");
    for problem in problems {
        out.push_str("\n- ");
        match problem {
            ArgProblem::Missing { name, expected } => {
                let _ = write!(out, "missing required parameter `{name}` ({expected})");
            }
            ArgProblem::Invalid { path, message } => {
                let _ = write!(out, "parameter `{path}`: {message}");
            }
            ArgProblem::Unknown { name } => {
                let _ = write!(out, "unknown parameter `{name}`; ");
                if params.is_empty() {
                    out.push_str("this tool takes no parameters");
                } else {
                    out.push_str("this tool takes ");
                    for (i, param) in params.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        let _ = write!(out, "`{}`", param.name);
                    }
                }
            }
        }
    }
    out
}
