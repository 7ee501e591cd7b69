//! Code mode against call by call, on the ontap example (feature `code` of this crate):
//! eleven multi-step tasks, each done (a) as a model does it without code mode, one call per
//! turn, reading every result's text, and (b) as one `execute` script, reading only its
//! answer. Both start from the same fresh cluster; the end states must be identical. Counts
//! o200k_base tokens (tiktoken-rs, as `tokens` does) of what the model reads, and the
//! script's own tokens (what the model writes). Then the server time of one `execute` of a
//! five-call script, against five direct calls, in process (for FastMCP's, see
//! `bench/code_mode_fastmcp.py`).
//!
//! `cargo run --release -p toolshape-bench --features code --bin code_mode`

use std::time::Instant;

use rmcp::model::CallToolRequestParams;
use serde_json::{Value, json};
use toolshape::code::CodeMode;
use toolshape::testing::Client;
use toolshape_examples::ontap;

fn tokens(text: &str) -> usize {
    tiktoken_rs::o200k_base_singleton()
        .encode_with_special_tokens(text)
        .len()
}

/// A conversation with the server: what the model read, in tokens, and its turns.
struct Session {
    client: Client,
    read: usize,
    turns: usize,
}

impl Session {
    async fn new() -> Session {
        let server =
            ontap::server().with_tool_search(ontap::tool_search().with_code_mode(CodeMode::new()));
        Session {
            client: toolshape::testing::connect(server).await.unwrap(),
            read: 0,
            turns: 0,
        }
    }

    /// A call the model makes and reads: its data (or its text, for a text tool).
    async fn call(&mut self, name: &str, arguments: Value) -> Value {
        let Value::Object(arguments) = arguments else {
            unreachable!()
        };
        let request = CallToolRequestParams::new(name.to_owned()).with_arguments(arguments);
        let result = self.client.call_tool(request).await.unwrap();
        let text: String = (result.content.iter())
            .filter_map(|c| c.as_text().map(|t| t.text.clone()))
            .collect::<Vec<_>>()
            .join("\n");
        assert_ne!(result.is_error, Some(true), "{name}: {text}");
        self.read += tokens(&text);
        self.turns += 1;
        match result.structured_content {
            Some(content) if content.get("data").is_some() => content["data"].clone(),
            Some(content) => content,
            None => Value::String(text),
        }
    }

    /// What the cluster holds: every volume's configuration, the SVMs, the mirrors.
    async fn state(&self) -> Value {
        let call = |name: &str, arguments: Value| {
            let Value::Object(arguments) = arguments else {
                unreachable!()
            };
            self.client
                .call_tool(CallToolRequestParams::new(name.to_owned()).with_arguments(arguments))
        };
        let data = |result: rmcp::model::CallToolResult| {
            result.structured_content.unwrap()["data"].clone()
        };
        let volumes = data(call("cluster_list_volumes", json!({})).await.unwrap());
        let mut configurations = Vec::new();
        for volume in volumes["volumes"].as_array().unwrap() {
            let uuid = volume["uuid"].clone();
            configurations.push(data(
                call("get_volume_configuration", json!({ "volume_uuid": uuid }))
                    .await
                    .unwrap(),
            ));
        }
        let svms = data(call("cluster_list_svms", json!({})).await.unwrap());
        let mirrors = data(
            call("list_snapmirror_relationships", json!({}))
                .await
                .unwrap(),
        );
        json!({"volumes": volumes, "configurations": configurations, "svms": svms, "mirrors": mirrors})
    }
}

fn volumes(list: &Value) -> Vec<Value> {
    list["volumes"].as_array().unwrap().clone()
}

fn used(v: &Value) -> u64 {
    v["used_percent"].as_u64().unwrap()
}

/// Each task: what a user asks, the script that does it, and the calls a model makes
/// without code mode (each reading the answers before).
struct Task {
    ask: &'static str,
    script: &'static str,
}

const TASKS: [Task; 11] = [
    Task {
        ask: "grow every online volume over 85% full by 1 GiB, say which",
        script: "data = await cluster_list_volumes(state='online')\nchanged = []\nfor v in data['volumes']:\n    if v['used_percent'] > 85:\n        await cluster_resize_volume(volume_uuid=v['uuid'], size=v['size'] + 2 ** 30)\n        changed.append(v['name'])\nreturn changed",
    },
    Task {
        ask: "comment 'over 80% full' on every volume over 80% full",
        script: "data = await cluster_list_volumes()\nnames = []\nfor v in data['volumes']:\n    if v['used_percent'] > 80:\n        await set_volume_comment(volume_uuid=v['uuid'], comment='over 80% full')\n        names.append(v['name'])\nreturn names",
    },
    Task {
        ask: "the space of the three fullest volumes",
        script: "import asyncio\ndata = await cluster_list_volumes()\nfull = sorted(data['volumes'], key=lambda v: v['used_percent'], reverse=True)[:3]\nspaces = await asyncio.gather(*[get_volume_space(volume_uuid=v['uuid']) for v in full])\nreturn [{'name': s['name'], 'used': s['used'], 'available': s['available'], 'snapshot_used': s['snapshot_used']} for s in spaces]",
    },
    Task {
        ask: "the QoS and snapshot policies of svm_eng's volumes",
        script: "import asyncio\ndata = await cluster_list_volumes(svm_name='svm_eng')\nconfs = await asyncio.gather(*[get_volume_configuration(volume_uuid=v['uuid']) for v in data['volumes']])\nreturn [{'name': c['name'], 'qos_policy': c['qos_policy'], 'snapshot_policy': c['snapshot_policy']} for c in confs]",
    },
    Task {
        ask: "the volumes the active alerts concern, with their space",
        script: "import asyncio\nalerts = await get_active_alerts()\ndata = await cluster_list_volumes()\nby_name = {v['name']: v for v in data['volumes']}\nhit = [(a, by_name[a['target'].split('/')[-1]]) for a in alerts if a['target'].split('/')[-1] in by_name]\nspaces = await asyncio.gather(*[get_volume_space(volume_uuid=v['uuid']) for a, v in hit])\nreturn [{'volume': v['name'], 'severity': a['severity'], 'alert': a['name'], 'used': s['used'], 'available': s['available']} for (a, v), s in zip(hit, spaces)]",
    },
    Task {
        ask: "comment 'HR, reviewed' on every volume of svm_hr",
        script: "data = await cluster_list_volumes(svm_name='svm_hr')\nfor v in data['volumes']:\n    await set_volume_comment(volume_uuid=v['uuid'], comment='HR, reviewed')\nreturn len(data['volumes'])",
    },
    Task {
        ask: "turn autosize on (grow, up to twice the size) for online volumes over 90% full",
        script: "data = await cluster_list_volumes(state='online')\ndone = []\nfor v in data['volumes']:\n    if v['used_percent'] > 90:\n        await cluster_enable_volume_autosize(volume_uuid=v['uuid'], mode='grow', maximum_size=v['size'] * 2)\n        done.append(v['name'])\nreturn done",
    },
    Task {
        ask: "the state of every SnapMirror relationship",
        script: "import asyncio\nrels = await list_snapmirror_relationships()\nstates = await asyncio.gather(*[get_snapmirror_state(destination_path=r['destination_path']) for r in rels])\nreturn [{'destination': r['destination_path'], 'state': s['mirror_state'], 'healthy': r['healthy'], 'lag_seconds': r['lag_seconds']} for r, s in zip(rels, states)]",
    },
    Task {
        ask: "per aggregate: its volumes and their total size",
        script: "aggrs = await list_aggregates()\ndata = await cluster_list_volumes()\nout = []\nfor a in aggrs:\n    vols = [v for v in data['volumes'] if v['aggregate_name'] == a['name']]\n    out.append({'aggregate': a['name'], 'used_percent': a['used_percent'], 'volumes': len(vols), 'volume_size': sum(v['size'] for v in vols)})\nreturn out",
    },
    Task {
        ask: "how many snapshots each volume of svm_finance has",
        script: "data = await cluster_list_volumes(svm_name='svm_finance')\nout = []\nfor v in data['volumes']:\n    text = await list_snapshots(volume_name=v['name'])\n    words = text.split()\n    out.append({'name': v['name'], 'snapshots': int(words[1]) if words[0] == 'Found' else 0})\nreturn out",
    },
    Task {
        ask: "the configuration of every volume over 80% full",
        script: "import asyncio\ndata = await cluster_list_volumes()\nfull = [v for v in data['volumes'] if v['used_percent'] > 80]\nconfs = await asyncio.gather(*[get_volume_configuration(volume_uuid=v['uuid']) for v in full])\nreturn [{'name': c['name'], 'size': c['size'], 'state': c['state'], 'autosize': c['autosize']['mode'], 'snapshot_policy': c['snapshot_policy'], 'export_policy': c['export_policy']} for c in confs]",
    },
];

/// Task `i` call by call, as a model does it.
async fn by_calls(i: usize, s: &mut Session) {
    match i {
        0 => {
            let list = s
                .call("cluster_list_volumes", json!({"state": "online"}))
                .await;
            for v in volumes(&list).iter().filter(|v| used(v) > 85) {
                let size = v["size"].as_u64().unwrap() + (1 << 30);
                s.call(
                    "cluster_resize_volume",
                    json!({"volume_uuid": v["uuid"], "size": size}),
                )
                .await;
            }
        }
        1 => {
            let list = s.call("cluster_list_volumes", json!({})).await;
            for v in volumes(&list).iter().filter(|v| used(v) > 80) {
                s.call(
                    "set_volume_comment",
                    json!({"volume_uuid": v["uuid"], "comment": "over 80% full"}),
                )
                .await;
            }
        }
        2 => {
            let list = s.call("cluster_list_volumes", json!({})).await;
            let mut all = volumes(&list);
            all.sort_by_key(|v| std::cmp::Reverse(used(v)));
            for v in all.iter().take(3) {
                s.call("get_volume_space", json!({"volume_uuid": v["uuid"]}))
                    .await;
            }
        }
        3 => {
            let list = s
                .call("cluster_list_volumes", json!({"svm_name": "svm_eng"}))
                .await;
            for v in volumes(&list) {
                s.call(
                    "get_volume_configuration",
                    json!({"volume_uuid": v["uuid"]}),
                )
                .await;
            }
        }
        4 => {
            let alerts = s.call("get_active_alerts", json!({})).await;
            let list = s.call("cluster_list_volumes", json!({})).await;
            for alert in alerts.as_array().unwrap() {
                let target = alert["target"]
                    .as_str()
                    .unwrap()
                    .rsplit('/')
                    .next()
                    .unwrap();
                if let Some(v) = volumes(&list).iter().find(|v| v["name"] == target) {
                    s.call("get_volume_space", json!({"volume_uuid": v["uuid"]}))
                        .await;
                }
            }
        }
        5 => {
            let list = s
                .call("cluster_list_volumes", json!({"svm_name": "svm_hr"}))
                .await;
            for v in volumes(&list) {
                s.call(
                    "set_volume_comment",
                    json!({"volume_uuid": v["uuid"], "comment": "HR, reviewed"}),
                )
                .await;
            }
        }
        6 => {
            let list = s
                .call("cluster_list_volumes", json!({"state": "online"}))
                .await;
            for v in volumes(&list).iter().filter(|v| used(v) > 90) {
                let max = v["size"].as_u64().unwrap() * 2;
                s.call(
                    "cluster_enable_volume_autosize",
                    json!({"volume_uuid": v["uuid"], "mode": "grow", "maximum_size": max}),
                )
                .await;
            }
        }
        7 => {
            let rels = s.call("list_snapmirror_relationships", json!({})).await;
            for r in rels.as_array().unwrap() {
                s.call(
                    "get_snapmirror_state",
                    json!({"destination_path": r["destination_path"]}),
                )
                .await;
            }
        }
        8 => {
            s.call("list_aggregates", json!({})).await;
            s.call("cluster_list_volumes", json!({})).await;
        }
        9 => {
            let list = s
                .call("cluster_list_volumes", json!({"svm_name": "svm_finance"}))
                .await;
            for v in volumes(&list) {
                s.call("list_snapshots", json!({"volume_name": v["name"]}))
                    .await;
            }
        }
        10 => {
            let list = s.call("cluster_list_volumes", json!({})).await;
            for v in volumes(&list).iter().filter(|v| used(v) > 80) {
                s.call(
                    "get_volume_configuration",
                    json!({"volume_uuid": v["uuid"]}),
                )
                .await;
            }
        }
        _ => unreachable!(),
    }
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    println!("| task | turns (a) | read (a) | turns (b) | read (b) | script | (b)/(a) |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let (mut sum_a, mut sum_b, mut sum_script, mut turns_a) = (0, 0, 0, 0);
    for (i, task) in TASKS.iter().enumerate() {
        let mut a = Session::new().await;
        by_calls(i, &mut a).await;
        let mut b = Session::new().await;
        let answer = b.call("execute", json!({ "code": task.script })).await;
        assert_eq!(
            a.state().await,
            b.state().await,
            "task {}: the end states differ",
            i + 1
        );
        let script = tokens(task.script);
        println!(
            "| {}. {} | {} | {} | {} | {} | {} | {:.3} |",
            i + 1,
            task.ask,
            a.turns,
            a.read,
            b.turns,
            b.read,
            script,
            b.read as f64 / a.read as f64
        );
        let _ = answer;
        sum_a += a.read;
        sum_b += b.read;
        sum_script += script;
        turns_a += a.turns;
    }
    println!(
        "| all {} | {turns_a} | {sum_a} | {} | {sum_b} | {sum_script} | {:.3} |",
        TASKS.len(),
        TASKS.len(),
        sum_b as f64 / sum_a as f64
    );
    println!(
        "\nread (b) / read (a), summed: {:.3}; with the scripts the model writes: {:.3}",
        sum_b as f64 / sum_a as f64,
        (sum_b + sum_script) as f64 / sum_a as f64
    );

    // the server time of one execute of five calls, against five direct calls (in process)
    let s = Session::new().await;
    let uuids = [
        "c4c4df00-f088-4504-bc9f-074c621e3809",
        "b99fb345-e56e-4780-8053-f23071580417",
        "6d6f6583-40ff-432a-97bf-589ecbe29ec9",
        "2d50027a-98cb-41cc-be96-b0e70624620e",
        "09a2e00b-6fd8-4bc2-b388-cb819c642a75",
    ];
    // FastMCP's spelling (`call_tool`), so that the same script runs on both
    let mut script = String::new();
    for (name, uuid) in ["a", "b", "c", "d", "e"].iter().zip(uuids) {
        script.push_str(&format!(
            "{name} = await call_tool('get_volume_configuration', {{'volume_uuid': '{uuid}'}})\n"
        ));
    }
    script.push_str("return [x['size'] for x in [a, b, c, d, e]]");
    let request = CallToolRequestParams::new("execute")
        .with_arguments(json!({ "code": script }).as_object().unwrap().clone());
    let first = s.client.call_tool(request).await.unwrap();
    let text = first.content[0].as_text().unwrap().text.clone();
    let value = &first.structured_content.as_ref().unwrap()["result"];
    let as_json = serde_json::to_string(value).unwrap();
    println!(
        "\nthe five-call script's answer: {} tokens ({text:?}); as compact JSON, as FastMCP answers it: {} tokens",
        tokens(&text),
        tokens(&as_json)
    );
    let runs = 300;
    let (mut execute, mut direct) = (Vec::new(), Vec::new());
    for _ in 0..runs {
        let started = Instant::now();
        let request = CallToolRequestParams::new("execute")
            .with_arguments(json!({ "code": script }).as_object().unwrap().clone());
        let result = s.client.call_tool(request).await.unwrap();
        assert_ne!(result.is_error, Some(true));
        execute.push(started.elapsed().as_secs_f64() * 1e3);
        let started = Instant::now();
        for uuid in uuids {
            let request = CallToolRequestParams::new("get_volume_configuration")
                .with_arguments(json!({ "volume_uuid": uuid }).as_object().unwrap().clone());
            s.client.call_tool(request).await.unwrap();
        }
        direct.push(started.elapsed().as_secs_f64() * 1e3);
    }
    let (execute, direct) = (median(execute), median(direct));
    println!(
        "\none execute of a five-call script: {execute:.3} ms at the median of {runs}; five direct calls: {direct:.3} ms ({:.2}x)",
        execute / direct
    );
}
