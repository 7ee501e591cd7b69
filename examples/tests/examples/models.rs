//! End to end: the `models` example (six tools over two least-squares models, hybrid results),
//! served by `toolshape::Server` and driven by rmcp's own client over both supported
//! protocol versions.

use toolshape_test_support as common;

use std::io::Cursor;

use base64::Engine as _;
use common::{Client, call, check_error, check_hybrid_success, connect, versions};
use rmcp::model::{CallToolResult, Tool};
use serde_json::{Value, json};
use toolshape::Server;
use toolshape_examples::models::{
    self, CONTRIBUTION_CHART_SIZE, FEATURE_NAMES, FULL_MODEL, IMPORTANCE_CHART_SIZE, ModelRegistry,
    PD_CHART_SIZE, SMALL_MODEL, TRUE_COEFFICIENTS, TRUE_INTERCEPT,
};

const TOOLS: [&str; 6] = [
    "compare_models",
    "explain_prediction",
    "feature_importance",
    "model_info",
    "partial_dependence",
    "predict",
];

fn server() -> Server<ModelRegistry> {
    Server::new(ModelRegistry::default(), models::toolset())
}

fn house() -> Value {
    json!({"area_m2": 150, "bedrooms": 3, "age_years": 12, "distance_km": 4.5, "school_rating": 8})
}

async fn tools(client: &Client) -> Vec<Tool> {
    client.list_all_tools().await.unwrap()
}

async fn tool_named(client: &Client, name: &str) -> Tool {
    tools(client)
        .await
        .into_iter()
        .find(|t| t.name == name)
        .unwrap_or_else(|| panic!("tool {name} is listed"))
}

/// Calls `name` and checks the hybrid result: schema, narrative, hash, provenance, model id,
/// source, grounded. Returns the structured content.
async fn ok(client: &Client, name: &str, arguments: Value) -> (Value, CallToolResult) {
    let tool = tool_named(client, name).await;
    let result = call(client, name, arguments).await.unwrap();
    let structured = check_hybrid_success(&tool, &result);
    let metadata = &structured["metadata"];
    assert!(metadata["model_id"].is_string(), "{name}: model_id set");
    assert_eq!(metadata["source"], models::SOURCE);
    for key in ["timestamp", "tool_version", "data_hash"] {
        assert!(metadata[key].is_string(), "{name}: metadata.{key}");
    }
    (structured, result)
}

async fn error(client: &Client, name: &str, arguments: Value) -> String {
    check_error(&call(client, name, arguments).await.unwrap())
}

/// Decodes the image block a plot reference points at; checks the PNG against the stated
/// size. Returns (width, height, RGB pixels).
fn decode_plot(result: &CallToolResult, plot: &Value) -> (u32, u32, Vec<u8>) {
    assert_eq!(plot["mime_type"], "image/png");
    let index = plot["content_index"].as_u64().unwrap() as usize;
    let image = result.content[index].as_image().expect("an image block");
    assert_eq!(image.mime_type, "image/png");
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(&image.data)
        .expect("base64");
    let mut reader = png::Decoder::new(Cursor::new(&bytes))
        .read_info()
        .expect("a PNG header");
    let mut pixels = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut pixels).expect("PNG data");
    assert_eq!(plot["width"], frame.width);
    assert_eq!(plot["height"], frame.height);
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    pixels.truncate(frame.buffer_size());
    (frame.width, frame.height, pixels)
}

fn share(pixels: &[u8], wanted: [u8; 3]) -> f64 {
    let rgb: Vec<&[u8]> = pixels.chunks(3).collect();
    rgb.iter().filter(|p| **p == wanted).count() as f64 / rgb.len() as f64
}

fn f(value: &Value) -> f64 {
    value
        .as_f64()
        .unwrap_or_else(|| panic!("a number: {value}"))
}

#[tokio::test]
async fn six_read_only_hybrid_tools_are_listed() {
    for version in versions() {
        let client = connect(server(), version).await;
        let listed = tools(&client).await;
        let names: Vec<&str> = listed.iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, TOOLS);
        for tool in &listed {
            let schema = Value::Object((**tool.output_schema.as_ref().unwrap()).clone());
            assert_eq!(
                schema["required"],
                json!(["narrative", "data"]),
                "{}",
                tool.name
            );
            let annotations = tool.annotations.as_ref().expect("annotations");
            assert_eq!(annotations.read_only_hint, Some(true), "{}", tool.name);
            assert_eq!(annotations.destructive_hint, Some(false), "{}", tool.name);
        }
    }
}

#[tokio::test]
async fn predict_gives_a_price_with_an_interval() {
    for version in versions() {
        let client = connect(server(), version).await;
        let (structured, result) = ok(&client, "predict", json!({"house": house()})).await;
        assert_eq!(result.content.len(), 1, "no plot");
        let data = &structured["data"];
        assert_eq!(structured["metadata"]["model_id"], FULL_MODEL);
        assert_eq!(data["model_id"], FULL_MODEL);
        let price = f(&data["price_keur"]);
        // The generator's price for this house, without noise.
        let truth = TRUE_INTERCEPT
            + [150.0, 3.0, 12.0, 4.5, 8.0]
                .iter()
                .zip(TRUE_COEFFICIENTS)
                .map(|(x, b)| x * b)
                .sum::<f64>();
        assert!((price - truth).abs() < 5.0, "{price} vs {truth}");
        let (lower, upper) = (f(&data["interval"]["lower"]), f(&data["interval"]["upper"]));
        assert!(lower < truth && truth < upper);
        // About ±1.97 σ with σ ≈ the generator's noise.
        let half = (upper - lower) / 2.0;
        assert!((20.0..30.0).contains(&half), "{half}");
        assert_eq!(data["interval"]["level"], 0.95);
        assert_eq!(data["extrapolated_features"], json!([]));
        assert_eq!(
            structured["narrative"],
            format!(
                "{FULL_MODEL} predicts a price of {price:.1} thousand EUR for this house \
                 (95% prediction interval {lower:.1} to {upper:.1})."
            )
        );

        // The small model uses two features; extrapolation is flagged.
        let mut far = house();
        far["area_m2"] = json!(400);
        let (structured, _) = ok(
            &client,
            "predict",
            json!({"house": far, "model": SMALL_MODEL}),
        )
        .await;
        assert_eq!(structured["metadata"]["model_id"], SMALL_MODEL);
        assert_eq!(
            structured["data"]["features_used"],
            json!(["area_m2", "distance_km"])
        );
        assert_eq!(
            structured["data"]["extrapolated_features"],
            json!(["area_m2"])
        );
        assert!(structured["narrative"].as_str().unwrap().ends_with(
            "Caution: `area_m2` is outside the training range, so the model extrapolates."
        ));
    }
}

#[tokio::test]
async fn contributions_sum_exactly_to_prediction_minus_baseline() {
    let client = connect(server(), versions()[0].clone()).await;
    let houses = [
        house(),
        json!({"area_m2": 45, "bedrooms": 1, "age_years": 70, "distance_km": 28, "school_rating": 2}),
        json!({"area_m2": 210.5, "bedrooms": 6, "age_years": 0, "distance_km": 0.7, "school_rating": 10}),
    ];
    for model in [FULL_MODEL, SMALL_MODEL] {
        for house in &houses {
            let (structured, _) = ok(
                &client,
                "explain_prediction",
                json!({"house": house, "model": model}),
            )
            .await;
            let data = &structured["data"];
            assert_eq!(structured["metadata"]["model_id"], model);
            let contributions = data["contributions"].as_array().unwrap();
            let expected = if model == FULL_MODEL { 5 } else { 2 };
            assert_eq!(contributions.len(), expected);
            let sum: f64 = contributions.iter().map(|c| f(&c["contribution"])).sum();
            let prediction = f(&data["prediction_keur"]);
            let baseline = f(&data["baseline_keur"]);
            assert!(
                (sum - (prediction - baseline)).abs() < 1e-9,
                "{sum} vs {}",
                prediction - baseline
            );
            for c in contributions {
                let exact = f(&c["coefficient"]) * (f(&c["value"]) - f(&c["mean"]));
                assert_eq!(f(&c["contribution"]), exact, "coefficient × (value − mean)");
                assert_eq!(f(&c["value"]), f(&house[c["feature"].as_str().unwrap()]));
            }
            // Largest effect first.
            let sizes: Vec<f64> = contributions
                .iter()
                .map(|c| f(&c["contribution"]).abs())
                .collect();
            assert!(sizes.windows(2).all(|w| w[0] >= w[1]), "{sizes:?}");
            // The same prediction `predict` gives.
            let (predicted, _) =
                ok(&client, "predict", json!({"house": house, "model": model})).await;
            assert_eq!(f(&predicted["data"]["price_keur"]), prediction);
            assert!(
                structured["narrative"]
                    .as_str()
                    .unwrap()
                    .starts_with(&format!("{model} predicts {prediction:.1} thousand EUR"))
            );
        }
    }
}

#[tokio::test]
async fn contributions_are_charted_green_up_and_red_down() {
    for version in versions() {
        let client = connect(server(), version).await;
        // Large and new (raise the price), far out and near a poor school (lower it).
        let house = json!({"area_m2": 200, "bedrooms": 4, "age_years": 2, "distance_km": 27, "school_rating": 2});
        let (structured, result) = ok(&client, "explain_prediction", json!({"house": house})).await;
        let contributions = structured["data"]["contributions"].as_array().unwrap();
        assert!(contributions.iter().any(|c| f(&c["contribution"]) > 0.0));
        assert!(contributions.iter().any(|c| f(&c["contribution"]) < 0.0));
        assert_eq!(result.content.len(), 2, "text, then the chart");
        let plots = structured["plots"].as_array().expect("plots");
        assert_eq!(plots.len(), 1);
        let (width, height, pixels) = decode_plot(&result, &plots[0]);
        assert_eq!((width, height), CONTRIBUTION_CHART_SIZE);
        assert!(share(&pixels, models::RAISES) > 0.01, "green bars");
        assert!(share(&pixels, models::LOWERS) > 0.01, "red bars");
        assert!(share(&pixels, [255, 255, 255]) > 0.5, "background");
    }
}

#[tokio::test]
async fn the_full_model_recovers_the_generators_coefficients() {
    for version in versions() {
        let client = connect(server(), version).await;
        let (structured, _) = ok(&client, "model_info", json!({})).await;
        let card = &structured["data"];
        assert_eq!(card["model_id"], FULL_MODEL);
        assert_eq!(card["features"], json!(FEATURE_NAMES));
        assert_eq!(card["training"]["rows"], models::TRAINING_ROWS);
        assert_eq!(card["test"]["rows"], models::ROWS - models::TRAINING_ROWS);
        for (coefficient, truth) in card["coefficients"]
            .as_array()
            .unwrap()
            .iter()
            .zip(TRUE_COEFFICIENTS)
        {
            let (estimate, se) = (f(&coefficient["estimate"]), f(&coefficient["std_error"]));
            assert!(
                (estimate - truth).abs() < 4.0 * se,
                "{}: {estimate} ± {se} vs {truth}",
                coefficient["feature"]
            );
            assert!(
                // Bedrooms follow area closely, so theirs is the loosest estimate (≈ 11%).
                (estimate - truth).abs() < 0.15 * truth.abs(),
                "{}: {estimate} vs {truth}",
                coefficient["feature"]
            );
        }
        assert!((f(&card["intercept"]) - TRUE_INTERCEPT).abs() < 15.0);
        // The residual error is the generator's noise; the fit explains almost everything.
        assert!((f(&card["residual_std_error"]) - models::NOISE_SD).abs() < 1.5);
        assert!(f(&card["training"]["r_squared"]) > 0.95);
        assert!(f(&card["test"]["r_squared"]) > 0.95);
        let narrative = structured["narrative"].as_str().unwrap();
        assert!(
            narrative.starts_with(&format!(
                "{FULL_MODEL} is an ordinary least squares model of price_keur from 5 features, \
                 fitted on 320 generated houses: R² {:.3}, RMSE {:.2};",
                f(&card["training"]["r_squared"]),
                f(&card["training"]["rmse"])
            )),
            "{narrative}"
        );

        let (small, _) = ok(&client, "model_info", json!({"model": SMALL_MODEL})).await;
        assert_eq!(small["metadata"]["model_id"], SMALL_MODEL);
        assert_eq!(small["data"]["features"], json!(["area_m2", "distance_km"]));
    }
}

#[tokio::test]
async fn partial_dependence_is_a_png_curve_of_the_stated_size() {
    for version in versions() {
        let client = connect(server(), version).await;
        let (structured, result) = ok(
            &client,
            "partial_dependence",
            json!({"feature": "distance_km", "points": 25}),
        )
        .await;
        let data = &structured["data"];
        assert_eq!(data["feature"], "distance_km");
        let grid = data["grid"].as_array().unwrap();
        let curve = data["average_prediction_keur"].as_array().unwrap();
        assert_eq!((grid.len(), curve.len()), (25, 25));
        // A linear model's partial dependence is a line with the coefficient as slope.
        let slope = f(&data["slope_keur_per_unit"]);
        assert!((slope - TRUE_COEFFICIENTS[3]).abs() < 0.3, "{slope}");
        for i in 1..25 {
            let step = (f(&curve[i]) - f(&curve[i - 1])) / (f(&grid[i]) - f(&grid[i - 1]));
            assert!((step - slope).abs() < 1e-9);
        }

        assert_eq!(result.content.len(), 2, "text, then the chart");
        let plots = structured["plots"].as_array().expect("plots");
        assert_eq!(plots.len(), 1);
        assert_eq!(plots[0]["content_index"], 1);
        assert_eq!(
            plots[0]["title"],
            format!("Partial dependence of the price on distance_km ({FULL_MODEL})")
        );
        let (width, height, pixels) = decode_plot(&result, &plots[0]);
        assert_eq!((width, height), PD_CHART_SIZE);
        assert!(share(&pixels, [255, 255, 255]) > 0.8, "mostly background");
        assert!(share(&pixels, [0, 0, 255]) > 0.002, "the curve is drawn");
        assert!(
            share(&pixels, [190, 190, 190]) > 0.002,
            "the training houses are drawn"
        );
        assert!(
            structured.to_string().len() < 4_000,
            "no image in the envelope"
        );
    }
}

#[tokio::test]
async fn feature_importance_ranks_with_a_bar_chart() {
    for version in versions() {
        let client = connect(server(), version).await;
        let (structured, result) = ok(&client, "feature_importance", json!({})).await;
        let features = structured["data"]["features"].as_array().unwrap();
        assert_eq!(features.len(), 5);
        let importances: Vec<f64> = features.iter().map(|x| f(&x["importance"])).collect();
        assert!(importances.windows(2).all(|w| w[0] >= w[1]));
        let shares: f64 = features.iter().map(|x| f(&x["share"])).sum();
        assert!((shares - 1.0).abs() < 1e-12);
        // Area spans the most price: it is the most important.
        assert_eq!(features[0]["feature"], "area_m2");
        assert_eq!(features[0]["rank"], 1);
        for feature in features {
            assert_eq!(
                f(&feature["importance"]),
                f(&feature["standardised_coefficient"]).abs()
            );
        }
        let plots = structured["plots"].as_array().expect("plots");
        let (width, height, pixels) = decode_plot(&result, &plots[0]);
        assert_eq!((width, height), IMPORTANCE_CHART_SIZE);
        assert!(share(&pixels, [0, 0, 255]) > 0.05, "the bars are drawn");
        assert!(
            structured["narrative"]
                .as_str()
                .unwrap()
                .starts_with(&format!("For {FULL_MODEL}, area_m2 matters most"))
        );
    }
}

#[tokio::test]
async fn compare_models_names_the_better_one() {
    for version in versions() {
        let client = connect(server(), version).await;
        let (structured, _) = ok(&client, "compare_models", json!({})).await;
        let data = &structured["data"];
        assert_eq!(data["best_model_id"], FULL_MODEL);
        let rows = data["models"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0]["model_id"], FULL_MODEL);
        assert_eq!(rows[1]["model_id"], SMALL_MODEL);
        assert!(f(&rows[0]["test"]["rmse"]) < f(&rows[1]["test"]["rmse"]));
        assert_eq!(
            structured["metadata"]["model_id"],
            format!("{FULL_MODEL},{SMALL_MODEL}")
        );
        assert!(
            structured["narrative"]
                .as_str()
                .unwrap()
                .starts_with(&format!("{FULL_MODEL} is the better model"))
        );
        // The order asked for does not change the answer.
        let (reversed, _) = ok(
            &client,
            "compare_models",
            json!({"models": [SMALL_MODEL, FULL_MODEL]}),
        )
        .await;
        assert_eq!(reversed["data"], structured["data"]);
    }
}

#[tokio::test]
async fn bad_arguments_are_tool_errors_that_list_the_valid_names() {
    let client = connect(server(), versions()[0].clone()).await;
    assert_eq!(
        error(
            &client,
            "partial_dependence",
            json!({"feature": "garden_m2"})
        )
        .await,
        "Error: unknown feature `garden_m2`; the features of model `house-price-ols@1` are \
         `area_m2`, `bedrooms`, `age_years`, `distance_km`, `school_rating`"
    );
    assert_eq!(
        error(
            &client,
            "partial_dependence",
            json!({"feature": "bedrooms", "model": SMALL_MODEL})
        )
        .await,
        "Error: feature `bedrooms` is not an input of model `house-price-ols-small@1`; its \
         features are `area_m2`, `distance_km`"
    );
    assert_eq!(
        error(
            &client,
            "partial_dependence",
            json!({"feature": "area_m2", "points": 1})
        )
        .await,
        "Error: points must be 2 to 100, not 1"
    );
    let unknown_model = "Error: unknown model `gpt`; the registered models are \
                         `house-price-ols@1`, `house-price-ols-small@1`";
    for tool in [
        "predict",
        "explain_prediction",
        "feature_importance",
        "model_info",
    ] {
        let mut arguments = json!({"model": "gpt"});
        if tool == "predict" || tool == "explain_prediction" {
            arguments["house"] = house();
        }
        assert_eq!(
            error(&client, tool, arguments).await,
            unknown_model,
            "{tool}"
        );
    }
    assert_eq!(
        error(
            &client,
            "compare_models",
            json!({"models": ["gpt", FULL_MODEL]})
        )
        .await,
        unknown_model
    );
    assert_eq!(
        error(&client, "compare_models", json!({"models": [FULL_MODEL]})).await,
        "Error: compare at least two models; the registered models are `house-price-ols@1`, \
         `house-price-ols-small@1`"
    );
    assert_eq!(
        error(
            &client,
            "compare_models",
            json!({"models": [FULL_MODEL, FULL_MODEL]})
        )
        .await,
        "Error: model `house-price-ols@1` is listed twice; compare distinct models"
    );

    // An unknown feature in the house: serde names the valid ones.
    let mut garden = house();
    garden["garden_m2"] = json!(30);
    let text = error(&client, "predict", json!({"house": garden})).await;
    assert!(text.contains("garden_m2"), "{text}");
    for name in FEATURE_NAMES {
        assert!(text.contains(name), "{text}");
    }
    // Values out of the ranges the house's schema states, refused on arrival by name (the
    // schemars attributes of `House`), and a missing house.
    let mut bad = house();
    bad["school_rating"] = json!(11);
    bad["area_m2"] = json!(-5);
    assert_eq!(
        error(&client, "explain_prediction", json!({"house": bad})).await,
        "Error: invalid arguments for tool `explain_prediction`:\n\
         - parameter `house.area_m2`: expected a number from 1 to 100000, got the number -5\n\
         - parameter `house.school_rating`: expected a whole number from 1 to 10, got the number 11"
    );
    let mut huge = house();
    huge["area_m2"] = json!(1e308);
    assert_eq!(
        error(&client, "predict", json!({"house": huge})).await,
        "Error: invalid arguments for tool `predict`:\n\
         - parameter `house.area_m2`: expected a number from 1 to 100000, got the number 1e+308"
    );
    let text = error(&client, "predict", json!({})).await;
    assert!(
        text.contains("missing required parameter `house`"),
        "{text}"
    );
}

#[test]
fn student_t_matches_tables() {
    // Tabulated t(0.975): df 30 → 2.042272, df 120 → 1.979930.
    assert!((models::student_t_975(30.0) - 2.042_272).abs() < 1e-5);
    assert!((models::student_t_975(120.0) - 1.979_930).abs() < 1e-5);
}

#[test]
fn the_dataset_is_deterministic() {
    let (a, b) = (models::Dataset::generate(), models::Dataset::generate());
    assert_eq!(a.rows, b.rows);
    assert_eq!(a.prices, b.prices);
    assert_eq!(a.rows.len(), models::ROWS);
}
