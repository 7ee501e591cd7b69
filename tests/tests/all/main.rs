//! The workspace's integration tests as one binary: one test target to link instead of one
//! per file, each file a module named as the file was (`cargo test -p toolshape-tests --test
//! all context_e2e::` runs one of them).
//!
//! Two stay binaries of their own, beside this folder, because each installs a
//! process-wide `tracing` subscriber (and `otel_e2e` OpenTelemetry's global propagator and
//! meter provider): in one process only the first to install it would capture anything,
//! and every other test's logs would flow into it. `oauth_e2e.rs` captures the server's logs
//! at every level to prove no token reaches them; `otel_e2e.rs` exports spans and metrics to
//! OpenTelemetry's in-memory exporters.

mod answers;
mod apps_e2e;
mod budget_e2e;
mod cache_e2e;
mod compact_datasets;
mod compact_reader;
mod compact_tokens;
mod compose_e2e;
mod context_e2e;
mod detail_e2e;
mod dynamic_e2e;
mod fuzz;
mod host_schemas;
mod hygiene;
mod json_e2e;
mod layers_e2e;
mod layout;
mod narrative;
mod nest_e2e;
mod non_finite;
mod nulls_e2e;
mod params_e2e;
mod plain_json_e2e;
mod rich_e2e;
mod runtime_e2e;
mod search_e2e;
mod search_quality;
mod search_tokens;
mod search_views;
mod skills_e2e;
mod span_target;
mod tasks_e2e;
mod text_compact;
mod text_golden;
mod text_props;
mod tokens;
mod tool_filter_e2e;
mod tool_switch_e2e;
mod transport_http;
mod transport_stdio;
mod undo_pairing;
