//! `execute`'s `tools/list` entry: its one argument and the few lines that teach a model to
//! write a script.

use std::sync::Arc;

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::json;

use super::EXECUTE;

/// `execute`'s entry; `searching` when `search_tools` is listed beside it.
pub(crate) fn execute_entry(searching: bool, limits: &super::ScriptLimits) -> Tool {
    let input = json!({
        "type": "object",
        "properties": {
            "code": {
                "type": "string",
                "description": "A Python script (async; top-level await and return allowed).",
            },
        },
        "required": ["code"],
        "additionalProperties": false,
    });
    let find = if searching {
        "Find tools with search_tools first. "
    } else {
        ""
    };
    let description = format!(
        "Run a Python script that calls this server's tools and answer only what it returns. \
         {find}Each tool is an async function of its name with keyword arguments \
         (`v = await get_volume(volume_uuid=\"...\")`), or `await call_tool(name, {{...}})`; \
         a call answers the tool's data as dicts, lists and scalars (a text tool: its text), \
         and a tool error raises an exception you can catch. Use `asyncio.gather` for \
         independent calls. End with `return value`: a list of dicts is answered as a compact \
         table. Imports: asyncio, collections, itertools, json, math, re and a few more; no \
         files, network or clock. Limits: {} s, {} tool calls.",
        limits.wall_time.as_secs_f64(),
        limits.max_tool_calls,
    );
    let mut annotations = ToolAnnotations::new();
    annotations.read_only_hint = Some(false);
    annotations.destructive_hint = Some(true);
    annotations.open_world_hint = Some(false);
    Tool::new(EXECUTE, description, object(input)).with_annotations(annotations)
}

fn object(value: serde_json::Value) -> Arc<JsonObject> {
    match value {
        serde_json::Value::Object(object) => Arc::new(object),
        _ => Arc::default(),
    }
}
