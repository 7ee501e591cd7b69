//! `format = "hybrid"` tools on a small storage cluster: the volume tools' `get_volume_configuration`
//! (narrative from a template on the output type), its `get_active_alerts` (narrative made
//! at run time, counts by severity; the alert list as data), and a capacity trend with a
//! PNG chart drawn by plotters.

use std::fmt;

use plotters::prelude::*;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{Narrative, ToolError, ToolSet, formats::Hybrid, formats::Plot, tool, tools};

use crate::png::{ChartError, draw_png};

/// A volume's configuration, with MCP parameter names.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, Narrative)]
#[narrative(
    "Volume {volume.name} ({volume.uuid}) on SVM {svm.name} is {volume.state}, {volume.size} bytes. \
     Autosize is {autosize.mode}; {snapshot_policy.len} snapshot policy set."
)]
pub struct VolumeConfiguration {
    /// The volume itself.
    pub volume: VolumeInfo,
    /// The SVM that serves it.
    pub svm: SvmRef,
    /// Its autosize policy.
    pub autosize: Autosize,
    /// The snapshot policies applied.
    pub snapshot_policy: Vec<String>,
    /// QoS policy name, if any.
    pub qos_policy: Option<String>,
    /// NFS export policy name, if any.
    pub export_policy: Option<String>,
}

/// Identity and size of a volume.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct VolumeInfo {
    /// The volume's UUID.
    pub uuid: String,
    /// The volume's name.
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// `online` or `offline`.
    pub state: String,
    /// Free-form comment.
    pub comment: Option<String>,
}

/// An SVM by name and UUID.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SvmRef {
    /// The SVM's name.
    pub name: String,
    /// The SVM's UUID.
    pub uuid: String,
}

/// A volume's autosize policy, named as `cluster_enable_volume_autosize` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Autosize {
    /// Autosize mode.
    pub mode: AutosizeMode,
    /// Largest size autosize grows to, in bytes.
    pub maximum_size: Option<u64>,
    /// Smallest size autosize shrinks to, in bytes.
    pub minimum_size: Option<u64>,
    /// Used-space percentage at which the volume grows.
    pub grow_threshold_percent: Option<u8>,
    /// Used-space percentage at which the volume shrinks.
    pub shrink_threshold_percent: Option<u8>,
}

/// Autosize mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AutosizeMode {
    /// Autosize is off.
    Off,
    /// The volume grows.
    Grow,
    /// The volume grows and shrinks.
    GrowShrink,
}

impl fmt::Display for AutosizeMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AutosizeMode::Off => "off",
            AutosizeMode::Grow => "grow",
            AutosizeMode::GrowShrink => "grow_shrink",
        })
    }
}

/// Alert severity, as Prometheus labels it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Needs action now.
    Critical,
    /// Needs attention.
    Warning,
    /// For information.
    Info,
}

/// One active alert.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Alert {
    /// The alert rule's name.
    pub name: String,
    /// Its severity.
    pub severity: Severity,
    /// What the alert is about (cluster, volume, …).
    pub target: String,
    /// The alert's summary annotation.
    pub summary: String,
    /// Since when it fires, RFC 3339.
    pub active_since: String,
}

/// A volume's used capacity over the last days.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct CapacityTrend {
    /// The volume's UUID.
    pub volume_uuid: String,
    /// Used capacity in GiB, one value a day, oldest first.
    pub used_gib: Vec<f64>,
    /// The fitted daily growth in GiB.
    pub growth_gib_per_day: f64,
    /// Days until the volume is full at that growth, if it grows.
    pub days_until_full: Option<f64>,
}

/// The demo cluster the chart tools read.
#[derive(Debug, Clone)]
pub struct StorageCluster {
    volumes: Vec<VolumeConfiguration>,
    alerts: Vec<Alert>,
}

impl Default for StorageCluster {
    fn default() -> Self {
        let volume = VolumeConfiguration {
            volume: VolumeInfo {
                uuid: "b6f2c1a4-6f1e-11ee-8c99-0242ac120002".into(),
                name: "vol_finance_01".into(),
                size: 107_374_182_400,
                state: "online".into(),
                comment: Some("quarterly reports".into()),
            },
            svm: SvmRef {
                name: "svm_finance".into(),
                uuid: "2a7c0b64-6f1e-11ee-8c99-0242ac120002".into(),
            },
            autosize: Autosize {
                mode: AutosizeMode::Off,
                maximum_size: Some(190_000_000),
                minimum_size: None,
                grow_threshold_percent: Some(85),
                shrink_threshold_percent: None,
            },
            snapshot_policy: vec!["default".into()],
            qos_policy: None,
            export_policy: Some("default".into()),
        };
        let alert = |name: &str, severity, target: &str, summary: &str, since: &str| Alert {
            name: name.into(),
            severity,
            target: target.into(),
            summary: summary.into(),
            active_since: since.into(),
        };
        StorageCluster {
            volumes: vec![volume],
            alerts: vec![
                alert(
                    "VolumeNearlyFull",
                    Severity::Critical,
                    "cluster1/svm_finance/vol_finance_01",
                    "Volume is 97% full",
                    "2025-10-14T08:12:00Z",
                ),
                alert(
                    "HighLatency",
                    Severity::Warning,
                    "cluster1/aggr1",
                    "Average latency above 20 ms for 10 minutes",
                    "2025-10-14T09:40:00Z",
                ),
                alert(
                    "SnapshotReserveHigh",
                    Severity::Warning,
                    "cluster1/svm_hr/vol_hr_02",
                    "Snapshot reserve 92% used",
                    "2025-10-14T10:05:00Z",
                ),
            ],
        }
    }
}

impl StorageCluster {
    fn volume(&self, uuid: &str) -> Result<&VolumeConfiguration, ToolError> {
        self.volumes
            .iter()
            .find(|v| v.volume.uuid == uuid)
            .ok_or_else(|| ToolError::new(format!("volume {uuid} not found")))
    }
}

/// Get a volume's full configuration (size, SVM, autosize, policies) by UUID, for state
/// capture before a change.
#[tool(format = "hybrid", app)]
pub fn get_volume_configuration(
    #[state] cluster: &StorageCluster,
    /// The volume's UUID.
    volume_uuid: String,
) -> Result<VolumeConfiguration, ToolError> {
    cluster.volume(&volume_uuid).cloned()
}

/// List the active Prometheus alerts, most severe first, with counts by severity.
#[tool(format = "hybrid", model_id = "harvest-alert-rules-2025.10", app)]
pub fn get_active_alerts(#[state] cluster: &StorageCluster) -> Hybrid<Vec<Alert>> {
    let mut alerts = cluster.alerts.clone();
    alerts.sort_by_key(|alert| alert.severity as u8);
    let count = |severity| alerts.iter().filter(|a| a.severity == severity).count();
    let narrative = if alerts.is_empty() {
        "No active alerts.".to_owned()
    } else {
        format!(
            "{} active alerts: {} critical, {} warning, {} info.",
            alerts.len(),
            count(Severity::Critical),
            count(Severity::Warning),
            count(Severity::Info)
        )
    };
    Hybrid::new(narrative, alerts).with_source("prometheus /api/v1/alerts")
}

/// Width and height of the capacity chart, in pixels.
pub const CHART_SIZE: (u32, u32) = (640, 360);

/// Chart a volume's used capacity over the last `days` days (7 by default, at most 90), with
/// the fitted growth and the days until it is full.
#[tool(format = "hybrid", model_id = "least-squares-linear-v1", app)]
pub fn get_volume_capacity_trend(
    #[state] cluster: &StorageCluster,
    /// The volume's UUID.
    volume_uuid: String,
    /// How many days of history to chart, 2 to 90.
    days: Option<u32>,
) -> Result<Hybrid<CapacityTrend>, ToolError> {
    let configuration = cluster.volume(&volume_uuid)?;
    let days = days.unwrap_or(7);
    if !(2..=90).contains(&days) {
        return Err(ToolError::new(format!("days must be 2 to 90, not {days}")));
    }
    let capacity_gib = configuration.volume.size as f64 / f64::from(1u32 << 30);
    // A deterministic history: steady growth with a weekly wobble.
    let used_gib: Vec<f64> = (0..days)
        .map(|day| {
            let day = f64::from(day);
            let wobble = [0.0, 0.4, -0.3, 0.2, 0.5, -0.2, 0.1][(day as usize) % 7];
            (60.0 + 1.5 * day + wobble).min(capacity_gib)
        })
        .collect();
    let growth = slope(&used_gib);
    let last = used_gib.last().copied().unwrap_or_default();
    let days_until_full =
        (growth > 0.0).then(|| ((capacity_gib - last) / growth * 10.0).round() / 10.0);
    let growth_gib_per_day = (growth * 1000.0).round() / 1000.0;
    let png = capacity_chart(&used_gib, capacity_gib, CHART_SIZE)
        .map_err(|error| ToolError::new(format!("the chart could not be drawn: {error}")))?;
    let narrative = match days_until_full {
        Some(full) => format!(
            "{} grew {growth_gib_per_day} GiB a day over {days} days; at that rate it is full in {full} days.",
            configuration.volume.name
        ),
        None => format!(
            "{} did not grow over {days} days.",
            configuration.volume.name
        ),
    };
    let trend = CapacityTrend {
        volume_uuid,
        used_gib,
        growth_gib_per_day,
        days_until_full,
    };
    Ok(Hybrid::new(narrative, trend).with_plot(Plot::png(
        png,
        format!(
            "Used capacity of {}, GiB per day",
            configuration.volume.name
        ),
    )))
}

/// Least-squares slope of `values` against their index.
fn slope(values: &[f64]) -> f64 {
    let n = values.len() as f64;
    let mean_x = (n - 1.0) / 2.0;
    let mean_y = values.iter().sum::<f64>() / n;
    let (mut num, mut den) = (0.0, 0.0);
    for (x, y) in values.iter().enumerate() {
        let dx = x as f64 - mean_x;
        num += dx * (y - mean_y);
        den += dx * dx;
    }
    if den == 0.0 { 0.0 } else { num / den }
}

/// A line chart of `used_gib` with the capacity as a red line, PNG-encoded. Drawn without
/// text, so no font library is needed.
///
/// # Errors
/// When plotters cannot draw or the image cannot be encoded.
pub fn capacity_chart(
    used_gib: &[f64],
    capacity_gib: f64,
    size: (u32, u32),
) -> Result<Vec<u8>, ChartError> {
    draw_png(size, |root| {
        let x_max = used_gib.len().saturating_sub(1).max(1) as f64;
        let mut chart = ChartBuilder::on(root)
            .margin(24)
            .build_cartesian_2d(0.0..x_max, 0.0..capacity_gib * 1.05)
            .map_err(|e| e.to_string())?;
        let axes = [
            vec![(0.0, capacity_gib * 1.05), (0.0, 0.0), (x_max, 0.0)],
            vec![(0.0, capacity_gib), (x_max, capacity_gib)],
        ];
        chart
            .draw_series(LineSeries::new(
                axes[0].iter().copied(),
                BLACK.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(
                axes[1].iter().copied(),
                RED.stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        let points = used_gib.iter().enumerate().map(|(x, &y)| (x as f64, y));
        chart
            .draw_series(LineSeries::new(points.clone(), BLUE.stroke_width(3)))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series(points.map(|point| Circle::new(point, 4, BLUE.filled())))
            .map_err(|e| e.to_string())?;
        Ok(())
    })
}

/// The chart tools.
///
/// # Panics
/// Never: the tool names are distinct.
pub fn toolset() -> ToolSet<StorageCluster> {
    ToolSet::new(tools![
        get_volume_configuration,
        get_active_alerts,
        get_volume_capacity_trend
    ])
    .expect("distinct tool names")
}
