//! [`Narrative`]: the plain-English account a `format = "hybrid"` result leads with.

/// A plain-English account of a value: the narrative of a `format = "hybrid"` result.
///
/// Derive it from a template whose `{placeholders}` name the type's fields, checked at
/// compile time:
///
/// ```
/// use toolshape::Narrative;
///
/// #[derive(Narrative)]
/// #[narrative("Found {volumes.len} volumes on {cluster}, {online} online")]
/// struct VolumeList { cluster: String, online: usize, volumes: Vec<String> }
///
/// let list = VolumeList { cluster: "c1".into(), online: 1, volumes: vec!["a".into(), "b".into()] };
/// assert_eq!(list.narrative(), "Found 2 volumes on c1, 1 online");
/// ```
///
/// A placeholder is a field (`{cluster}`), a path through fields (`{autosize.mode}`), either
/// followed by `.len` for a collection's length (`{volumes.len}`), and optionally a format
/// spec after `:` as in `format!` (`{ratio:.1}`). Each value is formatted with `Display`.
/// `{{` and `}}` are literal braces.
///
/// Implement it by hand for anything a template cannot say; or return
/// [`Hybrid<T>`](crate::formats::Hybrid) to write the narrative at run time.
#[diagnostic::on_unimplemented(
    message = "`{Self}` has no narrative, which a `format = \"hybrid\"` tool's output needs",
    label = "this output has no narrative",
    note = "a hybrid result leads with a plain-English narrative; give the output one in either of two ways:",
    note = "1. a template on a struct of yours, whose `{{placeholders}}` name its fields (a list or an `Option` goes in a field of it):\n       #[derive(toolshape::Narrative)]\n       #[narrative(\"Found {{count}} volumes on {{cluster}}\")]\n       struct VolumeSummary {{ count: usize, cluster: String }}",
    note = "2. a narrative made at run time: return `toolshape::formats::Hybrid<{Self}>` from the tool:\n       Ok(Hybrid::new(format!(\"Found {{}} volumes\", summary.count), summary))",
    note = "or, if the tool has nothing to narrate, use `#[tool(format = \"json\")]`"
)]
pub trait Narrative {
    /// The narrative of this value.
    fn narrative(&self) -> String;
}
