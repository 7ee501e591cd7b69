//! The formats the benchmarks measure toolshape's against (feature `__bench`, for
//! `toolshape-bench` only): they implement the sealed [`Render`], so they live here.

use rmcp::model::{CallToolResult, JsonObject, MetaObject};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use crate::formats::facts::CallFacts;
use crate::formats::json::Json;
use crate::formats::{Format, Render, Sealed};
use crate::provenance::{META_KEY, data_hash};

/// The json render before the canonical writer: `Value`, then `serde_json_canonicalizer`
/// for the hash, then `CallToolResult::structured`, which serialises the whole envelope
/// again for the text block. Kept so both variants run side by side in one benchmark.
#[derive(Debug, Clone, Copy)]
pub struct MainJson;

impl Sealed for MainJson {}

impl<T: Serialize + JsonSchema + Send + 'static> Render<T> for MainJson {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        <Json as Render<T>>::output_schema()
    }

    fn render(value: T, facts: &CallFacts<'_>) -> CallToolResult {
        let data = serde_json::to_value(&value).expect("serialisable");
        let hash = data_hash(&data).expect("finite");
        let provenance = facts.provenance(Some(hash));
        let metadata = serde_json::to_value(&provenance).expect("serialisable");
        let mut envelope = JsonObject::new();
        envelope.insert("status".into(), "success".into());
        envelope.insert("data".into(), data);
        envelope.insert("metadata".into(), metadata.clone());
        envelope.insert("grounded".into(), true.into());
        let mut result = CallToolResult::structured(Value::Object(envelope));
        let mut meta = JsonObject::new();
        meta.insert(META_KEY.into(), metadata);
        result.meta = Some(MetaObject(meta));
        result
    }
}

/// rmcp's own `Json<T>` conversion as a [`Render`]: no envelope, no provenance. Served by
/// toolshape's runtime, it separates the cost of toolshape's dispatch (argument parsing,
/// handler, panic guard) from the cost of its envelope.
#[derive(Debug, Clone, Copy)]
pub struct BareJson;

impl Sealed for BareJson {}

impl<T: Serialize + JsonSchema + Send + 'static> Render<T> for BareJson {
    const FORMAT: Format = Format::Json;

    fn output_schema() -> Option<JsonObject> {
        None
    }

    fn render(value: T, _facts: &CallFacts<'_>) -> CallToolResult {
        CallToolResult::structured(serde_json::to_value(&value).expect("serialisable"))
    }
}
