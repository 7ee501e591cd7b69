//! `#[derive(Narrative)]` at work: every placeholder form, generics, raw field names, and
//! hygiene against a caller that shadows prelude names.

#![deny(unused_qualifications)]

use toolshape::Narrative;

#[derive(Narrative)]
#[narrative(
    "{name}: {autosize.mode} up to {autosize.max_gib:.1} GiB, {snapshots.len} snapshots, \
     {{literal}}, {type}/{r#type}/{pair.1}"
)]
struct Volume {
    name: String,
    autosize: Autosize,
    snapshots: Vec<u32>,
    r#type: &'static str,
    pair: (u8, char),
}

struct Autosize {
    mode: &'static str,
    max_gib: f64,
}

#[test]
fn every_placeholder_form() {
    let volume = Volume {
        name: "vol1".into(),
        autosize: Autosize {
            mode: "grow",
            max_gib: 190.04,
        },
        snapshots: vec![1, 2, 3],
        r#type: "rw",
        pair: (7, 'x'),
    };
    assert_eq!(
        volume.narrative(),
        "vol1: grow up to 190.0 GiB, 3 snapshots, {literal}, rw/rw/x"
    );
}

#[derive(Narrative)]
#[narrative("{count} of {items.len} {label}")]
struct Page<'a, T: std::fmt::Display> {
    count: usize,
    items: &'a [T],
    label: T,
}

#[test]
fn generic_types() {
    let page = Page {
        count: 2,
        items: &["a", "b", "c"],
        label: "letters",
    };
    assert_eq!(page.narrative(), "2 of 3 letters");
}

/// Hygiene: the expansion must not depend on names the caller can shadow.
mod hygiene {
    #![allow(dead_code, non_camel_case_types, unused_macros)]
    struct String;
    struct Result;
    struct Option;
    struct Vec;
    macro_rules! format {
        ($($t:tt)*) => {
            compile_error!("the derive must use ::std::format!")
        };
    }
    mod std {}
    mod core {}

    #[derive(toolshape::Narrative)]
    #[narrative("{n} things")]
    pub(super) struct Things {
        pub(super) n: u32,
    }
}

#[test]
fn hygienic_expansion() {
    assert_eq!(hygiene::Things { n: 4 }.narrative(), "4 things");
}

mod renamed {
    // A crate that re-exports toolshape under another name.
    pub(crate) mod reexport {
        pub(crate) use toolshape as inner;
    }
    use toolshape::Narrative as _;

    #[derive(toolshape::Narrative)]
    #[narrative("{n} renamed", crate = crate::narrative::renamed::reexport::inner)]
    pub(crate) struct Renamed {
        pub(crate) n: u32,
    }

    #[test]
    fn crate_override() {
        assert_eq!(Renamed { n: 1 }.narrative(), "1 renamed");
    }
}
