//! Hostile scripts.
