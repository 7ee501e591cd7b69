//! Shared helpers of the example servers.
