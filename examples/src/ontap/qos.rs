//! QoS policy groups: a listing, one group's configuration (json state), and the action that
//! creates, changes or deletes a group.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::cluster::Cluster;
use super::inventory::QosPolicy;
use super::names::new_uuid;

/// One QoS policy group, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(
    noun = "QoS policy group",
    empty = "No QoS policy groups.",
    layout = "table"
)]
pub struct QosLine {
    /// The group's name.
    pub name: String,
    /// Throughput ceiling in IOPS.
    #[text(label = "Max IOPS")]
    pub max_throughput_iops: Option<u64>,
    /// Throughput ceiling in MB/s.
    #[text(label = "Max MB/s")]
    pub max_throughput_mbps: Option<u64>,
    /// Guaranteed IOPS.
    #[text(label = "Min IOPS")]
    pub min_throughput_iops: Option<u64>,
    /// Whether its volumes share the limits (or each gets them).
    pub shared: bool,
    /// How many volumes use it.
    pub volume_count: usize,
}

/// List the QoS policy groups: their throughput ceilings and floors, and how many volumes
/// each limits.
#[tool(format = "text", kind = "read", title = "List QoS policy groups")]
pub fn list_qos_policies(#[state] ontap: &Ontap) -> Vec<QosLine> {
    let cluster = ontap.cluster();
    cluster
        .resources
        .qos_policies
        .iter()
        .map(|p| QosLine {
            name: p.name.clone(),
            max_throughput_iops: p.max_throughput_iops,
            max_throughput_mbps: p.max_throughput_mbps,
            min_throughput_iops: p.min_throughput_iops,
            shared: p.is_shared,
            volume_count: cluster
                .volumes
                .iter()
                .filter(|v| v.qos_policy.as_deref() == Some(&p.name))
                .count(),
        })
        .collect()
}

/// A QoS policy group's configuration, named as `manage_qos_policy` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct QosConfiguration {
    /// The group's name.
    pub qos_policy_name: String,
    /// Whether the group exists.
    pub present: bool,
    /// Throughput ceiling in IOPS; null for none.
    pub max_throughput_iops: Option<u64>,
    /// Throughput ceiling in MB/s; null for none.
    pub max_throughput_mbps: Option<u64>,
    /// Guaranteed IOPS (AFF only); null for none.
    pub min_throughput_iops: Option<u64>,
    /// Whether its volumes share the limits (`true`) or each volume gets them (`false`).
    pub is_shared: bool,
}

fn qos_configuration(cluster: &Cluster, name: &str) -> QosConfiguration {
    let found = cluster
        .resources
        .qos_policies
        .iter()
        .find(|p| p.name == name);
    QosConfiguration {
        qos_policy_name: name.to_owned(),
        present: found.is_some(),
        max_throughput_iops: found.and_then(|p| p.max_throughput_iops),
        max_throughput_mbps: found.and_then(|p| p.max_throughput_mbps),
        min_throughput_iops: found.and_then(|p| p.min_throughput_iops),
        is_shared: found.is_some_and(|p| p.is_shared),
    }
}

/// Get a QoS policy group's configuration: its ceilings and floor. A group that does not
/// exist reads `present: false`.
#[tool(
    format = "json",
    kind = "state",
    title = "QoS policy group configuration"
)]
pub fn get_qos_policy(
    #[state] ontap: &Ontap,
    /// The group's name (e.g. `gold`).
    qos_policy_name: String,
) -> QosConfiguration {
    qos_configuration(&ontap.cluster(), &qos_policy_name)
}

/// Create a QoS policy group (`present: true`), change its limits, or delete it
/// (`present: false`; refused while volumes use it). The limits are set as given: an
/// omitted one is removed. Undoable with `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Create, change or delete a QoS policy group"
)]
pub fn manage_qos_policy(
    #[state] ontap: &Ontap,
    /// The group's name.
    qos_policy_name: String,
    /// `true` to create or change the group, `false` to delete it.
    present: bool,
    /// Throughput ceiling in IOPS.
    max_throughput_iops: Option<u64>,
    /// Throughput ceiling in MB/s.
    max_throughput_mbps: Option<u64>,
    /// Guaranteed IOPS; at most the ceiling.
    min_throughput_iops: Option<u64>,
    /// Share the limits among the group's volumes (`true`, ONTAP's default) or give each
    /// volume its own.
    #[arg(default = true)]
    is_shared: bool,
) -> Result<QosConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let at = cluster
        .resources
        .qos_policies
        .iter()
        .position(|p| p.name == qos_policy_name);
    if !present {
        let Some(at) = at else {
            return Err(super::names::not_found(
                "QoS policy group",
                &qos_policy_name,
                "list_qos_policies",
            ));
        };
        let using: Vec<&str> = cluster
            .volumes
            .iter()
            .filter(|v| v.qos_policy.as_deref() == Some(&qos_policy_name))
            .map(|v| v.name.as_str())
            .collect();
        if !using.is_empty() {
            return Err(ToolError::new(format!(
                "QoS policy group {qos_policy_name} is set on volumes {}; \
                 set_volume_qos_policy moves them first",
                using.join(", ")
            )));
        }
        cluster.resources.qos_policies.remove(at);
        return Ok(qos_configuration(&cluster, &qos_policy_name));
    }
    if max_throughput_iops.is_none()
        && max_throughput_mbps.is_none()
        && min_throughput_iops.is_none()
    {
        return Err(ToolError::new(
            "a QoS policy group needs a limit: max_throughput_iops, max_throughput_mbps or \
             min_throughput_iops"
                .to_owned(),
        ));
    }
    if let (Some(min), Some(max)) = (min_throughput_iops, max_throughput_iops)
        && min > max
    {
        return Err(ToolError::new(format!(
            "min_throughput_iops {min} is above max_throughput_iops {max}"
        )));
    }
    let uuid = match at {
        Some(at) => cluster.resources.qos_policies[at].uuid.clone(),
        None => new_uuid(&cluster),
    };
    let policy = QosPolicy {
        uuid,
        name: qos_policy_name.clone(),
        max_throughput_iops,
        max_throughput_mbps,
        min_throughput_iops,
        is_shared,
    };
    match at {
        Some(at) => cluster.resources.qos_policies[at] = policy,
        None => cluster.resources.qos_policies.push(policy),
    }
    Ok(qos_configuration(&cluster, &qos_policy_name))
}
