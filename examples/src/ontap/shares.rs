//! CIFS/SMB shares: a listing, one share's configuration (json state), and the action that
//! creates, changes or deletes a share with its access control list.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::cluster::Cluster;
use super::inventory::{CifsShare, ShareAcl, SharePermission};
use super::names::svm_named;

/// One share, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "CIFS share", empty = "No CIFS shares found.")]
pub struct ShareText {
    /// The SVM's name.
    #[text(label = "SVM")]
    pub svm: String,
    /// The share's name (`\\svm\name`).
    pub name: String,
    /// The path it exposes.
    pub path: String,
    /// Free-form comment.
    pub comment: Option<String>,
    /// Whether users see only what they may open.
    pub access_based_enumeration: bool,
    /// Whether SMB3 encryption is required.
    pub encryption: bool,
    /// Who may do what.
    pub acls: Vec<ShareAcl>,
}

/// List the CIFS/SMB shares, of one SVM or all: path, comment, access-based enumeration,
/// encryption and access control list.
#[tool(format = "text", kind = "read", title = "List CIFS shares")]
pub fn list_cifs_shares(
    #[state] ontap: &Ontap,
    /// Only this SVM's shares (e.g. `svm_hr`).
    svm_name: Option<String>,
) -> Result<Vec<ShareText>, ToolError> {
    let cluster = ontap.cluster();
    if let Some(name) = &svm_name {
        svm_named(&cluster, name)?;
    }
    Ok(cluster
        .resources
        .cifs_shares
        .iter()
        .filter(|s| svm_name.as_ref().is_none_or(|n| &s.svm == n))
        .map(|s| ShareText {
            svm: s.svm.clone(),
            name: s.name.clone(),
            path: s.path.clone(),
            comment: s.comment.clone(),
            access_based_enumeration: s.access_based_enumeration,
            encryption: s.encryption,
            acls: s.acls.clone(),
        })
        .collect())
}

/// A share's configuration, named as `manage_cifs_share` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ShareConfiguration {
    /// The SVM's name.
    pub svm_name: String,
    /// The share's name.
    pub share_name: String,
    /// Whether the share exists.
    pub present: bool,
    /// The path it exposes (`/vol_hr_01/payroll`); null when it does not exist.
    pub path: Option<String>,
    /// Free-form comment.
    pub comment: Option<String>,
    /// Whether users see only the files and folders they may open.
    pub access_based_enumeration: bool,
    /// Whether SMB3 encryption is required.
    pub encryption: bool,
    /// Who may do what.
    pub acls: Vec<ShareAcl>,
}

fn share_configuration(cluster: &Cluster, svm: &str, name: &str) -> ShareConfiguration {
    let found = cluster
        .resources
        .cifs_shares
        .iter()
        .find(|s| s.svm == svm && s.name == name);
    ShareConfiguration {
        svm_name: svm.to_owned(),
        share_name: name.to_owned(),
        present: found.is_some(),
        path: found.map(|s| s.path.clone()),
        comment: found.and_then(|s| s.comment.clone()),
        access_based_enumeration: found.is_some_and(|s| s.access_based_enumeration),
        encryption: found.is_some_and(|s| s.encryption),
        acls: found.map(|s| s.acls.clone()).unwrap_or_default(),
    }
}

/// Get a CIFS share's configuration: path, comment, options and access control list. A
/// share that does not exist reads `present: false`.
#[tool(format = "json", kind = "state", title = "CIFS share configuration")]
pub fn get_cifs_share(
    #[state] ontap: &Ontap,
    /// The SVM's name.
    svm_name: String,
    /// The share's name.
    share_name: String,
) -> Result<ShareConfiguration, ToolError> {
    let cluster = ontap.cluster();
    svm_named(&cluster, &svm_name)?;
    Ok(share_configuration(&cluster, &svm_name, &share_name))
}

/// Create a CIFS/SMB share (`present: true`), change it, or delete it (`present: false`).
/// Everything is set as given: an omitted comment is cleared, omitted options are off, and
/// `acls` is the whole list (`Everyone`/`full_control` when omitted). Undoable with
/// `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Create, change or delete a CIFS share"
)]
#[allow(clippy::too_many_arguments)]
pub fn manage_cifs_share(
    #[state] ontap: &Ontap,
    /// The SVM's name; it must serve CIFS.
    svm_name: String,
    /// The share's name (`$` at the end hides it from browsing).
    share_name: String,
    /// `true` to create or change the share, `false` to delete it.
    present: bool,
    /// The path it exposes, starting with `/` and a volume's junction
    /// (`/vol_hr_01/payroll`); required to create it.
    path: Option<String>,
    /// Free-form comment.
    comment: Option<String>,
    /// Show users only the files and folders they may open.
    #[arg(default)]
    access_based_enumeration: bool,
    /// Require SMB3 encryption.
    #[arg(default)]
    encryption: bool,
    /// The access control list: who (`CORP\hr`, `Everyone`) may do what.
    acls: Option<Vec<ShareAcl>>,
) -> Result<ShareConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let svm = svm_named(&cluster, &svm_name)?;
    if !cluster.svms[svm].protocols.iter().any(|p| p == "cifs") {
        return Err(ToolError::new(format!(
            "SVM {svm_name} does not serve CIFS; set_svm_protocols turns it on"
        )));
    }
    let at = cluster
        .resources
        .cifs_shares
        .iter()
        .position(|s| s.svm == svm_name && s.name == share_name);
    if !present {
        let Some(at) = at else {
            return Err(ToolError::new(format!(
                "share {share_name} not found on SVM {svm_name}; list_cifs_shares lists them"
            )));
        };
        cluster.resources.cifs_shares.remove(at);
        return Ok(share_configuration(&cluster, &svm_name, &share_name));
    }
    let Some(path) = path else {
        return Err(ToolError::new(
            "path is required to create or change a share (e.g. /vol_hr_01)".to_owned(),
        ));
    };
    let volume = path.trim_start_matches('/').split('/').next().unwrap_or("");
    if !cluster
        .volumes
        .iter()
        .any(|v| v.name == volume && v.svm == svm)
    {
        return Err(ToolError::new(format!(
            "path {path} is not in a volume of SVM {svm_name}: it starts with a volume's \
             junction, e.g. /{}",
            cluster
                .volumes
                .iter()
                .find(|v| v.svm == svm)
                .map_or("vol", |v| v.name.as_str())
        )));
    }
    let share = CifsShare {
        svm: svm_name.clone(),
        name: share_name.clone(),
        path,
        comment,
        access_based_enumeration,
        encryption,
        acls: acls.unwrap_or_else(|| {
            vec![ShareAcl {
                user_or_group: "Everyone".into(),
                permission: SharePermission::FullControl,
            }]
        }),
    };
    match at {
        Some(at) => cluster.resources.cifs_shares[at] = share,
        None => cluster.resources.cifs_shares.push(share),
    }
    Ok(share_configuration(&cluster, &svm_name, &share_name))
}
