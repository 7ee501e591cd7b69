//! Jobs and events: what the cluster runs in the background and what it logged, as text a
//! model reads.

use toolshape::{ToolError, ToolText, tool};

use super::Ontap;
use super::inventory::{EventSeverity, JobState};

/// One job, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "job", empty = "No jobs found.")]
pub struct JobText {
    /// The job's UUID.
    #[text(label = "UUID")]
    pub uuid: String,
    /// What it does.
    pub description: String,
    /// `queued`, `running`, `success` or `failure`.
    pub state: JobState,
    /// Its last message.
    pub message: String,
    /// When it started.
    pub start_time: String,
    /// When it ended.
    pub end_time: Option<String>,
}

/// List the cluster's jobs (volume moves, SnapMirror transfers, snapshot deletions, …),
/// newest first, optionally only those in one state: what each does, its state and its
/// last message.
#[tool(format = "text", kind = "read", title = "List jobs")]
pub fn list_jobs(
    #[state] ontap: &Ontap,
    /// Only jobs in this state: `queued`, `running`, `success` or `failure`.
    state: Option<JobState>,
) -> Vec<JobText> {
    let cluster = ontap.cluster();
    let mut jobs: Vec<JobText> = cluster
        .resources
        .jobs
        .iter()
        .filter(|j| state.is_none_or(|s| j.state == s))
        .map(|j| JobText {
            uuid: j.uuid.clone(),
            description: j.description.clone(),
            state: j.state,
            message: j.message.clone(),
            start_time: j.start_time.clone(),
            end_time: j.end_time.clone(),
        })
        .collect();
    jobs.sort_by(|a, b| b.start_time.cmp(&a.start_time));
    jobs
}

/// One event, as a model reads it.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "event", empty = "No events found.", layout = "table")]
pub struct EventLine {
    /// When it was logged.
    pub time: String,
    /// The node that logged it.
    pub node: String,
    /// Its severity.
    pub severity: EventSeverity,
    /// The message name.
    pub name: String,
    /// What happened.
    pub message: String,
}

/// List the cluster's events (the EMS log), newest first: at or above a severity, whose
/// message name contains a text, at most `limit` of them.
#[tool(format = "text", kind = "read", title = "List events")]
pub fn list_events(
    #[state] ontap: &Ontap,
    /// The least severe to show: `emergency`, `alert`, `error`, `notice` or
    /// `informational` (all).
    severity: Option<EventSeverity>,
    /// Only events whose message name contains this (e.g. `snapmirror`, `volume`).
    name_contains: Option<String>,
    /// How many events at most.
    #[arg(range(min = 1, max = 100), default = 20)]
    limit: u32,
) -> Result<Vec<EventLine>, ToolError> {
    let cluster = ontap.cluster();
    let mut events: Vec<EventLine> = cluster
        .resources
        .events
        .iter()
        .filter(|e| severity.is_none_or(|s| e.severity <= s))
        .filter(|e| {
            name_contains
                .as_ref()
                .is_none_or(|n| e.name.contains(n.as_str()))
        })
        .map(|e| EventLine {
            time: e.time.clone(),
            node: e.node.clone(),
            severity: e.severity,
            name: e.name.clone(),
            message: e.message.clone(),
        })
        .collect();
    events.sort_by(|a, b| b.time.cmp(&a.time));
    events.truncate(limit as usize);
    Ok(events)
}
