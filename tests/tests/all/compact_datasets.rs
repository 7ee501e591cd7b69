//! Realistic list payloads of the kinds MCP servers return, in the compact layout, for the
//! token comparison with TOON (`compact_tokens.rs`, and `--bin compact_tokens` of the bench,
//! which includes this file). Values are deterministic, varied as real ones are.

use serde::Serialize;
use toolshape::ToolText;

/// One dataset: its name, its compact text, and its records as JSON (what TOON encodes).
pub struct Dataset {
    pub name: &'static str,
    pub compact: String,
    pub json: serde_json::Value,
}

fn dataset<T: Serialize>(name: &'static str, records: &[T]) -> Dataset
where
    [T]: ToolText,
{
    Dataset {
        name,
        compact: toolshape::formats::text::render(records),
        json: serde_json::to_value(records).expect("serialisable"),
    }
}

const WORDS: [&str; 12] = [
    "checkout",
    "search",
    "billing",
    "auth",
    "inventory",
    "payments",
    "gateway",
    "reports",
    "catalog",
    "shipping",
    "profile",
    "notifications",
];

#[derive(Serialize, ToolText)]
#[text(noun = "volume", layout = "compact")]
pub struct Volume {
    pub uuid: String,
    pub name: String,
    pub svm: String,
    pub state: String,
    pub size_bytes: u64,
    pub used_bytes: u64,
    pub encrypted: bool,
    pub snapshot_policy: Option<String>,
    pub qos: Qos,
}

#[derive(Serialize, ToolText)]
pub struct Qos {
    pub policy: String,
    pub max_iops: Option<u32>,
}

fn volumes() -> Vec<Volume> {
    (0..30u64)
        .map(|i| Volume {
            uuid: format!(
                "{:08x}-6f1e-11ee-8c99-{:012x}",
                0xb6f2_c1a4_u64 + i * 7919,
                0x0242_ac12_0002 + i
            ),
            name: format!("vol_{}_{:02}", WORDS[(i % 12) as usize], i),
            svm: format!("svm{}", i % 4),
            state: if i % 9 == 4 { "offline" } else { "online" }.into(),
            size_bytes: (50 + (i * 37) % 950) << 30,
            used_bytes: ((50 + (i * 37) % 950) << 30) / 100 * (20 + (i * 13) % 75),
            encrypted: i % 3 != 0,
            snapshot_policy: (i % 5 != 0)
                .then(|| if i % 2 == 0 { "default" } else { "hourly-7d" }.into()),
            qos: Qos {
                policy: ["extreme", "performance", "value"][(i % 3) as usize].into(),
                max_iops: (i % 3 != 2).then_some(1000 * (1 + (i % 7) as u32)),
            },
        })
        .collect()
}

#[derive(Serialize, ToolText)]
#[text(noun = "issue", layout = "compact")]
pub struct Issue {
    pub number: u32,
    pub title: String,
    pub state: IssueState,
    pub author: String,
    pub labels: Vec<String>,
    pub comments: u32,
    pub created_at: String,
}

#[derive(Serialize, ToolText)]
#[serde(rename_all = "lowercase")]
pub enum IssueState {
    Open,
    Closed,
}

fn issues() -> Vec<Issue> {
    const TITLES: [&str; 6] = [
        "Crash when the config file is empty",
        "Add retry with backoff to the HTTP client",
        "Docs: the quickstart misses a step",
        "Memory grows without bound under load",
        "Support for Windows paths",
        "Flaky test: transport_http::reconnects",
    ];
    const LABELS: [&str; 7] = [
        "bug",
        "enhancement",
        "docs",
        "good first issue",
        "perf",
        "windows",
        "ci",
    ];
    const USERS: [&str; 5] = ["octocat", "mona", "hubot", "lena-k", "t.oshiro"];
    (0..25u32)
        .map(|i| Issue {
            number: 1200 + i * 3,
            title: format!(
                "{} ({})",
                TITLES[(i % 6) as usize],
                WORDS[(i % 12) as usize]
            ),
            state: if i % 4 == 0 {
                IssueState::Closed
            } else {
                IssueState::Open
            },
            author: USERS[(i % 5) as usize].into(),
            labels: (0..(i % 3))
                .map(|k| LABELS[((i + k * 3) % 7) as usize].into())
                .collect(),
            comments: (i * 7) % 23,
            created_at: format!(
                "2026-{:02}-{:02}T{:02}:{:02}:00Z",
                1 + i % 11,
                1 + i % 27,
                i % 24,
                (i * 7) % 60
            ),
        })
        .collect()
}

#[derive(Serialize, ToolText)]
#[text(noun = "pod", layout = "compact")]
pub struct Pod {
    pub name: String,
    pub namespace: String,
    pub phase: String,
    pub node: String,
    pub ip: Option<String>,
    pub containers: Vec<Container>,
}

#[derive(Serialize, ToolText)]
pub struct Container {
    pub name: String,
    pub image: String,
    pub ready: bool,
    pub restarts: u32,
}

fn pods() -> Vec<Pod> {
    (0..20u32)
        .map(|i| {
            let app = WORDS[(i % 12) as usize];
            let mut containers = vec![Container {
                name: app.into(),
                image: format!("registry.example.com/{app}:1.{}.{}", 4 + i % 3, i % 10),
                ready: i % 7 != 3,
                restarts: (i * 5) % 4,
            }];
            if i % 2 == 0 {
                containers.push(Container {
                    name: "envoy".into(),
                    image: "envoyproxy/envoy:v1.29.1".into(),
                    ready: true,
                    restarts: 0,
                });
            }
            Pod {
                name: format!("{app}-7d4b9c{:x}-{:05x}", i % 16, 0x1f3a2 + i * 977),
                namespace: ["prod", "staging"][(i % 2) as usize].into(),
                phase: if i % 7 == 3 { "Pending" } else { "Running" }.into(),
                node: format!("ip-10-0-{}-{}.ec2.internal", i % 4, 10 + i * 3),
                ip: (i % 7 != 3).then(|| format!("10.244.{}.{}", i % 4, 2 + i * 5)),
                containers,
            }
        })
        .collect()
}

#[derive(Serialize, ToolText)]
#[text(noun = "log line", layout = "compact")]
pub struct LogLine {
    pub ts: String,
    pub level: String,
    pub service: String,
    pub message: String,
    pub trace_id: Option<String>,
}

fn logs() -> Vec<LogLine> {
    const MESSAGES: [&str; 6] = [
        "request completed in 182 ms",
        "upstream connect error, retrying (attempt 2 of 3)",
        "cache miss for key user:4411:profile",
        "payment declined: insufficient funds",
        "GET /api/v1/orders?page=2 200",
        "worker pool saturated; queue depth 128",
    ];
    (0..40u32)
        .map(|i| LogLine {
            ts: format!(
                "2026-11-22T10:{:02}:{:02}.{:03}Z",
                i / 4,
                (i * 13) % 60,
                (i * 137) % 1000
            ),
            level: ["INFO", "INFO", "WARN", "ERROR", "DEBUG"][(i % 5) as usize].into(),
            service: WORDS[(i % 12) as usize].into(),
            message: MESSAGES[(i % 6) as usize].into(),
            trace_id: (i % 3 != 0).then(|| {
                format!(
                    "{:016x}",
                    0x9f3c_2a1b_7e4d_0000_u64 + u64::from(i) * 0x1_0001
                )
            }),
        })
        .collect()
}

#[derive(Serialize, ToolText)]
#[text(noun = "order", layout = "compact")]
pub struct Order {
    pub id: String,
    pub customer: Customer,
    pub status: String,
    pub total: f64,
    pub currency: String,
    pub items: Vec<LineItem>,
}

#[derive(Serialize, ToolText)]
pub struct Customer {
    pub id: u32,
    pub email: String,
}

#[derive(Serialize, ToolText)]
pub struct LineItem {
    pub sku: String,
    pub qty: u32,
    pub price: f64,
}

fn orders() -> Vec<Order> {
    (0..20u32)
        .map(|i| {
            let items: Vec<LineItem> = (0..(1 + i % 3))
                .map(|k| LineItem {
                    sku: format!("SKU-{:04}", 1000 + (i * 17 + k * 31) % 500),
                    qty: 1 + (i + k) % 4,
                    price: f64::from(499 + (i * 311 + k * 97) % 9000) / 100.0,
                })
                .collect();
            let total = items
                .iter()
                .map(|item| f64::from(item.qty) * item.price)
                .sum::<f64>();
            Order {
                id: format!("ORD-2026-{:05}", 48_000 + i * 7),
                customer: Customer {
                    id: 7000 + i * 13,
                    email: format!("customer{}@example.com", 7000 + i * 13),
                },
                status: ["paid", "shipped", "delivered", "refunded"][(i % 4) as usize].into(),
                total: (total * 100.0).round() / 100.0,
                currency: if i % 5 == 0 { "USD" } else { "EUR" }.into(),
                items,
            }
        })
        .collect()
}

#[derive(Serialize, ToolText)]
#[text(noun = "metric", layout = "compact")]
pub struct Metric {
    pub timestamp: i64,
    pub host: String,
    pub cpu: f64,
    pub memory_mb: u32,
    pub disk_read_kbps: f64,
    pub requests: u32,
    pub errors: u32,
}

fn metrics() -> Vec<Metric> {
    (0..48u32)
        .map(|i| Metric {
            timestamp: 1_763_800_000 + i64::from(i) * 300,
            host: format!("web-{:02}", i % 4),
            cpu: f64::from((i * 37) % 1000) / 10.0,
            memory_mb: 2048 + (i * 131) % 4096,
            disk_read_kbps: f64::from((i * 7919) % 100_000) / 100.0,
            requests: 1000 + (i * 97) % 5000,
            errors: (i * 3) % 11,
        })
        .collect()
}

#[derive(Serialize, ToolText)]
#[text(noun = "search hit", layout = "compact")]
pub struct Hit {
    pub id: String,
    pub title: String,
    pub url: String,
    pub score: f64,
    pub author: Author,
    pub snippet: String,
}

#[derive(Serialize, ToolText)]
pub struct Author {
    pub name: String,
    pub handle: String,
    pub verified: bool,
}

fn hits() -> Vec<Hit> {
    const NAMES: [&str; 5] = [
        "Ada Lovelace",
        "Grace Hopper",
        "Linus Torvalds",
        "Margaret Hamilton",
        "Ken Thompson",
    ];
    (0..20u32)
        .map(|i| Hit {
            id: format!("doc-{:06}", 310_000 + i * 4243),
            title: format!(
                "How {} scales under load: part {}",
                WORDS[(i % 12) as usize],
                1 + i % 4
            ),
            url: format!(
                "https://blog.example.com/posts/{}-{}",
                WORDS[(i % 12) as usize],
                100 + i
            ),
            score: f64::from(9800 - i * 211) / 1000.0,
            author: Author {
                name: NAMES[(i % 5) as usize].into(),
                handle: format!(
                    "@{}",
                    NAMES[(i % 5) as usize]
                        .split(' ')
                        .next()
                        .unwrap_or("")
                        .to_lowercase()
                ),
                verified: i % 3 == 0,
            },
            snippet: format!(
                "…we measured {} requests per second before the {} cache warmed up…",
                1000 + i * 250,
                WORDS[((i + 3) % 12) as usize]
            ),
        })
        .collect()
}

/// Semi-uniform: optional fields absent from many records (serde leaves them out).
#[derive(Serialize, ToolText)]
#[text(noun = "contact", layout = "compact")]
pub struct Contact {
    pub id: u32,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub company: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
}

fn contacts() -> Vec<Contact> {
    const NAMES: [&str; 8] = [
        "Alice Johnson",
        "Bob Smith",
        "Carla Rossi",
        "Dmitri Ivanov",
        "Emeka Okafor",
        "Fatima Haddad",
        "Göran Lindqvist",
        "Hana Sato",
    ];
    (0..30u32)
        .map(|i| Contact {
            id: 500 + i,
            name: NAMES[(i % 8) as usize].into(),
            email: (i % 4 != 1).then(|| {
                format!(
                    "{}@example.org",
                    NAMES[(i % 8) as usize]
                        .split(' ')
                        .next()
                        .unwrap_or("")
                        .to_lowercase()
                )
            }),
            phone: (i % 3 == 0).then(|| format!("+1 555 {:04}", 1000 + i * 37)),
            company: (i % 2 == 0).then(|| ["Acme", "Globex", "Initech"][(i % 3) as usize].into()),
            title: (i % 5 == 2).then(|| "Head of Engineering".into()),
            tags: if i % 4 == 0 {
                vec!["vip".into(), "newsletter".into()]
            } else {
                vec![]
            },
        })
        .collect()
}

// One record, not a list: a storage cluster's configuration as a `get_cluster` tool returns
// it (after ONTAP's `/api/cluster`): nested records two levels deep, lists of scalars, two
// lists of records (one with a nested record), missing values. One record is a block of
// `Label: value` lines, whatever the list layouts.

#[derive(Serialize, ToolText)]
pub struct ClusterConfig {
    pub name: String,
    pub uuid: String,
    pub location: Option<String>,
    pub contact: Option<String>,
    pub version: Version,
    pub dns_domains: Vec<String>,
    pub name_servers: Vec<String>,
    pub ntp_servers: Vec<String>,
    pub management_interfaces: Vec<Interface>,
    pub nodes: Vec<ClusterNode>,
    pub metric: ClusterMetric,
    pub timezone: Timezone,
    pub certificate: CertificateRef,
    pub san_optimized: bool,
    pub auto_enable_analytics: bool,
    pub peering_policy: PeeringPolicy,
}

#[derive(Serialize, ToolText)]
pub struct Version {
    pub full: String,
    pub generation: u32,
    pub major: u32,
    pub minor: u32,
}

#[derive(Serialize, ToolText)]
pub struct Interface {
    pub name: String,
    pub uuid: String,
    pub ip: IpInfo,
}

#[derive(Serialize, ToolText)]
pub struct IpInfo {
    pub address: String,
}

#[derive(Serialize, ToolText)]
pub struct ClusterNode {
    pub name: String,
    pub model: String,
    pub serial_number: String,
    pub state: String,
    pub uptime: u64,
    pub ha_partner: Option<String>,
}

#[derive(Serialize, ToolText)]
pub struct ClusterMetric {
    pub timestamp: String,
    pub duration: String,
    pub status: String,
    pub latency: ReadWrite,
    pub iops: ReadWrite,
    pub throughput: ReadWrite,
}

#[derive(Serialize, ToolText)]
pub struct ReadWrite {
    pub other: u64,
    pub total: u64,
    pub read: u64,
    pub write: u64,
}

#[derive(Serialize, ToolText)]
pub struct Timezone {
    pub name: String,
}

#[derive(Serialize, ToolText)]
pub struct CertificateRef {
    pub uuid: String,
}

#[derive(Serialize, ToolText)]
pub struct PeeringPolicy {
    pub authentication_required: bool,
    pub encryption_required: bool,
    pub minimum_passphrase_length: u32,
}

fn cluster_config() -> ClusterConfig {
    let rw = |a: u64| ReadWrite {
        other: a * 3 + 1,
        total: a * 17 + 5,
        read: a * 11,
        write: a * 5 + 2,
    };
    let node = |i: u64, partner: u64| ClusterNode {
        name: format!("cluster1-0{i}"),
        model: if i <= 2 { "AFF-A400" } else { "FAS8300" }.into(),
        serial_number: format!("7219470000{}{i}", 40 + i * 7),
        state: if i == 4 { "degraded" } else { "up" }.into(),
        uptime: 3_456_000 + i * 86_713,
        ha_partner: (i != 4).then(|| format!("cluster1-0{partner}")),
    };
    ClusterConfig {
        name: "cluster1".into(),
        uuid: "1cd8a442-86d1-11e0-ae1c-123478563412".into(),
        location: Some("Building 2, rack 14, Sunnyvale".into()),
        contact: None,
        version: Version {
            full: "NetApp Release 9.14.1P3: Thu Feb 15 03:10:22 UTC 2024".into(),
            generation: 9,
            major: 14,
            minor: 1,
        },
        dns_domains: vec!["example.com".into(), "lab.example.com".into()],
        name_servers: vec!["10.224.65.20".into(), "10.224.65.21".into()],
        ntp_servers: vec!["time.nist.gov".into(), "10.98.19.20".into()],
        management_interfaces: (0..3)
            .map(|i| Interface {
                name: if i == 0 {
                    "cluster_mgmt".to_owned()
                } else {
                    format!("cluster1-0{i}_mgmt1")
                },
                uuid: format!("75c9cfb0-3eb4-11eb-9fb4-005056bb088{i}"),
                ip: IpInfo {
                    address: format!("10.224.66.{}", 11 + i),
                },
            })
            .collect(),
        nodes: vec![node(1, 2), node(2, 1), node(3, 4), node(4, 3)],
        metric: ClusterMetric {
            timestamp: "2024-04-09T15:55:05Z".into(),
            duration: "PT15S".into(),
            status: "ok".into(),
            latency: rw(12),
            iops: rw(2301),
            throughput: rw(98_345),
        },
        timezone: Timezone {
            name: "America/Los_Angeles".into(),
        },
        certificate: CertificateRef {
            uuid: "c2f3e3a4-86d1-11e0-ae1c-123478563412".into(),
        },
        san_optimized: false,
        auto_enable_analytics: true,
        peering_policy: PeeringPolicy {
            authentication_required: true,
            encryption_required: false,
            minimum_passphrase_length: 8,
        },
    }
}

/// Every dataset.
pub fn datasets() -> Vec<Dataset> {
    vec![
        dataset("storage volumes", &volumes()),
        dataset("issues with labels", &issues()),
        dataset("pods with containers", &pods()),
        dataset("log lines", &logs()),
        dataset("orders with line items", &orders()),
        dataset("metrics rows", &metrics()),
        dataset("search hits with authors", &hits()),
        dataset("semi-uniform contacts", &contacts()),
        record("one cluster's configuration", &cluster_config()),
    ]
}

/// One record: its text is its block (`render` of the record), TOON encodes the object.
fn record<T: Serialize + ToolText>(name: &'static str, record: &T) -> Dataset {
    Dataset {
        name,
        compact: toolshape::formats::text::render(record),
        json: serde_json::to_value(record).expect("serialisable"),
    }
}

/// TOON's encodings of `values`, by its official encoder (`tests/toon`, run with node).
pub fn toon(values: &[serde_json::Value]) -> Vec<String> {
    use std::io::Write as _;
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/toon");
    let dir = std::path::Path::new(dir);
    toolshape_test_support::prereq::npm_ci(dir);
    let mut child = std::process::Command::new("node")
        .arg("encode.mjs")
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("node runs TOON's encoder");
    let input = serde_json::to_vec(values).expect("JSON");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(&input)
        .expect("written");
    let output = child.wait_with_output().expect("node finishes");
    assert!(output.status.success(), "TOON's encoder failed");
    serde_json::from_slice(&output.stdout).expect("a JSON array of strings")
}
