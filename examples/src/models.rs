//! Model tools: two ordinary-least-squares models of house prices, fitted at
//! start-up (with `nalgebra`'s SVD least squares) on a generated, deterministic dataset,
//! and six `format = "hybrid"` tools over them. Each answers with a narrative, the evidence
//! as data, metadata carrying the `model_id`, a PNG plot where it helps, and `grounded`.
//!
//! The dataset: [`ROWS`] houses from a seeded generator, price (thousand EUR) =
//! [`TRUE_INTERCEPT`] + Σ [`TRUE_COEFFICIENTS`]ᵢ × featureᵢ + Gaussian noise of standard
//! deviation [`NOISE_SD`]. The first [`TRAINING_ROWS`] train the models, the rest are held
//! out for the test metrics.

use nalgebra::{DMatrix, DVector};
use plotters::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{
    Context, Narrative, ToolError, ToolSet, formats::Hybrid, formats::Plot, tool, tools,
};

/// The features every house has, in the order of [`TRUE_COEFFICIENTS`].
pub const FEATURE_NAMES: [&str; 5] = [
    "area_m2",
    "bedrooms",
    "age_years",
    "distance_km",
    "school_rating",
];

/// The generator's intercept, in thousand EUR.
pub const TRUE_INTERCEPT: f64 = 40.0;
/// The generator's coefficients (thousand EUR per unit of each feature of
/// [`FEATURE_NAMES`]): what the full model should recover.
pub const TRUE_COEFFICIENTS: [f64; 5] = [2.2, 9.0, -0.8, -3.1, 6.5];
/// Standard deviation of the generator's noise, in thousand EUR.
pub const NOISE_SD: f64 = 12.0;
/// Houses generated.
pub const ROWS: usize = 400;
/// Houses the models are fitted on; the rest are the held-out test set.
pub const TRAINING_ROWS: usize = 320;
/// The generator's seed.
pub const SEED: u64 = 0x5eed_2025;

/// The full model: all five features.
pub const FULL_MODEL: &str = "house-price-ols@1";
/// The small model: area and distance only.
pub const SMALL_MODEL: &str = "house-price-ols-small@1";

/// Where the training data comes from, stated as `metadata.source`.
pub const SOURCE: &str = "generated dataset: 400 houses, seed 0x5eed2025, 320 training / 80 test";

/// Width and height of the partial-dependence chart, in pixels.
pub const PD_CHART_SIZE: (u32, u32) = (640, 360);
/// Width and height of the feature-importance chart, in pixels.
pub const IMPORTANCE_CHART_SIZE: (u32, u32) = (480, 320);
/// Width and height of the contributions chart, in pixels.
pub const CONTRIBUTION_CHART_SIZE: (u32, u32) = (480, 320);
/// Colour of the bars of contributions that raise the price.
pub const RAISES: [u8; 3] = [0, 150, 0];
/// Colour of the bars of contributions that lower the price.
pub const LOWERS: [u8; 3] = [200, 0, 0];

/// Confidence level of prediction intervals.
pub const INTERVAL_LEVEL: f64 = 0.95;

// ---------------------------------------------------------------------------------------
// The dataset
// ---------------------------------------------------------------------------------------

/// SplitMix64: a tiny, fully specified generator, so the dataset is the same on every
/// machine and with every crate version.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn uniform(&mut self, low: f64, high: f64) -> f64 {
        low + (high - low) * self.unit()
    }

    /// Standard normal, by Box–Muller.
    fn normal(&mut self) -> f64 {
        let u1 = 1.0 - self.unit();
        let u2 = self.unit();
        (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
    }
}

/// The generated houses: feature rows (in [`FEATURE_NAMES`] order) and prices.
#[derive(Debug, Clone)]
pub struct Dataset {
    /// One row of features per house.
    pub rows: Vec<[f64; 5]>,
    /// Each house's price in thousand EUR.
    pub prices: Vec<f64>,
}

impl Dataset {
    /// The [`ROWS`] houses of [`SEED`].
    pub fn generate() -> Self {
        let mut rng = SplitMix64(SEED);
        let mut rows = Vec::with_capacity(ROWS);
        let mut prices = Vec::with_capacity(ROWS);
        for _ in 0..ROWS {
            let area = rng.uniform(40.0, 220.0).round();
            let bedrooms = (area / 45.0 + 0.7 * rng.normal()).round().clamp(1.0, 6.0);
            let age = rng.uniform(0.0, 80.0).round();
            let distance = (rng.uniform(0.5, 30.0) * 10.0).round() / 10.0;
            let school = (rng.uniform(1.0, 11.0).floor()).min(10.0);
            let row = [area, bedrooms, age, distance, school];
            let price = TRUE_INTERCEPT
                + row
                    .iter()
                    .zip(TRUE_COEFFICIENTS)
                    .map(|(x, b)| x * b)
                    .sum::<f64>()
                + NOISE_SD * rng.normal();
            rows.push(row);
            prices.push(price);
        }
        Dataset { rows, prices }
    }
}

// ---------------------------------------------------------------------------------------
// The models
// ---------------------------------------------------------------------------------------

/// Fit quality on one set of houses.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
pub struct Metrics {
    /// Coefficient of determination, R².
    pub r_squared: f64,
    /// Root-mean-square error, thousand EUR.
    pub rmse: f64,
    /// Houses measured.
    pub rows: usize,
}

impl Metrics {
    const UNMEASURED: Metrics = Metrics {
        r_squared: 0.0,
        rmse: 0.0,
        rows: 0,
    };

    fn of(predicted: &[f64], actual: &[f64]) -> Self {
        let n = actual.len() as f64;
        let mean = actual.iter().sum::<f64>() / n;
        let sse: f64 = predicted
            .iter()
            .zip(actual)
            .map(|(p, a)| (a - p).powi(2))
            .sum();
        let sst: f64 = actual.iter().map(|a| (a - mean).powi(2)).sum();
        Metrics {
            r_squared: 1.0 - sse / sst,
            rmse: (sse / n).sqrt(),
            rows: actual.len(),
        }
    }
}

/// An ordinary-least-squares model of the price, fitted on the training houses.
#[derive(Debug, Clone)]
pub struct LinearModel {
    /// The registered model id, stated as `metadata.model_id`.
    pub id: &'static str,
    /// What it is.
    pub description: &'static str,
    /// Indices into [`FEATURE_NAMES`] of its inputs.
    pub features: Vec<usize>,
    /// Fitted intercept.
    pub intercept: f64,
    /// Fitted coefficients, one per input.
    pub coefficients: Vec<f64>,
    /// Standard errors of the coefficients.
    pub std_errors: Vec<f64>,
    /// Training means of the inputs.
    pub means: Vec<f64>,
    /// Training standard deviations of the inputs.
    pub sds: Vec<f64>,
    /// Training minimum and maximum of each input.
    pub ranges: Vec<(f64, f64)>,
    /// Training standard deviation of the price.
    pub target_sd: f64,
    /// Residual standard error (σ̂).
    pub sigma: f64,
    /// (XᵀX)⁻¹ of the design matrix with its intercept column.
    xtx_inv: DMatrix<f64>,
    /// Student's t quantile for [`INTERVAL_LEVEL`] at the residual degrees of freedom.
    t_quantile: f64,
    /// The training inputs (this model's columns), for partial dependence.
    training: Vec<Vec<f64>>,
    /// The training prices, drawn behind partial-dependence curves.
    training_prices: Vec<f64>,
    /// Metrics on the training houses.
    pub training_metrics: Metrics,
    /// Metrics on the held-out houses.
    pub test_metrics: Metrics,
}

impl LinearModel {
    /// Fits `features` of `data` by least squares (SVD of the design matrix).
    ///
    /// # Panics
    /// When the design matrix is rank-deficient, which the generated data never is.
    pub fn fit(
        id: &'static str,
        description: &'static str,
        features: Vec<usize>,
        data: &Dataset,
    ) -> Self {
        let columns = |rows: &[[f64; 5]]| -> Vec<Vec<f64>> {
            rows.iter()
                .map(|row| features.iter().map(|&f| row[f]).collect())
                .collect()
        };
        let training = columns(&data.rows[..TRAINING_ROWS]);
        let test = columns(&data.rows[TRAINING_ROWS..]);
        let y_train = &data.prices[..TRAINING_ROWS];
        let (n, p) = (training.len(), features.len());

        let x = DMatrix::from_fn(
            n,
            p + 1,
            |r, c| {
                if c == 0 { 1.0 } else { training[r][c - 1] }
            },
        );
        let y = DVector::from_column_slice(y_train);
        let beta = x
            .clone()
            .svd(true, true)
            .solve(&y, 1e-12)
            .expect("least squares solve");
        let pinv = x.clone().pseudo_inverse(1e-12).expect("pseudo-inverse");
        let xtx_inv = &pinv * pinv.transpose();

        let residual_df = (n - p - 1) as f64;
        let fitted = &x * &beta;
        let sse: f64 = (&y - &fitted).iter().map(|e| e * e).sum();
        let sigma = (sse / residual_df).sqrt();
        let std_errors = (1..=p).map(|j| sigma * xtx_inv[(j, j)].sqrt()).collect();

        let mean = |v: &mut dyn Iterator<Item = f64>| {
            let (s, c) = v.fold((0.0, 0usize), |(s, c), x| (s + x, c + 1));
            s / c as f64
        };
        let means: Vec<f64> = (0..p)
            .map(|j| mean(&mut training.iter().map(|r| r[j])))
            .collect();
        let sds = (0..p)
            .map(|j| {
                (training
                    .iter()
                    .map(|r| (r[j] - means[j]).powi(2))
                    .sum::<f64>()
                    / (n as f64 - 1.0))
                    .sqrt()
            })
            .collect();
        let ranges = (0..p)
            .map(|j| {
                training
                    .iter()
                    .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| {
                        (lo.min(r[j]), hi.max(r[j]))
                    })
            })
            .collect();
        let y_mean = mean(&mut y_train.iter().copied());
        let target_sd =
            (y_train.iter().map(|v| (v - y_mean).powi(2)).sum::<f64>() / (n as f64 - 1.0)).sqrt();

        let mut model = LinearModel {
            id,
            description,
            features,
            intercept: beta[0],
            coefficients: beta.iter().skip(1).copied().collect(),
            std_errors,
            means,
            sds,
            ranges,
            target_sd,
            sigma,
            xtx_inv,
            t_quantile: student_t_975(residual_df),
            training,
            training_prices: y_train.to_vec(),
            // Measured below, with the model's own prediction.
            training_metrics: Metrics::UNMEASURED,
            test_metrics: Metrics::UNMEASURED,
        };
        let predict_all = |rows: &[Vec<f64>]| -> Vec<f64> {
            rows.iter().map(|r| model.predict_columns(r)).collect()
        };
        let training_metrics = Metrics::of(&predict_all(&model.training), y_train);
        let test_metrics = Metrics::of(&predict_all(&test), &data.prices[TRAINING_ROWS..]);
        model.training_metrics = training_metrics;
        model.test_metrics = test_metrics;
        model
    }

    /// The names of this model's inputs.
    pub fn feature_names(&self) -> Vec<&'static str> {
        self.features.iter().map(|&f| FEATURE_NAMES[f]).collect()
    }

    /// This model's inputs taken from a full feature row.
    fn columns_of(&self, row: &[f64; 5]) -> Vec<f64> {
        self.features.iter().map(|&f| row[f]).collect()
    }

    /// The prediction for this model's inputs.
    fn predict_columns(&self, x: &[f64]) -> f64 {
        self.intercept
            + self
                .coefficients
                .iter()
                .zip(x)
                .map(|(b, x)| b * x)
                .sum::<f64>()
    }

    /// The prediction for a house: intercept + Σ coefficientᵢ × xᵢ.
    pub fn predict(&self, row: &[f64; 5]) -> f64 {
        self.predict_columns(&self.columns_of(row))
    }

    /// The prediction at the training means: what every explanation starts from.
    pub fn baseline(&self) -> f64 {
        self.predict_columns(&self.means)
    }

    /// Half the width of the [`INTERVAL_LEVEL`] prediction interval at a house:
    /// t × σ̂ × √(1 + x₀ᵀ(XᵀX)⁻¹x₀).
    pub fn interval_half_width(&self, row: &[f64; 5]) -> f64 {
        let mut x0 = vec![1.0];
        x0.extend(self.columns_of(row));
        let x0 = DVector::from_vec(x0);
        let leverage = (x0.transpose() * &self.xtx_inv * &x0)[(0, 0)];
        self.t_quantile * self.sigma * (1.0 + leverage).sqrt()
    }

    /// Position of `feature` among this model's inputs, or an error listing them.
    fn input_index(&self, feature: &str) -> Result<usize, ToolError> {
        if let Some(position) = self
            .features
            .iter()
            .position(|&f| FEATURE_NAMES[f] == feature)
        {
            return Ok(position);
        }
        let valid = quoted_list(self.feature_names());
        Err(ToolError::new(if FEATURE_NAMES.contains(&feature) {
            format!(
                "feature `{feature}` is not an input of model `{}`; its features are {valid}",
                self.id
            )
        } else {
            format!(
                "unknown feature `{feature}`; the features of model `{}` are {valid}",
                self.id
            )
        }))
    }
}

/// Student's t quantile at 0.975 for `df` degrees of freedom (Cornish–Fisher expansion
/// around the normal quantile; exact to better than 1e-6 for df ≥ 30).
fn student_t_975(df: f64) -> f64 {
    let z: f64 = 1.959_963_984_540_054;
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * df)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df.powi(2))
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * df.powi(3))
}

/// `` `a`, `b`, `c` ``.
fn quoted_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
    names
        .into_iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The registered models, fitted at start-up: the server's state.
#[derive(Debug, Clone)]
pub struct ModelRegistry {
    models: Vec<LinearModel>,
}

impl Default for ModelRegistry {
    fn default() -> Self {
        let data = Dataset::generate();
        ModelRegistry {
            models: vec![
                LinearModel::fit(
                    FULL_MODEL,
                    "Ordinary least squares on all five features.",
                    vec![0, 1, 2, 3, 4],
                    &data,
                ),
                LinearModel::fit(
                    SMALL_MODEL,
                    "Ordinary least squares on area and distance only.",
                    vec![0, 3],
                    &data,
                ),
            ],
        }
    }
}

impl ModelRegistry {
    /// The registered models, the default ([`FULL_MODEL`]) first.
    pub fn models(&self) -> &[LinearModel] {
        &self.models
    }

    /// The model `id`, or the default one; an error lists the registered ids.
    ///
    /// # Errors
    /// When no model has that id.
    pub fn get(&self, id: Option<&str>) -> Result<&LinearModel, ToolError> {
        let id = id.unwrap_or(FULL_MODEL);
        self.models.iter().find(|m| m.id == id).ok_or_else(|| {
            ToolError::new(format!(
                "unknown model `{id}`; the registered models are {}",
                quoted_list(self.models.iter().map(|m| m.id))
            ))
        })
    }
}

// ---------------------------------------------------------------------------------------
// Inputs and evidence
// ---------------------------------------------------------------------------------------

/// A house to price. A model uses the features it was fitted on and ignores the others.
///
/// The ranges are in the input schema (`#[schemars(range(..))]`) and checked when a call
/// arrives: a value outside one is refused, naming it (`house.area_m2`), before the tool runs.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct House {
    /// Living area in square metres (trained on 40 to 220).
    #[schemars(range(min = 1, max = 100000))]
    pub area_m2: f64,
    /// Number of bedrooms (trained on 1 to 6).
    #[schemars(range(max = 1000))]
    pub bedrooms: u32,
    /// Age of the building in years (trained on 0 to 80).
    #[schemars(range(min = 0, max = 1000))]
    pub age_years: f64,
    /// Distance to the city centre in km (trained on 0.5 to 30).
    #[schemars(range(min = 0, max = 20000))]
    pub distance_km: f64,
    /// Rating of the nearest school.
    #[schemars(range(min = 1, max = 10))]
    pub school_rating: u32,
}

impl House {
    /// The features in [`FEATURE_NAMES`] order, checked for plausibility (a call's
    /// arguments are checked against the schema's ranges before; this guards a house built
    /// in Rust).
    ///
    /// # Errors
    /// When a value is out of its domain: every problem, one per line.
    pub fn row(&self) -> Result<[f64; 5], ToolError> {
        let mut problems = Vec::new();
        if self.area_m2 <= 0.0 {
            problems.push(format!("area_m2 must be more than 0, not {}", self.area_m2));
        }
        if self.age_years < 0.0 {
            problems.push(format!(
                "age_years must be 0 or more, not {}",
                self.age_years
            ));
        }
        if self.distance_km < 0.0 {
            problems.push(format!(
                "distance_km must be 0 or more, not {}",
                self.distance_km
            ));
        }
        if !(1..=10).contains(&self.school_rating) {
            problems.push(format!(
                "school_rating must be 1 to 10, not {}",
                self.school_rating
            ));
        }
        if !problems.is_empty() {
            return Err(ToolError::new(format!(
                "invalid house: {}",
                problems.join("; ")
            )));
        }
        Ok([
            self.area_m2,
            f64::from(self.bedrooms),
            self.age_years,
            self.distance_km,
            f64::from(self.school_rating),
        ])
    }
}

/// A prediction interval.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Interval {
    /// Confidence level, 0.95.
    pub level: f64,
    /// Lower bound, thousand EUR.
    pub lower: f64,
    /// Upper bound, thousand EUR.
    pub upper: f64,
}

/// A predicted price.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Narrative)]
#[narrative(
    "{model_id} predicts a price of {price_keur:.1} thousand EUR for this house \
     (95% prediction interval {interval.lower:.1} to {interval.upper:.1})."
)]
pub struct Prediction {
    /// The model that predicted it.
    pub model_id: String,
    /// The house as given.
    pub house: House,
    /// The features the model used.
    pub features_used: Vec<String>,
    /// The predicted price, thousand EUR.
    pub price_keur: f64,
    /// The prediction interval for this house's price.
    pub interval: Interval,
    /// Features whose value lies outside the training range (the model extrapolates).
    pub extrapolated_features: Vec<String>,
}

/// One feature's share of a prediction.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Contribution {
    /// The feature.
    pub feature: String,
    /// Its value for this house.
    pub value: f64,
    /// Its training mean.
    pub mean: f64,
    /// The model's coefficient, thousand EUR per unit.
    pub coefficient: f64,
    /// coefficient × (value − mean), thousand EUR.
    pub contribution: f64,
}

/// A prediction split into exact per-feature contributions.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Explanation {
    /// The model explained.
    pub model_id: String,
    /// How the contributions are computed.
    pub method: String,
    /// The prediction at the training means, thousand EUR.
    pub baseline_keur: f64,
    /// The prediction for this house, thousand EUR.
    pub prediction_keur: f64,
    /// Contributions, largest effect first; they sum to prediction − baseline.
    pub contributions: Vec<Contribution>,
}

/// The average prediction as one feature varies over its training range.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PartialDependence {
    /// The model.
    pub model_id: String,
    /// The feature varied.
    pub feature: String,
    /// The feature's values, from its training minimum to its maximum.
    pub grid: Vec<f64>,
    /// The average prediction over the training houses at each grid value, thousand EUR.
    pub average_prediction_keur: Vec<f64>,
    /// Change of the average prediction per unit of the feature, thousand EUR.
    pub slope_keur_per_unit: f64,
}

/// One feature's importance.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Importance {
    /// The feature.
    pub feature: String,
    /// 1 for the most important.
    pub rank: usize,
    /// The raw coefficient, thousand EUR per unit.
    pub coefficient: f64,
    /// The standardised coefficient: coefficient × sd(feature) / sd(price).
    pub standardised_coefficient: f64,
    /// |standardised coefficient|.
    pub importance: f64,
    /// Its share of the summed importance, 0 to 1.
    pub share: f64,
}

/// Feature importances of a model.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct FeatureImportance {
    /// The model.
    pub model_id: String,
    /// How importance is measured.
    pub method: String,
    /// The features, most important first.
    pub features: Vec<Importance>,
}

/// One fitted coefficient.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Coefficient {
    /// The feature.
    pub feature: String,
    /// Estimate, thousand EUR per unit.
    pub estimate: f64,
    /// Its standard error.
    pub std_error: f64,
    /// Training mean of the feature.
    pub mean: f64,
    /// Training minimum of the feature.
    pub min: f64,
    /// Training maximum of the feature.
    pub max: f64,
}

/// A registered model's card.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Narrative)]
#[narrative(
    "{model_id} is an ordinary least squares model of {target} from {features.len} features, \
     fitted on {training.rows} generated houses: R² {training.r_squared:.3}, RMSE \
     {training.rmse:.2}; on {test.rows} held-out houses R² {test.r_squared:.3}, RMSE {test.rmse:.2}."
)]
pub struct ModelCard {
    /// The model id.
    pub model_id: String,
    /// What it is.
    pub description: String,
    /// What it predicts.
    pub target: String,
    /// Its inputs.
    pub features: Vec<String>,
    /// The fitted intercept, thousand EUR.
    pub intercept: f64,
    /// The fitted coefficients.
    pub coefficients: Vec<Coefficient>,
    /// Residual standard error, thousand EUR.
    pub residual_std_error: f64,
    /// Metrics on the training houses.
    pub training: Metrics,
    /// Metrics on the held-out houses.
    pub test: Metrics,
    /// Where the data comes from.
    pub dataset: String,
}

/// One model's line in a comparison.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ComparedModel {
    /// The model.
    pub model_id: String,
    /// 1 for the best (lowest held-out RMSE).
    pub rank: usize,
    /// Number of inputs.
    pub feature_count: usize,
    /// Its inputs.
    pub features: Vec<String>,
    /// Training metrics.
    pub training: Metrics,
    /// Held-out metrics.
    pub test: Metrics,
}

/// Models side by side.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Comparison {
    /// What decides the better model.
    pub criterion: String,
    /// The best model.
    pub best_model_id: String,
    /// Every compared model, best first.
    pub models: Vec<ComparedModel>,
}

// ---------------------------------------------------------------------------------------
// The tools
// ---------------------------------------------------------------------------------------

/// Predict a house's price (thousand EUR) with a 95% prediction interval. `model` is a
/// registered model id (default `house-price-ols@1`; see `model_info`).
#[tool(format = "hybrid", kind = "read", app)]
pub fn predict(
    #[state] registry: &ModelRegistry,
    /// The house to price.
    house: House,
    /// Registered model id; default `house-price-ols@1`.
    model: Option<String>,
) -> Result<Hybrid<Prediction>, ToolError> {
    let model = registry.get(model.as_deref())?;
    let row = house.row()?;
    let price = model.predict(&row);
    let half = model.interval_half_width(&row);
    let extrapolated: Vec<String> = model
        .features
        .iter()
        .zip(&model.ranges)
        .filter(|&(&f, &(lo, hi))| row[f] < lo || row[f] > hi)
        .map(|(&f, _)| FEATURE_NAMES[f].to_owned())
        .collect();
    let prediction = Prediction {
        model_id: model.id.to_owned(),
        house,
        features_used: model
            .feature_names()
            .iter()
            .map(|s| s.to_string())
            .collect(),
        price_keur: price,
        interval: Interval {
            level: INTERVAL_LEVEL,
            lower: price - half,
            upper: price + half,
        },
        extrapolated_features: extrapolated,
    };
    let mut narrative = prediction.narrative();
    if !prediction.extrapolated_features.is_empty() {
        narrative.push_str(&format!(
            " Caution: {} outside the training range, so the model extrapolates.",
            quoted_list(prediction.extrapolated_features.iter().map(String::as_str))
                + if prediction.extrapolated_features.len() == 1 {
                    " is"
                } else {
                    " are"
                }
        ));
    }
    Ok(hybrid(narrative, prediction, model.id))
}

/// Explain a prediction: each feature's exact contribution, coefficient × (value − training
/// mean), which sum to the prediction minus the baseline (the prediction at the means), with
/// a PNG bar chart (green raises the price, red lowers it; largest effect first).
#[tool(format = "hybrid", kind = "read", app)]
pub fn explain_prediction(
    #[state] registry: &ModelRegistry,
    /// The house whose prediction to explain.
    house: House,
    /// Registered model id; default `house-price-ols@1`.
    model: Option<String>,
) -> Result<Hybrid<Explanation>, ToolError> {
    let model = registry.get(model.as_deref())?;
    let row = house.row()?;
    let mut contributions: Vec<Contribution> = model
        .features
        .iter()
        .enumerate()
        .map(|(j, &f)| Contribution {
            feature: FEATURE_NAMES[f].to_owned(),
            value: row[f],
            mean: model.means[j],
            coefficient: model.coefficients[j],
            contribution: model.coefficients[j] * (row[f] - model.means[j]),
        })
        .collect();
    contributions.sort_by(|a, b| b.contribution.abs().total_cmp(&a.contribution.abs()));
    let baseline = model.baseline();
    let prediction = model.predict(&row);
    let difference = prediction - baseline;
    let effects: Vec<String> = contributions
        .iter()
        .take(3)
        .map(|c| {
            format!(
                "{} = {} {} {:.1}",
                c.feature,
                c.value,
                if c.contribution >= 0.0 {
                    "adds"
                } else {
                    "subtracts"
                },
                c.contribution.abs()
            )
        })
        .collect();
    let narrative = format!(
        "{} predicts {prediction:.1} thousand EUR, {:.1} {} the average training house \
         ({baseline:.1}). Largest effects: {}.",
        model.id,
        difference.abs(),
        if difference >= 0.0 { "above" } else { "below" },
        effects.join("; ")
    );
    let bars: Vec<f64> = contributions.iter().map(|c| c.contribution).collect();
    let png = contribution_chart(&bars, CONTRIBUTION_CHART_SIZE)
        .map_err(|e| ToolError::new(format!("the chart could not be drawn: {e}")))?;
    let title = format!(
        "Contributions to the prediction of {}, thousand EUR: {}",
        model.id,
        contributions
            .iter()
            .map(|c| c.feature.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let explanation = Explanation {
        model_id: model.id.to_owned(),
        method: "linear contributions: coefficient × (value − training mean); exact".to_owned(),
        baseline_keur: baseline,
        prediction_keur: prediction,
        contributions,
    };
    Ok(hybrid(narrative, explanation, model.id).with_plot(Plot::png(png, title)))
}

/// Partial dependence of the predicted price on one feature: the average prediction over
/// the training houses as that feature sweeps its training range, with a PNG chart (the
/// curve in blue over the training houses' prices in grey).
///
/// The slowest of the model tools (one prediction per training house and grid point): it
/// reports its progress, one step per grid point and one for the chart.
#[tool(format = "hybrid", kind = "read", app)]
pub async fn partial_dependence(
    #[state] registry: &ModelRegistry,
    #[context] cx: Context,
    /// The feature to vary, e.g. `area_m2` (see `model_info` for a model's features).
    feature: String,
    /// Registered model id; default `house-price-ols@1`.
    model: Option<String>,
    /// Grid points, 2 to 100; default 20.
    points: Option<u32>,
) -> Result<Hybrid<PartialDependence>, ToolError> {
    let model = registry.get(model.as_deref())?;
    let j = model.input_index(&feature)?;
    let points = points.unwrap_or(20);
    if !(2..=100).contains(&points) {
        return Err(ToolError::new(format!(
            "points must be 2 to 100, not {points}"
        )));
    }
    let (lo, hi) = model.ranges[j];
    let grid: Vec<f64> = (0..points)
        .map(|i| lo + (hi - lo) * f64::from(i) / f64::from(points - 1))
        .collect();
    let steps = f64::from(points) + 1.0;
    let mut average = Vec::with_capacity(grid.len());
    for (done, &v) in grid.iter().enumerate() {
        let total: f64 = model
            .training
            .iter()
            .map(|row| {
                let mut row = row.clone();
                row[j] = v;
                model.predict_columns(&row)
            })
            .sum();
        average.push(total / model.training.len() as f64);
        cx.progress(done as f64 + 1.0, steps).await;
    }
    let slope = (average[average.len() - 1] - average[0]) / (hi - lo);
    let houses: Vec<(f64, f64)> = model
        .training
        .iter()
        .zip(&model.training_prices)
        .map(|(row, &price)| (row[j], price))
        .collect();
    let png = line_chart(&grid, &average, &houses, PD_CHART_SIZE)
        .map_err(|e| ToolError::new(format!("the chart could not be drawn: {e}")))?;
    cx.progress(steps, steps).await;
    let narrative = format!(
        "Under {}, moving {feature} from {lo} to {hi} changes the average predicted price \
         from {:.1} to {:.1} thousand EUR ({slope:+.2} per unit).",
        model.id,
        average[0],
        average[average.len() - 1]
    );
    let title = format!(
        "Partial dependence of the price on {feature} ({})",
        model.id
    );
    let curve = PartialDependence {
        model_id: model.id.to_owned(),
        feature,
        grid,
        average_prediction_keur: average,
        slope_keur_per_unit: slope,
    };
    Ok(hybrid(narrative, curve, model.id).with_plot(Plot::png(png, title)))
}

/// Rank a model's features by importance, |standardised coefficient| (coefficient ×
/// sd(feature) / sd(price)), with a PNG bar chart, most important first.
#[tool(format = "hybrid", kind = "read", app)]
pub fn feature_importance(
    #[state] registry: &ModelRegistry,
    /// Registered model id; default `house-price-ols@1`.
    model: Option<String>,
) -> Result<Hybrid<FeatureImportance>, ToolError> {
    let model = registry.get(model.as_deref())?;
    let mut features: Vec<Importance> = model
        .features
        .iter()
        .enumerate()
        .map(|(j, &f)| {
            let standardised = model.coefficients[j] * model.sds[j] / model.target_sd;
            Importance {
                feature: FEATURE_NAMES[f].to_owned(),
                rank: 0,
                coefficient: model.coefficients[j],
                standardised_coefficient: standardised,
                importance: standardised.abs(),
                share: 0.0,
            }
        })
        .collect();
    features.sort_by(|a, b| b.importance.total_cmp(&a.importance));
    let total: f64 = features.iter().map(|f| f.importance).sum();
    for (i, f) in features.iter_mut().enumerate() {
        f.rank = i + 1;
        f.share = f.importance / total;
    }
    let bars: Vec<f64> = features.iter().map(|f| f.importance).collect();
    let png = bar_chart(&bars, IMPORTANCE_CHART_SIZE)
        .map_err(|e| ToolError::new(format!("the chart could not be drawn: {e}")))?;
    let ranking: Vec<String> = features
        .iter()
        .map(|f| format!("{} ({:.0}%)", f.feature, f.share * 100.0))
        .collect();
    let narrative = format!(
        "For {}, {} matters most: one standard deviation of it moves the price by {:.2} \
         standard deviations. Ranking: {}.",
        model.id,
        features[0].feature,
        features[0].standardised_coefficient,
        ranking.join(", ")
    );
    let title = format!(
        "Feature importance of {}, |standardised coefficient|, {}",
        model.id,
        features
            .iter()
            .map(|f| f.feature.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    );
    let importance = FeatureImportance {
        model_id: model.id.to_owned(),
        method: "absolute standardised coefficient".to_owned(),
        features,
    };
    Ok(hybrid(narrative, importance, model.id).with_plot(Plot::png(png, title)))
}

/// Describe a registered model: its features and coefficients, training size, and training
/// and held-out metrics (R², RMSE).
#[tool(format = "hybrid", kind = "read", app)]
pub fn model_info(
    #[state] registry: &ModelRegistry,
    /// Registered model id; default `house-price-ols@1`.
    model: Option<String>,
) -> Result<Hybrid<ModelCard>, ToolError> {
    let model = registry.get(model.as_deref())?;
    let card = ModelCard {
        model_id: model.id.to_owned(),
        description: model.description.to_owned(),
        target: "price_keur".to_owned(),
        features: model
            .feature_names()
            .iter()
            .map(|s| s.to_string())
            .collect(),
        intercept: model.intercept,
        coefficients: model
            .features
            .iter()
            .enumerate()
            .map(|(j, &f)| Coefficient {
                feature: FEATURE_NAMES[f].to_owned(),
                estimate: model.coefficients[j],
                std_error: model.std_errors[j],
                mean: model.means[j],
                min: model.ranges[j].0,
                max: model.ranges[j].1,
            })
            .collect(),
        residual_std_error: model.sigma,
        training: model.training_metrics,
        test: model.test_metrics,
        dataset: SOURCE.to_owned(),
    };
    // The sentence is fixed, so it is the type's template; the model id is known only now.
    Ok(hybrid(card.narrative(), card, model.id))
}

/// Compare registered models side by side (training and held-out R² and RMSE) and name the
/// better one: the lowest held-out RMSE.
#[tool(format = "hybrid", kind = "read", app)]
pub fn compare_models(
    #[state] registry: &ModelRegistry,
    /// Model ids to compare, at least two; default: every registered model.
    models: Option<Vec<String>>,
) -> Result<Hybrid<Comparison>, ToolError> {
    let chosen: Vec<&LinearModel> = match &models {
        None => registry.models().iter().collect(),
        Some(ids) => ids
            .iter()
            .map(|id| registry.get(Some(id)))
            .collect::<Result<_, _>>()?,
    };
    for (i, m) in chosen.iter().enumerate() {
        if chosen[..i].iter().any(|other| other.id == m.id) {
            return Err(ToolError::new(format!(
                "model `{}` is listed twice; compare distinct models",
                m.id
            )));
        }
    }
    if chosen.len() < 2 {
        return Err(ToolError::new(format!(
            "compare at least two models; the registered models are {}",
            quoted_list(registry.models().iter().map(|m| m.id))
        )));
    }
    let mut ranked = chosen.clone();
    ranked.sort_by(|a, b| a.test_metrics.rmse.total_cmp(&b.test_metrics.rmse));
    let (best, runner_up) = (ranked[0], ranked[1]);
    let narrative = format!(
        "{} is the better model: held-out RMSE {:.2} against {:.2} thousand EUR for {}, \
         held-out R² {:.3} against {:.3}, with {} features against {}.",
        best.id,
        best.test_metrics.rmse,
        runner_up.test_metrics.rmse,
        runner_up.id,
        best.test_metrics.r_squared,
        runner_up.test_metrics.r_squared,
        best.features.len(),
        runner_up.features.len(),
    );
    let model_ids = ranked.iter().map(|m| m.id).collect::<Vec<_>>().join(",");
    let comparison = Comparison {
        criterion: "lowest held-out RMSE".to_owned(),
        best_model_id: best.id.to_owned(),
        models: ranked
            .iter()
            .enumerate()
            .map(|(i, m)| ComparedModel {
                model_id: m.id.to_owned(),
                rank: i + 1,
                feature_count: m.features.len(),
                features: m.feature_names().iter().map(|s| s.to_string()).collect(),
                training: m.training_metrics,
                test: m.test_metrics,
            })
            .collect(),
    };
    // Every compared model computed this answer: `model_id` lists them, best first.
    Ok(hybrid(narrative, comparison, &model_ids))
}

/// A hybrid answer with the model id and the dataset as source.
fn hybrid<T>(narrative: String, data: T, model_id: &str) -> Hybrid<T> {
    Hybrid::new(narrative, data)
        .with_model_id(model_id)
        .with_source(SOURCE)
}

/// The six model tools.
///
/// # Panics
/// Never: the tool names are distinct.
pub fn toolset() -> ToolSet<ModelRegistry> {
    ToolSet::new(tools![
        predict,
        explain_prediction,
        partial_dependence,
        feature_importance,
        model_info,
        compare_models
    ])
    .expect("distinct tool names")
}

// ---------------------------------------------------------------------------------------
// Charts (drawn without text, so no font library is needed)
// ---------------------------------------------------------------------------------------

use crate::png::{ChartError, draw_png};

/// A blue line through `(xs, ys)` over grey `dots`, with black axes.
///
/// # Errors
/// When plotters cannot draw or the image cannot be encoded.
pub fn line_chart(
    xs: &[f64],
    ys: &[f64],
    dots: &[(f64, f64)],
    size: (u32, u32),
) -> Result<Vec<u8>, ChartError> {
    let (x_lo, x_hi) = (xs[0], xs[xs.len() - 1]);
    let all_y = || ys.iter().copied().chain(dots.iter().map(|d| d.1));
    let y_lo = all_y().fold(f64::INFINITY, f64::min);
    let y_hi = all_y().fold(f64::NEG_INFINITY, f64::max);
    let pad = ((y_hi - y_lo) * 0.08).max(1.0);
    let (y_lo, y_hi) = (y_lo - pad, y_hi + pad);
    draw_png(size, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(24)
            .build_cartesian_2d(x_lo..x_hi, y_lo..y_hi)
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(x_lo, y_hi), (x_lo, y_lo), (x_hi, y_lo)],
                BLACK.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        let grey = RGBColor(190, 190, 190);
        chart
            .draw_series(dots.iter().map(|&d| Circle::new(d, 2, grey.filled())))
            .map_err(|e| e.to_string())?;
        let points = xs.iter().copied().zip(ys.iter().copied());
        chart
            .draw_series(LineSeries::new(points.clone(), BLUE.stroke_width(3)))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(points.map(|p| Circle::new(p, 3, BLUE.filled())))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

/// Blue bars of `heights`, left to right, on a black base line.
///
/// # Errors
/// When plotters cannot draw or the image cannot be encoded.
pub fn bar_chart(heights: &[f64], size: (u32, u32)) -> Result<Vec<u8>, ChartError> {
    let n = heights.len() as f64;
    let top = heights.iter().copied().fold(0.0, f64::max).max(1e-9) * 1.1;
    draw_png(size, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(24)
            .build_cartesian_2d(0.0..n, 0.0..top)
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(heights.iter().enumerate().map(|(i, &h)| {
                let i = i as f64;
                Rectangle::new([(i + 0.15, 0.0), (i + 0.85, h)], BLUE.filled())
            }))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, top), (0.0, 0.0), (n, 0.0)],
                BLACK.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

/// Bars of signed `values` from a black zero line: [`RAISES`] up, [`LOWERS`] down.
///
/// # Errors
/// When plotters cannot draw or the image cannot be encoded.
pub fn contribution_chart(values: &[f64], size: (u32, u32)) -> Result<Vec<u8>, ChartError> {
    let n = values.len() as f64;
    let high = values.iter().copied().fold(0.0, f64::max);
    let low = values.iter().copied().fold(0.0, f64::min);
    let pad = ((high - low) * 0.08).max(1e-9);
    let [r, g, b] = RAISES;
    let raises = RGBColor(r, g, b);
    let [r, g, b] = LOWERS;
    let lowers = RGBColor(r, g, b);
    draw_png(size, |root| {
        let mut chart = ChartBuilder::on(root)
            .margin(24)
            .build_cartesian_2d(0.0..n, (low - pad)..(high + pad))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(values.iter().enumerate().map(|(i, &v)| {
                let i = i as f64;
                let colour = if v >= 0.0 { raises } else { lowers };
                Rectangle::new([(i + 0.15, 0.0), (i + 0.85, v)], colour.filled())
            }))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                [(0.0, 0.0), (n, 0.0)],
                BLACK.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn student_t_matches_tables() {
        // Tabulated t(0.975): df 30 → 2.042272, df 120 → 1.979930.
        assert!((student_t_975(30.0) - 2.042_272).abs() < 1e-5);
        assert!((student_t_975(120.0) - 1.979_930).abs() < 1e-5);
    }

    #[test]
    fn the_dataset_is_deterministic() {
        let (a, b) = (Dataset::generate(), Dataset::generate());
        assert_eq!(a.rows, b.rows);
        assert_eq!(a.prices, b.prices);
        assert_eq!(a.rows.len(), ROWS);
    }
}
