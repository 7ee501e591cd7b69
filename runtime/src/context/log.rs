//! The severity of a tool's log messages ([`LogLevel`]), the level a request asks for, and
//! the level a 2025-11-25 client set for its session.

use rmcp::RoleServer;
use rmcp::service::RequestContext;

/// The severity of a [`Context::log`](crate::Context::log) message, lowest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum LogLevel {
    /// Detail for debugging.
    Debug,
    /// Normal progress.
    Info,
    /// Normal but significant.
    Notice,
    /// Something to look at.
    Warning,
    /// Something failed.
    Error,
    /// A component failed.
    Critical,
    /// Act now.
    Alert,
    /// The system is unusable.
    Emergency,
}

impl LogLevel {
    const ALL: [LogLevel; 8] = [
        LogLevel::Debug,
        LogLevel::Info,
        LogLevel::Notice,
        LogLevel::Warning,
        LogLevel::Error,
        LogLevel::Critical,
        LogLevel::Alert,
        LogLevel::Emergency,
    ];

    /// The level's name in MCP: `"debug"`, `"info"`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            LogLevel::Debug => "debug",
            LogLevel::Info => "info",
            LogLevel::Notice => "notice",
            LogLevel::Warning => "warning",
            LogLevel::Error => "error",
            LogLevel::Critical => "critical",
            LogLevel::Alert => "alert",
            LogLevel::Emergency => "emergency",
        }
    }

    /// The level MCP names `level`.
    #[allow(deprecated)] // logging: deprecated by SEP-2577, still part of 2025-11-25
    pub(crate) fn from_rmcp(level: &rmcp::model::LoggingLevel) -> Option<LogLevel> {
        LogLevel::ALL.into_iter().find(|l| l.to_rmcp() == *level)
    }

    #[allow(deprecated)] // logging: deprecated by SEP-2577, still part of 2025-11-25
    pub(crate) fn to_rmcp(self) -> rmcp::model::LoggingLevel {
        use rmcp::model::LoggingLevel as L;
        match self {
            LogLevel::Debug => L::Debug,
            LogLevel::Info => L::Info,
            LogLevel::Notice => L::Notice,
            LogLevel::Warning => L::Warning,
            LogLevel::Error => L::Error,
            LogLevel::Critical => L::Critical,
            LogLevel::Alert => L::Alert,
            LogLevel::Emergency => L::Emergency,
        }
    }
}

/// The level a 2026-07-28 request asked for in its `_meta`, if any.
pub(crate) fn requested_log_level(request: &RequestContext<RoleServer>) -> Option<LogLevel> {
    LogLevel::from_rmcp(&request.meta.log_level()?)
}

/// The level a 2025-11-25 client set for its session with `logging/setLevel`, if any: the
/// server keeps it, and a call's [`Context::log`] sends nothing below it.
#[derive(Debug, Clone, Default)]
pub(crate) struct SessionLogLevel(std::sync::Arc<std::sync::atomic::AtomicU8>);

impl SessionLogLevel {
    /// Stored as 0 for none, else the level's place in [`LogLevel::ALL`] plus one.
    pub(crate) fn set(&self, level: Option<LogLevel>) {
        let stored = level.map_or(0, |level| level as u8 + 1);
        self.0.store(stored, std::sync::atomic::Ordering::Relaxed);
    }

    pub(crate) fn get(&self) -> Option<LogLevel> {
        let stored = self.0.load(std::sync::atomic::Ordering::Relaxed);
        LogLevel::ALL
            .get(usize::from(stored).checked_sub(1)?)
            .copied()
    }
}
