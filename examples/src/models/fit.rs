//! The models: ordinary least squares fitted on the training houses, their metrics, and
//! the registry of fitted models that is the server's state.

use nalgebra::{DMatrix, DVector};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::ToolError;

use super::*;

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
    pub(super) training: Vec<Vec<f64>>,
    /// The training prices, drawn behind partial-dependence curves.
    pub(super) training_prices: Vec<f64>,
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
    pub(super) fn predict_columns(&self, x: &[f64]) -> f64 {
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
    pub(super) fn input_index(&self, feature: &str) -> Result<usize, ToolError> {
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
pub fn student_t_975(df: f64) -> f64 {
    let z: f64 = 1.959_963_984_540_054;
    let (z3, z5, z7) = (z.powi(3), z.powi(5), z.powi(7));
    z + (z3 + z) / (4.0 * df)
        + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df.powi(2))
        + (3.0 * z7 + 19.0 * z5 + 17.0 * z3 - 15.0 * z) / (384.0 * df.powi(3))
}

/// `` `a`, `b`, `c` ``.
pub(super) fn quoted_list<'a>(names: impl IntoIterator<Item = &'a str>) -> String {
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
