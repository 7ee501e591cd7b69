//! The physical layer: nodes and aggregates, as look-ups (a hybrid listing with a narrative,
//! text for one aggregate and for the nodes).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, formats::Hybrid, tool};

use super::Ontap;
use super::names::{gib, not_found, percent};

/// One aggregate's space.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct AggregateSpace {
    /// The aggregate's name.
    pub name: String,
    /// The aggregate's UUID.
    pub uuid: String,
    /// The node that owns it.
    pub node: String,
    /// `ssd` or `capacity` (hard disks).
    pub disk_class: String,
    /// Usable size in bytes.
    pub size: u64,
    /// Bytes provisioned to its volumes.
    pub provisioned: u64,
    /// Bytes its volumes use.
    pub used: u64,
    /// Bytes not provisioned to any volume.
    pub available: u64,
    /// Used, percent of size.
    pub used_percent: u8,
    /// How many volumes live on it.
    pub volume_count: usize,
}

/// List the aggregates (the disk pools volumes are carved from) with their node, size, and
/// the space their volumes have provisioned and use; the narrative names the fullest.
#[tool(format = "hybrid", kind = "read", title = "List aggregates")]
pub fn list_aggregates(#[state] ontap: &Ontap) -> Hybrid<Vec<AggregateSpace>> {
    let cluster = ontap.cluster();
    let aggregates: Vec<AggregateSpace> = cluster
        .aggregates
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let volumes = cluster.volumes.iter().filter(|v| v.aggregate == i);
            let used: u64 = volumes.clone().map(|v| v.used).sum();
            let provisioned = cluster.provisioned(i);
            AggregateSpace {
                name: a.name.clone(),
                uuid: a.uuid.clone(),
                node: a.node.clone(),
                disk_class: if a.name.contains("ssd") {
                    "ssd"
                } else {
                    "capacity"
                }
                .into(),
                size: a.size,
                provisioned,
                used,
                available: a.size.saturating_sub(provisioned),
                used_percent: percent(used, a.size),
                volume_count: volumes.count(),
            }
        })
        .collect();
    let fullest = aggregates
        .iter()
        .max_by_key(|a| percent(a.provisioned, a.size));
    let narrative = format!(
        "{} aggregates, {} in all, {} used.{}",
        aggregates.len(),
        gib(aggregates.iter().map(|a| a.size).sum()),
        gib(aggregates.iter().map(|a| a.used).sum()),
        fullest
            .map(|a| format!(
                " Most provisioned: {} ({}%, {} unprovisioned).",
                a.name,
                percent(a.provisioned, a.size),
                gib(a.available)
            ))
            .unwrap_or_default()
    );
    Hybrid::new(narrative, aggregates).with_source("ontap /api/storage/aggregates")
}

/// One aggregate, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "aggregate")]
pub struct AggregateDetail {
    /// The aggregate's name.
    pub name: String,
    /// The aggregate's UUID.
    #[text(label = "UUID")]
    pub uuid: String,
    /// The node that owns it.
    pub node: String,
    /// RAID type.
    #[text(label = "RAID type")]
    pub raid_type: String,
    /// Disk class.
    pub disk_class: String,
    /// Usable size.
    #[text(bytes)]
    pub size: u64,
    /// Provisioned to volumes.
    #[text(bytes)]
    pub provisioned: u64,
    /// Not provisioned.
    #[text(bytes)]
    pub available: u64,
    /// Its volumes.
    pub volumes: Vec<String>,
}

/// Show one aggregate: its node, RAID type, disk class, size, provisioned and unprovisioned
/// space, and the volumes on it.
#[tool(format = "text", kind = "read", title = "Aggregate details")]
pub fn get_aggregate(
    #[state] ontap: &Ontap,
    /// The aggregate's name (e.g. `aggr1_node1`).
    aggregate_name: String,
) -> Result<AggregateDetail, ToolError> {
    let cluster = ontap.cluster();
    let index = cluster
        .aggregates
        .iter()
        .position(|a| a.name == aggregate_name)
        .ok_or_else(|| not_found("aggregate", &aggregate_name, "list_aggregates"))?;
    let a = &cluster.aggregates[index];
    let provisioned = cluster.provisioned(index);
    let ssd = a.name.contains("ssd");
    Ok(AggregateDetail {
        name: a.name.clone(),
        uuid: a.uuid.clone(),
        node: a.node.clone(),
        raid_type: if ssd { "raid_dp" } else { "raid_tec" }.into(),
        disk_class: if ssd { "solid state" } else { "capacity" }.into(),
        size: a.size,
        provisioned,
        available: a.size.saturating_sub(provisioned),
        volumes: cluster
            .volumes
            .iter()
            .filter(|v| v.aggregate == index)
            .map(|v| v.name.clone())
            .collect(),
    })
}

/// One node, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "node", layout = "table")]
pub struct NodeLine {
    /// The node's name.
    pub name: String,
    /// Hardware model.
    pub model: String,
    /// Serial number.
    pub serial_number: String,
    /// Its HA partner.
    #[text(label = "HA partner")]
    pub ha_partner: String,
    /// Uptime in days.
    pub uptime_days: u64,
    /// How many aggregates it owns.
    pub aggregate_count: usize,
}

/// List the cluster's nodes (controllers): model, serial number, HA partner, uptime and the
/// aggregates each owns.
#[tool(format = "text", kind = "read", title = "List nodes")]
pub fn list_nodes(#[state] ontap: &Ontap) -> Vec<NodeLine> {
    let cluster = ontap.cluster();
    cluster
        .resources
        .nodes
        .iter()
        .map(|n| NodeLine {
            name: n.name.clone(),
            model: n.model.clone(),
            serial_number: n.serial_number.clone(),
            ha_partner: n.ha_partner.clone(),
            uptime_days: n.uptime_seconds / 86_400,
            aggregate_count: cluster
                .aggregates
                .iter()
                .filter(|a| a.node == n.name)
                .count(),
        })
        .collect()
}
