//! How the tasks of a [`RedisStore`](crate::store::redis::RedisStore) are written in Redis: task ids,
//! times in milliseconds, status names, JSON objects, and the script that writes a task's
//! hash unless it has already ended.

use std::time::Duration;

use ::redis::Script;
use rmcp::model::{JsonObject, TaskStatus};
use serde_json::Value;

/// A new task id: 128 random bits, in the form of a UUID (version 4).
pub(super) fn task_id() -> String {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).expect("the operating system's random source");
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}

pub(super) fn now_ms() -> u64 {
    u64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default()
            .as_millis(),
    )
    .unwrap_or(u64::MAX)
}

pub(super) fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

pub(super) fn timestamp() -> String {
    chrono::Utc::now().to_rfc3339()
}

pub(super) fn is_terminal(status: TaskStatus) -> bool {
    matches!(
        status,
        TaskStatus::Completed | TaskStatus::Failed | TaskStatus::Cancelled
    )
}

pub(super) fn status_name(status: TaskStatus) -> String {
    serde_json::to_value(status)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

pub(super) fn object_of<T: serde::Serialize>(value: &T) -> JsonObject {
    match serde_json::to_value(value) {
        Ok(Value::Object(map)) => map,
        _ => JsonObject::new(),
    }
}

/// Writes a task's hash unless it has already ended: what ends a task is written once.
/// KEYS: the task, the lease to drop (or the task again). ARGV: status, JSON, expiry in ms
/// (0 for none), whether to drop the lease.
pub(super) static WRITE: std::sync::LazyLock<Script> = std::sync::LazyLock::new(|| {
    Script::new(
        r"
local s = redis.call('HGET', KEYS[1], 'status')
if s == 'completed' or s == 'failed' or s == 'cancelled' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'json', ARGV[2])
if tonumber(ARGV[3]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
if ARGV[4] == '1' then redis.call('DEL', KEYS[2]) end
return 1
",
    )
});
