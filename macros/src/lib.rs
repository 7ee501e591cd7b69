//! Procedural macros of [toolshape](https://docs.rs/toolshape). Depend on `toolshape`, which
//! re-exports them and documents them; generated code only works through it.
//!
//! The crate follows the usual three stages: `attr` reads what the user wrote,
//! `model` checks it against the rules that span several parts of the function, and
//! `expand` generates code. All logic runs on `proc_macro2`, so it is unit-tested directly.

mod attr;
mod docs;
mod expand;
mod model;
mod narrative;
mod text;
mod tools;

use proc_macro::TokenStream;

/// Declares an MCP tool. Documented in the `toolshape` crate.
#[proc_macro_attribute]
pub fn tool(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::tool(args.into(), item.into()).into()
}

/// Collects tools for a `ToolSet`. Documented in the `toolshape` crate.
#[proc_macro]
pub fn tools(input: TokenStream) -> TokenStream {
    tools::expand(input.into())
        .unwrap_or_else(syn::Error::into_compile_error)
        .into()
}

/// Derives `toolshape::Narrative` from `#[narrative("...")]`. Documented in the `toolshape`
/// crate.
#[proc_macro_derive(Narrative, attributes(narrative))]
pub fn derive_narrative(input: TokenStream) -> TokenStream {
    narrative::derive(input.into()).into()
}

/// Derives the text form of a type (`format = "text"`). Documented in the `toolshape` crate.
#[proc_macro_derive(ToolText, attributes(text))]
pub fn derive_tool_text(input: TokenStream) -> TokenStream {
    text::expand::derive(input.into()).into()
}
