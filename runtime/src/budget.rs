//! Output budgets as a layer: caps on how many items and bytes a list result carries, with
//! pages for the rest — never a truncated JSON string.
//!
//! [`Budget`] applies to json and hybrid tools whose `data` is a list: an array, or an
//! object with exactly one array field (`{"total": 134, "users": [...]}`), which is the list
//! cut. A result over budget keeps the items that fit, in order, and its envelope gains a
//! `page` (declared in the tool's `outputSchema`, so the result stays valid against it):
//!
//! ```json
//! {"returned": 20, "offset": 0, "total": 134, "omitted": 114, "next_cursor": "20"}
//! ```
//!
//! The tool's input schema gains an optional `cursor` argument: called again with
//! `cursor` set to `next_cursor`, the tool runs as before and the layer returns the next
//! items, until a page without `next_cursor`. The tool itself is unchanged and runs whole
//! for each page, so paging assumes it returns the same list for the same arguments (a
//! listing, a search), which is what a caller paging through it needs anyway. The hash in
//! the metadata and the text a model reads are those of the page; a hybrid result's text
//! says in words what was left out and how to get it.
//!
//! A page holds at least one item even when that item alone is over the byte cap, so paging
//! always reaches the end. A result within budget is returned untouched, byte for byte.
//! Tools whose data is not a list, text tools, and tools that already take a `cursor`
//! argument pass through.
//!
//! ```
//! use toolshape::budget::{Budget, Cap};
//! use toolshape::{ToolSet, tool, tools};
//!
//! /// List the numbers up to `n`.
//! #[tool(format = "json")]
//! fn numbers(n: u32) -> Vec<u32> { (1..=n).collect() }
//!
//! let budget = Budget::new(Cap::items(50).and_bytes(16 * 1024))
//!     .for_tool("numbers", Cap::items(10));
//! let tools: ToolSet<()> = ToolSet::new(tools![numbers]).unwrap().layer(budget);
//! let schema = &tools.get("numbers").unwrap().input_schema;
//! assert!(schema["properties"].get("cursor").is_some());
//! ```

use std::collections::BTreeMap;
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::{CallToolResult, JsonObject, Tool};
use serde_json::Value;

use crate::layer::{Call, Layer, Next};
use crate::{formats::Format, formats::with_page, provenance::canonical, tool::BoxFuture};

/// The argument a budgeted tool takes to ask for a later page.
pub const CURSOR: &str = "cursor";

/// How much one result may carry: at most `items` items of its list, at most `bytes` bytes
/// of its `data` as canonical JSON. `None` is no cap.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cap {
    /// At most this many items.
    pub items: Option<usize>,
    /// At most this many bytes of `data`.
    pub bytes: Option<usize>,
}

/// The name [`Cap`] had before: `serve::Limits` and `code::ScriptLimits` are limits too,
/// and a type's name says which.
#[deprecated(since = "0.1.0", note = "renamed `toolshape::budget::Cap`")]
#[doc(hidden)]
pub type Limits = Cap;

impl Cap {
    /// At most `items` items.
    pub fn items(items: usize) -> Self {
        Cap {
            items: Some(items),
            bytes: None,
        }
    }

    /// At most `bytes` bytes of `data`.
    pub fn bytes(bytes: usize) -> Self {
        Cap {
            items: None,
            bytes: Some(bytes),
        }
    }

    /// These limits and at most `bytes` bytes.
    pub fn and_bytes(self, bytes: usize) -> Self {
        Cap {
            bytes: Some(bytes),
            ..self
        }
    }

    /// These limits and at most `items` items.
    pub fn and_items(self, items: usize) -> Self {
        Cap {
            items: Some(items),
            ..self
        }
    }

    fn is_none(self) -> bool {
        self.items.is_none() && self.bytes.is_none()
    }
}

/// The budget layer: see the [module docs](self). Install it with
/// [`ToolSet::layer`](crate::ToolSet::layer).
#[derive(Debug, Default)]
pub struct Budget {
    server_wide: Cap,
    per_tool: BTreeMap<String, Cap>,
    /// The tools this budget pages, and where their list is: found when the layer is
    /// installed (before it adds `cursor` to their input schemas).
    paged: std::sync::Mutex<BTreeMap<String, ListAt>>,
}

impl Budget {
    /// `limits` for every list tool.
    pub fn new(limits: Cap) -> Self {
        Budget {
            server_wide: limits,
            per_tool: BTreeMap::new(),
            paged: Default::default(),
        }
    }

    /// `limits` for the tool `name` instead of the server-wide ones.
    pub fn for_tool(mut self, name: impl Into<String>, limits: Cap) -> Self {
        self.per_tool.insert(name.into(), limits);
        self
    }

    fn limits_of(&self, name: &str) -> Cap {
        self.per_tool.get(name).copied().unwrap_or(self.server_wide)
    }
}

/// Where the list is in `data`.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ListAt {
    /// `data` is the list.
    Data,
    /// `data.<field>` is.
    Field(String),
}

/// Where the list of a tool's `data` is, from its output schema; `None` when the data is not
/// a list.
fn list_at(output_schema: &JsonObject) -> Option<ListAt> {
    let defs = output_schema.get("$defs").and_then(Value::as_object);
    let resolve = |schema: &Value| -> Option<Value> {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(reference) => defs?.get(reference.strip_prefix("#/$defs/")?).cloned(),
            None => Some(schema.clone()),
        }
    };
    let is_array = |schema: &Value| schema.get("type").and_then(Value::as_str) == Some("array");
    let data = resolve(output_schema.get("properties")?.get("data")?)?;
    if is_array(&data) {
        return Some(ListAt::Data);
    }
    let properties = data.get("properties")?.as_object()?;
    let mut arrays = properties
        .iter()
        .filter(|(_, schema)| resolve(schema).is_some_and(|schema| is_array(&schema)));
    match (arrays.next(), arrays.next()) {
        (Some((field, _)), None) => Some(ListAt::Field(field.clone())),
        _ => None,
    }
}

/// Whether the layer pages this tool: an envelope with a list, no `cursor` of its own (a
/// json tool declared with `envelope = false` has no envelope to add `page` to).
fn pages(tool: &Tool) -> Option<ListAt> {
    let without_envelope = tool
        .meta
        .as_ref()
        .and_then(|meta| meta.get(crate::tool::TOOL_META_KEY))
        .and_then(|about| about.get("envelope"))
        == Some(&Value::Bool(false));
    if without_envelope {
        return None;
    }
    let at = list_at(tool.output_schema.as_deref()?)?;
    let takes_cursor = tool
        .input_schema
        .get("properties")
        .and_then(|p| p.get(CURSOR))
        .is_some();
    (!takes_cursor).then_some(at)
}

impl<State: Send + Sync + 'static> Layer<State> for Budget {
    fn call<'a>(
        &'a self,
        mut call: Call<'a, State>,
        next: Next<'a, State>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(async move {
            let limits = self.limits_of(call.name());
            let Some(tool) = call.tool() else {
                return next.run(call).await;
            };
            let format = match tool.format() {
                format @ (Format::Json | Format::Hybrid) => format,
                _ => return next.run(call).await,
            };
            let at = self.list_of(call.name());
            let Some(at) = at else {
                return next.run(call).await;
            };
            let offset = match call.arguments.remove(CURSOR) {
                None | Some(Value::Null) => 0,
                Some(Value::String(cursor)) => match cursor.parse::<usize>() {
                    Ok(offset) => offset,
                    Err(_) => return Ok(bad_cursor(&call, &cursor)),
                },
                Some(other) => return Ok(bad_cursor(&call, &other.to_string())),
            };
            let result = next.run(call).await?;
            if result.is_error == Some(true) {
                return Ok(result);
            }
            Ok(page(&result, format, &at, offset, limits).unwrap_or(result))
        })
    }

    fn describe(&self, tool: &mut Tool) {
        if self.limits_of(&tool.name).is_none() {
            return;
        }
        let Some(at) = pages(tool) else {
            return;
        };
        self.paged
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(tool.name.to_string(), at);
        let mut input = (*tool.input_schema).clone();
        if let Some(Value::Object(properties)) = input.get_mut("properties") {
            properties.insert(
                CURSOR.into(),
                serde_json::json!({
                    "type": "string",
                    "description": "Where to continue a list cut to a page: the `page.next_cursor` of the previous result."
                }),
            );
        }
        tool.input_schema = Arc::new(input);
        if let Some(output) = tool.output_schema.as_deref() {
            let mut output = output.clone();
            if let Some(Value::Object(properties)) = output.get_mut("properties") {
                properties.insert("page".into(), page_schema());
            }
            tool.output_schema = Some(Arc::new(output));
        }
    }
}

impl Budget {
    /// Where the list of the tool `name` is, when this budget pages it.
    fn list_of(&self, name: &str) -> Option<ListAt> {
        let paged = self.paged.lock().unwrap_or_else(|e| e.into_inner());
        paged.get(name).cloned()
    }
}

fn bad_cursor<State>(call: &Call<'_, State>, cursor: &str) -> CallToolResult {
    CallToolResult::error(vec![rmcp::model::ContentBlock::text(format!(
        "Error: parameter `{CURSOR}`: expected the `page.next_cursor` of a result of `{}`, got `{cursor}`",
        call.name()
    ))])
}

/// The page of `result` from `offset`, within `limits`; `None` when the result has no list
/// where the schema says, or when it is within budget from the start.
fn page(
    result: &CallToolResult,
    format: Format,
    at: &ListAt,
    offset: usize,
    limits: Cap,
) -> Option<CallToolResult> {
    let data = result.structured_content.as_ref()?.get("data")?;
    let items = match at {
        ListAt::Data => data.as_array()?,
        ListAt::Field(field) => data.get(field)?.as_array()?,
    };
    let total = items.len();
    let start = offset.min(total);
    // bytes of `data` around the list: the rest of the object, the brackets
    let around = match at {
        ListAt::Data => 2,
        ListAt::Field(field) => {
            let mut rest = data.clone();
            rest[field.as_str()] = Value::Array(Vec::new());
            canonical::to_vec(&rest).len()
        }
    };
    let mut end = start;
    let mut bytes = around;
    while end < total {
        if limits.items.is_some_and(|cap| end - start >= cap) {
            break;
        }
        let item = canonical::to_vec(&items[end]).len() + usize::from(end > start);
        if end > start && limits.bytes.is_some_and(|cap| bytes + item > cap) {
            break;
        }
        bytes += item;
        end += 1;
    }
    if start == 0 && end == total {
        return None;
    }
    let kept: Vec<Value> = items[start..end].to_vec();
    let data = match at {
        ListAt::Data => Value::Array(kept),
        ListAt::Field(field) => {
            let mut data = data.clone();
            data[field.as_str()] = Value::Array(kept);
            data
        }
    };
    let omitted = total - end;
    let next_cursor = (end < total).then(|| end.to_string());
    let mut page = JsonObject::new();
    page.insert("returned".into(), (end - start).into());
    page.insert("offset".into(), start.into());
    page.insert("total".into(), total.into());
    page.insert("omitted".into(), omitted.into());
    if let Some(cursor) = &next_cursor {
        page.insert("next_cursor".into(), cursor.clone().into());
    }
    let note = match &next_cursor {
        Some(cursor) => format!(
            "Showing items {} to {end} of {total}; call again with cursor=\"{cursor}\" for the next page.",
            start + 1
        ),
        None => format!(
            "Showing items {} to {end} of {total}: the last page.",
            start + 1
        ),
    };
    with_page(result, format, data, Value::Object(page), &note)
}

/// The `page` of an envelope, in the output schema: what a client validates (what the
/// fields mean is in `docs/wire-format.md`, "Pages").
fn page_schema() -> Value {
    serde_json::json!({
        "type": "object",
        "properties": {
            "returned": {"type": "integer", "minimum": 0},
            "offset": {"type": "integer", "minimum": 0},
            "total": {"type": "integer", "minimum": 0},
            "omitted": {"type": "integer", "minimum": 0},
            "next_cursor": {"type": "string"}
        },
        "required": ["returned", "offset", "total", "omitted"],
        "additionalProperties": false
    })
}
