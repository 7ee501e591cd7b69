//! `skills!("skills")`: every file below a folder of the crate, embedded with `include_bytes!`,
//! for `toolshape::skills::Skills`. The files are read and checked when the server starts
//! (`Skills::embedded`), not here: this macro only lists them.
//!
//! Reached through the runtime's `skills!`, which passes its own path first: `$crate; "dir"`.

use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse::{ParseStream, Parser as _};
use syn::{LitStr, Token};

pub(crate) fn expand(input: TokenStream) -> syn::Result<TokenStream> {
    let (krate, dir) = (|input: ParseStream| {
        let krate = crate::tools::crate_path(input)?;
        let dir: LitStr = input.parse()?;
        let _: Option<Token![,]> = input.parse()?;
        Ok((krate, dir))
    })
    .parse2(input)?;

    let manifest = std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from);
    let root = match manifest {
        Some(manifest) => manifest.join(dir.value()),
        None => PathBuf::from(dir.value()),
    };
    if !root.is_dir() {
        return Err(syn::Error::new(
            dir.span(),
            format!(
                "`skills!` found no folder `{}` (looked at `{}`)\nhelp: give the folder of the skills relative to the crate's Cargo.toml, as in `skills!(\"skills\")`",
                dir.value(),
                root.display()
            ),
        ));
    }
    let mut files = Vec::new();
    walk(&root, "", &mut files).map_err(|error| {
        syn::Error::new(
            dir.span(),
            format!("`skills!` could not read `{}`: {error}", root.display()),
        )
    })?;
    files.sort();
    let entries = files.iter().map(|relative| {
        let absolute = root.join(relative);
        let absolute = absolute.to_string_lossy();
        quote! { (#relative, ::core::include_bytes!(#absolute) as &'static [u8]) }
    });
    let name = dir.value();
    Ok(quote! {
        #krate::skills::Skills::embedded(#name, &[#(#entries),*])
    })
}

/// Every file below `dir`, relative to the root with `/` separators; hidden entries (a name
/// starting with `.`) are left out, as the runtime's `Skills::from_dir` leaves them out.
fn walk(dir: &Path, prefix: &str, files: &mut Vec<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name();
        // refused as `Skills::from_dir` refuses it: embedded and read, a folder holds the
        // same skills
        let Some(name) = name.to_str() else {
            return Err(std::io::Error::other(format!(
                "{} has a name that is not UTF-8",
                entry.path().display()
            )));
        };
        if name.starts_with('.') {
            continue;
        }
        let relative = if prefix.is_empty() {
            name.to_owned()
        } else {
            format!("{prefix}/{name}")
        };
        let kind = std::fs::metadata(entry.path())?;
        if kind.is_dir() {
            walk(&entry.path(), &relative, files)?;
        } else if kind.is_file() {
            files.push(relative);
        }
    }
    Ok(())
}
