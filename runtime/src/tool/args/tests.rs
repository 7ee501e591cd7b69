//! The arguments of a call, read and refused as a client sees them: which parameters are
//! required, every problem named at its path, what is expected in English.

use rmcp::model::JsonObject;
use schemars::{JsonSchema, Schema, SchemaGenerator, generate::SchemaSettings};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::tool::args::constraints::{Constraints, ParamInfo, ParamSpec};
use crate::tool::args::parse::{ParamList, param, whole_floats_as_integers};
use crate::tool::args::problems::{ArgProblem, describe_problems};
use crate::tool::args::schema::input_schema;
use crate::tool::args::wording::expected_of;

fn infos<L: ParamList>(list: L, specs: &[ParamSpec]) -> (JsonObject, Vec<ParamInfo>) {
    input_schema(&|generator| list.describe(generator), specs)
}

fn parse<L: ParamList>(
    list: L,
    params: &[ParamInfo],
    args: JsonObject,
) -> Result<L::Values, Vec<ArgProblem>> {
    super::parse(&list, params, args, false)
}

const SPECS: &[ParamSpec] = &[
    ParamSpec {
        name: "id",
        description: "The id.",
        constraints: Constraints::NONE,
    },
    ParamSpec {
        name: "note",
        description: "",
        constraints: Constraints::NONE,
    },
];

#[test]
fn option_is_optional_and_everything_else_required() {
    let (schema, _) = infos((param::<u32>(), param::<Option<String>>()), SPECS);
    assert_eq!(schema["required"], json!(["id"]));
    assert_eq!(schema["additionalProperties"], json!(false));
    assert_eq!(schema["properties"]["id"]["description"], json!("The id."));
    assert_eq!(schema["properties"]["id"]["type"], json!("integer"));
}

#[test]
fn every_problem_is_reported_with_its_parameter() {
    let (_, params) = infos((param::<u8>(), param::<Option<String>>()), SPECS);
    let args = json!({"id": 300, "note": 5, "extra": true});
    let problems = parse(
        (param::<u8>(), param::<Option<String>>()),
        &params,
        args.as_object().unwrap().clone(),
    )
    .unwrap_err();
    let text = describe_problems("t", &params, &problems);
    assert_eq!(
        text,
        "Error: invalid arguments for tool `t`:\n\
         - parameter `id`: expected a whole number from 0 to 255, got the number 300\n\
         - parameter `note`: expected a string, got the number 5\n\
         - unknown parameter `extra`; this tool takes `id`, `note`"
    );
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct Filter {
    name: String,
    tags: Vec<String>,
    limit: Option<u8>,
    order: Order,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
enum Order {
    Asc,
    Desc,
}

#[test]
fn every_problem_inside_a_parameter_is_reported_at_its_path() {
    let specs = &[ParamSpec {
        name: "filter",
        description: "",
        constraints: Constraints::NONE,
    }];
    let (_, params) = infos((param::<Filter>(),), specs);
    let args = json!({"filter": {"tags": ["a", 2, "c", null], "limit": 300, "order": "up", "colour": "red"}});
    let problems = parse(
        (param::<Filter>(),),
        &params,
        args.as_object().unwrap().clone(),
    )
    .unwrap_err();
    assert_eq!(
        describe_problems("t", &params, &problems),
        "Error: invalid arguments for tool `t`:\n\
         - parameter `filter`: missing required field `name` (a string)\n\
         - parameter `filter.colour`: unknown field; this object takes `limit`, `name`, `order`, `tags`\n\
         - parameter `filter.limit`: expected a whole number from 0 to 255, got the number 300\n\
         - parameter `filter.order`: expected one of: asc, desc, got the string \"up\"\n\
         - parameter `filter.tags[1]`: expected a string, got the number 2\n\
         - parameter `filter.tags[3]`: expected a string, got null"
    );
}

#[test]
fn missing_required_parameter_is_named() {
    let (_, params) = infos((param::<u32>(), param::<Option<String>>()), SPECS);
    let problems = parse(
        (param::<u32>(), param::<Option<String>>()),
        &params,
        JsonObject::new(),
    )
    .unwrap_err();
    assert_eq!(
        problems,
        vec![ArgProblem::Missing {
            name: "id".into(),
            expected: "a whole number ≥ 0".into()
        }]
    );
    let ok = parse(
        (param::<Option<u32>>(), param::<Option<String>>()),
        &params,
        JsonObject::new(),
    )
    .unwrap();
    assert_eq!(ok, (None, None));
}

#[test]
fn what_is_expected_reads_as_english() {
    #[derive(serde::Deserialize, JsonSchema)]
    #[allow(dead_code)]
    struct EditOperation {
        old_text: String,
    }
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let expected = |schema: Schema, generator: &SchemaGenerator| {
        expected_of(&schema.to_value(), generator.definitions())
    };
    let number = generator.subschema_for::<Option<f64>>();
    assert_eq!(expected(number, &generator), "number");
    let edits = generator.subschema_for::<Vec<EditOperation>>();
    assert_eq!(
        expected(edits, &generator),
        "array of `EditOperation` objects"
    );
    let small = generator.subschema_for::<u8>();
    assert_eq!(expected(small, &generator), "whole number ≥ 0");
    let big = generator.subschema_for::<Option<u32>>();
    assert_eq!(expected(big, &generator), "whole number ≥ 0");
    let flags = generator.subschema_for::<Vec<bool>>();
    assert_eq!(expected(flags, &generator), "array of true or false values");
    let signed = generator.subschema_for::<i64>();
    assert_eq!(expected(signed, &generator), "whole number");

    let one = Constraints {
        min_length: Some(1),
        ..Constraints::NONE
    };
    assert_eq!(
        one.problem(&json!([])).unwrap(),
        "expected an array of at least 1 item, got 0 items"
    );
    let two = Constraints {
        min_length: Some(2),
        ..Constraints::NONE
    };
    assert_eq!(
        two.problem(&json!("a")).unwrap(),
        "expected a string of at least 2 characters, got 1 character"
    );
}

#[test]
fn whole_floats_are_integers_and_other_floats_stay() {
    let (_, params) = infos((param::<i64>(), param::<Option<String>>()), SPECS);
    let read = |value: Value| {
        let mut args = JsonObject::new();
        args.insert("id".into(), value);
        parse((param::<i64>(), param::<Option<String>>()), &params, args)
    };
    assert_eq!(read(json!(3.0)), Ok((3, None)));
    assert_eq!(read(json!(-2.0)), Ok((-2, None)));
    assert!(read(json!(1.5)).is_err());

    let mut nested = json!({"a": [1.0, 2.5, -0.0], "b": 1e300, "c": "4.0"});
    whole_floats_as_integers(&mut nested);
    assert_eq!(nested, json!({"a": [1, 2.5, 0], "b": 1e300, "c": "4.0"}));
    assert!(nested["a"][0].is_u64());

    let mut generator = SchemaSettings::draft2020_12().into_generator();
    let strings = generator.subschema_for::<Vec<String>>().to_value();
    assert_eq!(
        expected_of(&strings, generator.definitions()),
        "array of strings"
    );
}

/// The problems of one argument `id` read as `T` (with a `note` beside it), one line each.
fn problems_of<T>(text: &str) -> Vec<String>
where
    T: for<'de> Deserialize<'de> + JsonSchema + Send + std::fmt::Debug + 'static,
{
    let (_, params) = infos((param::<T>(), param::<Option<String>>()), SPECS);
    let args: JsonObject = serde_json::from_str(&format!(r#"{{"id": {text}}}"#)).unwrap();
    match parse((param::<T>(), param::<Option<String>>()), &params, args) {
        Ok(values) => vec![format!("accepted {values:?}")],
        Err(problems) => describe_problems("t", &params, &problems)
            .lines()
            .skip(1)
            .map(str::to_owned)
            .collect(),
    }
}

#[test]
fn integers_out_of_range_are_refused_by_name() {
    // Below i64::MIN: serde_json reads it as the float -2^63, which is i64::MIN exactly.
    assert_eq!(
        problems_of::<i64>("-9223372036854775809"),
        [
            "- parameter `id`: expected a whole number, got the number -9.223372036854776e+18, which is too far from zero to be read exactly"
        ]
    );
    assert_eq!(
        problems_of::<i64>("-9223372036854775808"),
        ["accepted (-9223372036854775808, None)"]
    );
    // Above u64::MAX, and past i64::MAX for an i64.
    assert_eq!(
        problems_of::<u64>("18446744073709551616"),
        [
            "- parameter `id`: expected a whole number ≥ 0, got the number 1.8446744073709552e+19, which is too far from zero to be read exactly"
        ]
    );
    assert_eq!(
        problems_of::<u64>("18446744073709551615"),
        ["accepted (18446744073709551615, None)"]
    );
    assert_eq!(
        problems_of::<i64>("9223372036854775808"),
        ["- parameter `id`: expected a whole number, got the number 9223372036854775808"]
    );
    assert_eq!(
        problems_of::<i32>("3000000000.0"),
        [
            "- parameter `id`: expected a whole number from -2147483648 to 2147483647, got the number 3000000000"
        ]
    );
    // Whole floats beyond the range, and past 2^53 where a float may not hold the digits.
    assert_eq!(
        problems_of::<i64>("1e19"),
        [
            "- parameter `id`: expected a whole number, got the number 1e+19, which is too far from zero to be read exactly"
        ]
    );
    assert_eq!(
        problems_of::<u64>("9007199254740993.0"),
        [
            "- parameter `id`: expected a whole number ≥ 0, got the number 9007199254740992.0, which is too far from zero to be read exactly"
        ]
    );
    assert_eq!(
        problems_of::<u64>("9007199254740991.0"),
        ["accepted (9007199254740991, None)"]
    );
    assert_eq!(
        problems_of::<i64>("-9007199254740991.0"),
        ["accepted (-9007199254740991, None)"]
    );
    // Inside a parameter too.
    assert_eq!(
        problems_of::<Vec<i64>>("[1, -9223372036854775809]"),
        [
            "- parameter `id[1]`: expected a whole number, got the number -9.223372036854776e+18, which is too far from zero to be read exactly"
        ]
    );
}

/// A house, with the constraints a user states through schemars attributes.
#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // read by serde only
struct House {
    #[schemars(range(min = 10.0, max = 10000.0))]
    area_m2: f64,
    #[schemars(length(min = 1, max = 3))]
    rooms: Vec<Room>,
    #[schemars(pattern(r"^[A-Z]{2}-[0-9]{4}$"))]
    postcode: String,
}

#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // read by serde only
struct Room {
    #[schemars(length(min = 1, max = 8))]
    name: String,
    #[schemars(range(min = 1))]
    floor: u8,
}

/// A pattern the `regex` crate cannot compile (an ECMAScript lookahead).
#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // read by serde only
struct Code {
    #[schemars(pattern(r"^(?=[a-z])\w+$"))]
    code: String,
}

#[test]
fn a_pattern_the_regex_crate_cannot_compile_is_not_checked() {
    assert_eq!(
        problems_of::<Code>(r#"{"code": "Abc"}"#),
        [r#"accepted (Code { code: "Abc" }, None)"#]
    );
}

#[test]
fn nested_schemars_constraints_are_checked_at_every_depth() {
    let ok =
        r#"{"area_m2": 120.5, "rooms": [{"name": "hall", "floor": 1}], "postcode": "AB-1234"}"#;
    assert_eq!(problems_of::<House>(ok).len(), 1);
    assert!(problems_of::<House>(ok)[0].starts_with("accepted"));
    let bad = r#"{"area_m2": 1e308, "rooms": [{"name": "", "floor": 0}, {"name": "a very long name", "floor": 2}], "postcode": "ab-12"}"#;
    assert_eq!(
        problems_of::<House>(bad),
        [
            "- parameter `id.area_m2`: expected a number from 10.0 to 10000.0, got the number 1e+308",
            "- parameter `id.postcode`: expected a string matching the pattern `^[A-Z]{2}-[0-9]{4}$`, got the string \"ab-12\"",
            "- parameter `id.rooms[0].floor`: expected a whole number ≥ 1, got the number 0",
            "- parameter `id.rooms[0].name`: expected a string of 1 to 8 characters, got the string \"\"",
            "- parameter `id.rooms[1].name`: expected a string of 1 to 8 characters, got the string \"a very long name\"",
        ]
    );
    let many = r#"{"area_m2": 50, "rooms": [], "postcode": "AB-1234"}"#;
    assert_eq!(
        problems_of::<House>(many),
        [
            "- parameter `id.rooms`: expected an array of `Room` objects with 1 to 3 items, got an array of 0 items"
        ]
    );
}

#[test]
fn argument_errors_read_in_plain_words() {
    assert_eq!(
        problems_of::<Option<u32>>(r#""lots""#),
        ["- parameter `id`: expected a whole number ≥ 0, got the string \"lots\""]
    );
    assert_eq!(
        problems_of::<Vec<Option<i8>>>("[1, true]"),
        ["- parameter `id[1]`: expected a whole number, got true"]
    );
    assert_eq!(
        problems_of::<bool>("1"),
        ["- parameter `id`: expected true or false, got the number 1"]
    );
}

#[test]
fn null_for_what_may_be_absent_is_absent() {
    #[derive(Debug, Deserialize, JsonSchema)]
    #[allow(dead_code)] // read by serde only
    struct Page {
        size: Option<u16>,
        #[serde(default)]
        offset: u32,
        name: String,
    }
    assert_eq!(
        problems_of::<Option<u32>>("null"),
        ["accepted (None, None)"]
    );
    assert_eq!(
        problems_of::<Page>(r#"{"size": null, "offset": null, "name": "a"}"#),
        [r#"accepted (Page { size: None, offset: 0, name: "a" }, None)"#]
    );
    assert_eq!(
        problems_of::<Page>(r#"{"size": null, "offset": null, "name": null}"#),
        ["- parameter `id.name`: expected a string, got null"]
    );
    assert_eq!(
        problems_of::<u32>("null"),
        ["- parameter `id`: expected a whole number ≥ 0, got null"]
    );
}

/// A priority whose choices carry doc comments: schemars writes one `const` per choice.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)] // read by serde only
enum Priority {
    /// Whenever.
    Low,
    /// Today.
    Normal,
    /// Within the hour.
    High,
    /// Now.
    Urgent,
}

#[test]
fn a_type_range_is_said_only_when_the_value_broke_it() {
    // Each integer type: a value of the wrong kind hears only what a model may reach (an
    // unsigned type's 0); a value out of the type's range hears the range.
    let cases: [(Vec<String>, &str); 16] = [
        (
            problems_of::<u8>("\"x\""),
            "expected a whole number ≥ 0, got the string \"x\"",
        ),
        (
            problems_of::<u8>("256"),
            "expected a whole number from 0 to 255, got the number 256",
        ),
        (
            problems_of::<u16>("1.5"),
            "expected a whole number ≥ 0, got the number 1.5",
        ),
        (
            problems_of::<u16>("70000"),
            "expected a whole number from 0 to 65535, got the number 70000",
        ),
        (
            problems_of::<u32>("-1"),
            "expected a whole number ≥ 0, got the number -1",
        ),
        (
            problems_of::<u32>("true"),
            "expected a whole number ≥ 0, got true",
        ),
        (
            problems_of::<u32>("5000000000.0"),
            "expected a whole number from 0 to 4294967295, got the number 5000000000",
        ),
        (
            problems_of::<u64>("[]"),
            "expected a whole number ≥ 0, got an array of 0 items",
        ),
        (
            problems_of::<usize>("-3"),
            "expected a whole number ≥ 0, got the number -3",
        ),
        (
            problems_of::<i8>("\"x\""),
            "expected a whole number, got the string \"x\"",
        ),
        (
            problems_of::<i8>("-129"),
            "expected a whole number from -128 to 127, got the number -129",
        ),
        (
            problems_of::<i16>("{}"),
            "expected a whole number, got an object",
        ),
        (
            problems_of::<i32>("2.5"),
            "expected a whole number, got the number 2.5",
        ),
        (
            problems_of::<f32>("\"1\""),
            "expected a number, got the string \"1\"",
        ),
        (
            problems_of::<Vec<Vec<u32>>>("[[1], [\"2\"]]"),
            "expected a whole number ≥ 0, got the string \"2\"",
        ),
        (
            problems_of::<Vec<Vec<u32>>>("[1]"),
            "expected an array of whole numbers ≥ 0, got the number 1",
        ),
    ];
    for (problems, expected) in cases {
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert!(
            problems[0].ends_with(expected),
            "{} does not end with {expected}",
            problems[0]
        );
    }
}

#[test]
fn choices_read_as_a_list() {
    assert_eq!(
        problems_of::<Priority>(r#""asap""#),
        ["- parameter `id`: expected one of: low, normal, high, urgent, got the string \"asap\""]
    );
    assert_eq!(
        problems_of::<Option<Priority>>("3"),
        ["- parameter `id`: expected one of: low, normal, high, urgent, got the number 3"]
    );
    assert_eq!(
        problems_of::<Vec<Order>>(r#"["up"]"#),
        ["- parameter `id[0]`: expected one of: asc, desc, got the string \"up\""]
    );
    // `#[arg(one_of = [...])]`, and choices that need their quotes to be read.
    let sizes = Constraints {
        one_of: &["small", "", "a, b", "12"],
        ..Constraints::NONE
    };
    assert_eq!(
        sizes.problem(&json!("huge")).unwrap(),
        r#"expected one of: small, "", "a, b", "12", got the string "huge""#
    );
}
