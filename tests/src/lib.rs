//! Workspace-level tests of toolshape; see `tests/`.
