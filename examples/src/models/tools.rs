//! The six `format = "hybrid"` tools over the registered models, and their tool set.

use toolshape::{
    Context, Narrative, ToolError, ToolSet, formats::Hybrid, formats::Plot, tool, tools,
};

use super::*;

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
