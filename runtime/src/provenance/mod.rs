//! Provenance metadata: which tool produced a result, when, how fast, and a hash of its data.
//!
//! The hash is `"sha256:"` followed by the lowercase hex SHA-256 of the RFC 8785 (JSON
//! Canonicalization Scheme) serialisation of the result's `data`, so any client can recompute
//! it from `structuredContent.data` with an off-the-shelf JCS library. `docs/wire-format.md`
//! specifies it with a test vector.

pub mod canonical;

use std::time::Instant;

use rmcp::model::{JsonObject, MetaObject};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// The `_meta` key under which a result without structured content (a text result, an
/// error) carries its [`Provenance`].
pub const META_KEY: &str = "dev.toolshape/provenance";

/// Audit metadata attached to every tool result, once: in the envelope's `metadata` (json
/// and hybrid results), else in the result's `_meta` under [`META_KEY`]. Never in the text
/// block a model reads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(
    title = "Provenance",
    description = "Audit metadata: which tool produced this result, when, how long it took, and a hash of its data."
)]
pub struct Provenance {
    /// The name of the tool that produced the result.
    pub tool: String,
    /// The version of the tool: its `version` key, or the declaring crate's version.
    pub tool_version: String,
    /// When the call finished, RFC 3339 in UTC with millisecond precision.
    pub timestamp: String,
    /// Wall-clock time spent in the call, from the arrival of the arguments to the result,
    /// in milliseconds.
    pub duration_ms: f64,
    /// `"sha256:"` + lowercase hex SHA-256 of the RFC 8785 canonical JSON of `data`.
    /// Absent on error results, which carry no data.
    // Never written as `null` (absent instead), so the schema says `string`, not
    // `["string", "null"]`, which some clients flag as unportable.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub data_hash: Option<String>,
    /// The model or algorithm that computed the data: declared with
    /// `#[tool(model_id = "...")]` or set at run time with `Hybrid::with_model_id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub model_id: Option<String>,
    /// Where the data came from (a system, an endpoint, a data set), when the tool says so
    /// with `Hybrid::with_source`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub source: Option<String>,
    /// Who asked: the subject (`sub`) of the caller's access token, or the local user's
    /// name, when the server records it (`About::with_caller_in_provenance`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub caller: Option<String>,
}

impl Provenance {
    /// Provenance for a call of `tool` (at `tool_version`) that started at `started` and
    /// is finishing now.
    pub fn finish(
        tool: &str,
        tool_version: &str,
        started: Instant,
        data_hash: Option<String>,
    ) -> Self {
        let duration = started.elapsed();
        Provenance {
            tool: tool.to_owned(),
            tool_version: tool_version.to_owned(),
            timestamp: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            // Microsecond precision: finer digits are noise, and they cost tokens.
            duration_ms: duration.as_micros() as f64 / 1000.0,
            data_hash,
            model_id: None,
            source: None,
            caller: None,
        }
    }
}

/// The data hash of canonical JSON bytes: `"sha256:<64 lowercase hex digits>"`.
pub fn hash_canonical(canonical_json: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::digest(canonical_json);
    let mut out = Vec::with_capacity(7 + 64);
    out.extend_from_slice(b"sha256:");
    for byte in digest {
        out.extend_from_slice(&[HEX[usize::from(byte >> 4)], HEX[usize::from(byte & 0xf)]]);
    }
    // ASCII only
    String::from_utf8(out).unwrap_or_default()
}

/// The data hash of a value, as a tool result carries it: the value as JSON, its RFC 8785
/// canonical form ([`canonical`]), then [`hash_canonical`].
///
/// # Errors
/// When the value cannot be serialised as JSON (a map with non-string keys, a failing
/// `Serialize` implementation).
pub fn data_hash<T: Serialize>(value: &T) -> Result<String, serde_json::Error> {
    let value = serde_json::to_value(value)?;
    Ok(hash_canonical(&crate::provenance::canonical::to_vec(
        &value,
    )))
}

/// The provenance as a JSON object, as serde would write it (a unit test holds the two
/// equal), but moving its strings rather than serialising copies of them: this runs on
/// every call.
pub(crate) fn provenance_value(provenance: Provenance) -> Value {
    let Provenance {
        tool,
        tool_version,
        timestamp,
        duration_ms,
        data_hash,
        model_id,
        source,
        caller,
    } = provenance;
    let mut object = JsonObject::new();
    object.insert("tool".into(), tool.into());
    object.insert("tool_version".into(), tool_version.into());
    object.insert("timestamp".into(), timestamp.into());
    object.insert("duration_ms".into(), duration_ms.into());
    for (key, value) in [
        ("data_hash", data_hash),
        ("model_id", model_id),
        ("source", source),
        ("caller", caller),
    ] {
        if let Some(value) = value {
            object.insert(key.into(), value.into());
        }
    }
    Value::Object(object)
}

/// The `_meta` of a result without structured content (text results, errors):
/// `{"dev.toolshape/provenance": {…}}`. Results with an envelope carry the provenance once,
/// in `structuredContent.metadata`, and no `_meta`.
pub(crate) fn meta(provenance: Provenance) -> MetaObject {
    let mut meta = JsonObject::new();
    meta.insert(META_KEY.into(), provenance_value(provenance));
    MetaObject(meta)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The test vector of `docs/wire-format.md`.
    #[test]
    fn test_vector() {
        let data =
            serde_json::json!({"name": "Alice", "id": 42, "tags": ["a", "é"], "score": 1.5e3});
        let canonical = serde_json_canonicalizer::to_string(&data).unwrap();
        assert_eq!(
            canonical,
            r#"{"id":42,"name":"Alice","score":1500,"tags":["a","é"]}"#
        );
        assert_eq!(
            data_hash(&data).unwrap(),
            "sha256:b73e9ae767ab3a71d097a85261f54d86893a980869aa8a0e340a1d491072744e"
        );
    }
}
