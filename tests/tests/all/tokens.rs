//! What the hybrid text block costs a model, in o200k_base tokens (tiktoken-rs): the data as
//! compact canonical JSON (what toolshape sends) against the same data indented by two spaces (what
//! a hand-written server that narrates and attaches data sends with `JSON.stringify(alerts, null, 2)`).
//!
//! Run with `--nocapture` to see the table that `docs/wire-format.md` quotes.

use toolshape_test_support as common;

use common::{call, connect, versions};
use serde_json::{Value, json};
use toolshape::Server;
use toolshape_examples::charts::{self, StorageCluster};

/// The hybrid text with the data (and the `grounded` label) written compactly or indented.
fn text(narrative: &str, data: &Value, indented: bool) -> String {
    let view = json!({"data": data, "grounded": true});
    let data = if indented {
        serde_json::to_string_pretty(&view).unwrap()
    } else {
        // What toolshape sends: RFC 8785 canonical JSON (compact, keys sorted, numbers in
        // their shortest form).
        serde_json_canonicalizer::to_string(&view).unwrap()
    };
    format!("{narrative}\n\n```json\n{data}\n```")
}

#[tokio::test]
async fn compact_json_costs_fewer_tokens_than_indented() {
    let bpe = tiktoken_rs::o200k_base_singleton();
    let tokens = |text: &str| bpe.encode_with_special_tokens(text).len();

    let server = Server::new(StorageCluster::default(), charts::toolset());
    let client = connect(server, versions()[0].clone()).await;
    let volume = "b6f2c1a4-6f1e-11ee-8c99-0242ac120002";
    let calls = [
        ("get_volume_configuration", json!({"volume_uuid": volume})),
        ("get_active_alerts", json!({})),
        (
            "get_volume_capacity_trend",
            json!({"volume_uuid": volume, "days": 30}),
        ),
    ];
    println!("| result | compact (sent) | indented | saved | whole envelope, compact |");
    println!("|---|---:|---:|---:|---:|");
    let mut rows = Vec::new();
    for (name, arguments) in calls {
        let result = call(&client, name, arguments).await.unwrap();
        let sent = result.content[0].as_text().unwrap().text.clone();
        let envelope = result.structured_content.unwrap();
        let narrative = envelope["narrative"].as_str().unwrap();
        assert_eq!(
            sent,
            text(narrative, &envelope["data"], false),
            "what is sent is compact"
        );
        rows.push((
            name.to_owned(),
            narrative.to_owned(),
            envelope["data"].clone(),
            Some(tokens(&envelope.to_string())),
        ));
    }
    // A larger alert list: the same three alerts for 40 volumes.
    let alerts = rows[1].2.as_array().unwrap();
    let many: Vec<Value> = (0..40)
        .flat_map(|i| {
            alerts.iter().map(move |alert| {
                let mut alert = alert.clone();
                alert["target"] = format!("cluster1/svm_{i}/vol_{i:02}").into();
                alert
            })
        })
        .collect();
    rows.push((
        "get_active_alerts (120 alerts)".into(),
        "120 active alerts: 40 critical, 80 warning, 0 info.".into(),
        Value::Array(many),
        None,
    ));
    for (name, narrative, data, envelope) in &rows {
        let compact = tokens(&text(narrative, data, false));
        let indented = tokens(&text(narrative, data, true));
        println!(
            "| {name} | {compact} | {indented} | {:.0}% | {} |",
            100.0 * (indented - compact) as f64 / indented as f64,
            envelope.map_or("".into(), |n| n.to_string())
        );
        assert!(
            compact < indented,
            "{name}: compact {compact} vs indented {indented}"
        );
    }
}
