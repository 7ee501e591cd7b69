//! The per-call cost of the shared stores in Redis against memory, at 200 B.
//!
//! Usage: `stores REDIS_URL [ROUNDS] [CALLS]` (a Redis of its own: the benchmark writes and
//! flushes nothing else, but its keys start with `toolshape-bench`).
//!
//! Two figures, each variant run alternately in one process, medians over the rounds:
//! - an undoable action (the undo layer captures the state, runs the action, journals it),
//!   200 B result, called through rmcp's client in memory: the journal in memory
//!   (`MemoryJournal`) against Redis (`Server::with_store`);
//! - a task with a 200 B result: created, then read with `tasks/get` once it has ended,
//!   on the store itself: rmcp's `TaskManager` against `RedisTasks`.

use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock, TaskStatus};
use rmcp::task_manager::{TaskManager, TaskOptions};
use schemars::JsonSchema;
use serde::Serialize;
use toolshape::store::redis::RedisStore;
use toolshape::store::tasks::TaskStore;
use toolshape::undo::Undo;
use toolshape::{Server, ToolError, ToolSet, tool, tools};

/// A setting, about 200 bytes as JSON.
#[derive(Serialize, JsonSchema)]
struct Setting {
    name: String,
    value: u64,
    note: String,
}

fn setting(name: String, value: u64) -> Setting {
    Setting {
        name,
        value,
        note: "x".repeat(150),
    }
}

/// Read a setting.
#[tool(format = "json", kind = "state")]
fn get_setting(name: String) -> Result<Setting, ToolError> {
    Ok(setting(name, 1))
}

/// Change a setting.
#[tool(format = "json", kind = "action")]
fn set_setting(name: String, value: u64) -> Setting {
    setting(name, value)
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

async fn action_round(client: &toolshape::testing::Client, calls: usize) -> f64 {
    let started = Instant::now();
    for i in 0..calls {
        let arguments = serde_json::json!({"name": "a", "value": i});
        let request = CallToolRequestParams::new("set_setting")
            .with_arguments(arguments.as_object().unwrap().clone());
        let result = client.call_tool(request).await.unwrap();
        assert_ne!(result.is_error, Some(true));
    }
    started.elapsed().as_secs_f64() * 1e6 / calls as f64
}

async fn task_round(store: &dyn TaskStore, calls: usize) -> f64 {
    let started = Instant::now();
    for _ in 0..calls {
        let task = store
            .spawn(
                TaskOptions::new().with_ttl_ms(60_000),
                Box::new(|_| {
                    Box::pin(async {
                        Ok(CallToolResult::success(vec![ContentBlock::text(
                            "y".repeat(200),
                        )]))
                    })
                }),
            )
            .await
            .unwrap();
        loop {
            let detailed = store.get(&task.task_id).await.unwrap();
            if detailed.status() == TaskStatus::Completed {
                break;
            }
            tokio::task::yield_now().await;
        }
    }
    started.elapsed().as_secs_f64() * 1e6 / calls as f64
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let mut args = std::env::args().skip(1);
    let url = args
        .next()
        .expect("usage: stores REDIS_URL [ROUNDS] [CALLS]");
    let rounds: usize = args.next().map_or(7, |a| a.parse().unwrap());
    let calls: usize = args.next().map_or(2000, |a| a.parse().unwrap());
    let store = RedisStore::connect(&url)
        .await
        .unwrap()
        .with_prefix("toolshape-bench")
        .with_lease(Duration::from_secs(10));

    let server = || {
        let tools = ToolSet::new(tools![get_setting, set_setting]).unwrap();
        let undo = Undo::for_tools(&tools).unwrap();
        Server::new((), tools.layer(undo))
    };
    let memory = toolshape::testing::connect(server()).await.unwrap();
    let redis = toolshape::testing::connect(server().with_store(&store))
        .await
        .unwrap();
    let manager = TaskManager::new();
    let tasks = store.tasks();
    // warm up
    action_round(&memory, 200).await;
    action_round(&redis, 200).await;
    task_round(&manager, 200).await;
    task_round(&tasks, 200).await;

    let (mut am, mut ar, mut tm, mut tr) = (vec![], vec![], vec![], vec![]);
    for _ in 0..rounds {
        am.push(action_round(&memory, calls).await);
        ar.push(action_round(&redis, calls).await);
        tm.push(task_round(&manager, calls).await);
        tr.push(task_round(&tasks, calls).await);
    }
    let (am, ar, tm, tr) = (median(am), median(ar), median(tm), median(tr));
    println!("rounds {rounds} x {calls} calls, medians (µs per call):");
    println!(
        "undoable action, 200 B: memory journal {am:.1} µs, Redis journal {ar:.1} µs: +{:.1} µs, {:.2}x",
        ar - am,
        ar / am
    );
    println!(
        "task, 200 B (create + tasks/get once ended): memory {tm:.1} µs, Redis {tr:.1} µs: +{:.1} µs, {:.2}x",
        tr - tm,
        tr / tm
    );
}
