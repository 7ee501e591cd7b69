//! Schemas every major host takes: each host's documented rules for a tool's schema, as a
//! checker, applied to every schema the examples list and to a tool of every form a Rust
//! author writes (optional members, defaults, enums, nested and recursive records, maps,
//! integers of every width, tagged enums, lists). The table in `docs/wire-format.md`
//! ("Schemas every host takes") says the same.
//!
//! - Claude (`input_schema`): a JSON Schema whose root is `"type": "object"`, with no
//!   `oneOf`, `allOf` or `anyOf` at the root.
//! - OpenAI function calling (`parameters`): the same root rules, and no `enum` or `not` at
//!   the root.
//! - OpenAI strict mode: the schema after the conversion a strict client applies (every
//!   property required, an optional one made nullable with `anyOf` and `null`,
//!   `additionalProperties: false` on every object, `default` dropped) uses only the keywords
//!   strict mode supports, and string formats from its list.
//! - Gemini function declarations, `parameters` (a subset of OpenAPI 3.0's schema): one
//!   `type` (no type arrays), no `$ref`/`$defs`/`$schema`/`const`/`oneOf`/`allOf`, `enum`
//!   of strings only, integer formats `int32`/`int64` only, string formats `enum` and
//!   `date-time` only; no `additionalProperties` (the API refuses it, client libraries drop
//!   it; `ToolSet::ignore_unknown_arguments` lists tools without it).
//! - Gemini `parametersJsonSchema` (JSON Schema): takes all of the above forms.
//!
//! Two keywords are left to hosts to drop ([`DROPPED`]): `x-mcp-header`, MCP's own keyword
//! for a parameter also sent as an HTTP header (only on tools that declare `header = …`),
//! and, for Gemini's `parameters`, `additionalProperties` (Google's client libraries remove
//! it before they send a declaration; `ToolSet::ignore_unknown_arguments` lists the root
//! without it).

use serde_json::{Map, Value, json};
use toolshape::{ToolSet, tool, tools};
use toolshape_examples as examples;

/// Keywords a host's client drops rather than refuses, by host.
const DROPPED: &[(&str, &str)] = &[
    ("OpenAI strict", "x-mcp-header"),
    ("Gemini", "x-mcp-header"),
    ("Gemini", "additionalProperties"),
];

fn dropped(host: &str, key: &str) -> bool {
    DROPPED.contains(&(host, key))
}

/// What a checker found: the path of each problem and what it is.
type Findings = Vec<String>;

fn root_rules(schema: &Value, also: &[&str], findings: &mut Findings) {
    if schema["type"] != json!("object") {
        findings.push("the root is not \"type\": \"object\"".into());
    }
    for key in ["oneOf", "allOf", "anyOf"].iter().chain(also) {
        if schema.get(*key).is_some() {
            findings.push(format!("`{key}` at the root"));
        }
    }
}

fn claude(schema: &Value) -> Findings {
    let mut findings = Vec::new();
    root_rules(schema, &[], &mut findings);
    findings
}

fn openai(schema: &Value) -> Findings {
    let mut findings = Vec::new();
    root_rules(schema, &["enum", "not"], &mut findings);
    findings
}

/// The keywords OpenAI's strict mode supports.
const STRICT_KEYWORDS: &[&str] = &[
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "anyOf",
    "description",
    "title",
    "$ref",
    "$defs",
    "pattern",
    "format",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minItems",
    "maxItems",
];
const STRICT_FORMATS: &[&str] = &[
    "date-time",
    "time",
    "date",
    "duration",
    "email",
    "hostname",
    "ipv4",
    "ipv6",
    "uuid",
];

/// The conversion a strict-mode client applies to a tool's schema.
fn strict_form(schema: &Value) -> Value {
    let mut schema = schema.clone();
    fn walk(value: &mut Value) {
        match value {
            Value::Object(object) => {
                object.remove("default");
                if object.get("type") == Some(&json!("object")) || object.contains_key("properties")
                {
                    let required: Vec<Value> = object
                        .get("required")
                        .and_then(Value::as_array)
                        .cloned()
                        .unwrap_or_default();
                    if let Some(Value::Object(properties)) = object.get_mut("properties") {
                        for (name, property) in properties.iter_mut() {
                            if !required.contains(&json!(name)) {
                                *property = json!({"anyOf": [property.clone(), {"type": "null"}]});
                            }
                        }
                        let names: Vec<Value> = properties.keys().map(|k| json!(k)).collect();
                        object.insert("required".into(), Value::Array(names));
                    }
                    object.insert("additionalProperties".into(), json!(false));
                }
                for (key, member) in object.iter_mut() {
                    if key == "properties" || key == "$defs" {
                        if let Value::Object(named) = member {
                            named.values_mut().for_each(walk);
                        }
                    } else if !matches!(key.as_str(), "enum" | "const") {
                        walk(member);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    walk(&mut schema);
    schema
}

fn openai_strict(schema: &Value) -> Findings {
    let mut findings = openai(schema);
    each_schema(&strict_form(schema), "", &mut |path, object| {
        for key in object.keys() {
            if !STRICT_KEYWORDS.contains(&key.as_str()) && !dropped("OpenAI strict", key) {
                findings.push(format!("{path}: `{key}` is not supported in strict mode"));
            }
        }
        if let Some(format) = object.get("format").and_then(Value::as_str)
            && !STRICT_FORMATS.contains(&format)
        {
            findings.push(format!("{path}: format `{format}`"));
        }
    });
    findings
}

/// The keywords of Gemini's `Schema` (a subset of OpenAPI 3.0's).
const GEMINI_KEYWORDS: &[&str] = &[
    "type",
    "format",
    "title",
    "description",
    "nullable",
    "enum",
    "items",
    "minItems",
    "maxItems",
    "properties",
    "required",
    "minProperties",
    "maxProperties",
    "minLength",
    "maxLength",
    "pattern",
    "example",
    "anyOf",
    "propertyOrdering",
    "default",
    "minimum",
    "maximum",
];

fn gemini(schema: &Value) -> Findings {
    let mut findings = Vec::new();
    each_schema(schema, "", &mut |path, object| {
        for key in object.keys() {
            if !GEMINI_KEYWORDS.contains(&key.as_str()) && !dropped("Gemini", key) {
                findings.push(format!("{path}: `{key}`"));
            }
        }
        let ty = object.get("type");
        if !matches!(ty, None | Some(Value::String(_))) || ty == Some(&json!("null")) {
            findings.push(format!("{path}: type {}", ty.unwrap()));
        }
        if let Some(Value::Array(values)) = object.get("enum")
            && !values.iter().all(Value::is_string)
        {
            findings.push(format!("{path}: an enum of other values than strings"));
        }
        let allowed: &[&str] = match ty.and_then(Value::as_str) {
            Some("integer") => &["int32", "int64"],
            Some("number") => &["float", "double"],
            Some("string") => &["enum", "date-time"],
            _ => &[],
        };
        if let Some(format) = object.get("format").and_then(Value::as_str)
            && !allowed.contains(&format)
        {
            findings.push(format!("{path}: format `{format}`"));
        }
    });
    findings
}

/// Calls `visit` with every schema object in `schema` and its path.
fn each_schema(schema: &Value, path: &str, visit: &mut dyn FnMut(&str, &Map<String, Value>)) {
    let Value::Object(object) = schema else {
        return;
    };
    visit(if path.is_empty() { "(root)" } else { path }, object);
    for (key, member) in object {
        match (key.as_str(), member) {
            ("properties" | "$defs", Value::Object(named)) => {
                for (name, sub) in named {
                    each_schema(sub, &format!("{path}.{name}"), visit);
                }
            }
            ("items" | "additionalProperties" | "not", sub @ Value::Object(_)) => {
                each_schema(sub, &format!("{path}.{key}"), visit);
            }
            ("anyOf" | "oneOf" | "allOf" | "prefixItems", Value::Array(options)) => {
                for (i, sub) in options.iter().enumerate() {
                    each_schema(sub, &format!("{path}.{key}[{i}]"), visit);
                }
            }
            _ => {}
        }
    }
}

/// The forms a Rust author writes, in one tool.
mod forms {
    use std::collections::BTreeMap;

    use schemars::JsonSchema;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
    #[serde(rename_all = "snake_case")]
    pub enum Order {
        Asc,
        Desc,
    }

    /// A node of a tree.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    pub struct Node {
        pub name: String,
        pub children: Vec<Node>,
    }

    /// What to change.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    #[serde(tag = "kind", rename_all = "snake_case")]
    pub enum Change {
        Rename { to: String },
        Resize { size_gb: u64 },
    }

    /// A filter with members of every kind.
    #[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
    pub struct Filter {
        pub owner: Option<String>,
        #[serde(default)]
        pub limit: u16,
        pub tiny: i8,
        pub big: i64,
        pub huge: u64,
        pub ratio: f32,
        pub labels: BTreeMap<String, String>,
        pub order: Option<Order>,
        pub when: Option<chrono_like::Day>,
    }

    pub mod chrono_like {
        /// A day, written `YYYY-MM-DD`.
        #[derive(Debug, Clone, serde::Serialize, serde::Deserialize, schemars::JsonSchema)]
        pub struct Day(pub String);
    }
}

/// Every form at once.
#[allow(clippy::too_many_arguments)] // one tool with every form a parameter takes
#[tool(format = "json")]
fn every_form(
    /// A count.
    count: u32,
    /// A page size.
    #[arg(rename = "pageSize", default = 10)]
    page_size: u32,
    /// An order.
    #[arg(default = forms::Order::Asc)]
    order: forms::Order,
    /// A filter.
    filter: Option<forms::Filter>,
    /// Several.
    filters: Vec<forms::Filter>,
    /// A tree.
    tree: Option<forms::Node>,
    /// A change.
    change: forms::Change,
    /// Words.
    #[arg(one_of("a", "b"))]
    word: Option<String>,
    /// A ratio.
    #[arg(range(min = 0, max = 1))]
    ratio: f64,
) -> Result<Vec<forms::Filter>, toolshape::ToolError> {
    let _ = (count, page_size, order, filter, tree, change, word, ratio);
    Ok(filters)
}

fn listed<S: Send + Sync + 'static>(tools: &ToolSet<S>) -> Vec<(String, Value, Option<Value>)> {
    tools
        .list()
        .into_iter()
        .map(|tool| {
            (
                tool.name.to_string(),
                Value::Object((*tool.input_schema).clone()),
                tool.output_schema.map(|s| Value::Object((*s).clone())),
            )
        })
        .collect()
}

fn every_listing() -> Vec<(String, Value, Option<Value>)> {
    let mut all = Vec::new();
    macro_rules! add {
        ($set:expr) => {{
            all.extend(listed(&$set));
        }};
    }
    add!(examples::quickstart::toolset());
    add!(examples::charts::toolset());
    add!(examples::models::toolset());
    add!(examples::users::toolset());
    add!(examples::ontap::toolset());
    add!(examples::conformance::toolset());
    add!(ToolSet::<()>::new(tools![every_form]).unwrap());
    all
}

#[test]
fn every_listed_schema_is_taken_by_every_host() {
    let mut findings = Vec::new();
    for (name, input, output) in every_listing() {
        // The conformance suite's fixture asks for a 2020-12 `$schema` and `$defs` of its
        // own (through `extend_schema`): the only schema written that way on purpose.
        if name == "json_schema_2020_12_tool" {
            continue;
        }
        for (host, check) in [
            ("Claude", claude as fn(&Value) -> Findings),
            ("OpenAI", openai),
            ("OpenAI strict", openai_strict),
        ] {
            for finding in check(&input) {
                findings.push(format!("{host}: {name} input {finding}"));
            }
        }
        for (side, schema) in [("input", Some(&input)), ("output", output.as_ref())] {
            let Some(schema) = schema else { continue };
            // What every host takes, in and out: types written where they are used, no
            // `$schema`, no integer formats.
            let text = schema.to_string();
            for form in [
                "\"$ref\"",
                "\"$schema\"",
                "\"uint32\"",
                "\"int64\"",
                "\"double\"",
            ] {
                if text.contains(form) && !(form == "\"$ref\"" && name == "every_form") {
                    findings.push(format!("every host: {name} {side} has {form}"));
                }
            }
        }
    }
    // Gemini's `parameters`.
    for (name, input, _) in every_listing() {
        if name == "json_schema_2020_12_tool" {
            continue;
        }
        for finding in gemini(&input) {
            // A type that contains itself cannot be written out: `$defs` and `$ref` stay
            // (docs/wire-format.md).
            if name == "every_form" && (finding.contains("`$ref`") || finding.contains("`$defs`")) {
                continue;
            }
            findings.push(format!("Gemini: {name} input {finding}"));
        }
    }
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

#[test]
fn the_checkers_catch_what_hosts_refuse() {
    let refused = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "anyOf": [{"type": "object"}],
        "type": "object",
        "properties": {"n": {"type": ["integer", "null"], "format": "uint32"}, "s": {"$ref": "#/$defs/S"}},
        "$defs": {"S": {"type": "string", "minLength": 1, "format": "color"}}
    });
    assert_eq!(claude(&refused), ["`anyOf` at the root"]);
    assert_eq!(openai(&refused), ["`anyOf` at the root"]);
    let strict = openai_strict(&refused);
    assert!(
        strict.contains(&"(root): `$schema` is not supported in strict mode".to_owned()),
        "{strict:?}"
    );
    assert!(
        strict.contains(&".S: `minLength` is not supported in strict mode".to_owned()),
        "{strict:?}"
    );
    assert!(
        strict.contains(&".S: format `color`".to_owned()),
        "{strict:?}"
    );
    let gemini = gemini(&refused);
    for expected in [
        "(root): `$schema`",
        "(root): `$defs`",
        ".n: type [\"integer\",\"null\"]",
        ".s: `$ref`",
    ] {
        assert!(
            gemini.contains(&expected.to_owned()),
            "{expected}: {gemini:?}"
        );
    }
}
