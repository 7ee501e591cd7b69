//! Network interfaces (LIFs): a listing a model reads, one interface's configuration (json
//! state), and the action that enables, disables, migrates or reverts an interface.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::cluster::Cluster;
use super::names::{not_found, svm_named};

/// The ports each node has for data.
const PORTS: [&str; 4] = ["e0c", "e0d", "e0e", "e0f"];

/// One interface, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(
    noun = "network interface",
    empty = "No network interfaces found.",
    layout = "table"
)]
pub struct InterfaceLine {
    /// The interface's name.
    pub name: String,
    /// The SVM's name.
    #[text(label = "SVM")]
    pub svm: String,
    /// Address and prefix length.
    #[text(label = "Address")]
    pub address: String,
    /// Where it lives when healthy.
    pub home: String,
    /// Where it is now.
    pub current: String,
    /// Whether it is on its home port.
    pub is_home: bool,
    /// Whether it is enabled.
    pub enabled: bool,
    /// What it serves.
    pub service_policy: String,
}

/// List the network interfaces (LIFs), of one SVM or all: address, home and current
/// node:port, whether each is home and enabled, and what it serves.
#[tool(format = "text", kind = "read", title = "List network interfaces")]
pub fn list_network_interfaces(
    #[state] ontap: &Ontap,
    /// Only this SVM's interfaces (e.g. `svm_eng`).
    svm_name: Option<String>,
) -> Result<Vec<InterfaceLine>, ToolError> {
    let cluster = ontap.cluster();
    if let Some(name) = &svm_name {
        svm_named(&cluster, name)?;
    }
    Ok(cluster
        .resources
        .interfaces
        .iter()
        .filter(|i| svm_name.as_ref().is_none_or(|s| &i.svm == s))
        .map(|i| InterfaceLine {
            name: i.name.clone(),
            svm: i.svm.clone(),
            address: format!("{}/{}", i.ip_address, i.netmask_length),
            home: format!("{}:{}", i.home_node, i.home_port),
            current: format!("{}:{}", i.current_node, i.current_port),
            is_home: i.home_node == i.current_node && i.home_port == i.current_port,
            enabled: i.enabled,
            service_policy: i.service_policy.clone(),
        })
        .collect())
}

/// An interface's configuration, named as `set_network_interface` takes it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct InterfaceConfiguration {
    /// The interface's name.
    pub interface_name: String,
    /// The SVM's name.
    pub svm_name: String,
    /// IPv4 address.
    pub ip_address: String,
    /// Prefix length.
    pub netmask_length: u8,
    /// The node it lives on when healthy.
    pub home_node: String,
    /// The port it lives on when healthy.
    pub home_port: String,
    /// Whether it is enabled (serves traffic).
    pub enabled: bool,
    /// The node it is on now.
    pub current_node: String,
    /// The port it is on now.
    pub current_port: String,
}

fn interface_index(cluster: &Cluster, name: &str) -> Result<usize, ToolError> {
    cluster
        .resources
        .interfaces
        .iter()
        .position(|i| i.name == name)
        .ok_or_else(|| not_found("network interface", name, "list_network_interfaces"))
}

fn interface_configuration(cluster: &Cluster, index: usize) -> InterfaceConfiguration {
    let i = &cluster.resources.interfaces[index];
    InterfaceConfiguration {
        interface_name: i.name.clone(),
        svm_name: i.svm.clone(),
        ip_address: i.ip_address.clone(),
        netmask_length: i.netmask_length,
        home_node: i.home_node.clone(),
        home_port: i.home_port.clone(),
        enabled: i.enabled,
        current_node: i.current_node.clone(),
        current_port: i.current_port.clone(),
    }
}

/// Get a network interface's configuration: address, home and current node and port, and
/// whether it is enabled.
#[tool(
    format = "json",
    kind = "state",
    title = "Network interface configuration"
)]
pub fn get_network_interface(
    #[state] ontap: &Ontap,
    /// The interface's name (e.g. `lif_eng_nfs1`).
    interface_name: String,
) -> Result<InterfaceConfiguration, ToolError> {
    let cluster = ontap.cluster();
    let index = interface_index(&cluster, &interface_name)?;
    Ok(interface_configuration(&cluster, index))
}

/// Enable or disable a network interface, and move it to a node and port: migrate it, or
/// revert it by giving its home node and port. A disabled interface's clients lose their
/// connections. Undoable with `undo_last_action`.
#[tool(
    format = "json",
    kind = "action",
    title = "Enable, disable, migrate or revert a network interface"
)]
pub fn set_network_interface(
    #[state] ontap: &Ontap,
    /// The interface's name.
    interface_name: String,
    /// Whether it serves traffic.
    enabled: bool,
    /// The node to put it on (`cluster1-01`, `cluster1-02`).
    current_node: String,
    /// The port on that node (`e0c` to `e0f`).
    current_port: String,
) -> Result<InterfaceConfiguration, ToolError> {
    let mut cluster = ontap.cluster();
    let index = interface_index(&cluster, &interface_name)?;
    if !cluster
        .resources
        .nodes
        .iter()
        .any(|n| n.name == current_node)
    {
        return Err(not_found("node", &current_node, "list_nodes"));
    }
    if !PORTS.contains(&current_port.as_str()) {
        return Err(ToolError::new(format!(
            "port {current_port} not found on {current_node}; its data ports are {}",
            PORTS.join(", ")
        )));
    }
    let i = &mut cluster.resources.interfaces[index];
    i.enabled = enabled;
    i.current_node = current_node;
    i.current_port = current_port;
    Ok(interface_configuration(&cluster, index))
}
