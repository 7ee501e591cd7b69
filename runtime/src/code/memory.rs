//! The memory limit of scripts run in the server's process: the growth of its resident
//! memory while scripts run, written where Monty's checkpoints read it.
//!
//! Monty enforces `max_memory` against two counters of its own (`LIVE_MEMORY`, the bytes
//! live, and `BASELINE_MEMORY`, what the process needed before any script), which its own
//! global allocator keeps in a process that runs nothing else. A server cannot give up its
//! allocator to a dependency, so here a sampler thread keeps them instead, from
//! `/proc/self/statm`: the resident set now, and the least resident set at the start of the
//! scripts running now (the oldest's, usually). When that script ends, the baseline moves up
//! to the start of the next: a server whose scripts overlap without end does not carry its
//! own growth, cache after cache, into their budget. Without `/proc` (not Linux) the counters
//! stay at zero, and only single allocations larger than the limit are refused.

use std::sync::atomic::Ordering;
use std::sync::{Condvar, Mutex, OnceLock};
use std::time::Duration;

use monty_types::{BASELINE_MEMORY, LIVE_MEMORY};

/// How often the resident set is read while scripts run.
const EVERY: Duration = Duration::from_millis(2);

/// The resident set at the start of each script running now.
static RUNNING: Mutex<Vec<usize>> = Mutex::new(Vec::new());
static WAKE: Condvar = Condvar::new();
static SAMPLER: OnceLock<bool> = OnceLock::new();
/// The page size of the systems `/proc/self/statm` is read on (x86-64 and aarch64 Linux, as
/// configured by default).
const PAGE: usize = 4096;

/// The process's resident set in bytes, if the system says.
fn resident() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * PAGE)
}

/// Held while a script runs: the sampler samples while one is held.
pub(crate) struct Metered {
    /// The resident set when the script started (`None` without `/proc`).
    started: Option<usize>,
}

impl Metered {
    /// A script starts: the baseline is the least resident set at the start of the scripts
    /// running.
    pub(crate) fn start() -> Metered {
        let available = *SAMPLER.get_or_init(|| {
            let Some(now) = resident() else { return false };
            LIVE_MEMORY.store(now, Ordering::Relaxed);
            std::thread::Builder::new()
                .name("toolshape-code-memory".into())
                .spawn(sample)
                .is_ok()
        });
        let started = if available { resident() } else { None };
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(now) = started {
            running.push(now);
            LIVE_MEMORY.store(now, Ordering::Relaxed);
            rebase(&running);
        }
        WAKE.notify_all();
        Metered { started }
    }
}

/// Sets the baseline to the least resident set at the start of the scripts `running`.
fn rebase(running: &[usize]) {
    if let Some(least) = running.iter().min() {
        BASELINE_MEMORY.store(*least, Ordering::Relaxed);
    }
}

impl Drop for Metered {
    fn drop(&mut self) {
        let Some(started) = self.started else { return };
        let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(at) = running.iter().position(|start| *start == started) {
            running.swap_remove(at);
        }
        rebase(&running);
    }
}

/// The sampler: reads the resident set every [`EVERY`] while a script runs, sleeps
/// otherwise.
fn sample() {
    loop {
        {
            let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
            while running.is_empty() {
                running = WAKE.wait(running).unwrap_or_else(|e| e.into_inner());
            }
        }
        if let Some(now) = resident() {
            LIVE_MEMORY.store(now, Ordering::Relaxed);
        }
        std::thread::sleep(EVERY);
    }
}
