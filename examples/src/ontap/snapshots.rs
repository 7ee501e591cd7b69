//! Snapshots and snapshot policies: listings a model reads (text), the configuration of one
//! snapshot or policy (json state), and the actions that create, change and delete them.
//!
//! A snapshot is created and deleted by one action, `manage_snapshot`, with `present: true`
//! or `false`: undo calls an action again with the state captured before it, so the action
//! that created a snapshot is the one that deletes it again (as Ansible's `netapp.ontap`
//! modules do with `state: present | absent`).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::cluster::Cluster;
use super::inventory::{Snapshot, SnapshotPolicy};
use super::names::{new_uuid, not_found, volume_named};

/// One snapshot, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "snapshot", empty = "No snapshots found.", layout = "table")]
pub struct SnapshotLine {
    /// The volume's name.
    pub volume: String,
    /// The snapshot's name.
    pub name: String,
    /// When it was taken.
    pub create_time: String,
    /// Bytes held only by this snapshot.
    #[text(bytes)]
    pub size: u64,
    /// The label SnapMirror vault policies select it by.
    pub snapmirror_label: Option<String>,
    /// Free-form comment.
    pub comment: Option<String>,
}

/// List snapshots, oldest first: of one volume, or of every volume. Each line gives the
/// volume, name, creation time, the space only it holds, its SnapMirror label and comment.
#[tool(format = "text", kind = "read", title = "List snapshots")]
pub fn list_snapshots(
    #[state] ontap: &Ontap,
    /// Only this volume's snapshots (its name, e.g. `vol_finance_02`).
    volume_name: Option<String>,
) -> Result<Vec<SnapshotLine>, ToolError> {
    let cluster = ontap.cluster();
    if let Some(name) = &volume_name {
        volume_named(&cluster, name)?;
    }
    let mut lines: Vec<SnapshotLine> = cluster
        .resources
        .snapshots
        .iter()
        .filter(|s| volume_name.as_ref().is_none_or(|v| &s.volume == v))
        .map(|s| SnapshotLine {
            volume: s.volume.clone(),
            name: s.name.clone(),
            create_time: s.create_time.clone(),
            size: s.size,
            snapmirror_label: s.snapmirror_label.clone(),
            comment: s.comment.clone(),
        })
        .collect();
    lines.sort_by(|a, b| (&a.volume, &a.create_time).cmp(&(&b.volume, &b.create_time)));
    Ok(lines)
}

/// A snapshot's configuration, named as `manage_snapshot` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SnapshotConfiguration {
    /// The volume's name.
    pub volume_name: String,
    /// The snapshot's name.
    pub snapshot_name: String,
    /// Whether the snapshot exists.
    pub present: bool,
    /// Free-form comment.
    pub comment: Option<String>,
    /// The label SnapMirror vault policies select it by.
    pub snapmirror_label: Option<String>,
}

fn snapshot_configuration(cluster: &Cluster, volume: &str, name: &str) -> SnapshotConfiguration {
    let found = cluster
        .resources
        .snapshots
        .iter()
        .find(|s| s.volume == volume && s.name == name);
    SnapshotConfiguration {
        volume_name: volume.to_owned(),
        snapshot_name: name.to_owned(),
        present: found.is_some(),
        comment: found.and_then(|s| s.comment.clone()),
        snapmirror_label: found.and_then(|s| s.snapmirror_label.clone()),
    }
}

/// Get a snapshot's configuration: whether it exists, its comment and SnapMirror label. A
/// snapshot that does not exist reads `present: false`.
#[tool(format = "json", kind = "state", title = "Snapshot configuration")]
pub fn get_snapshot(
    #[state] ontap: &Ontap,
    /// The volume's name (e.g. `vol_finance_02`).
    volume_name: String,
    /// The snapshot's name (e.g. `before_q3_close`).
    snapshot_name: String,
) -> Result<SnapshotConfiguration, ToolError> {
    let cluster = ontap.cluster();
    volume_named(&cluster, &volume_name)?;
    Ok(snapshot_configuration(
        &cluster,
        &volume_name,
        &snapshot_name,
    ))
}

/// Create a snapshot of a volume now (`present: true`), change its comment and label, or
/// delete it (`present: false`). The comment and label are set as given: omitted ones are
/// cleared. Undoable with `undo_last_action`: undoing a deletion takes a new snapshot of
/// that name (the deleted one's data is not brought back).
#[tool(
    format = "json",
    kind = "action",
    title = "Create or delete a snapshot"
)]
pub fn manage_snapshot(
    #[state] ontap: &Ontap,
    /// The volume's name.
    volume_name: String,
    /// The snapshot's name: letters, digits, `_`, `-` and `.`, at most 255 characters.
    snapshot_name: String,
    /// `true` to create (or keep) the snapshot, `false` to delete it.
    present: bool,
    /// Free-form comment.
    comment: Option<String>,
    /// The label SnapMirror vault policies select it by (`daily`, `weekly`, …).
    snapmirror_label: Option<String>,
) -> Result<SnapshotConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_named(&cluster, &volume_name)?;
    let valid = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if snapshot_name.is_empty() || snapshot_name.len() > 255 || !snapshot_name.chars().all(valid) {
        return Err(ToolError::new(format!(
            "snapshot_name {snapshot_name:?} must be 1 to 255 letters, digits, `_`, `-` or `.`"
        )));
    }
    let at = cluster
        .resources
        .snapshots
        .iter()
        .position(|s| s.volume == volume_name && s.name == snapshot_name);
    match (present, at) {
        (false, None) => {
            return Err(not_found(
                &format!("snapshot {snapshot_name} of volume"),
                &volume_name,
                "list_snapshots",
            ));
        }
        (false, Some(at)) => {
            cluster.resources.snapshots.remove(at);
        }
        (true, Some(at)) => {
            let snapshot = &mut cluster.resources.snapshots[at];
            snapshot.comment = comment;
            snapshot.snapmirror_label = snapmirror_label;
        }
        (true, None) => {
            if cluster.volumes[index].state != super::cluster::VolumeState::Online {
                return Err(ToolError::new(format!(
                    "volume {volume_name} is not online; only online volumes can take snapshots"
                )));
            }
            let uuid = new_uuid(&cluster);
            cluster.resources.snapshots.push(Snapshot {
                uuid,
                volume: volume_name.clone(),
                name: snapshot_name.clone(),
                create_time: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                size: 0,
                comment,
                snapmirror_label,
            });
        }
    }
    Ok(snapshot_configuration(
        &cluster,
        &volume_name,
        &snapshot_name,
    ))
}

/// One snapshot policy, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(
    noun = "snapshot policy",
    plural = "snapshot policies",
    empty = "No snapshot policies.",
    layout = "table"
)]
pub struct SnapshotPolicyLine {
    /// The policy's name.
    pub name: String,
    /// Whether it takes snapshots.
    pub enabled: bool,
    /// Hourly snapshots kept.
    pub hourly_copies: u16,
    /// Daily snapshots kept.
    pub daily_copies: u16,
    /// Weekly snapshots kept.
    pub weekly_copies: u16,
    /// How many volumes use it.
    pub volume_count: usize,
    /// Free-form comment.
    pub comment: Option<String>,
}

/// List the snapshot policies: how many hourly, daily and weekly snapshots each keeps, and
/// how many volumes use it.
#[tool(format = "text", kind = "read", title = "List snapshot policies")]
pub fn list_snapshot_policies(#[state] ontap: &Ontap) -> Vec<SnapshotPolicyLine> {
    let cluster = ontap.cluster();
    cluster
        .resources
        .snapshot_policies
        .iter()
        .map(|p| SnapshotPolicyLine {
            name: p.name.clone(),
            enabled: p.enabled,
            hourly_copies: p.hourly_copies,
            daily_copies: p.daily_copies,
            weekly_copies: p.weekly_copies,
            volume_count: cluster
                .volumes
                .iter()
                .filter(|v| v.snapshot_policy == p.name)
                .count(),
            comment: p.comment.clone(),
        })
        .collect()
}

/// A snapshot policy's configuration, named as `set_snapshot_policy` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SnapshotPolicyConfiguration {
    /// The policy's name.
    pub snapshot_policy_name: String,
    /// Whether it takes snapshots.
    pub enabled: bool,
    /// Free-form comment.
    pub comment: Option<String>,
    /// Hourly snapshots kept (taken at 5 past the hour).
    pub hourly_copies: u16,
    /// Daily snapshots kept (taken at 00:10).
    pub daily_copies: u16,
    /// Weekly snapshots kept (taken on Sundays at 00:15).
    pub weekly_copies: u16,
}

fn policy_configuration(policy: &SnapshotPolicy) -> SnapshotPolicyConfiguration {
    SnapshotPolicyConfiguration {
        snapshot_policy_name: policy.name.clone(),
        enabled: policy.enabled,
        comment: policy.comment.clone(),
        hourly_copies: policy.hourly_copies,
        daily_copies: policy.daily_copies,
        weekly_copies: policy.weekly_copies,
    }
}

fn policy_index(cluster: &Cluster, name: &str) -> Result<usize, ToolError> {
    cluster
        .resources
        .snapshot_policies
        .iter()
        .position(|p| p.name == name)
        .ok_or_else(|| not_found("snapshot policy", name, "list_snapshot_policies"))
}

/// Get a snapshot policy's configuration: whether it is enabled and how many copies of each
/// schedule it keeps.
#[tool(
    format = "json",
    kind = "state",
    title = "Snapshot policy configuration"
)]
pub fn get_snapshot_policy(
    #[state] ontap: &Ontap,
    /// The policy's name (`default`, `hourly`, …).
    snapshot_policy_name: String,
) -> Result<SnapshotPolicyConfiguration, ToolError> {
    let cluster = ontap.cluster();
    let index = policy_index(&cluster, &snapshot_policy_name)?;
    Ok(policy_configuration(
        &cluster.resources.snapshot_policies[index],
    ))
}

/// Change a snapshot policy: enable or disable it and set how many hourly, daily and weekly
/// snapshots it keeps (each 0 to 1023; 0 turns that schedule off). Every volume using the
/// policy follows. Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set snapshot policy")]
pub fn set_snapshot_policy(
    #[state] ontap: &Ontap,
    /// The policy's name.
    snapshot_policy_name: String,
    /// Whether it takes snapshots.
    enabled: bool,
    /// Free-form comment; null clears it.
    comment: Option<String>,
    /// Hourly snapshots to keep.
    #[arg(range(max = 1023))]
    hourly_copies: u16,
    /// Daily snapshots to keep.
    #[arg(range(max = 1023))]
    daily_copies: u16,
    /// Weekly snapshots to keep.
    #[arg(range(max = 1023))]
    weekly_copies: u16,
) -> Result<SnapshotPolicyConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = policy_index(&cluster, &snapshot_policy_name)?;
    if enabled && hourly_copies + daily_copies + weekly_copies == 0 {
        return Err(ToolError::new(
            "an enabled policy keeps at least one copy: set hourly_copies, daily_copies or \
             weekly_copies, or enabled: false"
                .to_owned(),
        ));
    }
    let policy = &mut cluster.resources.snapshot_policies[index];
    policy.enabled = enabled;
    policy.comment = comment;
    policy.hourly_copies = hourly_copies;
    policy.daily_copies = daily_copies;
    policy.weekly_copies = weekly_copies;
    Ok(policy_configuration(policy))
}
