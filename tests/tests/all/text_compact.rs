//! `#[text(layout = "compact")]`: the shapes (golden), and that no value is lost — every
//! list's text is read back by `compact_reader` into the JSON value serde makes of the same
//! records, over generated values of types that hold every shape the derive accepts.

use proptest::prelude::*;
use serde::Serialize;
use toolshape::ToolText;
use toolshape::formats::text::{Detail, render, render_with};

use crate::compact_reader::{read, same, without_missing};

#[derive(Debug, Clone, Serialize, ToolText)]
#[text(noun = "pod", layout = "compact")]
struct Pod {
    name: String,
    status: Phase,
    node: Node,
    labels: Vec<String>,
    containers: Vec<Container>,
    #[text(detailed)]
    uid: String,
}

#[derive(Debug, Clone, Serialize, ToolText)]
struct Node {
    name: String,
    zone: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToolText)]
struct Container {
    name: String,
    image: String,
    ready: bool,
    restarts: u32,
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[serde(rename_all = "lowercase")]
enum Phase {
    Running,
    #[text(label = "Waiting")]
    Pending,
}

fn pods() -> Vec<Pod> {
    let container = |name: &str, image: &str, restarts| Container {
        name: name.into(),
        image: image.into(),
        ready: restarts < 3,
        restarts,
    };
    vec![
        Pod {
            name: "web-1".into(),
            status: Phase::Running,
            node: Node {
                name: "n1".into(),
                zone: Some("eu-1a".into()),
            },
            labels: vec!["app:web".into(), "tier:fe".into()],
            containers: vec![
                container("nginx", "nginx:1.25", 0),
                container("envoy", "envoy:1.29", 2),
            ],
            uid: "5f0c".into(),
        },
        Pod {
            name: "web-2, canary".into(),
            status: Phase::Pending,
            node: Node {
                name: "n2".into(),
                zone: None,
            },
            labels: vec![],
            containers: vec![container("nginx", "nginx:1.25", 7)],
            uid: "9a7e".into(),
        },
    ]
}

#[test]
fn nested_records_lists_and_enums_in_one_line_each() {
    let detailed = "Found 2 pods:\n\
        name,status,node{name,zone},labels[],containers[]{name,image,ready,restarts},uid\n\
        web-1,running,n1,eu-1a,app:web;tier:fe,[nginx,nginx:1.25,true,0;envoy,envoy:1.29,true,2],5f0c\n\
        \"web-2, canary\",pending,n2,,[],[nginx,nginx:1.25,false,7],9a7e";
    assert_eq!(render(&pods()), detailed);
    let concise = "Found 2 pods:\n\
        name,status,node{name,zone},labels[],containers[]{name,image,ready,restarts}\n\
        web-1,running,n1,eu-1a,app:web;tier:fe,[nginx,nginx:1.25,true,0;envoy,envoy:1.29,true,2]\n\
        \"web-2, canary\",pending,n2,,[],[nginx,nginx:1.25,false,7]";
    assert_eq!(render_with(&pods(), Detail::Concise), concise);
    // One record keeps its block of `Label: value` lines.
    assert!(render(&pods()[0]).starts_with("```\nName: web-1\nStatus: Running\nNode:\n"));
    assert_eq!(render(&Vec::<Pod>::new()), "No pods found.");
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[text(noun = "contact", layout = "compact")]
struct Contact {
    id: u64,
    name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fax: Option<String>,
    #[text(bytes)]
    quota: u64,
}

#[test]
fn missing_values_are_empty_cells_at_the_end_of_a_row_too_and_empty_columns_left_out() {
    let contacts = vec![
        Contact {
            id: 1,
            name: "Ann".into(),
            email: Some("a@x.io".into()),
            phone: None,
            fax: None,
            quota: 1_610_612_736,
        },
        Contact {
            id: 9_007_199_254_740_993,
            name: "42".into(),
            email: None,
            phone: Some("+1555".into()),
            fax: None,
            quota: 0,
        },
    ];
    // `fax` is missing everywhere; `bytes` is a display format of the blocks layout, the
    // compact layout writes the number as the data holds it.
    assert_eq!(
        render(&contacts),
        "Found 2 contacts:\nid,name,email,phone,quota\n\
         1,Ann,a@x.io,,1610612736\n9007199254740993,\"42\",,+1555,0"
    );
    check(&contacts);
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[text(noun = "reading", layout = "compact")]
enum Reading {
    Count { sensor: String, value: u32 },
    Label { sensor: String, value: String },
    Ratio { value: f64, note: Option<String> },
}

#[test]
fn two_variants_fields_of_one_name_and_different_types_share_one_column() {
    let readings = vec![
        Reading::Count {
            sensor: "door".into(),
            value: 3,
        },
        Reading::Label {
            sensor: "door".into(),
            value: "12".into(),
        },
        Reading::Ratio {
            value: 0.5,
            note: None,
        },
    ];
    assert_eq!(
        render(&readings),
        "Found 3 readings:\nkind,sensor,value\ncount,door,3\nlabel,door,\"12\"\nratio,,0.5"
    );
    check(&readings);
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[text(noun = "setting", layout = "compact")]
struct Setting {
    key: String,
    value: String,
}

#[test]
fn a_string_holding_json_is_quoted_with_or_without_a_comma() {
    let settings = vec![
        Setting {
            key: "one".into(),
            value: r#"{"a":1}"#.into(),
        },
        Setting {
            key: "two".into(),
            value: r#"{"a":1,"b":2}"#.into(),
        },
        Setting {
            key: "log".into(),
            value: "[INFO] up".into(),
        },
    ];
    assert_eq!(
        render(&settings),
        "Found 3 settings:\nkey,value\none,\"{\\\"a\\\":1}\"\n\
         two,\"{\\\"a\\\":1,\\\"b\\\":2}\"\nlog,[INFO] up"
    );
    check(&settings);
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[text(noun = "event", layout = "compact")]
enum Event {
    PageView { path: String, ms: u32 },
    Click { path: String, x: i32, y: i32 },
    Logout,
}

#[test]
fn an_enum_with_fields_is_its_tag_and_the_union_of_its_fields() {
    let events = vec![
        Event::PageView {
            path: "/".into(),
            ms: 120,
        },
        Event::Click {
            path: "/buy".into(),
            x: -3,
            y: 40,
        },
        Event::Logout,
    ];
    assert_eq!(
        render(&events),
        "Found 3 events:\nkind,path,ms,x,y\npage_view,/,120,,\nclick,/buy,,-3,40\nlogout,,,,"
    );
    check(&events);
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[text(noun = "login", layout = "compact")]
struct Login {
    user: String,
    #[text(timestamp)]
    at: i64,
    #[text(timestamp = "%Y-%m-%d")]
    expires: Option<u64>,
    #[text(timestamp)]
    seen: Vec<i64>,
}

#[test]
fn a_timestamp_reads_the_same_in_every_layout_and_back_as_its_seconds() {
    let logins = vec![
        Login {
            user: "ann".into(),
            at: 1_714_564_800,
            expires: Some(1_717_200_000),
            seen: vec![1_714_564_800, 1_714_568_400],
        },
        Login {
            user: "bob".into(),
            // past the years an RFC 3339 instant writes: the number as the data holds it
            at: -70_000_000_000,
            expires: None,
            seen: vec![],
        },
    ];
    assert_eq!(
        render(&logins),
        "Found 2 logins:\nuser,at(utc),expires(utc),seen(utc)[]\n\
         ann,2024-05-01T12:00:00Z,2024-06-01T00:00:00Z,2024-05-01T12:00:00Z;2024-05-01T13:00:00Z\n\
         bob,-70000000000,,[]"
    );
    // the blocks layout writes the instant of the default format alike
    assert!(render(&logins[0]).contains(
        "At: 2024-05-01T12:00:00Z
"
    ));
    check(&logins);
}

/// Reads `records`' text back and compares it with serde's JSON of them.
fn check<T: Serialize>(records: &[T])
where
    [T]: ToolText,
{
    let text = render(records);
    let data = serde_json::to_value(records).unwrap();
    let read_back = read(&text);
    let (read_back, data) = (without_missing(&read_back), without_missing(&data));
    assert!(
        same(read_back.as_ref().unwrap(), data.as_ref().unwrap()),
        "text:\n{text}\nread: {read_back:?}\ndata: {data:?}"
    );
}

#[test]
fn golden_pods_read_back() {
    check(&pods());
}

// Generated values of types holding every shape: scalars of each kind, options, nested
// records, lists of scalars and of records (nested twice), unit enums, enums with fields.

#[derive(Debug, Clone, Serialize, ToolText)]
#[text(layout = "compact")]
struct Item {
    id: u64,
    delta: i64,
    // Within JSON's reach: serde_json's `Value` holds integers up to `u64::MAX`.
    big: u128,
    ratio: f64,
    small: f32,
    ok: bool,
    letter: char,
    name: String,
    note: Option<String>,
    count: Option<i32>,
    tags: Vec<String>,
    scores: Vec<Option<f64>>,
    owner: Owner,
    backup: Option<Owner>,
    parts: Vec<Part>,
    level: Level,
    shape: Option<Shape>,
    #[text(detailed)]
    history: Vec<Shape>,
    #[text(timestamp)]
    created: i64,
    #[text(timestamp = "%Y-%m-%d")]
    due: Option<f64>,
    #[text(timestamp)]
    pings: Vec<u64>,
}

#[derive(Debug, Clone, Serialize, ToolText)]
struct Owner {
    login: String,
    teams: Vec<String>,
    #[text(timestamp)]
    since: Option<u32>,
}

#[derive(Debug, Clone, Serialize, ToolText)]
struct Part {
    sku: String,
    qty: u32,
    notes: Vec<String>,
    maker: Owner,
    sub: Vec<Sub>,
}

#[derive(Debug, Clone, Serialize, ToolText)]
struct Sub {
    label: Option<String>,
    on: bool,
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum Level {
    Low,
    VeryHigh,
}

#[derive(Debug, Clone, Serialize, ToolText)]
#[serde(tag = "type")]
enum Shape {
    Circle {
        r: f64,
    },
    Rect {
        w: u32,
        h: u32,
        name: Option<String>,
    },
    Dot,
    // one key, one type, a timestamp in one variant only: two columns
    Mark {
        #[text(timestamp)]
        at: i64,
    },
    Tick {
        at: i64,
    },
}

/// Unix seconds: most within the years an instant writes, some anywhere.
fn seconds() -> impl Strategy<Value = i64> {
    prop_oneof![3 => -62_167_219_200..253_402_300_800i64, 1 => any::<i64>()]
}

/// Strings that read as something else when written bare, and arbitrary ones.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("42".to_owned()),
        Just("-1.5e3".to_owned()),
        Just("true".to_owned()),
        Just("null".to_owned()),
        Just("[]".to_owned()),
        Just("[x;y]".to_owned()),
        Just(" padded ".to_owned()),
        Just("\"quoted\"".to_owned()),
        Just("a,b;c]d".to_owned()),
        Just("```".to_owned()),
        Just(r#"{"a":1}"#.to_owned()),
        Just(r#"{"a":1,"b":[2,3]}"#.to_owned()),
        Just("[1]".to_owned()),
        "[a-z:/. -]{0,12}",
        any::<String>(),
    ]
}

fn float() -> impl Strategy<Value = f64> {
    prop_oneof![
        any::<f64>().prop_filter("finite", |f| f.is_finite()),
        Just(250.0),
        Just(0.1)
    ]
}

fn owner() -> impl Strategy<Value = Owner> {
    (
        text(),
        prop::collection::vec(text(), 0..3),
        prop::option::of(any::<u32>()),
    )
        .prop_map(|(login, teams, since)| Owner {
            login,
            teams,
            since,
        })
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        float().prop_map(|r| Shape::Circle { r }),
        (any::<u32>(), any::<u32>(), prop::option::of(text()))
            .prop_map(|(w, h, name)| Shape::Rect { w, h, name }),
        Just(Shape::Dot),
        seconds().prop_map(|at| Shape::Mark { at }),
        seconds().prop_map(|at| Shape::Tick { at }),
    ]
}

fn part() -> impl Strategy<Value = Part> {
    let sub = (prop::option::of(text()), any::<bool>()).prop_map(|(label, on)| Sub { label, on });
    (
        text(),
        any::<u32>(),
        prop::collection::vec(text(), 0..3),
        owner(),
        prop::collection::vec(sub, 0..3),
    )
        .prop_map(|(sku, qty, notes, maker, sub)| Part {
            sku,
            qty,
            notes,
            maker,
            sub,
        })
}

fn item() -> impl Strategy<Value = Item> {
    (
        (
            any::<u64>(),
            any::<i64>(),
            0..=u128::from(u64::MAX),
            float(),
            any::<f32>().prop_filter("finite", |f| f.is_finite()),
            any::<bool>(),
            any::<char>(),
        ),
        (
            text(),
            prop::option::of(text()),
            prop::option::of(any::<i32>()),
        ),
        (
            prop::collection::vec(text(), 0..4),
            prop::collection::vec(prop::option::of(float()), 0..3),
        ),
        (
            owner(),
            prop::option::of(owner()),
            prop::collection::vec(part(), 0..3),
        ),
        (
            prop_oneof![Just(Level::Low), Just(Level::VeryHigh)],
            prop::option::of(shape()),
            prop::collection::vec(shape(), 0..3),
        ),
        (
            seconds(),
            prop::option::of(prop_oneof![
                seconds().prop_map(|s| s as f64),
                Just(1_714_564_800.5),
                float()
            ]),
            prop::collection::vec(prop_oneof![0..253_402_300_800u64, any::<u64>()], 0..3),
        ),
    )
        .prop_map(
            |(
                (id, delta, big, ratio, small, ok, letter),
                (name, note, count),
                (tags, scores),
                (owner, backup, parts),
                (level, shape, history),
                (created, due, pings),
            )| Item {
                id,
                delta,
                big,
                ratio,
                small,
                ok,
                letter,
                name,
                note,
                count,
                tags,
                scores,
                owner,
                backup,
                parts,
                level,
                shape,
                history,
                created,
                due,
                pings,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_value_reads_back(items in prop::collection::vec(item(), 0..6)) {
        if items.is_empty() {
            prop_assert_eq!(render(&items), "No items found.");
        } else {
            check(&items);
        }
    }

    #[test]
    fn every_enum_value_reads_back(shapes in prop::collection::vec(shape(), 1..6)) {
        #[derive(Debug, Clone, Serialize, ToolText)]
        #[serde(tag = "type")]
        #[text(layout = "compact")]
        enum Listed {
            Circle { r: f64 },
            Rect { w: u32, h: u32, name: Option<String> },
            Dot,
            Mark { #[text(timestamp)] at: i64 },
            Tick { at: i64 },
        }
        let listed: Vec<Listed> = shapes.into_iter().map(|s| match s {
            Shape::Circle { r } => Listed::Circle { r },
            Shape::Rect { w, h, name } => Listed::Rect { w, h, name },
            Shape::Dot => Listed::Dot,
            Shape::Mark { at } => Listed::Mark { at },
            Shape::Tick { at } => Listed::Tick { at },
        }).collect();
        check(&listed);
    }
}
