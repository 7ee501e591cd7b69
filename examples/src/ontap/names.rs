//! Looking objects up by the names a model gives, with errors that say where the valid names
//! are: shared by the tools of every area.

use toolshape::ToolError;

use super::cluster::{Cluster, Rng, SEED};

/// An error for `what` named `name` not being there, pointing at the tool that lists them.
pub fn not_found(what: &str, name: &str, listed_by: &str) -> ToolError {
    ToolError::new(format!("{what} {name} not found; {listed_by} lists them"))
}

/// The index of the volume named `name`.
///
/// # Errors
/// When no volume has that name.
pub fn volume_named(cluster: &Cluster, name: &str) -> Result<usize, ToolError> {
    cluster
        .volumes
        .iter()
        .position(|v| v.name == name)
        .ok_or_else(|| not_found("volume", name, "cluster_list_volumes"))
}

/// The index of the SVM named `name`.
///
/// # Errors
/// When no SVM has that name.
pub fn svm_named(cluster: &Cluster, name: &str) -> Result<usize, ToolError> {
    cluster
        .svms
        .iter()
        .position(|s| s.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = cluster.svms.iter().map(|s| s.name.as_str()).collect();
            ToolError::new(format!(
                "SVM {name} not found; the SVMs are {}",
                names.join(", ")
            ))
        })
}

/// The name of the SVM that serves the volume named `volume`, if there is one.
pub fn svm_of_volume(cluster: &Cluster, volume: &str) -> Option<String> {
    cluster
        .volumes
        .iter()
        .find(|v| v.name == volume)
        .map(|v| cluster.svms[v.svm].name.clone())
}

/// `part` in percent of `whole`, 0 when `whole` is 0.
pub fn percent(part: u64, whole: u64) -> u8 {
    part.saturating_mul(100)
        .checked_div(whole)
        .map_or(0, |p| p.min(255) as u8)
}

/// Bytes as GiB or TiB with one decimal, for narratives.
pub fn gib(bytes: u64) -> String {
    let value = bytes as f64 / super::cluster::GIB as f64;
    if value >= 1024.0 {
        format!("{:.1} TiB", value / 1024.0)
    } else {
        format!("{value:.1} GiB")
    }
}

/// A UUID for an object created now: drawn from the cluster's seed and how many objects it
/// holds, so a replayed session creates the same ones.
pub fn new_uuid(cluster: &Cluster) -> String {
    let r = &cluster.resources;
    let count = r.snapshots.len()
        + r.export_policies.len()
        + r.cifs_shares.len()
        + r.qos_policies.len()
        + r.snapmirrors.len()
        + r.luns.len()
        + r.igroups.len()
        + r.qtrees.len()
        + cluster.volumes.len();
    Rng(SEED ^ (count as u64).wrapping_mul(0x9e37_79b9)).uuid()
}
