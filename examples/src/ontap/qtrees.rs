//! Qtrees and their quotas: a listing with usage against limits (text), one qtree's
//! configuration (json state), and the actions that create or delete a qtree and set its
//! quota.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::cluster::Cluster;
use super::inventory::{Qtree, SecurityStyle};
use super::names::{percent, volume_named};

/// One qtree, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "qtree", empty = "No qtrees found.", layout = "table")]
pub struct QtreeLine {
    /// The volume's name.
    pub volume: String,
    /// The qtree's name.
    pub name: String,
    /// Security style.
    pub security_style: SecurityStyle,
    /// Space used.
    #[text(bytes)]
    pub disk_used: u64,
    /// Space quota.
    #[text(bytes)]
    pub disk_limit: Option<u64>,
    /// Space used, percent of the quota.
    #[text(label = "Used of limit %")]
    pub disk_used_percent: Option<u8>,
    /// Files used.
    #[text(thousands)]
    pub files_used: u64,
    /// File quota.
    #[text(thousands)]
    pub file_limit: Option<u64>,
}

/// List the qtrees, of one volume or all, with their security style and quota usage: space
/// and files used against each limit (a quota report).
#[tool(format = "text", kind = "read", title = "List qtrees and quotas")]
pub fn list_qtrees(
    #[state] ontap: &Ontap,
    /// Only this volume's qtrees (e.g. `vol_hr_01`).
    volume_name: Option<String>,
) -> Result<Vec<QtreeLine>, ToolError> {
    let cluster = ontap.cluster();
    if let Some(name) = &volume_name {
        volume_named(&cluster, name)?;
    }
    Ok(cluster
        .resources
        .qtrees
        .iter()
        .filter(|q| volume_name.as_ref().is_none_or(|v| &q.volume == v))
        .map(|q| QtreeLine {
            volume: q.volume.clone(),
            name: q.name.clone(),
            security_style: q.security_style,
            disk_used: q.disk_used,
            disk_limit: q.disk_limit,
            disk_used_percent: q.disk_limit.map(|limit| percent(q.disk_used, limit)),
            files_used: q.files_used,
            file_limit: q.file_limit,
        })
        .collect())
}

/// A qtree's configuration, named as `manage_qtree` and `set_qtree_quota` take it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct QtreeConfiguration {
    /// The volume's name.
    pub volume_name: String,
    /// The qtree's name.
    pub qtree_name: String,
    /// Whether it exists.
    pub present: bool,
    /// `unix`, `ntfs` or `mixed`; null when it does not exist.
    pub security_style: Option<SecurityStyle>,
    /// UNIX mode bits in octal (`0755`), for `unix` qtrees.
    pub unix_permissions: Option<String>,
    /// Space quota in bytes; null for none.
    pub disk_limit: Option<u64>,
    /// File quota; null for none.
    pub file_limit: Option<u64>,
}

fn qtree_configuration(cluster: &Cluster, volume: &str, name: &str) -> QtreeConfiguration {
    let found = cluster
        .resources
        .qtrees
        .iter()
        .find(|q| q.volume == volume && q.name == name);
    QtreeConfiguration {
        volume_name: volume.to_owned(),
        qtree_name: name.to_owned(),
        present: found.is_some(),
        security_style: found.map(|q| q.security_style),
        unix_permissions: found.and_then(|q| q.unix_permissions.clone()),
        disk_limit: found.and_then(|q| q.disk_limit),
        file_limit: found.and_then(|q| q.file_limit),
    }
}

fn qtree_index(cluster: &Cluster, volume: &str, name: &str) -> Result<usize, ToolError> {
    cluster
        .resources
        .qtrees
        .iter()
        .position(|q| q.volume == volume && q.name == name)
        .ok_or_else(|| {
            ToolError::new(format!(
                "qtree {name} not found in volume {volume}; list_qtrees lists them"
            ))
        })
}

/// Get a qtree's configuration: security style, permissions and quota limits. A qtree that
/// does not exist reads `present: false`.
#[tool(format = "json", kind = "state", title = "Qtree configuration")]
pub fn get_qtree(
    #[state] ontap: &Ontap,
    /// The volume's name.
    volume_name: String,
    /// The qtree's name (e.g. `payroll`).
    qtree_name: String,
) -> Result<QtreeConfiguration, ToolError> {
    let cluster = ontap.cluster();
    volume_named(&cluster, &volume_name)?;
    Ok(qtree_configuration(&cluster, &volume_name, &qtree_name))
}

/// Create a qtree in a volume (`present: true`), change its security style and
/// permissions, or delete it with its files (`present: false`; remove its quota first with
/// `set_qtree_quota`). Undoable with `undo_last_action` (an undone deletion brings back an
/// empty qtree).
#[tool(
    format = "json",
    kind = "action",
    title = "Create, change or delete a qtree"
)]
pub fn manage_qtree(
    #[state] ontap: &Ontap,
    /// The volume's name.
    volume_name: String,
    /// The qtree's name: letters, digits, `_`, `-` and `.`.
    qtree_name: String,
    /// `true` to create or change it, `false` to delete it.
    present: bool,
    /// `unix`, `ntfs` or `mixed`; `unix` when omitted.
    security_style: Option<SecurityStyle>,
    /// UNIX mode bits in octal (`0750`); only for `unix` and `mixed` qtrees.
    unix_permissions: Option<String>,
) -> Result<QtreeConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    volume_named(&cluster, &volume_name)?;
    let valid = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.');
    if qtree_name.is_empty() || !qtree_name.chars().all(valid) {
        return Err(ToolError::new(format!(
            "qtree_name {qtree_name:?} must be letters, digits, `_`, `-` or `.`"
        )));
    }
    let at = cluster
        .resources
        .qtrees
        .iter()
        .position(|q| q.volume == volume_name && q.name == qtree_name);
    if !present {
        let at = qtree_index(&cluster, &volume_name, &qtree_name)?;
        let q = &cluster.resources.qtrees[at];
        if q.disk_limit.is_some() || q.file_limit.is_some() {
            return Err(ToolError::new(format!(
                "qtree {qtree_name} has a quota; remove it first (set_qtree_quota with \
                 disk_limit and file_limit null)"
            )));
        }
        cluster.resources.qtrees.remove(at);
        return Ok(qtree_configuration(&cluster, &volume_name, &qtree_name));
    }
    let security_style = security_style.unwrap_or(SecurityStyle::Unix);
    if let Some(mode) = &unix_permissions {
        if security_style == SecurityStyle::Ntfs {
            return Err(ToolError::new(
                "unix_permissions do not apply to an ntfs qtree; leave them null".to_owned(),
            ));
        }
        if !(3..=4).contains(&mode.len()) || !mode.chars().all(|c| ('0'..='7').contains(&c)) {
            return Err(ToolError::new(format!(
                "unix_permissions {mode:?} is not octal mode bits such as 0755"
            )));
        }
    }
    match at {
        Some(at) => {
            let q = &mut cluster.resources.qtrees[at];
            q.security_style = security_style;
            q.unix_permissions = unix_permissions;
        }
        None => {
            let id = cluster
                .resources
                .qtrees
                .iter()
                .filter(|q| q.volume == volume_name)
                .map(|q| q.id)
                .max()
                .unwrap_or(0)
                + 1;
            cluster.resources.qtrees.push(Qtree {
                id,
                volume: volume_name.clone(),
                name: qtree_name.clone(),
                security_style,
                unix_permissions,
                disk_limit: None,
                file_limit: None,
                disk_used: 0,
                files_used: 0,
            });
        }
    }
    Ok(qtree_configuration(&cluster, &volume_name, &qtree_name))
}

/// Set a qtree's quota: the most space and files it may use (a tree quota). Null removes
/// that limit; both null removes the quota. Undoable with `undo_last_action`.
#[tool(format = "json", kind = "action", title = "Set qtree quota")]
pub fn set_qtree_quota(
    #[state] ontap: &Ontap,
    /// The volume's name.
    volume_name: String,
    /// The qtree's name.
    qtree_name: String,
    /// Space limit in bytes; null for none.
    disk_limit: Option<u64>,
    /// File limit; null for none.
    file_limit: Option<u64>,
) -> Result<QtreeConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    volume_named(&cluster, &volume_name)?;
    let at = qtree_index(&cluster, &volume_name, &qtree_name)?;
    let q = &mut cluster.resources.qtrees[at];
    q.disk_limit = disk_limit;
    q.file_limit = file_limit;
    Ok(qtree_configuration(&cluster, &volume_name, &qtree_name))
}
