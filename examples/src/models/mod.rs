//! Model tools: two ordinary-least-squares models of house prices, fitted at
//! start-up (with `nalgebra`'s SVD least squares) on a generated, deterministic dataset,
//! and six `format = "hybrid"` tools over them. Each answers with a narrative, the evidence
//! as data, metadata carrying the `model_id`, a PNG plot where it helps, and `grounded`.
//!
//! The dataset: [`ROWS`] houses from a seeded generator, price (thousand EUR) =
//! [`TRUE_INTERCEPT`] + Σ [`TRUE_COEFFICIENTS`]ᵢ × featureᵢ + Gaussian noise of standard
//! deviation [`NOISE_SD`]. The first [`TRAINING_ROWS`] train the models, the rest are held
//! out for the test metrics.

//!
//! The files: the constants here; `dataset` (the generated houses), `fit` (the fitted models
//! and their registry), `evidence` (what the tools take and answer), `tools` (the six tools),
//! `charts` (their PNG charts).

mod charts;
mod dataset;
mod evidence;
mod fit;
mod tools;

pub use charts::*;
pub use dataset::*;
pub use evidence::*;
pub use fit::*;
pub use tools::*;

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
