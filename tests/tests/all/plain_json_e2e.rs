//! `#[tool(format = "json", envelope = false)]`: MCP's own structured result — the value as
//! `structuredContent`, its schema as `outputSchema`, the value as canonical JSON text, the
//! provenance in `_meta` — through rmcp's client in both protocol eras (a value that is not
//! an object is structured content only from 2026-07-28 on).

use toolshape_test_support as common;

use common::{call, check_error, connect, recomputed_hash, text_of, validate, versions};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::{Server, ToolError, ToolSet, formats::Attachment, formats::Rich, tool, tools};

/// A time in a zone, as the reference time server answers.
#[derive(Serialize, JsonSchema)]
struct TimeResult {
    timezone: String,
    datetime: String,
    is_dst: bool,
    /// A nested record: a `$ref` in the schema.
    offset: Offset,
}

#[derive(Serialize, JsonSchema)]
struct Offset {
    hours: i8,
}

/// The current time in a time zone.
#[tool(format = "json", envelope = false, kind = "read")]
fn get_current_time(
    /// An IANA time zone name.
    timezone: String,
) -> Result<TimeResult, ToolError> {
    if timezone != "Europe/Paris" {
        return Err(ToolError::new(format!("Invalid timezone: {timezone}")));
    }
    Ok(TimeResult {
        timezone,
        datetime: "2026-11-25T10:00:00+01:00".into(),
        is_dst: false,
        offset: Offset { hours: 1 },
    })
}

/// A value that is not an object: structured content from protocol 2026-07-28 on; text only
/// for older clients, as MCP's structured content was an object before.
#[tool(format = "json", envelope = false)]
fn list_zones() -> Vec<String> {
    vec!["Europe/Paris".into(), "Asia/Tokyo".into()]
}

/// A float JSON cannot carry: a tool error naming the field, as with the envelope.
#[tool(format = "json", envelope = false)]
fn broken() -> TimeResult2 {
    TimeResult2 { ratio: f64::NAN }
}

#[derive(Serialize, JsonSchema)]
struct TimeResult2 {
    ratio: f64,
}

/// Attachments after the value.
#[tool(format = "json", envelope = false)]
fn with_link() -> Rich<Offset> {
    Rich::new(Offset { hours: 2 }).with(Attachment::link("file:///zones.txt", "zones.txt"))
}

#[tokio::test]
async fn json_without_the_envelope_is_mcp_structured_content() {
    let tools = ToolSet::new(tools![get_current_time, list_zones, broken, with_link]).unwrap();
    for version in versions() {
        let client = connect(Server::new((), tools.clone()), version.clone()).await;
        let listed = client.list_all_tools().await.unwrap();
        let tool = |name: &str| listed.iter().find(|t| t.name == name).unwrap().clone();

        // The listing: the value's own schema, an object at the root (its nested type
        // written where it is used), and the listing says there is no envelope.
        let time = tool("get_current_time");
        let schema = Value::Object((**time.output_schema.as_ref().expect("outputSchema")).clone());
        assert_eq!(schema["type"], "object", "{version}: {schema}");
        assert_eq!(
            schema["required"],
            json!(["timezone", "datetime", "is_dst", "offset"])
        );
        assert!(schema["properties"].get("metadata").is_none());
        assert!(schema.get("$defs").is_none(), "{schema}");
        assert_eq!(schema["properties"]["offset"]["type"], "object", "{schema}");
        let about = &time.meta.as_ref().unwrap().0["dev.toolshape/tool"];
        assert_eq!(
            about,
            &json!({"format": "json", "kind": "read", "envelope": false})
        );

        // A call: the value itself, valid against the schema; the text its canonical JSON;
        // the provenance in `_meta`, its hash over the same bytes.
        let result = call(
            &client,
            "get_current_time",
            json!({"timezone": "Europe/Paris"}),
        )
        .await
        .unwrap();
        assert_eq!(result.is_error, Some(false));
        let structured = result
            .structured_content
            .clone()
            .expect("structuredContent");
        validate(&time, &structured);
        assert_eq!(
            structured,
            json!({"timezone": "Europe/Paris", "datetime": "2026-11-25T10:00:00+01:00",
                   "is_dst": false, "offset": {"hours": 1}})
        );
        assert_eq!(
            text_of(&result).as_bytes(),
            serde_json_canonicalizer::to_vec(&structured).unwrap()
        );
        let provenance = &result.meta.as_ref().expect("_meta").0["dev.toolshape/provenance"];
        assert_eq!(provenance["tool"], "get_current_time");
        assert_eq!(provenance["data_hash"], recomputed_hash(&structured));

        // An error is an error, as for every format.
        let result = call(
            &client,
            "get_current_time",
            json!({"timezone": "Mars/Olympus"}),
        )
        .await
        .unwrap();
        assert_eq!(
            check_error(&result),
            "Error: Invalid timezone: Mars/Olympus"
        );

        // Not an object: the schema and the structured content on 2026-07-28 (SEP-2106),
        // neither before; the text and the hash in every version.
        let modern = version >= rmcp::model::ProtocolVersion::V_2026_07_28;
        let zones = tool("list_zones");
        let result = call(&client, "list_zones", json!({})).await.unwrap();
        assert_eq!(result.is_error, Some(false));
        if modern {
            let schema = zones.output_schema.as_ref().expect("an array's schema");
            assert_eq!(schema["type"], "array", "{version}");
            let structured = result.structured_content.clone().expect("the array");
            validate(&zones, &structured);
            assert_eq!(structured, json!(["Europe/Paris", "Asia/Tokyo"]));
        } else {
            assert!(zones.output_schema.is_none(), "{version}");
            assert!(result.structured_content.is_none(), "{version}");
        }
        assert_eq!(result.content.len(), 1, "the text once: {result:?}");
        assert_eq!(text_of(&result), r#"["Europe/Paris","Asia/Tokyo"]"#);
        let provenance = &result.meta.as_ref().expect("_meta").0["dev.toolshape/provenance"];
        assert_eq!(
            provenance["data_hash"],
            recomputed_hash(&json!(["Europe/Paris", "Asia/Tokyo"]))
        );

        let result = call(&client, "broken", json!({})).await.unwrap();
        let text = check_error(&result);
        assert!(text.contains("field `ratio`"), "{text}");

        let result = call(&client, "with_link", json!({})).await.unwrap();
        assert_eq!(result.structured_content, Some(json!({"hours": 2})));
        assert_eq!(result.content.len(), 2, "{result:?}");
        assert!(matches!(
            result.content[1],
            rmcp::model::ContentBlock::ResourceLink(_)
        ));
        client.cancel().await.unwrap();
    }
}
