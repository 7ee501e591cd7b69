//! Non-finite floats never produce a result that breaks its own schema: every json and hybrid
//! result either validates against the tool's `outputSchema` or is a tool error naming the
//! field (property test over generated outputs, NaN and infinities included). The models
//! example's `predict` at `area_m2 = 1e308`, whose price would be infinite, is refused before
//! it runs: the house's schema states the range of `area_m2`.

use toolshape_test_support as common;

use std::collections::BTreeMap;

use common::{call, check_error, connect, versions};
use proptest::prelude::*;
use rmcp::model::CallToolResult;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::{
    Narrative, Server, formats::CallFacts, formats::Hybrid, formats::HybridFormat, formats::Json,
    formats::Render,
};

/// What the formats know of the call: a tool named `generated`.
fn facts() -> CallFacts<'static> {
    CallFacts::new("generated", "1.0.0")
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
struct Inner {
    x: f64,
    y: Option<f32>,
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
enum Shape {
    Point,
    Circle { radius: f64 },
    Pair(f32, f64),
}

#[derive(Debug, Clone, Serialize, JsonSchema)]
struct Output {
    id: u64,
    name: String,
    score: f64,
    ratio: f32,
    maybe: Option<f64>,
    series: Vec<f64>,
    by_name: BTreeMap<String, f64>,
    inner: Inner,
    rows: Vec<Inner>,
    shape: Shape,
    pair: (f64, i32),
}

impl Narrative for Output {
    fn narrative(&self) -> String {
        format!("Output {} scored {}.", self.name, self.score)
    }
}

/// Floats as a tool computes them: ordinary, extreme, and now and then not finite.
fn any_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        8 => any::<f64>().prop_filter("finite", |f| f.is_finite()),
        2 => -1e6f64..1e6,
        1 => Just(f64::NAN),
        1 => Just(f64::INFINITY),
        1 => Just(f64::NEG_INFINITY),
        1 => Just(f64::MAX),
        1 => Just(-0.0),
    ]
}

fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => any::<f32>().prop_filter("finite", |f| f.is_finite()),
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
    ]
}

fn any_inner() -> impl Strategy<Value = Inner> {
    (any_f64(), proptest::option::of(any_f32())).prop_map(|(x, y)| Inner { x, y })
}

fn any_output() -> impl Strategy<Value = Output> {
    let shape = prop_oneof![
        Just(Shape::Point),
        any_f64().prop_map(|radius| Shape::Circle { radius }),
        (any_f32(), any_f64()).prop_map(|(a, b)| Shape::Pair(a, b)),
    ];
    (
        (any::<u64>(), ".{0,12}", any_f64(), any_f32()),
        (
            proptest::option::of(any_f64()),
            proptest::collection::vec(any_f64(), 0..6),
            proptest::collection::btree_map("[a-z]{1,4}", any_f64(), 0..4),
        ),
        (
            any_inner(),
            proptest::collection::vec(any_inner(), 0..4),
            shape,
            (any_f64(), any::<i32>()),
        ),
    )
        .prop_map(
            |((id, name, score, ratio), (maybe, series, by_name), (inner, rows, shape, pair))| {
                Output {
                    id,
                    name,
                    score,
                    ratio,
                    maybe,
                    series,
                    by_name,
                    inner,
                    rows,
                    shape,
                    pair,
                }
            },
        )
}

/// Whether the output holds a non-finite float anywhere, computed here by brute force.
fn has_non_finite(output: &Output) -> bool {
    let inner = |i: &Inner| !i.x.is_finite() || i.y.is_some_and(|y| !y.is_finite());
    let shape = match output.shape {
        Shape::Point => false,
        Shape::Circle { radius } => !radius.is_finite(),
        Shape::Pair(a, b) => !a.is_finite() || !b.is_finite(),
    };
    !output.score.is_finite()
        || !output.ratio.is_finite()
        || output.maybe.is_some_and(|m| !m.is_finite())
        || output.series.iter().any(|f| !f.is_finite())
        || output.by_name.values().any(|f| !f.is_finite())
        || inner(&output.inner)
        || output.rows.iter().any(inner)
        || shape
        || !output.pair.0.is_finite()
}

fn validator(schema: rmcp::model::JsonObject) -> jsonschema::Validator {
    jsonschema::validator_for(&Value::Object(schema)).expect("a valid schema")
}

/// The property: valid against the schema, or a tool error that names a field.
fn check(result: &CallToolResult, validator: &jsonschema::Validator, non_finite: bool) {
    if non_finite {
        assert_eq!(result.is_error, Some(true), "{result:?}");
        assert!(result.structured_content.is_none());
        let text = &result.content[0].as_text().unwrap().text;
        assert!(
            text.starts_with("Error: field `") && text.contains("JSON cannot represent"),
            "{text}"
        );
    } else {
        assert_eq!(result.is_error, Some(false), "{result:?}");
        let structured = result.structured_content.as_ref().unwrap();
        let errors: Vec<String> = validator
            .iter_errors(structured)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{errors:?}: {structured}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn json_results_validate_or_are_tool_errors(output in any_output()) {
        let validator = validator(<Json as Render<Output>>::output_schema().unwrap());
        let non_finite = has_non_finite(&output);
        let result = <Json as Render<Output>>::render(output, &facts());
        check(&result, &validator, non_finite);
    }

    #[test]
    fn hybrid_results_validate_or_are_tool_errors(output in any_output()) {
        let validator = validator(<HybridFormat as Render<Output>>::output_schema().unwrap());
        let non_finite = has_non_finite(&output);
        let result = <HybridFormat as Render<Output>>::render(output, &facts());
        check(&result, &validator, non_finite);
    }

    #[test]
    fn run_time_hybrids_validate_or_are_tool_errors(output in any_output()) {
        type H = Hybrid<Output>;
        let validator = validator(<Json as Render<H>>::output_schema().unwrap());
        let non_finite = has_non_finite(&output);
        let value = Hybrid::new("generated", output);
        let result = <Json as Render<H>>::render(value, &facts());
        check(&result, &validator, non_finite);
    }
}

#[test]
fn a_bare_non_finite_result_names_the_result() {
    let result = <Json as Render<f64>>::render(f64::NAN, &facts());
    assert_eq!(
        check_error(&result),
        "Error: the result of `generated` is NaN, which JSON cannot represent (its schema says `number`)"
    );
}

#[tokio::test]
async fn predict_of_a_huge_house_is_refused_naming_the_argument() {
    use toolshape_examples::models::{self, ModelRegistry};
    for version in versions() {
        let client = connect(
            Server::new(ModelRegistry::default(), models::toolset()),
            version,
        )
        .await;
        let house = json!({"area_m2": 1e308, "bedrooms": 3, "age_years": 12,
                           "distance_km": 4.5, "school_rating": 8});
        let result = call(&client, "predict", json!({"house": house}))
            .await
            .unwrap();
        assert_eq!(
            check_error(&result),
            "Error: invalid arguments for tool `predict`:\n\
             - parameter `house.area_m2`: expected a number from 1 to 100000, got the number 1e+308"
        );
    }
}
