//! The simulated ONTAP cluster: SVMs, aggregates and volumes with realistic identities and
//! sizes, generated from a fixed seed so every run (and every fixture) sees the same data.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::inventory::Resources;
use crate::charts::{Autosize, AutosizeMode};

/// One GiB in bytes.
pub const GIB: u64 = 1 << 30;

/// The seed of the simulated cluster's data.
pub const SEED: u64 = 0x0a7a_2025_1014;

/// A volume's state, as ONTAP reports it.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema, toolshape::ToolText,
)]
#[serde(rename_all = "lowercase")]
pub enum VolumeState {
    /// Serving data.
    Online,
    /// Not serving data.
    Offline,
    /// Serving only restricted operations (e.g. SnapMirror destinations).
    Restricted,
}

/// A storage virtual machine.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Svm {
    pub uuid: String,
    pub name: String,
    pub state: String,
    pub protocols: Vec<String>,
}

/// An aggregate: the disks volumes are carved from.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Aggregate {
    pub uuid: String,
    pub name: String,
    pub node: String,
    pub size: u64,
}

/// A FlexVol volume.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Volume {
    pub uuid: String,
    pub name: String,
    pub svm: usize,
    pub aggregate: usize,
    pub size: u64,
    pub used: u64,
    pub state: VolumeState,
    pub comment: Option<String>,
    pub autosize: Autosize,
    pub snapshot_policy: String,
    pub qos_policy: Option<String>,
    pub export_policy: Option<String>,
}

/// The whole simulated cluster.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Cluster {
    pub name: String,
    pub uuid: String,
    pub version: String,
    pub svms: Vec<Svm>,
    pub aggregates: Vec<Aggregate>,
    pub volumes: Vec<Volume>,
    /// Everything else an administrator manages: snapshots, policies, shares, LUNs, …
    pub resources: Resources,
}

/// splitmix64: a small, well-known generator; enough for stable demo data.
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// A version-4 UUID.
    pub(super) fn uuid(&mut self) -> String {
        let (a, b) = (self.next(), self.next());
        format!(
            "{:08x}-{:04x}-4{:03x}-{:04x}-{:012x}",
            a >> 32,
            (a >> 16) & 0xffff,
            a & 0x0fff,
            0x8000 | ((b >> 48) & 0x3fff),
            b & 0xffff_ffff_ffff
        )
    }
}

impl Cluster {
    /// The demo cluster generated from `seed`.
    pub fn generate(seed: u64) -> Self {
        let mut rng = Rng(seed);
        let svms: Vec<Svm> = [
            ("svm_finance", "running", &["nfs", "cifs"][..]),
            ("svm_hr", "running", &["cifs"][..]),
            ("svm_eng", "running", &["nfs", "iscsi"][..]),
            ("svm_dr", "stopped", &["nfs"][..]),
        ]
        .iter()
        .map(|(name, state, protocols)| Svm {
            uuid: rng.uuid(),
            name: (*name).into(),
            state: (*state).into(),
            protocols: protocols.iter().map(|p| (*p).to_string()).collect(),
        })
        .collect();
        let aggregates: Vec<Aggregate> = [
            ("aggr1_node1", "cluster1-01", 3 * 1024),
            ("aggr1_node2", "cluster1-02", 2 * 1024),
            ("aggr_ssd_01", "cluster1-01", 1200),
        ]
        .iter()
        .map(|(name, node, gib)| Aggregate {
            uuid: rng.uuid(),
            name: (*name).into(),
            node: (*node).into(),
            size: gib * GIB,
        })
        .collect();
        // (name, svm, aggregate, size GiB, state, comment, snapshot policy, qos, export)
        #[allow(clippy::type_complexity)]
        let specs: [(
            &str,
            usize,
            usize,
            u64,
            VolumeState,
            Option<&str>,
            &str,
            Option<&str>,
        ); 10] = [
            (
                "vol_finance_01",
                0,
                0,
                100,
                VolumeState::Online,
                Some("quarterly reports"),
                "default",
                None,
            ),
            (
                "vol_finance_02",
                0,
                0,
                500,
                VolumeState::Online,
                Some("ledger archive"),
                "default",
                Some("gold"),
            ),
            (
                "vol_finance_logs",
                0,
                2,
                50,
                VolumeState::Online,
                None,
                "none",
                Some("bronze"),
            ),
            (
                "vol_hr_01",
                1,
                1,
                200,
                VolumeState::Online,
                Some("personnel files"),
                "default",
                None,
            ),
            (
                "vol_hr_02",
                1,
                1,
                80,
                VolumeState::Online,
                None,
                "hourly",
                None,
            ),
            (
                "vol_eng_src",
                2,
                2,
                1024,
                VolumeState::Online,
                Some("git mirrors"),
                "hourly",
                Some("gold"),
            ),
            (
                "vol_eng_build",
                2,
                0,
                2048,
                VolumeState::Online,
                Some("CI build cache"),
                "none",
                Some("silver"),
            ),
            (
                "vol_eng_scratch",
                2,
                1,
                300,
                VolumeState::Offline,
                Some("decommissioning"),
                "none",
                None,
            ),
            (
                "vol_dr_finance",
                3,
                1,
                600,
                VolumeState::Restricted,
                Some("SnapMirror destination"),
                "none",
                None,
            ),
            (
                "vol_dr_hr",
                3,
                1,
                250,
                VolumeState::Restricted,
                Some("SnapMirror destination"),
                "none",
                None,
            ),
        ];
        let volumes = specs
            .iter()
            .map(
                |&(name, svm, aggregate, gib, state, comment, snapshot, qos)| {
                    let size = gib * GIB;
                    // 35–96 % used; vol_finance_01 is the seed's nearly-full volume.
                    let used_percent = if name == "vol_finance_01" {
                        97
                    } else {
                        35 + rng.below(62)
                    };
                    let used = size / 100 * used_percent;
                    let autosize = match rng.below(3) {
                        _ if name == "vol_finance_01" => Autosize {
                            mode: AutosizeMode::Off,
                            maximum_size: Some(190_000_000),
                            minimum_size: None,
                            grow_threshold_percent: Some(85),
                            shrink_threshold_percent: None,
                        },
                        0 => Autosize {
                            mode: AutosizeMode::Grow,
                            maximum_size: Some(size / 5 * 6),
                            minimum_size: Some(size),
                            grow_threshold_percent: Some(90),
                            shrink_threshold_percent: Some(50),
                        },
                        1 => Autosize {
                            mode: AutosizeMode::GrowShrink,
                            maximum_size: Some(size / 2 * 3),
                            minimum_size: Some(size / 2),
                            grow_threshold_percent: Some(92),
                            shrink_threshold_percent: Some(50),
                        },
                        _ => Autosize {
                            mode: AutosizeMode::Off,
                            maximum_size: None,
                            minimum_size: None,
                            grow_threshold_percent: None,
                            shrink_threshold_percent: None,
                        },
                    };
                    let protocols = &svms[svm].protocols;
                    Volume {
                        uuid: rng.uuid(),
                        name: name.into(),
                        svm,
                        aggregate,
                        size,
                        used,
                        state,
                        comment: comment.map(Into::into),
                        autosize,
                        snapshot_policy: snapshot.into(),
                        qos_policy: qos.map(Into::into),
                        export_policy: protocols
                            .iter()
                            .any(|p| p == "nfs")
                            .then(|| "default".into()),
                    }
                },
            )
            .collect::<Vec<Volume>>();
        let uuid = rng.uuid();
        // A generator of its own, so the objects above keep their identities.
        let resources = Resources::generate(&mut Rng(seed ^ 0x5eed), &volumes);
        Cluster {
            name: "cluster1".into(),
            uuid,
            version: "NetApp Release 9.15.1P3".into(),
            svms,
            aggregates,
            volumes,
            resources,
        }
    }

    /// Bytes provisioned on aggregate `index` (the sum of its volumes' sizes).
    pub fn provisioned(&self, index: usize) -> u64 {
        self.volumes
            .iter()
            .filter(|v| v.aggregate == index)
            .map(|v| v.size)
            .sum()
    }
}
