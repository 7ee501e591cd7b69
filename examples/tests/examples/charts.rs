//! End to end: `format = "hybrid"` tools (and a json tool returning `Hybrid<T>`), served by
//! `toolshape::Server`, driven by rmcp's own client over both supported protocol versions.
//!
//! The golden files under `golden/` are whole results with the timestamp and duration
//! replaced by placeholders; regenerate them with `UPDATE_EXPECT=1` and review the diff.

use toolshape_test_support as common;

use std::io::Cursor;

use base64::Engine as _;
use common::{
    call, check_hybrid_success, connect, normalised, recomputed_hash, text_of, validate, versions,
};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::{Server, formats::Hybrid, tool, tools};
use toolshape_examples::charts::{self, CHART_SIZE, StorageCluster};

const VOLUME: &str = "b6f2c1a4-6f1e-11ee-8c99-0242ac120002";

#[derive(Serialize, JsonSchema)]
struct Headroom {
    volume_uuid: String,
    free_percent: f64,
}

/// A json tool that returns a narrative too: the envelope gains `narrative`, the text stays
/// the envelope's JSON.
#[tool(format = "json", model_id = "headroom-v1")]
fn volume_headroom(
    /// The volume's UUID.
    volume_uuid: String,
) -> Hybrid<Headroom> {
    Hybrid::new(
        format!("{volume_uuid} has 12.5% free."),
        Headroom {
            volume_uuid,
            free_percent: 12.5,
        },
    )
    .with_model_id("headroom-v2")
}

fn server() -> Server<StorageCluster> {
    let mut tools = charts::toolset();
    let [headroom] = tools![volume_headroom];
    tools.add(headroom).unwrap();
    Server::new(StorageCluster::default(), tools)
}

async fn tool_named(client: &common::Client, name: &str) -> rmcp::model::Tool {
    client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("tool {name} is listed"))
}

fn schema_of(tool: &rmcp::model::Tool) -> Value {
    Value::Object((**tool.output_schema.as_ref().expect("outputSchema")).clone())
}

#[tokio::test]
async fn output_schemas_require_the_narrative() {
    let client = connect(server(), versions()[0].clone()).await;
    for name in [
        "get_volume_configuration",
        "get_active_alerts",
        "get_volume_capacity_trend",
        "volume_headroom",
    ] {
        let schema = schema_of(&tool_named(&client, name).await);
        assert_eq!(
            schema["required"],
            json!(["narrative", "data"]),
            "{name}: what is the same for every tool is specified in docs/wire-format.md"
        );
        assert_eq!(schema["properties"]["narrative"]["type"], "string");
        // Plots, model_id and source set at run time are possible only with `Hybrid<T>`.
        let has_plots = schema["properties"].get("plots").is_some();
        assert_eq!(has_plots, name != "get_volume_configuration", "{name}");
    }
    // A schema that rejects an envelope without its narrative.
    let tool = tool_named(&client, "get_volume_configuration").await;
    let validator = jsonschema::validator_for(&schema_of(&tool)).unwrap();
    let result = call(
        &client,
        "get_volume_configuration",
        json!({"volume_uuid": VOLUME}),
    )
    .await
    .unwrap();
    let mut envelope = result.structured_content.unwrap();
    assert!(validator.is_valid(&envelope));
    envelope.as_object_mut().unwrap().remove("narrative");
    assert!(!validator.is_valid(&envelope));
}

#[tokio::test]
async fn get_volume_configuration_golden() {
    for version in versions() {
        let client = connect(server(), version).await;
        let tool = tool_named(&client, "get_volume_configuration").await;
        let result = call(
            &client,
            "get_volume_configuration",
            json!({"volume_uuid": VOLUME}),
        )
        .await
        .unwrap();
        let structured = check_hybrid_success(&tool, &result);
        // The narrative is the template filled from the data the client received.
        let data = &structured["data"];
        assert_eq!(
            structured["narrative"],
            format!(
                "Volume {} ({}) on SVM {} is {}, {} bytes. Autosize is {}; {} snapshot policy set.",
                data["volume"]["name"].as_str().unwrap(),
                data["volume"]["uuid"].as_str().unwrap(),
                data["svm"]["name"].as_str().unwrap(),
                data["volume"]["state"].as_str().unwrap(),
                data["volume"]["size"],
                data["autosize"]["mode"].as_str().unwrap(),
                data["snapshot_policy"].as_array().unwrap().len(),
            )
        );
        assert!(structured["metadata"].get("model_id").is_none());
        expect_test::expect_file!["golden/get_volume_configuration.json"]
            .assert_eq(&normalised(&result));
    }
}

#[tokio::test]
async fn get_active_alerts_golden() {
    for version in versions() {
        let client = connect(server(), version).await;
        let tool = tool_named(&client, "get_active_alerts").await;
        let result = call(&client, "get_active_alerts", json!({})).await.unwrap();
        let structured = check_hybrid_success(&tool, &result);
        let alerts = structured["data"]
            .as_array()
            .expect("the alert list is the data");
        let count = |severity: &str| alerts.iter().filter(|a| a["severity"] == severity).count();
        assert_eq!(
            structured["narrative"],
            format!(
                "{} active alerts: {} critical, {} warning, {} info.",
                alerts.len(),
                count("critical"),
                count("warning"),
                count("info")
            )
        );
        assert_eq!(alerts[0]["severity"], "critical", "most severe first");
        assert_eq!(
            structured["metadata"]["model_id"],
            "harvest-alert-rules-2025.10"
        );
        assert_eq!(
            structured["metadata"]["source"],
            "prometheus /api/v1/alerts"
        );
        expect_test::expect_file!["golden/get_active_alerts.json"].assert_eq(&normalised(&result));
    }
}

#[tokio::test]
async fn capacity_trend_sends_a_png_chart_as_an_image_block() {
    for version in versions() {
        let client = connect(server(), version).await;
        let tool = tool_named(&client, "get_volume_capacity_trend").await;
        let result = call(
            &client,
            "get_volume_capacity_trend",
            json!({"volume_uuid": VOLUME, "days": 14}),
        )
        .await
        .unwrap();
        let structured = check_hybrid_success(&tool, &result);
        assert_eq!(result.content.len(), 2, "text, then the chart");
        assert_eq!(structured["data"]["used_gib"].as_array().unwrap().len(), 14);
        assert_eq!(
            structured["metadata"]["model_id"],
            "least-squares-linear-v1"
        );

        // The envelope refers to the image block; no image bytes inside the JSON.
        let plots = structured["plots"].as_array().expect("plots");
        assert_eq!(plots.len(), 1);
        let plot = &plots[0];
        assert_eq!(plot["content_index"], 1);
        assert_eq!(plot["mime_type"], "image/png");
        assert_eq!(
            plot["title"],
            "Used capacity of vol_finance_01, GiB per day"
        );
        assert!(
            structured.to_string().len() < 2_000,
            "no image in the envelope"
        );

        let index = plot["content_index"].as_u64().unwrap() as usize;
        let image = result.content[index].as_image().expect("an image block");
        assert_eq!(image.mime_type, "image/png");
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(&image.data)
            .expect("base64 image data");

        // Decode it with the `png` crate: a valid PNG of the stated size.
        let mut reader = png::Decoder::new(Cursor::new(&bytes))
            .read_info()
            .expect("a PNG header");
        let mut pixels = vec![0; reader.output_buffer_size()];
        let frame = reader.next_frame(&mut pixels).expect("PNG image data");
        assert_eq!((frame.width, frame.height), CHART_SIZE);
        assert_eq!(plot["width"], frame.width);
        assert_eq!(plot["height"], frame.height);
        assert_eq!(frame.color_type, png::ColorType::Rgb);

        // A real chart: white background, the blue series and the red capacity line.
        let pixels = &pixels[..frame.buffer_size()];
        let rgb: Vec<&[u8]> = pixels.chunks(3).collect();
        let share = |wanted: [u8; 3]| {
            rgb.iter().filter(|p| **p == wanted).count() as f64 / rgb.len() as f64
        };
        assert!(share([255, 255, 255]) > 0.8, "mostly background");
        assert!(share([0, 0, 255]) > 0.002, "the series is drawn");
        assert!(share([255, 0, 0]) > 0.001, "the capacity line is drawn");
    }
}

#[tokio::test]
async fn json_tool_returning_hybrid_carries_the_narrative() {
    for version in versions() {
        let client = connect(server(), version).await;
        let tool = tool_named(&client, "volume_headroom").await;
        let result = call(&client, "volume_headroom", json!({"volume_uuid": "v1"}))
            .await
            .unwrap();
        let structured = result.structured_content.clone().unwrap();
        validate(&tool, &structured);
        assert_eq!(structured["narrative"], "v1 has 12.5% free.");
        assert_eq!(
            structured["data"],
            json!({"volume_uuid": "v1", "free_percent": 12.5})
        );
        // The run-time model_id replaces the declared one.
        assert_eq!(structured["metadata"]["model_id"], "headroom-v2");
        assert_eq!(
            structured["metadata"]["data_hash"],
            recomputed_hash(&structured["data"])
        );
        // json's text is what a model reads: data, grounded and the narrative, canonical,
        // without the provenance.
        assert_eq!(
            text_of(&result),
            r#"{"data":{"free_percent":12.5,"volume_uuid":"v1"},"grounded":true,"narrative":"v1 has 12.5% free."}"#
        );
        assert_eq!(
            text_of(&result).as_bytes(),
            common::model_view(&structured, true)
        );
    }
}

#[tokio::test]
async fn hybrid_errors_are_plain_error_results() {
    let client = connect(server(), versions()[0].clone()).await;
    let result = call(
        &client,
        "get_volume_capacity_trend",
        json!({"volume_uuid": VOLUME, "days": 400}),
    )
    .await
    .unwrap();
    assert_eq!(
        common::check_error(&result),
        "Error: days must be 2 to 90, not 400"
    );
    let result = call(
        &client,
        "get_volume_configuration",
        json!({"volume_uuid": "nope"}),
    )
    .await
    .unwrap();
    assert_eq!(common::check_error(&result), "Error: volume nope not found");
}
