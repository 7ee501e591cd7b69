//! Tools declared in a crate that knows toolshape as `ts`: `crate = ::ts` points the
//! generated code at it.
#![deny(unused_qualifications)]

use ts::{ToolSet, tools};

/// Double a number.
#[ts::tool(format = "json", crate = ::ts)]
pub fn double(
    /// The number.
    n: i32,
) -> i32 {
    n * 2
}

/// The crate's tools.
pub fn set() -> ToolSet<()> {
    ToolSet::new(tools![double]).expect("one tool")
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_renamed_crate_declares_and_lists_tools() {
        let set = super::set();
        assert_eq!(set.list()[0].name, "double");
        assert_eq!(super::double(21), 42);
    }

    #[test]
    fn the_renamed_crate_embeds_skills() {
        let skills = ts::skills!("skills").expect("well formed");
        assert_eq!(skills.list()[0].uri, "skill://doubling/SKILL.md");
    }
}
