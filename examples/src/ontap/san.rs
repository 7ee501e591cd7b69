//! SAN: LUNs and initiator groups (igroups). Listings a model reads, one LUN's or igroup's
//! configuration (json state), and the actions that create, resize, map and delete them.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::cluster::Cluster;
use super::inventory::{Igroup, IgroupProtocol, Lun, OsType};
use super::names::{new_uuid, not_found, svm_named, svm_of_volume, volume_named};

/// One LUN, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "LUN", empty = "No LUNs found.", layout = "table")]
pub struct LunLine {
    /// `/vol/<volume>/<name>`.
    pub path: String,
    /// The SVM's name.
    #[text(label = "SVM")]
    pub svm: String,
    /// Size.
    #[text(bytes)]
    pub size: u64,
    /// Used.
    #[text(bytes)]
    pub used: u64,
    /// Host OS.
    pub os_type: OsType,
    /// The igroup it is mapped to.
    pub igroup: Option<String>,
    /// Its LUN id there.
    #[text(label = "LUN ID")]
    pub lun_id: Option<u16>,
}

/// List the LUNs, of one SVM or all: path, size, used space, host OS and the igroup each is
/// mapped to.
#[tool(format = "text", kind = "read", title = "List LUNs")]
pub fn list_luns(
    #[state] ontap: &Ontap,
    /// Only this SVM's LUNs (e.g. `svm_eng`).
    svm_name: Option<String>,
) -> Result<Vec<LunLine>, ToolError> {
    let cluster = ontap.cluster();
    if let Some(name) = &svm_name {
        svm_named(&cluster, name)?;
    }
    Ok(cluster
        .resources
        .luns
        .iter()
        .map(|l| LunLine {
            path: l.path.clone(),
            svm: lun_volume(&l.path)
                .and_then(|v| svm_of_volume(&cluster, v))
                .unwrap_or_default(),
            size: l.size,
            used: l.used,
            os_type: l.os_type,
            igroup: l.igroup.clone(),
            lun_id: l.lun_id,
        })
        .filter(|l| svm_name.as_ref().is_none_or(|s| &l.svm == s))
        .collect())
}

/// The volume of a LUN path `/vol/<volume>/<name>`.
fn lun_volume(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/vol/")?;
    let (volume, name) = rest.split_once('/')?;
    (!volume.is_empty() && !name.is_empty() && !name.contains('/')).then_some(volume)
}

/// A LUN's configuration, named as `manage_lun` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct LunConfiguration {
    /// `/vol/<volume>/<name>`: the LUN's key.
    pub lun_path: String,
    /// Whether the LUN exists.
    pub present: bool,
    /// Size in bytes; null when it does not exist.
    pub size: Option<u64>,
    /// Host OS; null when it does not exist.
    pub os_type: Option<OsType>,
    /// Free-form comment.
    pub comment: Option<String>,
    /// The igroup it is mapped to; null when unmapped.
    pub igroup: Option<String>,
    /// Its LUN id in that igroup.
    pub lun_id: Option<u16>,
}

fn lun_configuration(cluster: &Cluster, path: &str) -> LunConfiguration {
    let found = cluster.resources.luns.iter().find(|l| l.path == path);
    LunConfiguration {
        lun_path: path.to_owned(),
        present: found.is_some(),
        size: found.map(|l| l.size),
        os_type: found.map(|l| l.os_type),
        comment: found.and_then(|l| l.comment.clone()),
        igroup: found.and_then(|l| l.igroup.clone()),
        lun_id: found.and_then(|l| l.lun_id),
    }
}

/// Get a LUN's configuration by path: size, host OS, comment and mapping. A LUN that does
/// not exist reads `present: false`.
#[tool(format = "json", kind = "state", title = "LUN configuration")]
pub fn get_lun(
    #[state] ontap: &Ontap,
    /// The LUN's path, `/vol/<volume>/<name>` (e.g. `/vol/vol_eng_build/lun_ci_01`).
    lun_path: String,
) -> Result<LunConfiguration, ToolError> {
    let cluster = ontap.cluster();
    let volume = lun_volume(&lun_path).ok_or_else(|| {
        ToolError::new(format!(
            "lun_path {lun_path:?} is not of the form /vol/<volume>/<name>"
        ))
    })?;
    volume_named(&cluster, volume)?;
    Ok(lun_configuration(&cluster, &lun_path))
}

/// Create a LUN (`present: true`), resize it, change its comment or map it to an igroup
/// (or unmap it with `igroup` null), or delete it (`present: false`; its data is gone).
/// Everything is set as given. Undoable with `undo_last_action` (an undone deletion brings
/// back an empty LUN of the same size).
#[tool(
    format = "json",
    kind = "action",
    title = "Create, change, map or delete a LUN"
)]
#[allow(clippy::too_many_arguments)]
pub fn manage_lun(
    #[state] ontap: &Ontap,
    /// The LUN's path, `/vol/<volume>/<name>`.
    lun_path: String,
    /// `true` to create or change the LUN, `false` to delete it.
    present: bool,
    /// Size in bytes; required to create it; a LUN only grows.
    size: Option<u64>,
    /// Host OS; `linux` when omitted.
    os_type: Option<OsType>,
    /// Free-form comment.
    comment: Option<String>,
    /// The igroup to map it to, of the LUN's SVM; null leaves it unmapped.
    igroup: Option<String>,
    /// Its LUN id in that igroup (0–4095); the lowest free one when omitted.
    #[arg(range(max = 4095))]
    lun_id: Option<u16>,
) -> Result<LunConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let volume = lun_volume(&lun_path).ok_or_else(|| {
        ToolError::new(format!(
            "lun_path {lun_path:?} is not of the form /vol/<volume>/<name>"
        ))
    })?;
    let index = volume_named(&cluster, volume)?;
    let at = cluster
        .resources
        .luns
        .iter()
        .position(|l| l.path == lun_path);
    if !present {
        let Some(at) = at else {
            return Err(not_found("LUN", &lun_path, "list_luns"));
        };
        cluster.resources.luns.remove(at);
        return Ok(lun_configuration(&cluster, &lun_path));
    }
    let Some(size) = size else {
        return Err(ToolError::new(
            "size (bytes) is required to create or change a LUN".to_owned(),
        ));
    };
    if let Some(at) = at
        && size < cluster.resources.luns[at].size
    {
        return Err(ToolError::new(format!(
            "size {size} is below the LUN's size {}: a LUN only grows",
            cluster.resources.luns[at].size
        )));
    }
    let volume_size = cluster.volumes[index].size;
    if size > volume_size {
        return Err(ToolError::new(format!(
            "size {size} is above its volume's size {volume_size}"
        )));
    }
    let svm = cluster.svms[cluster.volumes[index].svm].name.clone();
    let lun_id = match &igroup {
        None => None,
        Some(name) => {
            if !cluster
                .resources
                .igroups
                .iter()
                .any(|g| &g.name == name && g.svm == svm)
            {
                return Err(ToolError::new(format!(
                    "igroup {name} not found on SVM {svm}; list_igroups lists them"
                )));
            }
            let taken: Vec<u16> = cluster
                .resources
                .luns
                .iter()
                .filter(|l| l.path != lun_path && l.igroup.as_ref() == Some(name))
                .filter_map(|l| l.lun_id)
                .collect();
            let id = lun_id.unwrap_or_else(|| (0..).find(|i| !taken.contains(i)).unwrap_or(0));
            if taken.contains(&id) {
                return Err(ToolError::new(format!(
                    "LUN id {id} is taken in igroup {name}"
                )));
            }
            Some(id)
        }
    };
    let (uuid, used) = match at {
        Some(at) => (
            cluster.resources.luns[at].uuid.clone(),
            cluster.resources.luns[at].used,
        ),
        None => (new_uuid(&cluster), 0),
    };
    let lun = Lun {
        uuid,
        path: lun_path.clone(),
        size,
        used,
        os_type: os_type.unwrap_or(OsType::Linux),
        comment,
        igroup,
        lun_id,
    };
    match at {
        Some(at) => cluster.resources.luns[at] = lun,
        None => cluster.resources.luns.push(lun),
    }
    Ok(lun_configuration(&cluster, &lun_path))
}

/// One igroup, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "igroup", empty = "No igroups found.")]
pub struct IgroupText {
    /// The igroup's name.
    pub name: String,
    /// The SVM's name.
    #[text(label = "SVM")]
    pub svm: String,
    /// iSCSI, FC or both.
    pub protocol: IgroupProtocol,
    /// Host OS.
    pub os_type: OsType,
    /// The hosts' initiators (IQNs or WWPNs).
    pub initiators: Vec<String>,
    /// The LUNs mapped to it.
    #[text(label = "LUNs")]
    pub luns: Vec<String>,
}

/// List the initiator groups (igroups): protocol, host OS, initiators and the LUNs mapped
/// to each.
#[tool(format = "text", kind = "read", title = "List igroups")]
pub fn list_igroups(#[state] ontap: &Ontap) -> Vec<IgroupText> {
    let cluster = ontap.cluster();
    cluster
        .resources
        .igroups
        .iter()
        .map(|g| IgroupText {
            name: g.name.clone(),
            svm: g.svm.clone(),
            protocol: g.protocol,
            os_type: g.os_type,
            initiators: g.initiators.clone(),
            luns: cluster
                .resources
                .luns
                .iter()
                .filter(|l| l.igroup.as_ref() == Some(&g.name))
                .map(|l| l.path.clone())
                .collect(),
        })
        .collect()
}

/// An igroup's configuration, named as `manage_igroup` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct IgroupConfiguration {
    /// The igroup's name.
    pub igroup_name: String,
    /// Whether it exists.
    pub present: bool,
    /// Its SVM's name; null when it does not exist.
    pub svm_name: Option<String>,
    /// `iscsi`, `fcp` or `mixed`; null when it does not exist.
    pub protocol: Option<IgroupProtocol>,
    /// Host OS; null when it does not exist.
    pub os_type: Option<OsType>,
    /// The hosts' initiators.
    pub initiators: Vec<String>,
}

fn igroup_configuration(cluster: &Cluster, name: &str) -> IgroupConfiguration {
    let found = cluster.resources.igroups.iter().find(|g| g.name == name);
    IgroupConfiguration {
        igroup_name: name.to_owned(),
        present: found.is_some(),
        svm_name: found.map(|g| g.svm.clone()),
        protocol: found.map(|g| g.protocol),
        os_type: found.map(|g| g.os_type),
        initiators: found.map(|g| g.initiators.clone()).unwrap_or_default(),
    }
}

/// Get an igroup's configuration: SVM, protocol, host OS and initiators. An igroup that
/// does not exist reads `present: false`.
#[tool(format = "json", kind = "state", title = "igroup configuration")]
pub fn get_igroup(
    #[state] ontap: &Ontap,
    /// The igroup's name (e.g. `ig_esx_cluster`).
    igroup_name: String,
) -> IgroupConfiguration {
    igroup_configuration(&ontap.cluster(), &igroup_name)
}

/// Create an igroup (`present: true`), change its initiators, or delete it (`present:
/// false`; refused while LUNs are mapped to it). `initiators` is the whole list: to add a
/// host, send the current ones and the new one. Undoable with `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Create, change or delete an igroup"
)]
pub fn manage_igroup(
    #[state] ontap: &Ontap,
    /// The igroup's name.
    igroup_name: String,
    /// `true` to create or change it, `false` to delete it.
    present: bool,
    /// Its SVM; required to create it, and it must serve iSCSI or FC.
    svm_name: Option<String>,
    /// `iscsi`, `fcp` or `mixed`; `iscsi` when omitted.
    protocol: Option<IgroupProtocol>,
    /// Host OS; `linux` when omitted.
    os_type: Option<OsType>,
    /// The hosts' initiators: iSCSI IQNs (`iqn.1998-01.com.vmware:esx03-…`) or FC WWPNs.
    #[arg(default)]
    initiators: Vec<String>,
) -> Result<IgroupConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let at = cluster
        .resources
        .igroups
        .iter()
        .position(|g| g.name == igroup_name);
    if !present {
        let Some(at) = at else {
            return Err(not_found("igroup", &igroup_name, "list_igroups"));
        };
        if let Some(lun) = cluster
            .resources
            .luns
            .iter()
            .find(|l| l.igroup.as_ref() == Some(&igroup_name))
        {
            return Err(ToolError::new(format!(
                "LUN {} is mapped to igroup {igroup_name}; unmap it first (manage_lun with \
                 igroup null)",
                lun.path
            )));
        }
        cluster.resources.igroups.remove(at);
        return Ok(igroup_configuration(&cluster, &igroup_name));
    }
    let Some(svm_name) = svm_name else {
        return Err(ToolError::new(
            "svm_name is required to create or change an igroup".to_owned(),
        ));
    };
    let svm = svm_named(&cluster, &svm_name)?;
    if !cluster.svms[svm]
        .protocols
        .iter()
        .any(|p| p == "iscsi" || p == "fcp")
    {
        return Err(ToolError::new(format!(
            "SVM {svm_name} serves neither iSCSI nor FC"
        )));
    }
    let protocol = protocol.unwrap_or(IgroupProtocol::Iscsi);
    for (i, initiator) in initiators.iter().enumerate() {
        let iqn = initiator.starts_with("iqn.") || initiator.starts_with("eui.");
        let wwpn = initiator.split(':').count() == 8;
        let fits = match protocol {
            IgroupProtocol::Iscsi => iqn,
            IgroupProtocol::Fcp => wwpn,
            IgroupProtocol::Mixed => iqn || wwpn,
        };
        if !fits {
            return Err(ToolError::new(format!(
                "initiators[{i}] {initiator:?} is not an iSCSI IQN (iqn.…) or FC WWPN \
                 (8 hex pairs) for protocol {}",
                serde_json::to_value(protocol)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default()
            )));
        }
    }
    let uuid = match at {
        Some(at) => cluster.resources.igroups[at].uuid.clone(),
        None => new_uuid(&cluster),
    };
    let group = Igroup {
        uuid,
        svm: svm_name,
        name: igroup_name.clone(),
        protocol,
        os_type: os_type.unwrap_or(OsType::Linux),
        initiators,
    };
    match at {
        Some(at) => cluster.resources.igroups[at] = group,
        None => cluster.resources.igroups.push(group),
    }
    Ok(igroup_configuration(&cluster, &igroup_name))
}
