//! The simulated cluster in a shared store, so that the replicas of the ontap server act on
//! one cluster, as they would on a real one.

use std::time::Duration;

use toolshape::layer::{Call, Layer, Next};
use toolshape::rmcp::ErrorData;
use toolshape::rmcp::model::CallToolResult;
use toolshape::store::redis::RedisStore;
use toolshape::{tool::BoxFuture, tool::Kind};

use super::Ontap;
use super::cluster::{Cluster, SEED};

/// How long a replica may hold the cluster's lock: longer than any action takes, and what
/// a replica that died holding it costs the others.
const LOCK: Duration = Duration::from_secs(10);

/// How long a call waits for the cluster's lock before it gives up with an error.
const WAIT: Duration = Duration::from_secs(10);

/// Releases the lock only if it is still the one this call took.
const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
";

/// A layer that keeps the cluster in Redis: each call reads it into the server's state
/// first, and a call that may change it (an action, an undo) holds a lock in Redis from
/// that read until it has written the cluster back. So the actions of all replicas are
/// serialised, with what undo captures and records, and reads see the last action's
/// cluster. The first replica to start writes the generated cluster.
///
/// Calls on one replica take turns too, because they share one copy of the cluster.
pub struct SharedCluster {
    connection: toolshape::store::redis::Connection,
    key: String,
    lock: String,
    turn: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for SharedCluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SharedCluster")
            .field("key", &self.key)
            .finish_non_exhaustive()
    }
}

impl SharedCluster {
    /// The cluster in `store`, under its prefix (`ontap:cluster`).
    pub fn new(store: &RedisStore) -> Self {
        SharedCluster {
            connection: store.connection(),
            key: store.key("ontap:cluster"),
            lock: store.key("ontap:cluster:lock"),
            turn: tokio::sync::Mutex::new(()),
        }
    }

    fn failed(error: &redis::RedisError) -> ErrorData {
        ErrorData::internal_error(
            format!("the shared cluster (in Redis) cannot be reached: {error}; try again"),
            None,
        )
    }

    /// Takes the cluster's lock: the token that releases it.
    async fn lock(&self) -> Result<String, ErrorData> {
        let token = format!(
            "{}-{}",
            std::process::id(),
            chrono::Utc::now().timestamp_nanos_opt().unwrap_or_default()
        );
        let started = std::time::Instant::now();
        let mut connection = self.connection.clone();
        loop {
            let taken: Option<String> = redis::cmd("SET")
                .arg(&self.lock)
                .arg(&token)
                .arg("NX")
                .arg("PX")
                .arg(u64::try_from(LOCK.as_millis()).unwrap_or(u64::MAX))
                .query_async(&mut connection)
                .await
                .map_err(|e| Self::failed(&e))?;
            if taken.is_some() {
                return Ok(token);
            }
            if started.elapsed() > WAIT {
                return Err(ErrorData::internal_error(
                    "the shared cluster stayed locked by another replica for 10 s; try again",
                    None,
                ));
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }

    async fn unlock(&self, token: &str) {
        let mut connection = self.connection.clone();
        let _: Result<i64, _> = redis::Script::new(RELEASE)
            .key(&self.lock)
            .arg(token)
            .invoke_async(&mut connection)
            .await;
    }

    /// Reads the cluster into `ontap` (writing the generated one if the store has none).
    async fn load(&self, ontap: &Ontap) -> Result<(), ErrorData> {
        let mut connection = self.connection.clone();
        let json: Option<String> = redis::cmd("GET")
            .arg(&self.key)
            .query_async(&mut connection)
            .await
            .map_err(|e| Self::failed(&e))?;
        let cluster = match json {
            Some(json) => serde_json::from_str(&json).map_err(|e| {
                ErrorData::internal_error(format!("the shared cluster is malformed: {e}"), None)
            })?,
            None => {
                let cluster = Cluster::generate(SEED);
                let json = serde_json::to_string(&cluster).unwrap_or_default();
                let _: Option<String> = redis::cmd("SET")
                    .arg(&self.key)
                    .arg(json)
                    .arg("NX")
                    .query_async(&mut connection)
                    .await
                    .map_err(|e| Self::failed(&e))?;
                return Box::pin(self.load(ontap)).await;
            }
        };
        *ontap.cluster() = cluster;
        Ok(())
    }

    async fn save(&self, ontap: &Ontap) -> Result<(), ErrorData> {
        let json = serde_json::to_string(&*ontap.cluster()).unwrap_or_default();
        let mut connection = self.connection.clone();
        redis::cmd("SET")
            .arg(&self.key)
            .arg(json)
            .query_async::<()>(&mut connection)
            .await
            .map_err(|e| Self::failed(&e))
    }
}

impl Layer<Ontap> for SharedCluster {
    fn call<'a>(
        &'a self,
        call: Call<'a, Ontap>,
        next: Next<'a, Ontap>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        Box::pin(async move {
            let ontap = call.state();
            let reads = call
                .tool()
                .and_then(|tool| tool.kind())
                .is_some_and(|kind| matches!(kind, Kind::Read | Kind::State));
            let _turn = self.turn.lock().await;
            if reads {
                self.load(ontap).await?;
                return next.run(call).await;
            }
            let token = self.lock().await?;
            let outcome = async {
                self.load(ontap).await?;
                let result = next.run(call).await?;
                self.save(ontap).await?;
                Ok(result)
            }
            .await;
            self.unlock(&token).await;
            outcome
        })
    }
}
