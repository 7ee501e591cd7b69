//! ONTAP volume tools on a simulated cluster, with undo that needs no per-tool code.
//!
//! * `cluster_list_volumes`, `cluster_list_svms` (json, `kind = "read"`): the seed's Harvest
//!   pattern, `{status, data}` instead of markdown to be parsed.
//! * `get_volume_configuration` (json, `kind = "state"`): the state programs act on, with
//!   field names equal to the setters' parameter names (`autosize.mode`, `autosize.maximum_size`,
//!   `size`, `comment`).
//! * `cluster_enable_volume_autosize`, `cluster_resize_volume` (`kind = "action"`).
//! * `get_active_alerts`, `infrastructure_health` (hybrid): counts and a health summary in the
//!   narrative, the details as data.
//! * `undo_last_action`, `list_undo_history`: toolshape's [undo layer](toolshape::undo),
//!   which this module does not implement: it captures the state before each action by
//!   calling the state tool, and restores it by calling the same action with the captured
//!   values picked by parameter name. The module only keeps the rule that makes that work.
//! * The rest of a storage administration server, one file per area (`volumes`, `snapshots`,
//!   `svms`, `aggregates`, `exports`, `shares`, `qos`, `protection`, `san`, `qtrees`,
//!   `network`, `events`): 57 tools in all, each action undoable by the same rule.

pub mod aggregates;
pub mod cluster;
pub mod events;
pub mod exports;
pub mod inventory;
pub mod names;
pub mod network;
pub mod protection;
pub mod qos;
pub mod qtrees;
pub mod san;
pub mod shared;
pub mod shares;
pub mod snapshots;
pub mod svms;
pub mod volumes;

use std::sync::{Mutex, MutexGuard};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::undo::Undo;
use toolshape::{Server, ToolError, ToolSet, formats::Hybrid, tool, tool::ToolDef, tools};

pub use crate::charts::{Alert, Autosize, AutosizeMode, Severity};
use cluster::{Cluster, SEED, VolumeState};
use names::{gib, percent};

/// The server state: the simulated cluster.
#[derive(Debug)]
pub struct Ontap {
    cluster: Mutex<Cluster>,
}

impl Default for Ontap {
    fn default() -> Self {
        Ontap::new(Cluster::generate(SEED))
    }
}

impl Ontap {
    /// A state over `cluster`.
    pub fn new(cluster: Cluster) -> Self {
        Ontap {
            cluster: Mutex::new(cluster),
        }
    }

    /// The cluster, locked: for tools defined outside this module.
    pub fn cluster(&self) -> MutexGuard<'_, Cluster> {
        self.cluster.lock().unwrap_or_else(|e| e.into_inner())
    }
}

// ---------------------------------------------------------------------------------------
// Output types

/// One volume in a listing.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, toolshape::ToolText)]
#[text(noun = "volume", layout = "compact")]
pub struct VolumeSummary {
    /// The volume's UUID.
    #[text(detailed)]
    pub uuid: String,
    /// The volume's name.
    pub name: String,
    /// The SVM that serves it.
    pub svm_name: String,
    /// The aggregate it lives on.
    #[text(detailed)]
    pub aggregate_name: String,
    /// Size in bytes.
    pub size: u64,
    /// Used bytes.
    #[text(detailed)]
    pub used: u64,
    /// Used space, percent of size.
    pub used_percent: u8,
    /// `online`, `offline` or `restricted`.
    pub state: VolumeState,
    /// Free-form comment.
    #[text(detailed)]
    pub comment: Option<String>,
}

/// The volumes that match a listing's filters.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, toolshape::ToolText)]
pub struct VolumeList {
    /// The cluster's name.
    pub cluster: String,
    /// How many volumes matched.
    pub total_count: usize,
    /// The volumes, by name.
    pub volumes: Vec<VolumeSummary>,
}

/// One SVM in a listing.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, toolshape::ToolText)]
#[text(noun = "SVM", layout = "compact")]
pub struct SvmSummary {
    /// The SVM's UUID.
    #[text(detailed)]
    pub uuid: String,
    /// The SVM's name.
    pub name: String,
    /// `running` or `stopped`.
    pub state: String,
    /// The data protocols it serves.
    pub protocols: Vec<String>,
    /// How many volumes it serves.
    pub volume_count: usize,
    /// The sum of its volumes' sizes, in bytes.
    #[text(detailed)]
    pub provisioned_size: u64,
}

/// The cluster's SVMs.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, toolshape::ToolText)]
pub struct SvmList {
    /// The cluster's name.
    pub cluster: String,
    /// How many SVMs there are.
    pub total_count: usize,
    /// The SVMs, by name.
    pub svms: Vec<SvmSummary>,
}

/// A volume's configuration. Every field an action can set is named as that action's
/// parameter (`size` for `cluster_resize_volume`, `autosize.mode` … for
/// `cluster_enable_volume_autosize`), so undo can restore it by name.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct VolumeConfiguration {
    /// The volume's UUID.
    pub volume_uuid: String,
    /// The volume's name.
    pub name: String,
    /// The SVM that serves it.
    pub svm_name: String,
    /// That SVM's UUID.
    pub svm_uuid: String,
    /// The aggregate it lives on.
    pub aggregate_name: String,
    /// Size in bytes.
    pub size: u64,
    /// Used bytes.
    pub used: u64,
    /// `online`, `offline` or `restricted`.
    pub state: VolumeState,
    /// Free-form comment.
    pub comment: Option<String>,
    /// The autosize policy, named as `cluster_enable_volume_autosize` takes it.
    pub autosize: Autosize,
    /// The snapshot policy's name.
    pub snapshot_policy: String,
    /// The QoS policy group's name, if any.
    pub qos_policy: Option<String>,
    /// The NFS export policy's name, if the SVM serves NFS.
    pub export_policy: Option<String>,
}

/// A volume's autosize policy after a change.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct AutosizeChange {
    /// The volume's UUID.
    pub volume_uuid: String,
    /// The volume's name.
    pub name: String,
    /// The policy now in force.
    pub autosize: Autosize,
}

/// A volume's size after a resize.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ResizeChange {
    /// The volume's UUID.
    pub volume_uuid: String,
    /// The volume's name.
    pub name: String,
    /// The size before, in bytes.
    pub previous_size: u64,
    /// The size now, in bytes.
    pub size: u64,
}

/// An aggregate's health.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct AggregateHealth {
    /// The aggregate's name.
    pub name: String,
    /// The aggregate's UUID.
    pub uuid: String,
    /// The node that owns it.
    pub node: String,
    /// Usable size in bytes.
    pub size: u64,
    /// Bytes provisioned to volumes.
    pub provisioned: u64,
    /// Provisioned, percent of size.
    pub provisioned_percent: u8,
    /// `ok`, or `warning` above 90 % provisioned.
    pub status: String,
}

/// Volume counts by state.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct VolumeCounts {
    /// All volumes.
    pub total: usize,
    /// Online volumes.
    pub online: usize,
    /// Offline volumes.
    pub offline: usize,
    /// Restricted volumes.
    pub restricted: usize,
    /// Online volumes 85 % used or more.
    pub space_high: usize,
}

/// Alert counts by severity.
#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct AlertCounts {
    /// Critical alerts.
    pub critical: usize,
    /// Warnings.
    pub warning: usize,
    /// Informational alerts.
    pub info: usize,
}

/// The cluster's health report.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct HealthReport {
    /// The cluster's name.
    pub cluster: String,
    /// The cluster's UUID.
    pub cluster_uuid: String,
    /// The ONTAP version.
    pub version: String,
    /// `healthy`, `degraded` (warnings) or `critical`.
    pub status: String,
    /// Alert counts.
    pub alerts: AlertCounts,
    /// Volume counts.
    pub volumes: VolumeCounts,
    /// Each aggregate.
    pub aggregates: Vec<AggregateHealth>,
}

// ---------------------------------------------------------------------------------------
// Helpers

/// The index in `cluster.volumes` of the volume with `uuid`, or the tool error a model can
/// act on: what every volume tool, and any new one, looks volumes up with.
///
/// # Errors
/// When no volume has that UUID.
pub fn volume_index(cluster: &Cluster, uuid: &str) -> Result<usize, ToolError> {
    cluster
        .volumes
        .iter()
        .position(|v| v.uuid == uuid)
        .ok_or_else(|| {
            ToolError::new(format!(
                "volume {uuid} not found; cluster_list_volumes lists the volume UUIDs"
            ))
        })
}

fn configuration(cluster: &Cluster, index: usize) -> VolumeConfiguration {
    let volume = &cluster.volumes[index];
    let svm = &cluster.svms[volume.svm];
    VolumeConfiguration {
        volume_uuid: volume.uuid.clone(),
        name: volume.name.clone(),
        svm_name: svm.name.clone(),
        svm_uuid: svm.uuid.clone(),
        aggregate_name: cluster.aggregates[volume.aggregate].name.clone(),
        size: volume.size,
        used: volume.used,
        state: volume.state,
        comment: volume.comment.clone(),
        autosize: volume.autosize.clone(),
        snapshot_policy: volume.snapshot_policy.clone(),
        qos_policy: volume.qos_policy.clone(),
        export_policy: volume.export_policy.clone(),
    }
}

/// The alerts the cluster's state raises, most severe first.
fn alerts(cluster: &Cluster) -> Vec<Alert> {
    let mut alerts = Vec::new();
    let since = |minutes: usize| {
        format!(
            "2025-10-14T{:02}:{:02}:00Z",
            8 + minutes / 60 % 12,
            minutes % 60
        )
    };
    for (i, volume) in cluster.volumes.iter().enumerate() {
        let used = percent(volume.used, volume.size);
        // (alert, severity, summary, minutes after the first alert of the day)
        let raised = match volume.state {
            VolumeState::Online if used >= 95 => Some((
                "VolumeNearlyFull",
                Severity::Critical,
                format!("Volume is {used}% full"),
                12,
            )),
            VolumeState::Online if used >= 85 => Some((
                "VolumeSpaceHigh",
                Severity::Warning,
                format!("Volume is {used}% full"),
                20,
            )),
            VolumeState::Offline => Some((
                "VolumeOffline",
                Severity::Warning,
                "Volume is offline".to_owned(),
                5,
            )),
            _ => None,
        };
        if let Some((name, severity, summary, minutes)) = raised {
            alerts.push(Alert {
                name: name.into(),
                severity,
                target: format!(
                    "{}/{}/{}",
                    cluster.name, cluster.svms[volume.svm].name, volume.name
                ),
                summary,
                active_since: since(minutes + i * 7),
            });
        }
    }
    for (i, aggregate) in cluster.aggregates.iter().enumerate() {
        let provisioned = percent(cluster.provisioned(i), aggregate.size);
        if provisioned > 90 {
            alerts.push(Alert {
                name: "AggregateOvercommitted".into(),
                severity: Severity::Warning,
                target: format!("{}/{}", cluster.name, aggregate.name),
                summary: format!("Aggregate is {provisioned}% provisioned"),
                active_since: since(40 + i * 3),
            });
        }
    }
    for svm in &cluster.svms {
        if svm.state != "running" {
            alerts.push(Alert {
                name: "SvmStopped".into(),
                severity: Severity::Info,
                target: format!("{}/{}", cluster.name, svm.name),
                summary: format!("SVM is {}", svm.state),
                active_since: since(1),
            });
        }
    }
    alerts.sort_by(|a, b| {
        (a.severity as u8, &a.active_since, &a.target).cmp(&(
            b.severity as u8,
            &b.active_since,
            &b.target,
        ))
    });
    alerts
}

fn count(alerts: &[Alert]) -> AlertCounts {
    let of = |severity| alerts.iter().filter(|a| a.severity == severity).count();
    AlertCounts {
        critical: of(Severity::Critical),
        warning: of(Severity::Warning),
        info: of(Severity::Info),
    }
}

// ---------------------------------------------------------------------------------------
// Tools

/// List the cluster's volumes (UUID, SVM, aggregate, size and used bytes, state), by name,
/// optionally only those of one SVM or in one state.
#[tool(format = "json", kind = "read", title = "List volumes", detail, app)]
pub fn cluster_list_volumes(
    #[state] ontap: &Ontap,
    /// Only the volumes of this SVM (e.g. `svm_finance`).
    svm_name: Option<String>,
    /// Only the volumes in this state.
    state: Option<VolumeState>,
) -> Result<VolumeList, ToolError> {
    let cluster = ontap.cluster();
    if let Some(svm_name) = &svm_name
        && !cluster.svms.iter().any(|s| &s.name == svm_name)
    {
        let names: Vec<&str> = cluster.svms.iter().map(|s| s.name.as_str()).collect();
        return Err(ToolError::new(format!(
            "SVM {svm_name} not found; the SVMs are {}",
            names.join(", ")
        )));
    }
    let mut volumes: Vec<VolumeSummary> = cluster
        .volumes
        .iter()
        .filter(|v| {
            svm_name
                .as_ref()
                .is_none_or(|n| &cluster.svms[v.svm].name == n)
        })
        .filter(|v| state.is_none_or(|s| v.state == s))
        .map(|v| VolumeSummary {
            uuid: v.uuid.clone(),
            name: v.name.clone(),
            svm_name: cluster.svms[v.svm].name.clone(),
            aggregate_name: cluster.aggregates[v.aggregate].name.clone(),
            size: v.size,
            used: v.used,
            used_percent: percent(v.used, v.size),
            state: v.state,
            comment: v.comment.clone(),
        })
        .collect();
    volumes.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(VolumeList {
        cluster: cluster.name.clone(),
        total_count: volumes.len(),
        volumes,
    })
}

/// List the cluster's SVMs (storage virtual machines) with their state, protocols and how
/// many volumes they serve.
#[tool(format = "json", kind = "read", title = "List SVMs", detail, app)]
pub fn cluster_list_svms(#[state] ontap: &Ontap) -> SvmList {
    let cluster = ontap.cluster();
    let mut svms: Vec<SvmSummary> = cluster
        .svms
        .iter()
        .enumerate()
        .map(|(i, svm)| {
            let volumes = cluster.volumes.iter().filter(|v| v.svm == i);
            SvmSummary {
                uuid: svm.uuid.clone(),
                name: svm.name.clone(),
                state: svm.state.clone(),
                protocols: svm.protocols.clone(),
                volume_count: volumes.clone().count(),
                provisioned_size: volumes.map(|v| v.size).sum(),
            }
        })
        .collect();
    svms.sort_by(|a, b| a.name.cmp(&b.name));
    SvmList {
        cluster: cluster.name.clone(),
        total_count: svms.len(),
        svms,
    }
}

/// Get a volume's full configuration by UUID: size, SVM, autosize, snapshot, QoS and export
/// policies. Field names are the parameter names of the tools that change them, so the
/// result can be fed back to them (this is what undo does).
#[tool(format = "json", kind = "state", title = "Volume configuration", app)]
pub fn get_volume_configuration(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
) -> Result<VolumeConfiguration, ToolError> {
    let cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    Ok(configuration(&cluster, index))
}

/// Set a volume's autosize policy: mode `grow` or `grow_shrink` (with a maximum size), or
/// `off`. The policy is replaced as a whole: an omitted size or threshold is left unset.
/// Undoable with `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Enable volume autosize",
    app
)]
pub fn cluster_enable_volume_autosize(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// `grow`, `grow_shrink` or `off`.
    mode: AutosizeMode,
    /// Largest size autosize may grow the volume to, in bytes; required unless `mode` is
    /// `off`, and at least the volume's size.
    maximum_size: Option<u64>,
    /// Smallest size autosize may shrink the volume to, in bytes.
    minimum_size: Option<u64>,
    /// Used-space percentage (1–99) at which the volume grows.
    grow_threshold_percent: Option<u8>,
    /// Used-space percentage (1–99) at which the volume shrinks; below the grow threshold.
    shrink_threshold_percent: Option<u8>,
) -> Result<AutosizeChange, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    let volume = &mut cluster.volumes[index];
    if mode != AutosizeMode::Off {
        match maximum_size {
            None => {
                return Err(ToolError::new(format!(
                    "mode {mode} needs maximum_size (bytes), at least the volume's size {}",
                    volume.size
                )));
            }
            Some(maximum) if maximum < volume.size => {
                return Err(ToolError::new(format!(
                    "maximum_size {maximum} is below the volume's size {} ({})",
                    volume.size,
                    gib(volume.size)
                )));
            }
            Some(_) => {}
        }
    }
    if let (Some(minimum), Some(maximum)) = (minimum_size, maximum_size)
        && minimum > maximum
    {
        return Err(ToolError::new(format!(
            "minimum_size {minimum} is above maximum_size {maximum}"
        )));
    }
    for (name, value) in [
        ("grow_threshold_percent", grow_threshold_percent),
        ("shrink_threshold_percent", shrink_threshold_percent),
    ] {
        if let Some(value) = value
            && !(1..=99).contains(&value)
        {
            return Err(ToolError::new(format!(
                "{name} must be 1 to 99, not {value}"
            )));
        }
    }
    if let (Some(grow), Some(shrink)) = (grow_threshold_percent, shrink_threshold_percent)
        && shrink >= grow
    {
        return Err(ToolError::new(format!(
            "shrink_threshold_percent {shrink} must be below grow_threshold_percent {grow}"
        )));
    }
    volume.autosize = Autosize {
        mode,
        maximum_size,
        minimum_size,
        grow_threshold_percent,
        shrink_threshold_percent,
    };
    Ok(AutosizeChange {
        volume_uuid,
        name: volume.name.clone(),
        autosize: volume.autosize.clone(),
    })
}

/// Resize a volume to `size` bytes (at least what it uses, and within its aggregate's free
/// space). Only online volumes can be resized. Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Resize volume", app)]
pub fn cluster_resize_volume(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// The new size in bytes (e.g. 214748364800 for 200 GiB).
    size: u64,
) -> Result<ResizeChange, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    let (aggregate, previous, used, state) = {
        let v = &cluster.volumes[index];
        (v.aggregate, v.size, v.used, v.state)
    };
    if state != VolumeState::Online {
        return Err(ToolError::new(format!(
            "volume {} is {}; only online volumes can be resized",
            cluster.volumes[index].name,
            serde_json::to_value(state)
                .unwrap_or_default()
                .as_str()
                .unwrap_or("not online")
        )));
    }
    if size < used {
        return Err(ToolError::new(format!(
            "size {size} is below the {used} bytes the volume uses ({})",
            gib(used)
        )));
    }
    let free = cluster.aggregates[aggregate]
        .size
        .saturating_sub(cluster.provisioned(aggregate));
    if size > previous && size - previous > free {
        return Err(ToolError::new(format!(
            "aggregate {} has {free} bytes free ({}); growing by {} does not fit",
            cluster.aggregates[aggregate].name,
            gib(free),
            size - previous
        )));
    }
    let volume = &mut cluster.volumes[index];
    volume.size = size;
    Ok(ResizeChange {
        volume_uuid,
        name: volume.name.clone(),
        previous_size: previous,
        size,
    })
}

/// List the active alerts (Harvest/Prometheus rules over the cluster), most severe first,
/// with counts by severity; optionally only one severity.
#[tool(
    format = "hybrid",
    kind = "read",
    model_id = "harvest-alert-rules-2025.10",
    app
)]
pub fn get_active_alerts(
    #[state] ontap: &Ontap,
    /// Only alerts of this severity.
    severity: Option<Severity>,
) -> Hybrid<Vec<Alert>> {
    let cluster = ontap.cluster();
    let mut alerts = alerts(&cluster);
    alerts.retain(|a| severity.is_none_or(|s| a.severity == s));
    let counts = count(&alerts);
    let narrative = if alerts.is_empty() {
        "No active alerts.".to_owned()
    } else {
        format!(
            "{} active alerts on {}: {} critical, {} warning, {} info.",
            alerts.len(),
            cluster.name,
            counts.critical,
            counts.warning,
            counts.info
        )
    };
    Hybrid::new(narrative, alerts).with_source("prometheus /api/v1/alerts")
}

/// Summarise the cluster's health: overall status, alert counts, volumes by state and each
/// aggregate's provisioned space.
#[tool(
    format = "hybrid",
    kind = "read",
    model_id = "harvest-alert-rules-2025.10",
    app
)]
pub fn infrastructure_health(#[state] ontap: &Ontap) -> Hybrid<HealthReport> {
    let cluster = ontap.cluster();
    let alerts = count(&alerts(&cluster));
    let mut volumes = VolumeCounts::default();
    for v in &cluster.volumes {
        volumes.total += 1;
        match v.state {
            VolumeState::Online => volumes.online += 1,
            VolumeState::Offline => volumes.offline += 1,
            VolumeState::Restricted => volumes.restricted += 1,
        }
        if v.state == VolumeState::Online && percent(v.used, v.size) >= 85 {
            volumes.space_high += 1;
        }
    }
    let aggregates: Vec<AggregateHealth> = cluster
        .aggregates
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let provisioned = cluster.provisioned(i);
            let provisioned_percent = percent(provisioned, a.size);
            AggregateHealth {
                name: a.name.clone(),
                uuid: a.uuid.clone(),
                node: a.node.clone(),
                size: a.size,
                provisioned,
                provisioned_percent,
                status: if provisioned_percent > 90 {
                    "warning"
                } else {
                    "ok"
                }
                .into(),
            }
        })
        .collect();
    let status = if alerts.critical > 0 {
        "critical"
    } else if alerts.warning > 0 {
        "degraded"
    } else {
        "healthy"
    };
    let busiest = aggregates.iter().max_by_key(|a| a.provisioned_percent);
    let narrative = format!(
        "{} is {status}: {} critical and {} warning alerts. {} of {} volumes online ({} offline, {} restricted), {} at 85% used or more.{}",
        cluster.name,
        alerts.critical,
        alerts.warning,
        volumes.online,
        volumes.total,
        volumes.offline,
        volumes.restricted,
        volumes.space_high,
        busiest
            .map(|a| format!(
                " Fullest aggregate: {} at {}% provisioned.",
                a.name, a.provisioned_percent
            ))
            .unwrap_or_default()
    );
    Hybrid::new(
        narrative,
        HealthReport {
            cluster: cluster.name.clone(),
            cluster_uuid: cluster.uuid.clone(),
            version: cluster.version.clone(),
            status: status.into(),
            alerts,
            volumes,
            aggregates,
        },
    )
    .with_source("ontap /api/cluster, prometheus /api/v1/alerts")
}

/// The ONTAP tools.
///
/// # Panics
/// Never: the tool names are distinct.
pub fn toolset() -> ToolSet<Ontap> {
    ToolSet::new(
        tools![
            cluster_list_volumes,
            cluster_list_svms,
            get_volume_configuration,
            cluster_enable_volume_autosize,
            cluster_resize_volume,
            get_active_alerts,
            infrastructure_health,
        ]
        .into_iter()
        .chain(more_tools()),
    )
    .expect("distinct tool names")
}

/// The tools of every area past the first seven: volumes' settings, snapshots, SVMs,
/// aggregates, exports, shares, QoS, replication, SAN, qtrees, network, jobs and events.
fn more_tools() -> Vec<ToolDef<Ontap>> {
    tools![
        volumes::set_volume_state,
        volumes::set_volume_comment,
        volumes::set_volume_snapshot_policy,
        volumes::set_volume_qos_policy,
        volumes::set_volume_export_policy,
        volumes::get_volume_space,
        snapshots::list_snapshots,
        snapshots::get_snapshot,
        snapshots::manage_snapshot,
        snapshots::list_snapshot_policies,
        snapshots::get_snapshot_policy,
        snapshots::set_snapshot_policy,
        svms::get_svm_configuration,
        svms::set_svm_state,
        svms::set_svm_protocols,
        aggregates::list_aggregates,
        aggregates::get_aggregate,
        aggregates::list_nodes,
        exports::list_export_policies,
        exports::get_export_policy,
        exports::manage_export_policy,
        exports::check_export_access,
        shares::list_cifs_shares,
        shares::get_cifs_share,
        shares::manage_cifs_share,
        qos::list_qos_policies,
        qos::get_qos_policy,
        qos::manage_qos_policy,
        protection::list_snapmirror_relationships,
        protection::get_snapmirror_relationship,
        protection::get_snapmirror_state,
        protection::set_snapmirror_state,
        protection::manage_snapmirror_relationship,
        san::list_luns,
        san::get_lun,
        san::manage_lun,
        san::list_igroups,
        san::get_igroup,
        san::manage_igroup,
        qtrees::list_qtrees,
        qtrees::get_qtree,
        qtrees::manage_qtree,
        qtrees::set_qtree_quota,
        network::list_network_interfaces,
        network::get_network_interface,
        network::set_network_interface,
        events::list_jobs,
        events::list_events,
    ]
    .into()
}

/// The tools a storage administrator reaches for first, kept in the listing when tool search
/// is on: the cluster's health and alerts, the volumes, a volume's configuration, and undo.
pub const PINNED: [&str; 5] = [
    "infrastructure_health",
    "get_active_alerts",
    "cluster_list_volumes",
    "get_volume_configuration",
    "undo_last_action",
];

/// Tool search for the ontap server (`ontap --search`): the listing holds [`PINNED`], the
/// tools with an MCP Apps view (a host shows views only for the tools it lists),
/// `search_tools` and `call_tool`; every other tool is found by searching and stays callable
/// by its name.
pub fn tool_search() -> toolshape::search::ToolSearch {
    toolshape::search::ToolSearch::new().pin(PINNED)
}

/// The ONTAP server on a freshly generated cluster, with undo: every action that sets what
/// `get_volume_configuration` reads can be undone with `undo_last_action`. It serves two
/// skills: `grow-a-full-volume` (from `skills/ontap`) and `using-tools`, written from its
/// tools.
///
/// # Panics
/// Never: the setters' parameters are named like the configuration's fields, which
/// [`Undo::for_tools`] checks (the tests run it).
pub fn server() -> Server<Ontap> {
    server_on(None)
}

/// [`server`], with everything it keeps in `store` when there is one: the cluster (see
/// [`shared::SharedCluster`]), the undo journal and the tasks. Its replicas then act on one
/// cluster, as they would on a real one, and an undo on one restores what an action on
/// another changed.
///
/// # Panics
/// Never: see [`server`].
pub fn server_on(store: Option<&toolshape::store::redis::RedisStore>) -> Server<Ontap> {
    let mut tools = toolset();
    let undo = Undo::for_tools(&tools).expect("each setter's parameters name configuration fields");
    if let Some(store) = store {
        // First, so outermost: an action's capture, run and record hold the cluster's lock.
        tools = tools.layer(shared::SharedCluster::new(store));
    }
    let server = Server::new(Ontap::default(), tools.layer(undo)).with_info(
        toolshape::serve::About::new(toolshape::rmcp::model::Implementation::new(
            "toolshape-ontap",
            env!("CARGO_PKG_VERSION"),
        ))
        .with_instructions(
            "ONTAP storage administration on a simulated cluster: volumes, snapshots, SVMs, \
             aggregates, NFS exports, CIFS shares, QoS, SnapMirror, LUNs, qtrees, network \
             interfaces, jobs and events. Start with infrastructure_health or \
             cluster_list_volumes; get_* tools read an object's configuration, and every \
             action can be undone with undo_last_action.",
        )
        // a how-to in `skills/ontap`, checked against the tools at start-up, and a guide to
        // the tools written from them (search first when `--search` turns search on)
        .with_skills(
            toolshape::skills!("skills/ontap")
                .expect("the ONTAP skills are well formed")
                .with_tool_guide(toolshape::skills::ToolGuide::new()),
        ),
    );
    match store {
        Some(store) => server.with_store(store),
        None => server,
    }
}
