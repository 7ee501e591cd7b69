//! SnapMirror replication: a hybrid listing (how far behind each mirror is), one
//! relationship's configuration and its mirror state (json state tools), and the actions
//! that create or delete it and that quiesce, resume, break or resync it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, formats::Hybrid, tool};

use super::Ontap;
use super::cluster::{Cluster, VolumeState};
use super::inventory::{SnapMirror, SnapmirrorState};
use super::names::{new_uuid, not_found, volume_named};

/// One relationship in a listing.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RelationshipSummary {
    /// The relationship's UUID.
    pub uuid: String,
    /// `svm:volume` of the source.
    pub source_path: String,
    /// `svm:volume` of the destination.
    pub destination_path: String,
    /// The SnapMirror policy.
    pub policy: String,
    /// The transfer schedule.
    pub schedule: Option<String>,
    /// `snapmirrored`, `paused` or `broken_off`.
    pub state: SnapmirrorState,
    /// Seconds since the destination's newest snapshot was taken on the source.
    pub lag_seconds: u64,
    /// `false` when the lag is above twice the schedule's interval or the mirror is not
    /// mirroring.
    pub healthy: bool,
    /// Bytes moved by the last transfer.
    pub last_transfer_size: u64,
}

fn interval(schedule: Option<&str>) -> u64 {
    match schedule {
        Some("hourly") => 3_600,
        Some("daily") => 86_400,
        Some("weekly") => 604_800,
        _ => 86_400,
    }
}

/// List the SnapMirror relationships: source and destination, policy, schedule, state and
/// lag, with whether each is healthy; the narrative names the unhealthy ones.
#[tool(
    format = "hybrid",
    kind = "read",
    title = "List SnapMirror relationships"
)]
pub fn list_snapmirror_relationships(#[state] ontap: &Ontap) -> Hybrid<Vec<RelationshipSummary>> {
    let cluster = ontap.cluster();
    let relationships: Vec<RelationshipSummary> = cluster
        .resources
        .snapmirrors
        .iter()
        .map(|r| RelationshipSummary {
            uuid: r.uuid.clone(),
            source_path: r.source_path.clone(),
            destination_path: r.destination_path.clone(),
            policy: r.policy.clone(),
            schedule: r.schedule.clone(),
            state: r.state,
            lag_seconds: r.lag_seconds,
            healthy: r.state == SnapmirrorState::Snapmirrored
                && r.lag_seconds <= 2 * interval(r.schedule.as_deref()),
            last_transfer_size: r.last_transfer_size,
        })
        .collect();
    let unhealthy: Vec<String> = relationships
        .iter()
        .filter(|r| !r.healthy)
        .map(|r| {
            format!(
                "{} ({}, {} h behind)",
                r.destination_path,
                serde_json::to_value(r.state)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default(),
                r.lag_seconds / 3_600
            )
        })
        .collect();
    let narrative = if unhealthy.is_empty() {
        format!(
            "{} SnapMirror relationships, all healthy.",
            relationships.len()
        )
    } else {
        format!(
            "{} SnapMirror relationships, {} unhealthy: {}.",
            relationships.len(),
            unhealthy.len(),
            unhealthy.join(", ")
        )
    };
    Hybrid::new(narrative, relationships).with_source("ontap /api/snapmirror/relationships")
}

/// A relationship's configuration, named as its actions take it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RelationshipConfiguration {
    /// `svm:volume` of the destination: the relationship's key.
    pub destination_path: String,
    /// Whether the relationship exists.
    pub present: bool,
    /// `svm:volume` of the source; null when it does not exist.
    pub source_path: Option<String>,
    /// The SnapMirror policy (`MirrorAllSnapshots`, `MirrorAndVault`, `Asynchronous`).
    pub policy: Option<String>,
    /// The transfer schedule (`hourly`, `daily`, `weekly`); null for manual updates only.
    pub schedule: Option<String>,
    /// `snapmirrored`, `paused` or `broken_off`; null when it does not exist.
    pub state: Option<SnapmirrorState>,
}

fn relationship_configuration(cluster: &Cluster, destination: &str) -> RelationshipConfiguration {
    let found = cluster
        .resources
        .snapmirrors
        .iter()
        .find(|r| r.destination_path == destination);
    RelationshipConfiguration {
        destination_path: destination.to_owned(),
        present: found.is_some(),
        source_path: found.map(|r| r.source_path.clone()),
        policy: found.map(|r| r.policy.clone()),
        schedule: found.and_then(|r| r.schedule.clone()),
        state: found.map(|r| r.state),
    }
}

/// The volume of an `svm:volume` path, checked to exist and to belong to that SVM.
fn volume_of(cluster: &Cluster, path: &str, name: &str) -> Result<usize, ToolError> {
    let (svm, volume) = path
        .split_once(':')
        .ok_or_else(|| ToolError::new(format!("{name} {path:?} is not of the form svm:volume")))?;
    let index = volume_named(cluster, volume)?;
    if cluster.svms[cluster.volumes[index].svm].name != svm {
        return Err(ToolError::new(format!(
            "{name} {path}: volume {volume} is not on SVM {svm}"
        )));
    }
    Ok(index)
}

/// Get a SnapMirror relationship's configuration by its destination: source, policy,
/// schedule and state. A relationship that does not exist reads `present: false`.
#[tool(
    format = "json",
    kind = "state",
    title = "SnapMirror relationship configuration"
)]
pub fn get_snapmirror_relationship(
    #[state] ontap: &Ontap,
    /// The destination, `svm:volume` (e.g. `svm_dr:vol_dr_finance`).
    destination_path: String,
) -> Result<RelationshipConfiguration, ToolError> {
    let cluster = ontap.cluster();
    volume_of(&cluster, &destination_path, "destination_path")?;
    Ok(relationship_configuration(&cluster, &destination_path))
}

fn relationship_index(cluster: &Cluster, destination: &str) -> Result<usize, ToolError> {
    cluster
        .resources
        .snapmirrors
        .iter()
        .position(|r| r.destination_path == destination)
        .ok_or_else(|| {
            not_found(
                "SnapMirror relationship to",
                destination,
                "list_snapmirror_relationships",
            )
        })
}

/// Apply `state` to the relationship at `at` and its destination volume.
fn apply_state(cluster: &mut Cluster, at: usize, state: SnapmirrorState) -> Result<(), ToolError> {
    let destination = cluster.resources.snapmirrors[at].destination_path.clone();
    let index = volume_of(cluster, &destination, "destination_path")?;
    cluster.resources.snapmirrors[at].state = state;
    // A broken-off destination is writable; a mirrored or paused one is restricted.
    cluster.volumes[index].state = match state {
        SnapmirrorState::BrokenOff => VolumeState::Online,
        _ => VolumeState::Restricted,
    };
    Ok(())
}

/// Whether a relationship mirrors, named as `set_snapmirror_state` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct MirrorState {
    /// `svm:volume` of the destination: the relationship's key.
    pub destination_path: String,
    /// `snapmirrored` (mirroring), `paused` (quiesced) or `broken_off` (the destination is
    /// writable).
    pub mirror_state: SnapmirrorState,
}

/// Get whether a SnapMirror relationship mirrors: `snapmirrored`, `paused` (quiesced) or
/// `broken_off`, by its destination.
#[tool(format = "json", kind = "state", title = "SnapMirror state")]
pub fn get_snapmirror_state(
    #[state] ontap: &Ontap,
    /// The destination, `svm:volume` (e.g. `svm_dr:vol_dr_finance`).
    destination_path: String,
) -> Result<MirrorState, ToolError> {
    let cluster = ontap.cluster();
    let at = relationship_index(&cluster, &destination_path)?;
    Ok(MirrorState {
        destination_path,
        mirror_state: cluster.resources.snapmirrors[at].state,
    })
}

/// Quiesce (`paused`), resume or resync (`snapmirrored`), or break (`broken_off`) a
/// SnapMirror relationship. Breaking makes the destination volume writable (for a failover)
/// and stops updates; resyncing discards what was written on it since. Undoable with
/// `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Quiesce, resume or break a SnapMirror relationship"
)]
pub fn set_snapmirror_state(
    #[state] ontap: &Ontap,
    /// The destination, `svm:volume`.
    destination_path: String,
    /// `snapmirrored` (resume or resync), `paused` (quiesce) or `broken_off` (break).
    mirror_state: SnapmirrorState,
) -> Result<MirrorState, ToolError> {
    let mut cluster = ontap.cluster();
    let at = relationship_index(&cluster, &destination_path)?;
    apply_state(&mut cluster, at, mirror_state)?;
    Ok(MirrorState {
        destination_path,
        mirror_state,
    })
}

/// Create a SnapMirror relationship and initialise it (`present: true`), change its policy
/// and schedule, or delete it (`present: false`; the destination keeps its data). The
/// destination must be a volume of another SVM than the source. Undoable with
/// `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Create or delete a SnapMirror relationship"
)]
pub fn manage_snapmirror_relationship(
    #[state] ontap: &Ontap,
    /// The destination, `svm:volume`.
    destination_path: String,
    /// `true` to create or change the relationship, `false` to delete it.
    present: bool,
    /// The source, `svm:volume`; required to create it.
    source_path: Option<String>,
    /// The SnapMirror policy; `MirrorAllSnapshots` when omitted.
    policy: Option<String>,
    /// The transfer schedule (`hourly`, `daily`, `weekly`); null for manual updates only.
    schedule: Option<String>,
    /// The state to leave it in; `snapmirrored` when omitted.
    state: Option<SnapmirrorState>,
) -> Result<RelationshipConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let destination = volume_of(&cluster, &destination_path, "destination_path")?;
    let at = cluster
        .resources
        .snapmirrors
        .iter()
        .position(|r| r.destination_path == destination_path);
    if !present {
        let at = relationship_index(&cluster, &destination_path)?;
        cluster.resources.snapmirrors.remove(at);
        return Ok(relationship_configuration(&cluster, &destination_path));
    }
    let Some(source_path) = source_path else {
        return Err(ToolError::new(
            "source_path (svm:volume) is required to create or change a relationship".to_owned(),
        ));
    };
    let source = volume_of(&cluster, &source_path, "source_path")?;
    if cluster.volumes[source].svm == cluster.volumes[destination].svm {
        return Err(ToolError::new(
            "source and destination are on the same SVM; mirror to another SVM (e.g. svm_dr)"
                .to_owned(),
        ));
    }
    if let Some(schedule) = &schedule
        && !matches!(schedule.as_str(), "hourly" | "daily" | "weekly")
    {
        return Err(ToolError::new(format!(
            "schedule {schedule:?} is not one of hourly, daily, weekly"
        )));
    }
    let policy = policy.unwrap_or_else(|| "MirrorAllSnapshots".into());
    if !matches!(
        policy.as_str(),
        "MirrorAllSnapshots" | "MirrorAndVault" | "Asynchronous" | "MirrorLatest"
    ) {
        return Err(ToolError::new(format!(
            "policy {policy:?} is not one of MirrorAllSnapshots, MirrorAndVault, \
             Asynchronous, MirrorLatest"
        )));
    }
    let at = match at {
        Some(at) => {
            let r = &mut cluster.resources.snapmirrors[at];
            r.source_path = source_path;
            r.policy = policy;
            r.schedule = schedule;
            at
        }
        None => {
            let uuid = new_uuid(&cluster);
            let last_transfer_size = cluster.volumes[source].used;
            cluster.resources.snapmirrors.push(SnapMirror {
                uuid,
                source_path,
                destination_path: destination_path.clone(),
                policy,
                schedule,
                state: SnapmirrorState::Snapmirrored,
                lag_seconds: 0,
                last_transfer_size,
            });
            cluster.resources.snapmirrors.len() - 1
        }
    };
    apply_state(
        &mut cluster,
        at,
        state.unwrap_or(SnapmirrorState::Snapmirrored),
    )?;
    Ok(relationship_configuration(&cluster, &destination_path))
}
