//! What the tools take and answer: the house to price, and the evidence each tool returns
//! (predictions, contributions, partial dependence, importances, model cards, comparisons).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{Narrative, ToolError};

use super::*;

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
