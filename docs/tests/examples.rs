//! Every Rust block of the documentation — the guide's pages, the README and the rustdoc of
//! the `toolshape` crate — compiled as a module of this test and, unless it is `no_run`, run:
//! what rustdoc's doctests did, compiled once and cached by cargo instead of on every run.
//! A test's name says where its block is written (`docs_guide_02_formats_md_12::example_runs`
//! is the block at line 12 of `docs/guide/02-formats.md`). `compile_fail` blocks are checked
//! by the ui tests (`tests/ui/fail`): see `docs/src/tests.rs`.
#![allow(missing_docs)]
#![deny(warnings)]
// Each test hands its block's `main()` to `Outcome::check`, whether it returns `()` or a
// `Result`, as a program's `main` may.
#![allow(clippy::unit_arg)]

mod outcome {
    /// What a block's `main` may return, as a program's `main` may.
    pub trait Outcome {
        fn check(self);
    }

    impl Outcome for () {
        fn check(self) {}
    }

    impl<E: std::fmt::Debug> Outcome for Result<(), E> {
        fn check(self) {
            if let Err(error) = self {
                panic!("the example's main returned an error: {error:?}");
            }
        }
    }
}

include!(concat!(env!("OUT_DIR"), "/examples.rs"));
