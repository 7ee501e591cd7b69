//! Tool sets written apart (in several modules or crates) combined into one:
//! [`ToolSet::merge`] and [`ToolSet::nest`] (under a prefix). A name both sets have is an
//! error naming both tools; each set's layers stay with its own tools ([`Mount`]): a call of
//! one goes through the combined set's layers, then through its own set's, under the name it
//! has there, as those layers were written for.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use rmcp::ErrorData;
use rmcp::model::CallToolResult;
use serde_json::Value;

use super::{Entry, ToolSet};
use crate::error::DuplicateTool;
use crate::layer::{Call, Next};
use crate::tool::spec::{BoxFuture, Declaration, is_tool_name};

/// The `_meta` key with which the undo layer says which tool undoes a recorded call
/// (`undo::RECORDED_META_KEY`; `undo` is built on this module, not the other way round): a
/// set nested under a prefix lists that tool under the prefix, and says so.
const UNDO_META_KEY: &str = "dev.toolshape/undo";

/// Where a tool of a merged set that has layers of its own runs: that set, under the name the
/// tool has there, so that its layers see the calls they were written for.
pub(crate) struct Mount<S> {
    set: Arc<ToolSet<S>>,
    name: Cow<'static, str>,
    /// The tool in that set, found when the sets were combined: a call is not looked up
    /// again there.
    entry: Arc<Entry<S>>,
}

impl<S> Clone for Mount<S> {
    fn clone(&self) -> Self {
        Mount {
            set: self.set.clone(),
            name: self.name.clone(),
            entry: self.entry.clone(),
        }
    }
}

impl<S: Send + Sync + 'static> Mount<S> {
    /// Runs `call` (of the tool as the combined set names it) through the mounted set's
    /// layers, then its tool.
    pub(super) fn run<'a>(
        &'a self,
        call: Call<'a, S>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        let prefix = call
            .name()
            .strip_suffix(&*self.name)
            .unwrap_or_default()
            .to_owned();
        let call = (call.renamed(&self.name, Some(self.entry.info()))).found(&*self.entry);
        let running = Next::new(&self.set.layers, &*self.set).run(call);
        if prefix.is_empty() {
            return running;
        }
        Box::pin(async move {
            let mut result = running.await?;
            prefix_undo_tool(&mut result, &prefix);
            Ok(result)
        })
    }
}

/// A result the undo layer of a nested set recorded names the tool that undoes it as that
/// set knows it: the client calls it with the prefix.
fn prefix_undo_tool(result: &mut CallToolResult, prefix: &str) {
    let tool = result
        .meta
        .as_mut()
        .and_then(|meta| meta.get_mut(UNDO_META_KEY))
        .and_then(|recorded| recorded.get_mut("tool"));
    if let Some(Value::String(tool)) = tool {
        tool.insert_str(0, prefix);
    }
}

impl<S: Send + Sync + 'static> ToolSet<S> {
    /// This set and every tool of `other`, each under its own name: for a server whose tools
    /// are written in several modules or crates, each making its own set.
    ///
    /// Each set's [layers](crate::layer) stay with its own tools: a layer `other` (or this
    /// set) had wraps only the tools it had, as it did before; a layer added to the combined
    /// set wraps them all, outside those. [Undo](crate::undo) built for a set keeps undoing
    /// that set's actions, and a tool keeps its scopes, keywords and views.
    ///
    /// ```
    /// use toolshape::{ToolSet, tool, tools};
    ///
    /// /// Add two numbers.
    /// #[tool(format = "json")]
    /// fn add(a: i64, b: i64) -> i64 { a + b }
    ///
    /// /// Say hello.
    /// #[tool(format = "text")]
    /// fn hello(name: String) -> String { format!("Hello, {name}!") }
    ///
    /// # fn main() -> Result<(), toolshape::DuplicateTool> {
    /// let maths = ToolSet::<()>::new(tools![add])?;
    /// let words = ToolSet::new(tools![hello])?;
    /// let tools = maths.merge(words)?;
    /// assert_eq!(tools.len(), 2);
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// [`DuplicateTool`] when both sets have a tool of one name (the layers' tools included,
    /// such as undo's): it names both tools and where each was declared. A set can
    /// [`nest`](ToolSet::nest) the other under a prefix instead.
    pub fn merge(self, other: ToolSet<S>) -> Result<Self, DuplicateTool> {
        self.combine("", other)
    }

    /// This set and every tool of `other`, each named `{prefix}_{name}`: `billing`'s
    /// `list_invoices` is `billing_list_invoices`, in the listing, in tool search, in the
    /// provenance and errors of its results, and to every layer of the combined set. The
    /// layers of `other` still see its own names (they were written for them): undo built
    /// for `other` pairs and restores its actions as before, and its `undo_last_action` is
    /// `billing_undo_last_action`.
    ///
    /// As with [`merge`](ToolSet::merge), each set's layers stay with its own tools.
    ///
    /// ```
    /// use toolshape::{ToolSet, tool, tools};
    ///
    /// /// List the open invoices.
    /// #[tool(format = "json")]
    /// fn list_invoices() -> Vec<String> { vec!["INV-1".into()] }
    ///
    /// # fn main() -> Result<(), toolshape::DuplicateTool> {
    /// let billing = ToolSet::<()>::new(tools![list_invoices])?;
    /// let tools = ToolSet::default().nest("billing", billing)?;
    /// assert!(tools.get("billing_list_invoices").is_some());
    /// # Ok(()) }
    /// ```
    ///
    /// A tool that calls another with [`Context::call_tool`](crate::Context::call_tool)
    /// names it as the server lists it, with the prefix.
    ///
    /// # Errors
    /// [`DuplicateTool`] when this set already has a tool of a prefixed name.
    ///
    /// # Panics
    /// When `prefix` is not a tool name MCP allows (`A-Z a-z 0-9 _ - .`, not empty), or
    /// makes a name longer than 128 characters: a mistake in the server's setup, not
    /// something a client can cause.
    pub fn nest(self, prefix: &str, other: ToolSet<S>) -> Result<Self, DuplicateTool> {
        assert!(
            is_tool_name(prefix),
            "`ToolSet::nest`: the prefix {prefix:?} is not a tool name MCP allows (1 to 128 \
             characters from `A-Z a-z 0-9 _ - .`)"
        );
        self.combine(&format!("{prefix}_"), other)
    }

    /// A new set with this one's tools (its layers kept to them) and `other`'s, under `prefix`.
    fn combine(self, prefix: &str, other: ToolSet<S>) -> Result<Self, DuplicateTool> {
        let mut combined = ToolSet {
            keys: self.keys.clone(),
            ..ToolSet::default()
        };
        let ignore_unknown = self.ignore_unknown;
        combined.absorb("", self)?;
        combined.ignore_unknown = ignore_unknown;
        let other = if ignore_unknown {
            other.ignore_unknown_arguments()
        } else {
            other
        };
        combined.absorb(prefix, other)?;
        Ok(combined)
    }

    /// Adds the tools of `other` under `prefix`: all of them, or, when a name is taken, none.
    fn absorb(&mut self, prefix: &str, other: ToolSet<S>) -> Result<(), DuplicateTool> {
        let inner = if prefix.is_empty() {
            other
        } else {
            renamed(&other, prefix, &mut HashMap::new())
        };
        // a set with layers runs its tools itself; one without hands them over as they are
        let mounted = (!inner.layers.is_empty()).then(|| Arc::new(inner.clone()));
        let mut added = Vec::with_capacity(inner.entries.len());
        for (name, entry) in &inner.entries {
            let outer: Cow<'static, str> = if prefix.is_empty() {
                name.clone()
            } else {
                format!("{prefix}{name}").into()
            };
            assert!(
                is_tool_name(&outer),
                "`ToolSet::nest`: the prefix `{prefix}` makes `{outer}` longer than MCP's 128 \
                 characters"
            );
            if let Some(existing) = self.entries.get(&*outer) {
                return Err(DuplicateTool {
                    name: outer.into_owned(),
                    first: existing.def.decl.origin(),
                    second: entry.def.decl.origin(),
                });
            }
            let mounted_entry = entry.clone();
            let mut entry = (**entry).clone();
            entry.tool.name = outer.clone();
            if let Some(set) = &mounted {
                entry.mount = Some(Mount {
                    set: set.clone(),
                    name: name.clone(),
                    entry: mounted_entry,
                });
            }
            added.push((outer, Arc::new(entry)));
        }
        self.entries.extend(added);
        for (uri, view) in &inner.views {
            match self.views.get(uri) {
                Some(kept) if !Arc::ptr_eq(kept, view) => tracing::warn!(
                    uri,
                    "two combined tool sets register a view at one URI; the first is served"
                ),
                Some(_) => {}
                None => {
                    self.views.insert(uri.clone(), view.clone());
                }
            }
        }
        Ok(())
    }

    /// Replaces every set merged into this one by `replace(set)`, once per set however many
    /// of its tools there are.
    pub(super) fn map_mounts(&mut self, replace: impl Fn(&ToolSet<S>) -> ToolSet<S>) {
        let mut done: HashMap<*const ToolSet<S>, Arc<ToolSet<S>>> = HashMap::new();
        for entry in self.entries.values_mut() {
            if let Some(mount) = &entry.mount {
                let key = Arc::as_ptr(&mount.set);
                let set = done
                    .entry(key)
                    .or_insert_with(|| Arc::new(replace(&mount.set)))
                    .clone();
                Arc::make_mut(entry)
                    .mount
                    .as_mut()
                    .expect("checked above")
                    .set = set;
            }
        }
    }
}

/// `set` with each tool's declaration named with `prefix` (and the sets merged into it, once
/// each): its listing and its layers keep its own names; what a client reads of a call's
/// result (provenance, errors) names the tool as the combined set lists it.
fn renamed<S: Send + Sync + 'static>(
    set: &ToolSet<S>,
    prefix: &str,
    done: &mut HashMap<*const ToolSet<S>, Arc<ToolSet<S>>>,
) -> ToolSet<S> {
    let mut set = set.clone();
    for entry in set.entries.values_mut() {
        let entry: &mut Entry<S> = Arc::make_mut(entry);
        entry.def.decl = Arc::new(prefixed(&entry.def.decl, prefix));
        if let Some(mount) = &mut entry.mount {
            let key = Arc::as_ptr(&mount.set);
            if !done.contains_key(&key) {
                let inner = Arc::new(renamed(&mount.set, prefix, done));
                done.insert(key, inner);
            }
            mount.set = done[&key].clone();
        }
    }
    set
}

/// `decl` named with `prefix`.
fn prefixed(decl: &Declaration, prefix: &str) -> Declaration {
    Declaration {
        name: format!("{prefix}{}", decl.name).into(),
        prefix: format!("{prefix}{}", decl.prefix).into(),
        ..decl.clone()
    }
}
