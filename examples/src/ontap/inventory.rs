//! The simulated cluster's objects beyond SVMs, aggregates and volumes: nodes, snapshots and
//! their policies, export policies, CIFS shares, QoS policy groups, SnapMirror
//! relationships, LUNs and igroups, qtrees with their quotas, network interfaces, jobs and
//! events. Field names follow ONTAP's REST API; the data is fixed (generated from the
//! cluster's seed), so every run and every fixture sees the same cluster.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::ToolText;

use super::cluster::{GIB, Rng, Volume};

/// A node (controller) of the cluster.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Node {
    pub uuid: String,
    pub name: String,
    pub model: String,
    pub serial_number: String,
    pub ha_partner: String,
    pub uptime_seconds: u64,
}

/// A snapshot: a read-only point-in-time image of a volume.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Snapshot {
    pub uuid: String,
    /// The volume's name.
    pub volume: String,
    pub name: String,
    pub create_time: String,
    pub size: u64,
    pub comment: Option<String>,
    pub snapmirror_label: Option<String>,
}

/// A snapshot policy: how many scheduled copies a volume keeps.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SnapshotPolicy {
    pub name: String,
    pub enabled: bool,
    pub comment: Option<String>,
    pub hourly_copies: u16,
    pub daily_copies: u16,
    pub weekly_copies: u16,
}

/// An NFS access protocol an export rule matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum ExportProtocol {
    /// Any protocol.
    #[text(label = "any")]
    Any,
    /// NFSv3.
    #[text(label = "NFSv3")]
    Nfs3,
    /// NFSv4.
    #[text(label = "NFSv4")]
    Nfs4,
    /// Any NFS version.
    #[text(label = "NFS")]
    Nfs,
    /// CIFS/SMB.
    #[text(label = "CIFS")]
    Cifs,
}

/// A security flavour an export rule grants access with.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum AuthFlavor {
    /// Any flavour.
    #[text(label = "any")]
    Any,
    /// No authentication (mapped to the anonymous user).
    #[text(label = "none")]
    None,
    /// Never: no access.
    #[text(label = "never")]
    Never,
    /// AUTH_SYS (UNIX user and group ids).
    #[text(label = "sys")]
    Sys,
    /// Kerberos 5.
    #[text(label = "krb5")]
    Krb5,
}

/// One rule of an export policy: which clients get which access.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
pub struct ExportRule {
    /// Which clients the rule matches: a host name, an IP address, a subnet in CIDR form
    /// (`10.10.0.0/16`), a netgroup (`@ops`), or `0.0.0.0/0` for every client.
    pub clients: String,
    /// The protocols the rule matches.
    pub protocols: Vec<ExportProtocol>,
    /// Security flavours that get read-only access.
    pub ro_rule: Vec<AuthFlavor>,
    /// Security flavours that get read-write access (`never` for none).
    pub rw_rule: Vec<AuthFlavor>,
    /// Security flavours that keep root access (`none` squashes root to the anonymous user).
    pub superuser: Vec<AuthFlavor>,
}

/// An NFS export policy of an SVM: its rules, in order.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ExportPolicy {
    pub id: u64,
    /// The SVM's name.
    pub svm: String,
    pub name: String,
    pub rules: Vec<ExportRule>,
}

/// A CIFS/SMB permission of a share's access control list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum SharePermission {
    /// Read, write, change permissions and take ownership.
    FullControl,
    /// Read and write.
    Change,
    /// Read only.
    Read,
    /// No access.
    NoAccess,
}

/// One entry of a CIFS share's access control list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
pub struct ShareAcl {
    /// A Windows user or group (`Everyone`, `CORP\finance-admins`).
    pub user_or_group: String,
    /// What it may do.
    pub permission: SharePermission,
}

/// A CIFS/SMB share of an SVM.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CifsShare {
    /// The SVM's name.
    pub svm: String,
    pub name: String,
    pub path: String,
    pub comment: Option<String>,
    pub access_based_enumeration: bool,
    pub encryption: bool,
    pub acls: Vec<ShareAcl>,
}

/// A QoS policy group: throughput limits shared by the volumes it is set on.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QosPolicy {
    pub uuid: String,
    pub name: String,
    pub max_throughput_iops: Option<u64>,
    pub max_throughput_mbps: Option<u64>,
    pub min_throughput_iops: Option<u64>,
    pub is_shared: bool,
}

/// The state of a SnapMirror relationship, as ONTAP reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum SnapmirrorState {
    /// Mirroring: scheduled transfers update the destination.
    #[text(label = "snapmirrored")]
    Snapmirrored,
    /// Quiesced: transfers are paused; the destination stays read-only.
    #[text(label = "paused")]
    Paused,
    /// Broken off: the destination is writable and no longer updated.
    #[text(label = "broken off")]
    BrokenOff,
}

/// A SnapMirror relationship: a destination volume mirrored from a source.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SnapMirror {
    pub uuid: String,
    /// `svm:volume` of the source.
    pub source_path: String,
    /// `svm:volume` of the destination.
    pub destination_path: String,
    pub policy: String,
    pub schedule: Option<String>,
    pub state: SnapmirrorState,
    pub lag_seconds: u64,
    pub last_transfer_size: u64,
}

/// The operating system of a LUN's or igroup's hosts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum OsType {
    /// Linux.
    #[text(label = "Linux")]
    Linux,
    /// Windows.
    #[text(label = "Windows")]
    Windows,
    /// VMware ESXi.
    #[text(label = "VMware")]
    Vmware,
    /// Microsoft Hyper-V.
    #[text(label = "Hyper-V")]
    HyperV,
}

/// A LUN: a block device carved from a volume.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Lun {
    pub uuid: String,
    /// `/vol/<volume>/<name>`.
    pub path: String,
    pub size: u64,
    pub used: u64,
    pub os_type: OsType,
    pub comment: Option<String>,
    /// The igroup it is mapped to, if any.
    pub igroup: Option<String>,
    /// Its LUN id in that igroup.
    pub lun_id: Option<u16>,
}

/// The SAN protocol of an igroup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum IgroupProtocol {
    /// iSCSI initiators (IQNs).
    #[text(label = "iSCSI")]
    Iscsi,
    /// Fibre Channel initiators (WWPNs).
    #[text(label = "FC")]
    Fcp,
    /// Both.
    #[text(label = "iSCSI and FC")]
    Mixed,
}

/// An initiator group: the hosts a LUN is mapped to.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Igroup {
    pub uuid: String,
    /// The SVM's name.
    pub svm: String,
    pub name: String,
    pub protocol: IgroupProtocol,
    pub os_type: OsType,
    pub initiators: Vec<String>,
}

/// How a qtree's files are secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum SecurityStyle {
    /// UNIX mode bits and NFSv4 ACLs.
    #[text(label = "UNIX")]
    Unix,
    /// Windows NTFS ACLs.
    #[text(label = "NTFS")]
    Ntfs,
    /// Either, per file.
    #[text(label = "mixed")]
    Mixed,
}

/// A qtree: a directory of a volume with its own security style and quota.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Qtree {
    pub id: u32,
    /// The volume's name.
    pub volume: String,
    pub name: String,
    pub security_style: SecurityStyle,
    pub unix_permissions: Option<String>,
    pub disk_limit: Option<u64>,
    pub file_limit: Option<u64>,
    pub disk_used: u64,
    pub files_used: u64,
}

/// A network interface (LIF) of an SVM.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Interface {
    pub uuid: String,
    pub name: String,
    /// The SVM's name.
    pub svm: String,
    pub ip_address: String,
    pub netmask_length: u8,
    pub home_node: String,
    pub home_port: String,
    pub current_node: String,
    pub current_port: String,
    pub enabled: bool,
    pub service_policy: String,
}

/// The state of a job.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, ToolText)]
#[serde(rename_all = "snake_case")]
pub enum JobState {
    /// Waiting to run.
    Queued,
    /// Running.
    Running,
    /// Finished successfully.
    Success,
    /// Failed.
    Failure,
}

/// A job: a long-running operation the cluster runs in the background.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Job {
    pub uuid: String,
    pub description: String,
    pub state: JobState,
    pub message: String,
    pub start_time: String,
    pub end_time: Option<String>,
}

/// The severity of an event (EMS message).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, JsonSchema, ToolText,
)]
#[serde(rename_all = "snake_case")]
pub enum EventSeverity {
    /// The system is unusable.
    Emergency,
    /// Needs action now.
    Alert,
    /// An error.
    Error,
    /// A normal but significant condition.
    Notice,
    /// For information.
    Informational,
}

/// An event of the cluster's event log (EMS).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Event {
    pub index: u64,
    pub time: String,
    pub node: String,
    pub severity: EventSeverity,
    /// The message name (`wafl.vol.full`).
    pub name: String,
    pub message: String,
}

/// Everything the cluster holds besides SVMs, aggregates and volumes.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Resources {
    pub nodes: Vec<Node>,
    pub snapshots: Vec<Snapshot>,
    pub snapshot_policies: Vec<SnapshotPolicy>,
    pub export_policies: Vec<ExportPolicy>,
    pub cifs_shares: Vec<CifsShare>,
    pub qos_policies: Vec<QosPolicy>,
    pub snapmirrors: Vec<SnapMirror>,
    pub luns: Vec<Lun>,
    pub igroups: Vec<Igroup>,
    pub qtrees: Vec<Qtree>,
    pub interfaces: Vec<Interface>,
    pub jobs: Vec<Job>,
    pub events: Vec<Event>,
}

fn rule(clients: &str, ro: AuthFlavor, rw: AuthFlavor, superuser: AuthFlavor) -> ExportRule {
    ExportRule {
        clients: clients.into(),
        protocols: vec![ExportProtocol::Nfs],
        ro_rule: vec![ro],
        rw_rule: vec![rw],
        superuser: vec![superuser],
    }
}

fn acl(user_or_group: &str, permission: SharePermission) -> ShareAcl {
    ShareAcl {
        user_or_group: user_or_group.into(),
        permission,
    }
}

fn opt(value: &str) -> Option<String> {
    Some(value.to_owned())
}

impl Resources {
    /// The demo cluster's objects, for its `volumes`.
    pub(super) fn generate(rng: &mut Rng, volumes: &[Volume]) -> Self {
        use AuthFlavor::{Any, Never, Sys};
        let nodes = [
            ("cluster1-01", "cluster1-02"),
            ("cluster1-02", "cluster1-01"),
        ]
        .iter()
        .enumerate()
        .map(|(i, (name, partner))| Node {
            uuid: rng.uuid(),
            name: (*name).into(),
            model: "AFF-A400".into(),
            serial_number: format!("72193100010{}", i + 1),
            ha_partner: (*partner).into(),
            uptime_seconds: 3_888_000 + rng.below(86_400),
        })
        .collect();
        let mut snapshots = Vec::new();
        for volume in volumes {
            let names: &[&str] = match volume.snapshot_policy.as_str() {
                "default" => &[
                    "weekly.2025-10-12_0015",
                    "daily.2025-10-13_0010",
                    "hourly.2025-10-14_0705",
                    "hourly.2025-10-14_0805",
                ],
                "hourly" => &["hourly.2025-10-14_0605", "hourly.2025-10-14_0705"],
                _ => &[],
            };
            for name in names {
                let (day, time) = name
                    .split_once('.')
                    .map(|(_, stamp)| stamp.split_once('_').unwrap_or((stamp, "0000")))
                    .unwrap_or(("2025-10-14", "0000"));
                snapshots.push(Snapshot {
                    uuid: rng.uuid(),
                    volume: volume.name.clone(),
                    name: (*name).into(),
                    create_time: format!("{day}T{}:{}:00Z", &time[..2], &time[2..]),
                    size: volume.size / 1000 * (1 + rng.below(20)),
                    comment: None,
                    snapmirror_label: name.split('.').next().map(str::to_owned),
                });
            }
        }
        snapshots.push(Snapshot {
            uuid: rng.uuid(),
            volume: "vol_finance_02".into(),
            name: "before_q3_close".into(),
            create_time: "2025-09-30T18:00:00Z".into(),
            size: 12 * GIB,
            comment: opt("taken by hand before the quarter's close"),
            snapmirror_label: None,
        });
        let policy =
            |name: &str, enabled, comment: Option<&str>, hourly, daily, weekly| SnapshotPolicy {
                name: name.into(),
                enabled,
                comment: comment.map(Into::into),
                hourly_copies: hourly,
                daily_copies: daily,
                weekly_copies: weekly,
            };
        let snapshot_policies = vec![
            policy(
                "default",
                true,
                Some("Default policy with hourly, daily & weekly schedules."),
                6,
                2,
                2,
            ),
            policy(
                "default-1weekly",
                true,
                Some("Default policy with 6 hourly, 2 daily & 1 weekly schedule."),
                6,
                2,
                1,
            ),
            policy("hourly", true, Some("Hourly copies for a day."), 24, 0, 0),
            policy(
                "none",
                false,
                Some("Policy for no automatic snapshots."),
                0,
                0,
                0,
            ),
        ];
        let export_policies = vec![
            ExportPolicy {
                id: 12_884_901_889,
                svm: "svm_finance".into(),
                name: "default".into(),
                rules: vec![
                    rule("10.10.0.0/16", Sys, Sys, Never),
                    rule("0.0.0.0/0", Sys, Never, Never),
                ],
            },
            ExportPolicy {
                id: 12_884_901_890,
                svm: "svm_finance".into(),
                name: "finance_auditors".into(),
                rules: vec![rule("10.10.50.0/24", Sys, Never, Never)],
            },
            ExportPolicy {
                id: 17_179_869_185,
                svm: "svm_eng".into(),
                name: "default".into(),
                rules: vec![rule("10.20.0.0/16", Any, Sys, Sys)],
            },
            ExportPolicy {
                id: 17_179_869_186,
                svm: "svm_eng".into(),
                name: "build_farm".into(),
                rules: vec![rule("@build_hosts", Sys, Sys, Sys)],
            },
            ExportPolicy {
                id: 21_474_836_481,
                svm: "svm_dr".into(),
                name: "default".into(),
                rules: Vec::new(),
            },
        ];
        use SharePermission::{Change, FullControl, Read};
        let share =
            |svm: &str, name: &str, path: &str, comment: Option<&str>, private, acls| CifsShare {
                svm: svm.into(),
                name: name.into(),
                path: path.into(),
                comment: comment.map(Into::into),
                access_based_enumeration: private,
                encryption: private,
                acls,
            };
        let cifs_shares = vec![
            share(
                "svm_finance",
                "finance",
                "/vol_finance_01",
                Some("Quarterly reports"),
                false,
                vec![
                    acl("CORP\\finance", Change),
                    acl("CORP\\finance-admins", FullControl),
                ],
            ),
            share(
                "svm_finance",
                "ledger",
                "/vol_finance_02",
                Some("Ledger archive (read-only)"),
                false,
                vec![
                    acl("CORP\\finance", Read),
                    acl("CORP\\finance-admins", FullControl),
                ],
            ),
            share(
                "svm_hr",
                "hr",
                "/vol_hr_01",
                Some("Personnel files"),
                true,
                vec![acl("CORP\\hr", Change)],
            ),
            share(
                "svm_hr",
                "payroll$",
                "/vol_hr_01/payroll",
                None,
                true,
                vec![acl("CORP\\payroll", FullControl)],
            ),
            share(
                "svm_hr",
                "hr_scratch",
                "/vol_hr_02",
                None,
                false,
                vec![acl("Everyone", FullControl)],
            ),
        ];
        let qos = |rng: &mut Rng, name: &str, max_iops, max_mbps, min_iops| QosPolicy {
            uuid: rng.uuid(),
            name: name.into(),
            max_throughput_iops: max_iops,
            max_throughput_mbps: max_mbps,
            min_throughput_iops: min_iops,
            is_shared: true,
        };
        let qos_policies = vec![
            qos(rng, "gold", Some(20_000), None, Some(5_000)),
            qos(rng, "silver", Some(10_000), None, None),
            qos(rng, "bronze", Some(2_000), Some(100), None),
            qos(rng, "archive", Some(500), Some(50), None),
        ];
        let snapmirrors = vec![
            SnapMirror {
                uuid: rng.uuid(),
                source_path: "svm_finance:vol_finance_02".into(),
                destination_path: "svm_dr:vol_dr_finance".into(),
                policy: "MirrorAllSnapshots".into(),
                schedule: opt("hourly"),
                state: SnapmirrorState::Snapmirrored,
                lag_seconds: 3_912,
                last_transfer_size: 3 * GIB + rng.below(GIB),
            },
            SnapMirror {
                uuid: rng.uuid(),
                source_path: "svm_hr:vol_hr_01".into(),
                destination_path: "svm_dr:vol_dr_hr".into(),
                policy: "MirrorAndVault".into(),
                schedule: opt("daily"),
                state: SnapmirrorState::Paused,
                lag_seconds: 187_320,
                last_transfer_size: 800 * (1 << 20),
            },
        ];
        let luns = vec![
            Lun {
                uuid: rng.uuid(),
                path: "/vol/vol_eng_build/lun_ci_01".into(),
                size: 500 * GIB,
                used: 312 * GIB,
                os_type: OsType::Linux,
                comment: opt("CI runners' scratch disk"),
                igroup: opt("ig_ci_hosts"),
                lun_id: Some(0),
            },
            Lun {
                uuid: rng.uuid(),
                path: "/vol/vol_eng_build/lun_ci_02".into(),
                size: 500 * GIB,
                used: 0,
                os_type: OsType::Linux,
                comment: None,
                igroup: None,
                lun_id: None,
            },
            Lun {
                uuid: rng.uuid(),
                path: "/vol/vol_eng_src/lun_esx_ds01".into(),
                size: 400 * GIB,
                used: 251 * GIB,
                os_type: OsType::Vmware,
                comment: opt("ESXi datastore ds01"),
                igroup: opt("ig_esx_cluster"),
                lun_id: Some(1),
            },
        ];
        let igroups = vec![
            Igroup {
                uuid: rng.uuid(),
                svm: "svm_eng".into(),
                name: "ig_ci_hosts".into(),
                protocol: IgroupProtocol::Iscsi,
                os_type: OsType::Linux,
                initiators: vec![
                    "iqn.2025-10.com.example:ci-runner-01".into(),
                    "iqn.2025-10.com.example:ci-runner-02".into(),
                ],
            },
            Igroup {
                uuid: rng.uuid(),
                svm: "svm_eng".into(),
                name: "ig_esx_cluster".into(),
                protocol: IgroupProtocol::Iscsi,
                os_type: OsType::Vmware,
                initiators: vec![
                    "iqn.1998-01.com.vmware:esx01-4f1c2a7b".into(),
                    "iqn.1998-01.com.vmware:esx02-9d03e5c1".into(),
                ],
            },
        ];
        let qtree =
            |id, volume: &str, name: &str, style, limit: Option<u64>, used_gib: u64, files| Qtree {
                id,
                volume: volume.into(),
                name: name.into(),
                security_style: style,
                unix_permissions: (style == SecurityStyle::Unix).then(|| "0755".into()),
                disk_limit: limit.map(|gib| gib * GIB),
                file_limit: limit.map(|gib| gib * 10_000),
                disk_used: used_gib * GIB,
                files_used: files,
            };
        let qtrees = vec![
            qtree(
                1,
                "vol_finance_02",
                "fy2024",
                SecurityStyle::Ntfs,
                None,
                180,
                412_000,
            ),
            qtree(
                2,
                "vol_finance_02",
                "fy2025",
                SecurityStyle::Ntfs,
                Some(200),
                95,
                230_500,
            ),
            qtree(
                1,
                "vol_hr_01",
                "payroll",
                SecurityStyle::Ntfs,
                Some(50),
                47,
                88_200,
            ),
            qtree(
                2,
                "vol_hr_01",
                "reviews",
                SecurityStyle::Ntfs,
                Some(40),
                12,
                20_400,
            ),
            qtree(
                1,
                "vol_eng_src",
                "team_storage",
                SecurityStyle::Unix,
                Some(300),
                210,
                1_950_000,
            ),
            qtree(
                2,
                "vol_eng_src",
                "team_compute",
                SecurityStyle::Unix,
                None,
                320,
                2_800_000,
            ),
        ];
        let lif = |rng: &mut Rng,
                   name: &str,
                   svm: &str,
                   ip: &str,
                   home: (&str, &str),
                   current: (&str, &str),
                   enabled,
                   policy: &str| Interface {
            uuid: rng.uuid(),
            name: name.into(),
            svm: svm.into(),
            ip_address: ip.into(),
            netmask_length: 24,
            home_node: home.0.into(),
            home_port: home.1.into(),
            current_node: current.0.into(),
            current_port: current.1.into(),
            enabled,
            service_policy: policy.into(),
        };
        let (n1, n2) = ("cluster1-01", "cluster1-02");
        let interfaces = vec![
            lif(
                rng,
                "lif_finance_data1",
                "svm_finance",
                "10.10.1.11",
                (n1, "e0d"),
                (n1, "e0d"),
                true,
                "default-data-files",
            ),
            lif(
                rng,
                "lif_finance_data2",
                "svm_finance",
                "10.10.1.12",
                (n2, "e0d"),
                (n2, "e0d"),
                true,
                "default-data-files",
            ),
            lif(
                rng,
                "lif_hr_cifs1",
                "svm_hr",
                "10.10.2.21",
                (n2, "e0d"),
                (n2, "e0d"),
                true,
                "default-data-files",
            ),
            lif(
                rng,
                "lif_eng_nfs1",
                "svm_eng",
                "10.20.1.31",
                (n1, "e0e"),
                (n2, "e0e"),
                true,
                "default-data-files",
            ),
            lif(
                rng,
                "lif_eng_iscsi1",
                "svm_eng",
                "10.20.2.41",
                (n1, "e0f"),
                (n1, "e0f"),
                true,
                "default-data-blocks",
            ),
            lif(
                rng,
                "lif_eng_iscsi2",
                "svm_eng",
                "10.20.2.42",
                (n2, "e0f"),
                (n2, "e0f"),
                true,
                "default-data-blocks",
            ),
            lif(
                rng,
                "lif_dr_data1",
                "svm_dr",
                "10.30.1.51",
                (n2, "e0d"),
                (n2, "e0d"),
                false,
                "default-data-files",
            ),
        ];
        let job = |rng: &mut Rng,
                   description: &str,
                   state,
                   message: &str,
                   start: &str,
                   end: Option<&str>| Job {
            uuid: rng.uuid(),
            description: description.into(),
            state,
            message: message.into(),
            start_time: start.into(),
            end_time: end.map(Into::into),
        };
        let jobs = vec![
            job(
                rng,
                "Volume Move: vol_eng_build to aggr1_node2",
                JobState::Running,
                "Cutover deferred; 63% complete",
                "2025-10-14T06:40:00Z",
                None,
            ),
            job(
                rng,
                "SnapMirror Transfer: svm_dr:vol_dr_finance",
                JobState::Success,
                "Transferred 3.4 GiB",
                "2025-10-14T08:00:00Z",
                Some("2025-10-14T08:05:12Z"),
            ),
            job(
                rng,
                "SnapMirror Transfer: svm_dr:vol_dr_hr",
                JobState::Failure,
                "Transfer aborted: relationship is quiesced",
                "2025-10-12T00:00:00Z",
                Some("2025-10-12T00:00:02Z"),
            ),
            job(
                rng,
                "Snapshot Delete: vol_hr_02 hourly.2025-10-14_0505",
                JobState::Success,
                "Complete",
                "2025-10-14T07:05:10Z",
                Some("2025-10-14T07:05:11Z"),
            ),
            job(
                rng,
                "Aggregate Scrub: aggr_ssd_01",
                JobState::Queued,
                "Waiting for the maintenance window",
                "2025-10-14T09:00:00Z",
                None,
            ),
        ];
        let event = |index, time: &str, node: &str, severity, name: &str, message: &str| Event {
            index,
            time: time.into(),
            node: node.into(),
            severity,
            name: name.into(),
            message: message.into(),
        };
        use EventSeverity::{Alert, Error, Informational, Notice};
        let events = vec![
            event(
                4821,
                "2025-10-14T08:12:03Z",
                n1,
                Alert,
                "monitor.volume.nearlyFull",
                "Volume vol_finance_01@vserver:svm_finance is nearly full (using or reserving 97% of space and 4% of inodes).",
            ),
            event(
                4820,
                "2025-10-14T08:05:12Z",
                n2,
                Informational,
                "snapmirror.dst.xfer.done",
                "SnapMirror transfer to svm_dr:vol_dr_finance finished: 3.4 GiB.",
            ),
            event(
                4815,
                "2025-10-14T07:58:41Z",
                n2,
                Notice,
                "vifmgr.lifs.noredundancy",
                "LIF lif_eng_nfs1 (on port e0e of node cluster1-02) is not on its home port e0e of node cluster1-01.",
            ),
            event(
                4811,
                "2025-10-14T07:41:09Z",
                n1,
                Error,
                "wafl.vol.offline.err",
                "Volume vol_eng_scratch@vserver:svm_eng was taken offline by an administrator.",
            ),
            event(
                4790,
                "2025-10-14T06:40:00Z",
                n1,
                Informational,
                "vol.move.start",
                "Volume move of vol_eng_build from aggr1_node1 to aggr1_node2 started.",
            ),
            event(
                4702,
                "2025-10-13T22:15:37Z",
                n2,
                Notice,
                "quota.softlimit.exceeded",
                "Disk soft limit exceeded on qtree payroll of volume vol_hr_01 (47 GiB of 50 GiB).",
            ),
            event(
                4650,
                "2025-10-12T00:00:02Z",
                n2,
                Error,
                "snapmirror.dst.resync.failed",
                "SnapMirror update of svm_dr:vol_dr_hr failed: the relationship is quiesced.",
            ),
            event(
                4512,
                "2025-10-11T03:00:00Z",
                n1,
                Informational,
                "callhome.weekly",
                "Weekly AutoSupport sent.",
            ),
        ];
        Resources {
            nodes,
            snapshots,
            snapshot_policies,
            export_policies,
            cifs_shares,
            qos_policies,
            snapmirrors,
            luns,
            igroups,
            qtrees,
            interfaces,
            jobs,
            events,
        }
    }
}
