//! What the workspace's end-to-end tests share: a real rmcp client connected in-process to
//! a toolshape server, and checks of what it receives written independently of the runtime
//! (the envelope against the output schema, the hash recomputed with the maintained RFC 8785
//! implementation, the text a model reads), and the official Python MCP SDK as an outside
//! client ([`python`]). Used by `tests/` and by the examples' own tests.

use rmcp::ServiceError;
use rmcp::model::{CallToolRequestParams, CallToolResult, ProtocolVersion, Tool};
use serde_json::Value;
use sha2::{Digest, Sha256};

pub mod prereq;
pub mod python;

pub use toolshape::testing::Client;

/// Serves `server` on one end of an in-memory pipe and connects rmcp's client, speaking
/// `version`, to the other (`toolshape::testing`), and checks the version it negotiated.
pub async fn connect<H: rmcp::ServerHandler>(server: H, version: ProtocolVersion) -> Client {
    let client = toolshape::testing::connect_with_version(server, version.clone())
        .await
        .expect("client connects");
    let negotiated = client
        .peer_info()
        .expect("server answered")
        .protocol_version
        .clone();
    assert_eq!(negotiated, version, "negotiated protocol version");
    client
}

/// The protocol versions every test runs with.
pub fn versions() -> [ProtocolVersion; 2] {
    [ProtocolVersion::V_2026_07_28, ProtocolVersion::V_2025_11_25]
}

/// Calls the tool `name` with `arguments` (a JSON object).
pub async fn call(
    client: &Client,
    name: &str,
    arguments: Value,
) -> Result<CallToolResult, ServiceError> {
    let request = CallToolRequestParams::new(name.to_owned()).with_arguments(
        arguments
            .as_object()
            .cloned()
            .expect("arguments are an object"),
    );
    client.call_tool(request).await
}

/// The text of the result, which must be one text block.
pub fn text_of(result: &CallToolResult) -> String {
    assert_eq!(result.content.len(), 1, "one content block: {result:?}");
    result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .clone()
}

/// What a model reads of a successful json or hybrid result, computed here from
/// `structuredContent`: `{"data":…,"grounded":true}` (plus `narrative` if `with_narrative`)
/// as RFC 8785 canonical JSON, without the provenance.
pub fn model_view(structured: &Value, with_narrative: bool) -> Vec<u8> {
    let mut view = serde_json::json!({
        "data": structured["data"],
        "grounded": structured["grounded"],
    });
    if with_narrative && let Some(narrative) = structured.get("narrative") {
        view["narrative"] = narrative.clone();
    }
    // a list cut to a budget says which page it is
    if let Some(page) = structured.get("page") {
        view["page"] = page.clone();
    }
    serde_json_canonicalizer::to_vec(&view).unwrap()
}

/// Checks a successful json result as a client would: `structuredContent` valid against the
/// tool's `outputSchema` with the provenance in its `metadata` (and nowhere else: no
/// `_meta`), the text block the data and `grounded` (and the narrative, if any) as canonical
/// JSON, and the data hash recomputed here from `data` (RFC 8785 + SHA-256). Returns `data`.
pub fn check_json_success(tool: &Tool, result: &CallToolResult) -> Value {
    let structured = check_success_envelope(tool, result);
    let text = text_of(result);
    let _: Value = serde_json::from_str(&text).expect("text block is JSON");
    assert_eq!(
        text.as_bytes(),
        model_view(&structured, true),
        "the text block is data, grounded (and narrative) as RFC 8785 canonical JSON"
    );
    assert!(
        !text.contains("sha256:") && !text.contains("\"metadata\""),
        "no provenance in what a model reads: {text}"
    );
    structured["data"].clone()
}

/// What every successful json and hybrid result shares: not an error; `structuredContent`
/// valid against the tool's `outputSchema`, with `status` and `grounded`; its `metadata` the
/// call's provenance, naming the tool, an RFC 3339 UTC timestamp, and the data hash
/// recomputed here from `data`; the provenance on the wire once (no `_meta` copy; `_meta`
/// holds at most the undo journal's `dev.toolshape/undo`). Returns
/// `structuredContent`.
fn check_success_envelope(tool: &Tool, result: &CallToolResult) -> Value {
    assert_eq!(result.is_error, Some(false), "{result:?}");
    let structured = result
        .structured_content
        .clone()
        .expect("structuredContent");
    validate(tool, &structured);
    assert_eq!(structured["status"], "success");
    assert_eq!(structured["grounded"], true);

    // `_meta` carries no provenance (an action the undo journal recorded says so there)
    assert!(
        result
            .meta
            .as_ref()
            .is_none_or(|meta| meta.keys().all(|key| key == "dev.toolshape/undo")),
        "provenance once, in structuredContent.metadata: {:?}",
        result.meta
    );
    assert_eq!(
        structured["metadata"]["data_hash"],
        recomputed_hash(&structured["data"])
    );
    // The listing says only that `metadata` is an object; the provenance's schema is the
    // one `docs/wire-format.md` gives (section Provenance).
    let provenance = serde_json::json!({"type": "object",
     "properties": {"tool": {"type": "string"}, "tool_version": {"type": "string"},
                    "timestamp": {"type": "string"}, "duration_ms": {"type": "number"},
                    "data_hash": {"type": "string", "pattern": "^sha256:[0-9a-f]{64}$"},
                    "model_id": {"type": "string"}, "source": {"type": "string"}},
     "required": ["tool", "tool_version", "timestamp", "duration_ms", "data_hash"]});
    assert!(
        jsonschema::is_valid(&provenance, &structured["metadata"]),
        "metadata does not match the provenance schema of docs/wire-format.md: {}",
        structured["metadata"]
    );
    assert_eq!(structured["metadata"]["tool"], tool.name.as_ref());
    let timestamp = structured["metadata"]["timestamp"].as_str().unwrap();
    assert!(
        timestamp.ends_with('Z') && timestamp.len() == 24,
        "RFC 3339 UTC millis: {timestamp}"
    );
    structured
}

/// Checks an error result: `isError`, no structured content (so no output-schema
/// validation can fail), provenance without a hash. Returns the text.
pub fn check_error(result: &CallToolResult) -> String {
    assert_eq!(result.is_error, Some(true), "{result:?}");
    assert!(result.structured_content.is_none());
    let meta = result.meta.as_ref().expect("_meta").0.clone();
    assert!(meta["dev.toolshape/provenance"]["data_hash"].is_null());
    let text = text_of(result);
    assert!(text.starts_with("Error: "), "{text}");
    text
}

/// Checks a successful hybrid result as a client would: `structuredContent` valid against
/// `outputSchema` and carrying a narrative; the text block is that narrative followed by a
/// fenced json block of the data and `grounded`; the provenance once, in the envelope; the
/// data hash recomputed from `data`. Returns `structuredContent`.
pub fn check_hybrid_success(tool: &Tool, result: &CallToolResult) -> Value {
    let structured = check_success_envelope(tool, result);
    let narrative = structured["narrative"].as_str().expect("a narrative");
    assert!(!narrative.is_empty());

    let text = result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .clone();
    let (lead, block) = text
        .split_once("\n\n```json\n")
        .expect("narrative, blank line, fenced json block");
    assert_eq!(lead, narrative, "the text leads with the narrative");
    let block = block.strip_suffix("\n```").expect("the block is closed");
    let _: Value = serde_json::from_str(block).expect("the block is JSON");
    assert_eq!(
        block.as_bytes(),
        model_view(&structured, false),
        "the block is the data and grounded, as RFC 8785 canonical JSON"
    );
    structured
}

/// Checks a successful result of a json tool declared with `detail`, as a client would: the
/// envelope as for any json result (valid against `outputSchema`, every field of the data,
/// the hash recomputed from it); the text block is the data's text for the model, not JSON,
/// without provenance. Returns the data and the text.
pub fn check_detail_success(tool: &Tool, result: &CallToolResult) -> (Value, String) {
    let structured = check_success_envelope(tool, result);
    let text = text_of(result);
    assert!(
        serde_json::from_str::<Value>(&text).is_err(),
        "the text block is text, not JSON: {text}"
    );
    assert!(
        !text.contains("sha256:"),
        "no provenance in what a model reads"
    );
    (structured["data"].clone(), text)
}

/// Validates `structured` against the tool's `outputSchema` with the `jsonschema` crate.
pub fn validate(tool: &Tool, structured: &Value) {
    let schema = Value::Object((**tool.output_schema.as_ref().expect("outputSchema")).clone());
    let validator = jsonschema::validator_for(&schema).expect("outputSchema is a valid schema");
    let errors: Vec<String> = validator
        .iter_errors(structured)
        .map(|e| e.to_string())
        .collect();
    assert!(
        errors.is_empty(),
        "structuredContent does not match outputSchema: {errors:?}"
    );
}

/// `sha256:` + hex SHA-256 of the RFC 8785 canonical JSON of `data`, computed here.
pub fn recomputed_hash(data: &Value) -> String {
    sha256_of(&serde_json_canonicalizer::to_vec(data).unwrap())
}

/// `sha256:` + lowercase hex SHA-256 of `bytes`, computed here (not with toolshape's code).
pub fn sha256_of(bytes: &[u8]) -> String {
    let hex: String = Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256:{hex}")
}

/// The whole result as JSON, with the fields that change from call to call (timestamp,
/// duration) replaced by placeholders, for golden comparisons.
pub fn normalised(result: &CallToolResult) -> String {
    let mut value = serde_json::to_value(result).expect("a result serialises");
    // rmcp writes `resultType` only under some feature combinations of the build (it differs
    // between `cargo test -p toolshape-tests` and `--workspace`); it is rmcp's, not ours.
    if let Value::Object(object) = &mut value {
        object.remove("resultType");
    }
    for pointer in [
        "/structuredContent/metadata",
        "/_meta/dev.toolshape~1provenance",
    ] {
        if let Some(Value::Object(m)) = value.pointer_mut(pointer) {
            for (key, placeholder) in [
                ("timestamp", "<timestamp>"),
                ("duration_ms", "<duration_ms>"),
            ] {
                if m.contains_key(key) {
                    m.insert(key.into(), placeholder.into());
                }
            }
        }
    }
    if let Some(Value::Array(content)) = value.get_mut("content") {
        for block in content {
            if block["type"] == "text"
                && let Some(Value::String(text)) = block.get("text")
                && let Ok(mut envelope) = serde_json::from_str::<Value>(text)
                && let Some(Value::Object(m)) = envelope.pointer_mut("/metadata")
            {
                m.insert("timestamp".into(), "<timestamp>".into());
                m.insert("duration_ms".into(), "<duration_ms>".into());
                block["text"] = Value::String(envelope.to_string());
            }
        }
    }
    serde_json::to_string_pretty(&value).unwrap() + "\n"
}

/// Checks a successful text result as a client would: one text block and nothing else (no
/// `structuredContent`, no `outputSchema` on the tool), provenance in `_meta` whose data hash
/// is the SHA-256 of the text's UTF-8 bytes, recomputed here. Returns the text.
pub fn check_text_success(tool: &Tool, result: &CallToolResult) -> String {
    assert_eq!(result.is_error, Some(false), "{result:?}");
    assert!(result.structured_content.is_none(), "{result:?}");
    assert!(
        tool.output_schema.is_none(),
        "a text tool has no outputSchema"
    );
    let text = text_of(result);
    let meta = result.meta.as_ref().expect("_meta").0.clone();
    let provenance = &meta["dev.toolshape/provenance"];
    assert_eq!(provenance["data_hash"], sha256_of(text.as_bytes()));
    assert_eq!(provenance["tool"], tool.name.as_ref());
    assert!(
        provenance["timestamp"]
            .as_str()
            .is_some_and(|t| t.ends_with('Z'))
    );
    text
}
