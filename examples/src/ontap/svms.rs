//! SVMs (storage virtual machines): one SVM's configuration (json state) and the actions that
//! start or stop it and choose the protocols it serves.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, tool};

use super::Ontap;
use super::cluster::Cluster;

/// Whether an SVM serves data.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SvmState {
    /// Serving data.
    Running,
    /// Serving nothing: its volumes, shares, exports and LUNs are unreachable.
    Stopped,
}

/// A data protocol an SVM can serve.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Protocol {
    /// NFS file access.
    Nfs,
    /// CIFS/SMB file access.
    Cifs,
    /// iSCSI block access.
    Iscsi,
    /// Fibre Channel block access.
    Fcp,
    /// NVMe over Fabrics.
    Nvme,
}

/// An SVM's configuration, named as its setters take it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SvmConfiguration {
    /// The SVM's UUID.
    pub svm_uuid: String,
    /// The SVM's name.
    pub svm_name: String,
    /// `running` or `stopped`.
    pub state: SvmState,
    /// The data protocols it serves.
    pub protocols: Vec<Protocol>,
    /// Its volumes' names.
    pub volumes: Vec<String>,
    /// Its network interfaces' names.
    pub interfaces: Vec<String>,
}

fn svm_index(cluster: &Cluster, uuid: &str) -> Result<usize, ToolError> {
    cluster
        .svms
        .iter()
        .position(|s| s.uuid == uuid)
        .ok_or_else(|| {
            ToolError::new(format!(
                "SVM {uuid} not found; cluster_list_svms lists the SVM UUIDs"
            ))
        })
}

fn svm_configuration(cluster: &Cluster, index: usize) -> SvmConfiguration {
    let svm = &cluster.svms[index];
    let mut protocols: Vec<Protocol> = svm
        .protocols
        .iter()
        .filter_map(|p| serde_json::from_value(serde_json::Value::String(p.clone())).ok())
        .collect();
    protocols.sort();
    SvmConfiguration {
        svm_uuid: svm.uuid.clone(),
        svm_name: svm.name.clone(),
        state: if svm.state == "running" {
            SvmState::Running
        } else {
            SvmState::Stopped
        },
        protocols,
        volumes: cluster
            .volumes
            .iter()
            .filter(|v| v.svm == index)
            .map(|v| v.name.clone())
            .collect(),
        interfaces: cluster
            .resources
            .interfaces
            .iter()
            .filter(|i| i.svm == svm.name)
            .map(|i| i.name.clone())
            .collect(),
    }
}

/// Get an SVM's configuration by UUID: its state, the protocols it serves, its volumes and
/// network interfaces.
#[tool(format = "json", kind = "state", title = "SVM configuration")]
pub fn get_svm_configuration(
    #[state] ontap: &Ontap,
    /// The SVM's UUID (`cluster_list_svms` lists them).
    svm_uuid: String,
) -> Result<SvmConfiguration, ToolError> {
    let cluster = ontap.cluster();
    let index = svm_index(&cluster, &svm_uuid)?;
    Ok(svm_configuration(&cluster, index))
}

/// Start or stop an SVM. A stopped SVM serves no data: every client of its volumes, shares
/// and LUNs loses access. Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Start or stop an SVM")]
pub fn set_svm_state(
    #[state] ontap: &Ontap,
    /// The SVM's UUID.
    svm_uuid: String,
    /// `running` to start it, `stopped` to stop it.
    state: SvmState,
) -> Result<SvmConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = svm_index(&cluster, &svm_uuid)?;
    cluster.svms[index].state = match state {
        SvmState::Running => "running",
        SvmState::Stopped => "stopped",
    }
    .into();
    Ok(svm_configuration(&cluster, index))
}

/// Set the data protocols an SVM serves (the whole list: a protocol left out is turned
/// off; an SVM that serves LUNs keeps `iscsi` or `fcp`). Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set SVM protocols")]
pub fn set_svm_protocols(
    #[state] ontap: &Ontap,
    /// The SVM's UUID.
    svm_uuid: String,
    /// The protocols it should serve: any of `nfs`, `cifs`, `iscsi`, `fcp`, `nvme`.
    protocols: Vec<Protocol>,
) -> Result<SvmConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = svm_index(&cluster, &svm_uuid)?;
    let mut protocols = protocols;
    protocols.sort();
    protocols.dedup();
    let name = cluster.svms[index].name.clone();
    let block = protocols
        .iter()
        .any(|p| matches!(p, Protocol::Iscsi | Protocol::Fcp));
    let luns = cluster.resources.luns.iter().any(|l| {
        l.path
            .split('/')
            .nth(2)
            .and_then(|v| super::names::svm_of_volume(&cluster, v))
            .is_some_and(|svm| svm == name)
    });
    if luns && !block {
        return Err(ToolError::new(format!(
            "SVM {name} serves LUNs: keep iscsi or fcp in protocols"
        )));
    }
    cluster.svms[index].protocols = protocols
        .iter()
        .filter_map(|p| serde_json::to_value(p).ok())
        .filter_map(|v| v.as_str().map(str::to_owned))
        .collect();
    Ok(svm_configuration(&cluster, index))
}
