//! The server's side of a script, apart from the server: what a tool's result becomes in the
//! script, what each call leaves in the provenance, and the result of `execute`.

use std::time::Instant;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, MetaObject};
use serde_json::{Value, json};

use super::sandbox::{Finished, Outcome, ScriptError};
use super::{EXECUTE, ScriptLimits};
use crate::provenance::{self, META_KEY, Provenance};

/// One call of a script, as the provenance of `execute` lists it.
#[derive(Debug, Clone)]
pub(crate) struct Tracked {
    tool: String,
    version: Option<String>,
    data_hash: Option<String>,
    error: bool,
    /// Still running when the wall time expired: its outcome is unknown.
    cut_off: bool,
}

impl Tracked {
    fn value(&self) -> Value {
        let mut call = JsonObject::new();
        call.insert("tool".into(), self.tool.clone().into());
        if let Some(version) = &self.version {
            call.insert("tool_version".into(), version.clone().into());
        }
        if let Some(hash) = &self.data_hash {
            call.insert("data_hash".into(), hash.clone().into());
        }
        if self.error {
            call.insert("is_error".into(), true.into());
        }
        if self.cut_off {
            call.insert("cut_off".into(), true.into());
        }
        Value::Object(call)
    }
}

/// What the tool's result `result` is in the script, and what the call leaves in the
/// provenance.
pub(crate) fn outcome_of(tool: &str, result: &CallToolResult) -> (Outcome, Tracked) {
    let provenance = result
        .structured_content
        .as_ref()
        .and_then(|content| content.get("metadata"))
        .or_else(|| result.meta.as_ref().and_then(|meta| meta.0.get(META_KEY)));
    let read = |key: &str| {
        provenance
            .and_then(|p| p.get(key))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let error = result.is_error == Some(true);
    let tracked = Tracked {
        tool: tool.to_owned(),
        version: read("tool_version"),
        data_hash: read("data_hash"),
        error,
        cut_off: false,
    };
    let text = || {
        result
            .content
            .iter()
            .filter_map(|block| block.as_text().map(|text| text.text.as_str()))
            .collect::<Vec<_>>()
            .join("\n")
    };
    if error {
        return (Outcome::Failed(text()), tracked);
    }
    let data = match &result.structured_content {
        // the envelope: its data
        Some(Value::Object(envelope))
            if envelope.contains_key("data") && envelope.contains_key("metadata") =>
        {
            envelope.get("data").cloned().unwrap_or(Value::Null)
        }
        // a plain structured result (`envelope = false`): the value itself
        Some(value) => value.clone(),
        None => Value::String(text()),
    };
    (Outcome::Data(data), tracked)
}

/// A call the script may not make, or that cannot answer inside a script.
pub(crate) fn refused(tool: &str, why: String) -> (Outcome, Tracked) {
    (
        Outcome::Failed(why),
        Tracked {
            tool: tool.to_owned(),
            version: None,
            data_hash: None,
            error: true,
            cut_off: false,
        },
    )
}

/// A call still running: what the provenance lists if the wall time expires before it ends.
pub(crate) fn cut_off(tool: &str) -> Tracked {
    Tracked {
        tool: tool.to_owned(),
        version: None,
        data_hash: None,
        error: false,
        cut_off: true,
    }
}

/// `execute`'s provenance: its own, with the script's calls in order.
fn meta(started: Instant, data_hash: Option<String>, calls: &[Tracked]) -> MetaObject {
    let provenance = Provenance::finish(EXECUTE, env!("CARGO_PKG_VERSION"), started, data_hash);
    let mut value = provenance::provenance_value(provenance);
    if let Value::Object(object) = &mut value {
        object.insert(
            "calls".into(),
            Value::Array(calls.iter().map(Tracked::value).collect()),
        );
    }
    let mut meta = JsonObject::new();
    meta.insert(META_KEY.into(), value);
    MetaObject(meta)
}

/// The error result of a script that did not end with a value: `Error: ` and why.
pub(crate) fn failure(why: &str, started: Instant, calls: &[Tracked]) -> CallToolResult {
    let mut result = CallToolResult::error(vec![ContentBlock::text(format!("Error: {why}"))]);
    result.meta = Some(meta(started, None, calls));
    result
}

/// `execute`'s result for the script's end.
pub(crate) fn finish(
    done: Result<Finished, ScriptError>,
    limits: &ScriptLimits,
    started: Instant,
    calls: &[Tracked],
) -> CallToolResult {
    let Finished { value, printed } = match done {
        Ok(finished) => finished,
        Err(ScriptError(why)) => return failure(&why, started, calls),
    };
    let size = serde_json::to_vec(&value).map_or(usize::MAX, |bytes| bytes.len());
    if size > limits.max_result_bytes {
        let why = format!(
            "the script returned {size} bytes of JSON, over the limit of {} — the returned \
             value's size: return less (filter, count or summarise in the script)",
            limits.max_result_bytes
        );
        return failure(&why, started, calls);
    }
    let mut text = super::result_text(&value);
    if !printed.is_empty() {
        text.push_str("\n\nprinted:\n");
        text.push_str(printed.trim_end());
    }
    let data_hash = provenance::data_hash(&value).ok();
    let mut structured = json!({ "result": value });
    if !printed.is_empty() {
        structured["printed"] = Value::String(printed);
    }
    let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
    result.structured_content = Some(structured);
    result.meta = Some(meta(started, data_hash, calls));
    result
}
