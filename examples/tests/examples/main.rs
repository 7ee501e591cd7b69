//! The example servers' tests, in one binary (one link instead of six): each module tests one
//! example as a client sees it.

mod args;
mod charts;
mod config_tools;
mod models;
mod ontap;
mod otlp;
mod replicas;
mod round_robin;
mod users;
