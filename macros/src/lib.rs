//! Procedural macros of [toolshape](https://docs.rs/toolshape). Depend on `toolshape`, which
//! re-exports them and documents them; generated code only works through it.
//!
//! The crate follows the usual stages: `attr` reads what the user wrote; `read` makes the
//! `model` of a tool from it, reading each parameter with `params` (and `lend` for borrowed
//! parameters); `valid` then checks the declaration against its named rules, each reporting
//! at what the user must change; `item` sends the attribute to what it was put on, `expand`
//! generates a function's registration (`methods` those of an `impl` block's tool methods),
//! and `def` the `ToolDef` it builds. All logic runs on `proc_macro2`, so it
//! is unit-tested directly.

mod attr;
mod def;
mod docs;
mod expand;
#[cfg(test)]
mod fuzz;
mod item;
mod lend;
mod methods;
mod model;
mod narrative;
mod params;
mod read;
mod shape;
mod skills;
mod text;
mod tools;
mod valid;

use proc_macro::TokenStream;

// Each macro is documented where users meet it, on its re-export in the `toolshape` crate
// (whose doctests can use the runtime). The docs here exist only in this crate's own
// rustdoc: the build the runtime's rustdoc reads carries none, so its pages do not end
// with a line sending the reader back to themselves.
#[cfg_attr(
    doc,
    doc = "Declares an MCP tool: [`toolshape::tool`](https://docs.rs/toolshape/latest/toolshape/attr.tool.html)."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[proc_macro_attribute]
pub fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    item::tool(args.into(), item.into()).into()
}

#[cfg_attr(
    doc,
    doc = "The tools for a `ToolSet`: [`toolshape::tools!`](https://docs.rs/toolshape/latest/toolshape/macro.tools.html)."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[proc_macro]
pub fn tools(input: TokenStream) -> TokenStream {
    tools::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

#[cfg_attr(
    doc,
    doc = "Embeds a folder of skills: [`toolshape::skills!`](https://docs.rs/toolshape/latest/toolshape/macro.skills.html)."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[proc_macro]
pub fn skills(input: TokenStream) -> TokenStream {
    skills::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

#[cfg_attr(
    doc,
    doc = "Derives `Narrative` from a template: [`toolshape::Narrative`](https://docs.rs/toolshape/latest/toolshape/derive.Narrative.html)."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[proc_macro_derive(Narrative, attributes(narrative))]
pub fn derive_narrative(input: TokenStream) -> TokenStream {
    narrative::derive(input.into()).into()
}

#[cfg_attr(
    doc,
    doc = "Derives the text form of a type: [`toolshape::ToolText`](https://docs.rs/toolshape/latest/toolshape/derive.ToolText.html)."
)]
#[cfg_attr(not(doc), allow(missing_docs))]
#[proc_macro_derive(ToolText, attributes(text))]
pub fn derive_tool_text(input: TokenStream) -> TokenStream {
    text::expand::derive(input.into()).into()
}
