//! The interpreter's side of a script: Monty on a thread of its own, which stops at each
//! tool call the script makes, hands the calls to the server and resumes with their answers.
//! Only JSON crosses between the thread and the server.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::mpsc as blocking;

use monty::{MontyRun, RunProgress};
use monty_types::{
    CompileOptions, DictPairs, ExcType, ExtFunctionResult, MontyException, MontyObject,
    NameLookupResult, PrintWriter, ResourceLimits, ResourceTracker,
};
use rmcp::model::JsonObject;
use serde_json::{Map, Number, Value};
use tokio::sync::mpsc;

use super::ScriptLimits;
use super::memory::Metered;

/// The function a script calls any tool with by name: FastMCP's `call_tool`, the name of tool
/// search's own (`search::CALL_TOOL`, which a test of the server holds equal).
pub(crate) const CALL_TOOL: &str = "call_tool";

/// The interpreter thread's stack: deep enough for Monty's own recursion limits.
const STACK: usize = 64 * 1024 * 1024;
/// How deep a returned value or a call's arguments may nest.
const MAX_DEPTH: usize = 64;
/// The script's name in tracebacks.
const SCRIPT: &str = "script.py";

/// A tool call the script made.
#[derive(Debug)]
pub(crate) struct Inner {
    /// Its id among the script's calls.
    pub(crate) id: u32,
    /// The tool's name.
    pub(crate) name: String,
    /// Its arguments.
    pub(crate) arguments: JsonObject,
}

/// A call's answer to the script.
#[derive(Debug)]
pub(crate) enum Outcome {
    /// The tool's data.
    Data(Value),
    /// The message of the exception the call raises.
    Failed(String),
}

/// Why a script ended without a value.
#[derive(Debug)]
pub(crate) struct ScriptError(pub(crate) String);

/// A script's end.
#[derive(Debug)]
pub(crate) struct Finished {
    /// What it returned.
    pub(crate) value: Value,
    /// What it printed.
    pub(crate) printed: String,
}

/// What the interpreter thread tells the server.
pub(crate) enum Event {
    /// The script waits for these calls: answer each on `reply`.
    Calls(Vec<Inner>, blocking::Sender<Vec<(u32, Outcome)>>),
    /// The script ended.
    Done(Result<Finished, ScriptError>),
}

/// Runs `code` on a thread of its own; `tools` are the names the script may call by name.
/// Events arrive on `events`; when the server stops listening (the wall time expired), the
/// thread stops at the script's next call, or at the interpreter's own time limit.
///
/// `turn` (the script's place among those that may run at once) is held until the thread
/// ends, not until the server stops listening: a script that the wall time cut off still
/// counts while its interpreter winds down.
pub(crate) fn spawn(
    code: String,
    tools: Arc<HashSet<String>>,
    limits: ScriptLimits,
    events: mpsc::UnboundedSender<Event>,
    turn: Option<tokio::sync::OwnedSemaphorePermit>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("toolshape-code".into())
        .stack_size(STACK)
        .spawn(move || {
            let _turn = turn;
            let _metered = Metered::start();
            let done = run(code, &tools, &limits, &events);
            let _ = events.send(Event::Done(done));
        })
        .map(drop)
}

fn run(
    code: String,
    tools: &HashSet<String>,
    limits: &ScriptLimits,
    events: &mpsc::UnboundedSender<Event>,
) -> Result<Finished, ScriptError> {
    let runner = MontyRun::new(code, SCRIPT, Vec::new(), CompileOptions::default())
        .map_err(|exc| describe(&exc, limits))?;
    let tracker = ResourceTracker::new(
        ResourceLimits::default()
            .max_duration(limits.wall_time)
            .max_memory(limits.max_memory)
            .max_recursion_depth(limits.max_recursion_depth)
            .max_suspensions(limits.max_tool_calls.saturating_mul(4).saturating_add(64)),
    );
    let mut printed = String::new();
    let print_limit = Some(limits.max_print_bytes);
    let mut pending: Vec<Inner> = Vec::new();
    let mut calls = 0usize;
    let mut progress = runner.start(
        Vec::new(),
        tracker,
        PrintWriter::CollectString(&mut printed, print_limit),
    );
    loop {
        let step = progress.map_err(|exc| describe(&exc, limits))?;
        let print = PrintWriter::CollectString(&mut printed, print_limit);
        progress = match step {
            RunProgress::Complete(value) => {
                let value = to_json(&value, 0).map_err(|why| {
                    ScriptError(format!(
                        "the script returned {why}: return dicts, lists, strings, numbers, \
                         booleans or None"
                    ))
                })?;
                return Ok(Finished { value, printed });
            }
            RunProgress::NameLookup(lookup) => {
                let known = lookup.object_id().is_none()
                    && (lookup.name == CALL_TOOL || tools.contains(&lookup.name));
                let answer = if known {
                    NameLookupResult::Value(MontyObject::Function {
                        name: lookup.name.clone(),
                        docstring: None,
                    })
                } else {
                    NameLookupResult::Undefined
                };
                lookup.resume(answer, print)
            }
            RunProgress::OsCall(call) => {
                let what = call.function_call.to_string();
                call.resume(
                    ExtFunctionResult::Error(MontyException::new(
                        ExcType::PermissionError,
                        Some(format!(
                            "{what}: scripts have no file system, network, environment or \
                             clock of the host"
                        )),
                    )),
                    print,
                )
            }
            RunProgress::FunctionCall(call) => {
                let name = call.function_name.clone();
                if call.object_id.is_some() || (name != CALL_TOOL && !tools.contains(&name)) {
                    call.resume(ExtFunctionResult::NotFound(name), print)
                } else if calls >= limits.max_tool_calls {
                    let limit = limits.max_tool_calls;
                    call.abort(
                        MontyException::new(
                            ExcType::RuntimeError,
                            Some(format!(
                                "tool call limit exceeded: a script may call {limit} tools"
                            )),
                        ),
                        print,
                    )
                } else {
                    match read_call(&name, &call.args, &call.kwargs) {
                        Ok((tool, arguments)) => {
                            calls += 1;
                            pending.push(Inner {
                                id: call.call_id,
                                name: tool,
                                arguments,
                            });
                            call.resume_pending(print)
                        }
                        Err(why) => call.resume(
                            ExtFunctionResult::Error(MontyException::new(
                                ExcType::TypeError,
                                Some(why),
                            )),
                            print,
                        ),
                    }
                }
            }
            RunProgress::ResolveFutures(waiting) => {
                let asked: Vec<Inner> = std::mem::take(&mut pending)
                    .into_iter()
                    .filter(|inner| waiting.pending_call_ids().contains(&inner.id))
                    .collect();
                if asked.is_empty() {
                    return Err(ScriptError(
                        "the script waits for something that is not a tool call".into(),
                    ));
                }
                let (reply, answers) = blocking::channel();
                if events.send(Event::Calls(asked, reply)).is_err() {
                    return Err(ScriptError("the request ended".into()));
                }
                let Ok(answers) = answers.recv() else {
                    return Err(ScriptError("the request ended".into()));
                };
                let results = answers
                    .into_iter()
                    .map(|(id, outcome)| {
                        let result = match outcome {
                            Outcome::Data(value) => ExtFunctionResult::Return(to_python(&value)),
                            Outcome::Failed(message) => ExtFunctionResult::Error(
                                MontyException::new(ExcType::RuntimeError, Some(message)),
                            ),
                        };
                        (id, result)
                    })
                    .collect();
                waiting.resume(results, print)
            }
        };
    }
}

/// The tool and arguments of a call: `call_tool(name, arguments)` or `tool(key=value, ...)`.
fn read_call(
    name: &str,
    args: &[MontyObject],
    kwargs: &[(MontyObject, MontyObject)],
) -> Result<(String, JsonObject), String> {
    if name != CALL_TOOL {
        if !args.is_empty() {
            return Err(format!(
                "{name}() takes keyword arguments only, as its parameters are named: \
                 {name}(key=value, ...)"
            ));
        }
        return Ok((name.to_owned(), keywords(name, kwargs)?));
    }
    let mut tool = args.first().cloned();
    let mut arguments = args.get(1).cloned();
    if args.len() > 2 {
        return Err("call_tool() takes a tool's name and its arguments (a dict)".into());
    }
    for (key, value) in kwargs {
        match key {
            MontyObject::String(key) if key == "name" && tool.is_none() => {
                tool = Some(value.clone());
            }
            MontyObject::String(key) if key == "arguments" && arguments.is_none() => {
                arguments = Some(value.clone());
            }
            _ => return Err("call_tool() takes `name` and `arguments` only".into()),
        }
    }
    let Some(MontyObject::String(tool)) = tool else {
        return Err("call_tool()'s first argument is a tool's name, a string".into());
    };
    let arguments = match arguments {
        None | Some(MontyObject::None) => JsonObject::new(),
        Some(arguments @ MontyObject::Dict(_)) => match to_json(&arguments, 0) {
            Ok(Value::Object(object)) => object,
            Ok(_) => unreachable!("a dict is an object"),
            Err(why) => return Err(format!("the arguments of `{tool}` hold {why}")),
        },
        Some(_) => return Err("call_tool()'s second argument is a dict of arguments".into()),
    };
    Ok((tool, arguments))
}

fn keywords(name: &str, kwargs: &[(MontyObject, MontyObject)]) -> Result<JsonObject, String> {
    let mut arguments = JsonObject::new();
    for (key, value) in kwargs {
        let MontyObject::String(key) = key else {
            return Err(format!("{name}()'s keywords are strings"));
        };
        let value =
            to_json(value, 0).map_err(|why| format!("argument `{key}` of {name}() is {why}"))?;
        arguments.insert(key.clone(), value);
    }
    Ok(arguments)
}

/// A Python value as JSON; what it holds that JSON cannot, when it does.
fn to_json(object: &MontyObject, depth: usize) -> Result<Value, String> {
    if depth > MAX_DEPTH {
        return Err(format!("a value nested deeper than {MAX_DEPTH} levels"));
    }
    Ok(match object {
        MontyObject::None => Value::Null,
        MontyObject::Bool(b) => Value::Bool(*b),
        MontyObject::Int(i) => Value::from(*i),
        MontyObject::BigInt(big) => {
            let text = big.to_string();
            match (text.parse::<i64>(), text.parse::<u64>()) {
                (Ok(i), _) => Value::from(i),
                (_, Ok(u)) => Value::from(u),
                _ => {
                    return Err(format!(
                        "an integer too large for JSON ({} digits)",
                        text.len()
                    ));
                }
            }
        }
        MontyObject::Float(f) => match Number::from_f64(*f) {
            Some(n) => Value::Number(n),
            None => return Err(format!("the float {f}, which JSON has no form for")),
        },
        MontyObject::String(s) => Value::String(s.clone()),
        MontyObject::List(items) | MontyObject::Tuple(items) => Value::Array(
            items
                .iter()
                .map(|item| to_json(item, depth + 1))
                .collect::<Result<_, _>>()?,
        ),
        MontyObject::NamedTuple {
            field_names,
            values,
            ..
        } => {
            let mut map = Map::new();
            for (key, value) in field_names.iter().zip(values) {
                map.insert(key.clone(), to_json(value, depth + 1)?);
            }
            Value::Object(map)
        }
        MontyObject::Dict(pairs) => {
            let mut map = Map::new();
            for (key, value) in pairs.clone() {
                let key = match key {
                    MontyObject::String(key) => key,
                    MontyObject::Int(i) => i.to_string(),
                    other => {
                        return Err(format!("a dict key that is {}", kind(&other)));
                    }
                };
                map.insert(key, to_json(&value, depth + 1)?);
            }
            Value::Object(map)
        }
        other => return Err(kind(other)),
    })
}

/// What a value JSON cannot hold is, in words.
fn kind(object: &MontyObject) -> String {
    let what = match object {
        MontyObject::Bytes(_) => "bytes",
        MontyObject::Set(_) | MontyObject::FrozenSet(_) => "a set",
        MontyObject::Function { .. } | MontyObject::BuiltinFunction(_) => "a function",
        MontyObject::Exception { .. } => "an exception",
        MontyObject::Type(_) => "a type",
        MontyObject::Date(_)
        | MontyObject::DateTime(_)
        | MontyObject::Time(_)
        | MontyObject::TimeDelta(_)
        | MontyObject::TimeZone(_) => "a date or time (return its isoformat())",
        MontyObject::Ellipsis | MontyObject::NotImplemented => "a constant JSON has no form for",
        MontyObject::Repr(repr) if repr.contains("coroutine") || repr.contains("uture") => {
            "a call that was not awaited (write `await` before it)"
        }
        MontyObject::Repr(_) => "an object JSON has no form for",
        _ => "an object JSON has no form for",
    };
    what.to_owned()
}

/// JSON as Python values.
fn to_python(value: &Value) -> MontyObject {
    match value {
        Value::Null => MontyObject::None,
        Value::Bool(b) => MontyObject::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => MontyObject::Int(i),
            (None, Some(f)) if n.is_u64() => match n.to_string().parse() {
                Ok(big) => MontyObject::BigInt(big),
                Err(_) => MontyObject::Float(f),
            },
            (None, f) => MontyObject::Float(f.unwrap_or(f64::NAN)),
        },
        Value::String(s) => MontyObject::String(s.clone()),
        Value::Array(items) => MontyObject::List(items.iter().map(to_python).collect()),
        Value::Object(map) => MontyObject::Dict(DictPairs::from(
            map.iter()
                .map(|(key, value)| (MontyObject::String(key.clone()), to_python(value)))
                .collect::<Vec<_>>(),
        )),
    }
}

/// The tool error's text for an exception that ended the script: where (the line, when the
/// interpreter knows it), what, and the limit it hit.
fn describe(exc: &MontyException, limits: &ScriptLimits) -> ScriptError {
    let kind = format!("{:?}", exc.exc_type());
    let message = exc.message().unwrap_or_default();
    let place = match exc.traceback().last() {
        Some(frame) => {
            let source = frame
                .preview_line
                .as_deref()
                .map(|line| format!(" (`{}`)", shortened(line.trim())))
                .unwrap_or_default();
            format!("line {}{source}", frame.start.line)
        }
        None => "the script".to_owned(),
    };
    let limit = match exc.exc_type() {
        ExcType::TimeoutError if message.contains("time limit") => format!(
            " — the wall-time limit of {} s",
            limits.wall_time.as_secs_f64()
        ),
        ExcType::MemoryError => format!(" — the memory limit of {} bytes", limits.max_memory),
        ExcType::RecursionError => {
            format!(" — the recursion limit of {}", limits.max_recursion_depth)
        }
        _ => String::new(),
    };
    let what = if message.is_empty() {
        kind
    } else {
        format!("{kind}: {message}")
    };
    ScriptError(format!("{place}: {what}{limit}"))
}

/// A line of the script as an error quotes it: at most 80 characters.
fn shortened(line: &str) -> String {
    const MAX: usize = 80;
    match line.char_indices().nth(MAX) {
        Some((end, _)) => format!("{}…", &line[..end]),
        None => line.to_owned(),
    }
}
