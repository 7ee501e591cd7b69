//! Code mode on the ontap example (`toolshape` feature `code`): scripts through rmcp's client,
//! in memory and against the `ontap --code-mode` binary over stdio and HTTP, and the
//! catalogue of hostile scripts. Run with `cargo test -p toolshape-examples --features
//! ontap,code --test code`.

mod dynamic;
mod hostile;
mod python;
mod scripts;
mod spans;
mod wire;
