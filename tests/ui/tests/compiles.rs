//! Programs that must compile and run: every supported shape of tool, each a file of
//! `pass/`. They are modules of this one test binary, compiled with it once, rather than
//! trybuild cases: a trybuild run that has a case which must run builds every case, the
//! failing ones too, where a run of failing cases only checks them (`ui.rs`).

// The programs declare the shapes a user may write, those clippy frowns on included.
#![allow(clippy::too_many_arguments, clippy::needless_lifetimes)]

macro_rules! programs {
    ($($name:ident = $file:literal),* $(,)?) => {$(
        #[path = $file]
        mod $name;

        #[test]
        fn $name() {
            $name::main();
        }
    )*};
}

programs!(
    borrowed_forms = "../pass/borrowed_forms.rs",
    own_type_named_context = "../pass/own_type_named_context.rs",
    shapes = "../pass/shapes.rs",
    task_tools = "../pass/task_tools.rs",
    trait_impl_tools = "../pass/trait_impl_tools.rs",
);
