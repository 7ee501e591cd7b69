//! Where what outlives one request lives: the calls running as tasks ([`tasks`]) and the undo
//! journal (`journal`, used through [`undo`](crate::undo)), each behind a trait with an in-memory implementation, and with the
//! `redis` feature both in Redis ([`redis`]), shared by every replica of a server.

pub(crate) mod journal;
#[cfg(feature = "redis")]
pub mod redis;
pub mod tasks;
