//! NFS export policies and their rules: listings, one policy's configuration (json state),
//! the action that creates, changes or deletes a policy with its rules, and an access check.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::cluster::Cluster;
use super::inventory::{AuthFlavor, ExportPolicy, ExportProtocol, ExportRule};
use super::names::{svm_named, volume_named};

/// One export policy, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(
    noun = "export policy",
    plural = "export policies",
    empty = "No export policies found."
)]
pub struct ExportPolicyText {
    /// The SVM's name.
    #[text(label = "SVM")]
    pub svm: String,
    /// The policy's name.
    pub name: String,
    /// The volumes that use it.
    pub volumes: Vec<String>,
    /// Its rules, in the order they are matched.
    pub rules: Vec<ExportRule>,
}

/// List the NFS export policies, of one SVM or all, with their rules in match order and
/// the volumes that use each.
#[tool(format = "text", kind = "read", title = "List export policies")]
pub fn list_export_policies(
    #[state] ontap: &Ontap,
    /// Only this SVM's policies (e.g. `svm_finance`).
    svm_name: Option<String>,
) -> Result<Vec<ExportPolicyText>, ToolError> {
    let cluster = ontap.cluster();
    if let Some(name) = &svm_name {
        svm_named(&cluster, name)?;
    }
    Ok(cluster
        .resources
        .export_policies
        .iter()
        .filter(|p| svm_name.as_ref().is_none_or(|s| &p.svm == s))
        .map(|p| ExportPolicyText {
            svm: p.svm.clone(),
            name: p.name.clone(),
            volumes: users(&cluster, p),
            rules: p.rules.clone(),
        })
        .collect())
}

fn users(cluster: &Cluster, policy: &ExportPolicy) -> Vec<String> {
    cluster
        .volumes
        .iter()
        .filter(|v| {
            cluster.svms[v.svm].name == policy.svm
                && v.export_policy.as_deref() == Some(&policy.name)
        })
        .map(|v| v.name.clone())
        .collect()
}

/// An export policy's configuration, named as `manage_export_policy` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ExportPolicyConfiguration {
    /// The SVM's name.
    pub svm_name: String,
    /// The policy's name.
    pub export_policy_name: String,
    /// Whether the policy exists.
    pub present: bool,
    /// Its rules, in match order (empty when it does not exist).
    pub rules: Vec<ExportRule>,
}

fn policy_configuration(cluster: &Cluster, svm: &str, name: &str) -> ExportPolicyConfiguration {
    let found = cluster
        .resources
        .export_policies
        .iter()
        .find(|p| p.svm == svm && p.name == name);
    ExportPolicyConfiguration {
        svm_name: svm.to_owned(),
        export_policy_name: name.to_owned(),
        present: found.is_some(),
        rules: found.map(|p| p.rules.clone()).unwrap_or_default(),
    }
}

/// Get an export policy's configuration: whether it exists and its rules in match order. A
/// policy that does not exist reads `present: false`.
#[tool(format = "json", kind = "state", title = "Export policy configuration")]
pub fn get_export_policy(
    #[state] ontap: &Ontap,
    /// The SVM's name.
    svm_name: String,
    /// The policy's name (e.g. `default`).
    export_policy_name: String,
) -> Result<ExportPolicyConfiguration, ToolError> {
    let cluster = ontap.cluster();
    svm_named(&cluster, &svm_name)?;
    Ok(policy_configuration(
        &cluster,
        &svm_name,
        &export_policy_name,
    ))
}

/// Create an NFS export policy with its rules (`present: true`), replace the rules of an
/// existing one, or delete it (`present: false`; refused while volumes use it). The rules
/// are the whole list, matched in order: to add a rule, read them with `get_export_policy`
/// and send them back with the new one. Undoable with `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Create, change or delete an export policy"
)]
pub fn manage_export_policy(
    #[state] ontap: &Ontap,
    /// The SVM's name.
    svm_name: String,
    /// The policy's name.
    export_policy_name: String,
    /// `true` to create or change the policy, `false` to delete it.
    present: bool,
    /// The rules, in match order (empty: no client has access).
    #[arg(default)]
    rules: Vec<ExportRule>,
) -> Result<ExportPolicyConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let svm = svm_named(&cluster, &svm_name)?;
    if !cluster.svms[svm].protocols.iter().any(|p| p == "nfs") {
        return Err(ToolError::new(format!(
            "SVM {svm_name} does not serve NFS; set_svm_protocols turns it on"
        )));
    }
    for (i, rule) in rules.iter().enumerate() {
        if rule.clients.trim().is_empty() {
            return Err(ToolError::new(format!("rules[{i}].clients is empty")));
        }
    }
    let at = cluster
        .resources
        .export_policies
        .iter()
        .position(|p| p.svm == svm_name && p.name == export_policy_name);
    match (present, at) {
        (false, None) => {
            return Err(ToolError::new(format!(
                "export policy {export_policy_name} not found on SVM {svm_name}; \
                 list_export_policies lists them"
            )));
        }
        (false, Some(at)) => {
            let using = users(&cluster, &cluster.resources.export_policies[at]);
            if export_policy_name == "default" || !using.is_empty() {
                return Err(ToolError::new(format!(
                    "export policy {export_policy_name} cannot be deleted: {}",
                    if using.is_empty() {
                        "every SVM keeps its default policy".to_owned()
                    } else {
                        format!("volumes {} use it", using.join(", "))
                    }
                )));
            }
            cluster.resources.export_policies.remove(at);
        }
        (true, Some(at)) => cluster.resources.export_policies[at].rules = rules,
        (true, None) => {
            let id = cluster
                .resources
                .export_policies
                .iter()
                .map(|p| p.id)
                .max()
                .unwrap_or(0)
                + 1;
            cluster.resources.export_policies.push(ExportPolicy {
                id,
                svm: svm_name.clone(),
                name: export_policy_name.clone(),
                rules,
            });
        }
    }
    Ok(policy_configuration(
        &cluster,
        &svm_name,
        &export_policy_name,
    ))
}

/// What an NFS client may do on a volume.
#[derive(Debug, Clone, ToolText)]
pub struct ExportAccess {
    /// The volume's name.
    pub volume: String,
    /// The client's address.
    #[text(label = "Client IP")]
    pub client_ip: String,
    /// The export policy checked.
    pub export_policy: String,
    /// `read-write`, `read-only` or `denied`.
    pub access: String,
    /// Which rule decided it (1 is the first), if any matched.
    pub rule_index: Option<usize>,
    /// Why.
    pub reason: String,
}

fn matches(clients: &str, ip: std::net::Ipv4Addr) -> bool {
    if let Some((network, bits)) = clients.split_once('/') {
        let (Ok(network), Ok(bits)) = (network.parse::<std::net::Ipv4Addr>(), bits.parse::<u32>())
        else {
            return false;
        };
        let mask = u32::MAX.checked_shl(32 - bits.min(32)).unwrap_or(0);
        return u32::from(network) & mask == u32::from(ip) & mask;
    }
    clients.parse::<std::net::Ipv4Addr>() == Ok(ip)
}

/// Check what an NFS client (by IP address) may do on a volume under its export policy:
/// read-write, read-only or denied, and which rule decides it (as `vserver export-policy
/// check-access` does, for AUTH_SYS clients).
#[tool(format = "text", kind = "read", title = "Check export access")]
pub fn check_export_access(
    #[state] ontap: &Ontap,
    /// The volume's name.
    volume_name: String,
    /// The client's IPv4 address (e.g. `10.10.4.20`).
    client_ip: String,
) -> Result<ExportAccess, ToolError> {
    let cluster = ontap.cluster();
    let index = volume_named(&cluster, &volume_name)?;
    let ip: std::net::Ipv4Addr = client_ip
        .parse()
        .map_err(|_| ToolError::new(format!("client_ip {client_ip:?} is not an IPv4 address")))?;
    let volume = &cluster.volumes[index];
    let svm = &cluster.svms[volume.svm].name;
    let Some(policy_name) = &volume.export_policy else {
        return Err(ToolError::new(format!(
            "volume {volume_name} is not exported over NFS (its SVM {svm} does not serve NFS)"
        )));
    };
    let policy = cluster
        .resources
        .export_policies
        .iter()
        .find(|p| &p.svm == svm && &p.name == policy_name);
    let rules = policy.map(|p| p.rules.as_slice()).unwrap_or_default();
    let nfs = |p: &ExportProtocol| !matches!(p, ExportProtocol::Cifs);
    let grants = |flavors: &[AuthFlavor]| {
        flavors
            .iter()
            .any(|f| matches!(f, AuthFlavor::Any | AuthFlavor::Sys))
    };
    let decided = rules
        .iter()
        .enumerate()
        .find(|(_, r)| matches(&r.clients, ip) && r.protocols.iter().any(nfs));
    let (access, rule_index, reason) = match decided {
        None => (
            "denied",
            None,
            format!("no rule of {policy_name} matches {client_ip}"),
        ),
        Some((i, rule)) => {
            let access = if grants(&rule.rw_rule) {
                "read-write"
            } else if grants(&rule.ro_rule) {
                "read-only"
            } else {
                "denied"
            };
            (
                access,
                Some(i + 1),
                format!("rule {} matches clients {}", i + 1, rule.clients),
            )
        }
    };
    Ok(ExportAccess {
        volume: volume_name,
        client_ip,
        export_policy: policy_name.clone(),
        access: access.into(),
        rule_index,
        reason,
    })
}
