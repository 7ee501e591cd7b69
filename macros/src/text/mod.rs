//! `#[derive(ToolText)]`: [`attr`] reads `#[text(...)]`, [`model`] checks it, [`expand`]
//! generates the impls; [`names`] makes labels and nouns readable.

pub(crate) mod attr;
pub(crate) mod expand;
pub(crate) mod keys;
pub(crate) mod model;
pub(crate) mod names;
