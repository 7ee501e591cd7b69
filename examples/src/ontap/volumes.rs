//! Volume settings beyond size and autosize: state, comment, and the snapshot, QoS and export
//! policies a volume uses, each one `kind = "action"` tool whose parameters are fields of
//! `get_volume_configuration`, so undo restores them; and a volume's space (hybrid).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, formats::Hybrid, tool};

use super::cluster::VolumeState;
use super::names::{gib, percent};
use super::{Ontap, VolumeConfiguration, configuration, volume_index};
use crate::charts::AutosizeMode;

/// Bring a volume online, take it offline, or restrict it (only SnapMirror and restore
/// operations). An offline volume serves no data: its clients see I/O errors. Undoable with
/// `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set volume state")]
pub fn set_volume_state(
    #[state] ontap: &Ontap,
    /// The volume's UUID (`cluster_list_volumes` lists them).
    volume_uuid: String,
    /// `online`, `offline` or `restricted`.
    state: VolumeState,
) -> Result<VolumeConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    let name = cluster.volumes[index].name.clone();
    if state != VolumeState::Online {
        let luns = cluster
            .resources
            .luns
            .iter()
            .filter(|l| l.igroup.is_some() && l.path.starts_with(&format!("/vol/{name}/")))
            .count();
        if luns > 0 {
            return Err(ToolError::new(format!(
                "volume {name} holds {luns} mapped LUNs; unmap them (manage_lun with igroup \
                 null) before taking it offline"
            )));
        }
    }
    cluster.volumes[index].state = state;
    Ok(configuration(&cluster, index))
}

/// Set or clear a volume's comment (free text shown in listings). A null or omitted
/// comment clears it. Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set volume comment")]
pub fn set_volume_comment(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// The new comment, at most 1023 characters; null clears it.
    comment: Option<String>,
) -> Result<VolumeConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    if let Some(comment) = &comment
        && comment.chars().count() > 1023
    {
        return Err(ToolError::new(
            "comment is longer than 1023 characters".to_owned(),
        ));
    }
    cluster.volumes[index].comment = comment;
    Ok(configuration(&cluster, index))
}

/// Set the snapshot policy that schedules a volume's automatic snapshots (`none` stops
/// them; `list_snapshot_policies` lists the policies). Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set volume snapshot policy")]
pub fn set_volume_snapshot_policy(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// The snapshot policy's name (`default`, `hourly`, `none`, …).
    snapshot_policy: String,
) -> Result<VolumeConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    if !cluster
        .resources
        .snapshot_policies
        .iter()
        .any(|p| p.name == snapshot_policy)
    {
        return Err(super::names::not_found(
            "snapshot policy",
            &snapshot_policy,
            "list_snapshot_policies",
        ));
    }
    cluster.volumes[index].snapshot_policy = snapshot_policy;
    Ok(configuration(&cluster, index))
}

/// Set the QoS policy group that limits a volume's throughput, or remove it with null
/// (`list_qos_policies` lists the groups). Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set volume QoS policy")]
pub fn set_volume_qos_policy(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// The QoS policy group's name (`gold`, `silver`, …); null removes the volume's limit.
    qos_policy: Option<String>,
) -> Result<VolumeConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    if let Some(name) = &qos_policy
        && !cluster
            .resources
            .qos_policies
            .iter()
            .any(|p| &p.name == name)
    {
        return Err(super::names::not_found(
            "QoS policy group",
            name,
            "list_qos_policies",
        ));
    }
    cluster.volumes[index].qos_policy = qos_policy;
    Ok(configuration(&cluster, index))
}

/// Set the NFS export policy that decides which clients may mount a volume. The policy
/// must belong to the volume's SVM (`list_export_policies`); null is only for volumes of
/// SVMs that do not serve NFS. Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set volume export policy")]
pub fn set_volume_export_policy(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
    /// The export policy's name, of the volume's SVM; null for a volume not served by NFS.
    export_policy: Option<String>,
) -> Result<VolumeConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    let svm = &cluster.svms[cluster.volumes[index].svm];
    let nfs = svm.protocols.iter().any(|p| p == "nfs");
    match &export_policy {
        None if nfs => {
            return Err(ToolError::new(format!(
                "SVM {} serves NFS, so its volumes need an export policy (e.g. default)",
                svm.name
            )));
        }
        Some(_) if !nfs => {
            return Err(ToolError::new(format!(
                "SVM {} does not serve NFS: its volumes take no export policy (null)",
                svm.name
            )));
        }
        Some(name)
            if !cluster
                .resources
                .export_policies
                .iter()
                .any(|p| &p.name == name && p.svm == svm.name) =>
        {
            return Err(ToolError::new(format!(
                "export policy {name} not found on SVM {}; list_export_policies lists them",
                svm.name
            )));
        }
        _ => {}
    }
    cluster.volumes[index].export_policy = export_policy;
    Ok(configuration(&cluster, index))
}

/// Where a volume's space goes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct VolumeSpace {
    /// The volume's UUID.
    pub volume_uuid: String,
    /// The volume's name.
    pub name: String,
    /// Size in bytes.
    pub size: u64,
    /// Used bytes, snapshots included.
    pub used: u64,
    /// Available bytes.
    pub available: u64,
    /// Used, percent of size.
    pub used_percent: u8,
    /// Bytes held only by snapshots.
    pub snapshot_used: u64,
    /// How many snapshots the volume has.
    pub snapshot_count: usize,
    /// The autosize mode; `off` means the volume cannot grow on its own.
    pub autosize_mode: AutosizeMode,
    /// The largest size autosize may grow it to, in bytes.
    pub autosize_maximum_size: Option<u64>,
}

/// Show where a volume's space goes: used and available bytes, what its snapshots hold, and
/// whether autosize can grow it; the narrative says how full it is.
#[tool(format = "hybrid", kind = "read", title = "Volume space")]
pub fn get_volume_space(
    #[state] ontap: &Ontap,
    /// The volume's UUID.
    volume_uuid: String,
) -> Result<Hybrid<VolumeSpace>, ToolError> {
    let cluster = ontap.cluster();
    let index = volume_index(&cluster, &volume_uuid)?;
    let volume = &cluster.volumes[index];
    let snapshots: Vec<_> = cluster
        .resources
        .snapshots
        .iter()
        .filter(|s| s.volume == volume.name)
        .collect();
    let space = VolumeSpace {
        volume_uuid,
        name: volume.name.clone(),
        size: volume.size,
        used: volume.used,
        available: volume.size.saturating_sub(volume.used),
        used_percent: percent(volume.used, volume.size),
        snapshot_used: snapshots.iter().map(|s| s.size).sum(),
        snapshot_count: snapshots.len(),
        autosize_mode: volume.autosize.mode,
        autosize_maximum_size: volume.autosize.maximum_size,
    };
    let growth = match space.autosize_mode {
        AutosizeMode::Off => "autosize is off".to_owned(),
        mode => format!(
            "autosize ({mode}) may grow it to {}",
            space.autosize_maximum_size.map_or("its limit".into(), gib)
        ),
    };
    let narrative = format!(
        "{} is {}% full: {} used of {}, {} available; {} snapshots hold {}; {growth}.",
        space.name,
        space.used_percent,
        gib(space.used),
        gib(space.size),
        gib(space.available),
        space.snapshot_count,
        gib(space.snapshot_used),
    );
    Ok(Hybrid::new(narrative, space).with_source("ontap /api/storage/volumes"))
}
