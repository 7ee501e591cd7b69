//! The tool as the generator needs it: names, texts, parameters, state and output.
//! `read.rs` reads it from the function and its attribute; `valid/` checks it.

use proc_macro2::{Span, TokenStream};
use syn::Type;
use syn::spanned::Spanned;

use crate::attr::{Annotations, FormatName, IconTheme, KindName, TaskName, TextValue};
use crate::lend::{Lend, static_lifetimes};

/// Most parameters a tool can take (the runtime implements its argument parsing for tuples
/// up to this size).
pub(crate) const MAX_PARAMS: usize = 16;

#[derive(Clone)]
pub(crate) struct Tool {
    pub(crate) name: TextValue,
    pub(crate) title: Option<TextValue>,
    pub(crate) description: TextValue,
    pub(crate) version: Option<TextValue>,
    pub(crate) model_id: Option<TextValue>,
    pub(crate) format: FormatName,
    /// MCP annotations: from `kind`, overridden by the explicit hints.
    pub(crate) annotations: Annotations,
    /// `kind = "..."`, if given.
    pub(crate) kind: Option<KindName>,
    /// `confirm = "..."` of a `format = "text"` tool.
    pub(crate) confirm: Option<String>,
    /// `undo = false`: undo leaves the action out.
    pub(crate) no_undo: bool,
    /// `detail`, as the span of the word: the tool takes `response_format` (the last of
    /// [`params`](Self::params), `Param::Detail`) and renders at the level it chooses.
    pub(crate) detail: Option<proc_macro2::Span>,
    /// `data = "text"` of a hybrid tool: the text shows the data's `ToolText`.
    pub(crate) data_text: bool,
    /// `icon(...)`, in order.
    pub(crate) icons: Vec<Icon>,
    pub(crate) krate: syn::Path,
    /// `unknown_arguments = "ignore"`.
    pub(crate) ignore_unknown: bool,
    /// `envelope = false` (json only): the value alone as structured content.
    pub(crate) envelope: bool,
    /// `task = "..."`, if given.
    pub(crate) task: Option<TaskName>,
    /// `extend_schema = path`, if given.
    pub(crate) extend_schema: Option<syn::Path>,
    /// `scopes = [..]`: checked scope tokens, in the order written.
    pub(crate) scopes: Vec<String>,
    /// `keywords = [..]`: checked keywords, in the order written.
    pub(crate) keywords: Vec<String>,
    /// `app` / `app = "ui://…"`, if given.
    pub(crate) app: Option<crate::attr::AppView>,
    /// How the tool reaches its state.
    pub(crate) state: StateSource,
    pub(crate) params: Vec<Param>,
    pub(crate) is_async: bool,
    pub(crate) fn_ident: syn::Ident,
    /// The function's visibility, which the hidden constructor shares.
    pub(crate) vis: syn::Visibility,
    /// The function's return type, for spans; `None` for `-> ()` written as nothing.
    pub(crate) output: Option<Type>,
    /// The name of the server state's type parameter in generated code: one that the
    /// signature does not use, so that it cannot hide one of the user's types, and readable,
    /// since messages about a missing state show it.
    pub(crate) state_param: syn::Ident,
    /// The tool's attribute, where the checks of the declaration as a whole land.
    pub(crate) site: Span,
    /// For a method of a trait impl, the trait, through which the registration (in an
    /// inherent impl of its own) calls it.
    pub(crate) in_trait: Option<syn::Path>,
}

/// One checked `icon(...)`.
#[derive(Debug, Clone)]
pub(crate) struct Icon {
    pub(crate) src: String,
    pub(crate) mime_type: Option<String>,
    pub(crate) sizes: Vec<String>,
    pub(crate) theme: Option<IconTheme>,
}

/// Where the state handed to the tool comes from.
#[derive(Clone)]
pub(crate) enum StateSource {
    /// No state: the tool works with any server state.
    None,
    /// `&self`: the tool is a method and the state is `Self`.
    Receiver,
    /// `#[state] x: &T`: any state that provides `T`.
    Provided(Box<Type>),
}

/// One parameter of the function, in order.
#[derive(Clone)]
pub(crate) enum Param {
    /// An ordinary parameter: a property of the input schema.
    Schema(Box<SchemaParam>),
    /// `#[state] x: &T`.
    State,
    /// `#[context] cx: Context` or `#[context] cx: &Context`.
    Context(ContextPass),
    /// `response_format` of a `#[tool(detail)]` tool: in the schema, not passed to the
    /// function.
    Detail(Box<SchemaParam>),
}

/// How the function takes the request's context, and where its type is written (a type
/// that is not the context is reported there).
#[derive(Clone, Copy)]
pub(crate) enum ContextPass {
    /// `Context`.
    Value(Span),
    /// `&Context`.
    Ref(Span),
}

/// A parameter the client sends.
#[derive(Clone)]
pub(crate) struct SchemaParam {
    pub(crate) ident: syn::Ident,
    /// The property name: `#[arg(rename)]`, or the Rust name without `r#` in the case of
    /// `rename_all`.
    pub(crate) name: String,
    /// The type as the function takes it.
    pub(crate) ty: Box<Type>,
    /// For a borrowed form (`&T`, or one inside `Option` or `Vec`): the argument is read as
    /// its owned form (`String` for `str`, `Vec<U>` for `[U]`) and lent to the function.
    pub(crate) borrowed: Option<Lend>,
    pub(crate) description: TextValue,
    /// `#[arg(default)]` (`None` inside: the type's `Default`) or `#[arg(default = expr)]`.
    pub(crate) default: Option<Option<syn::Expr>>,
    /// The parameter's `#[cfg(...)]` predicates: when one is false, the parameter does not
    /// exist, in the function nor in the schema.
    pub(crate) cfg: Vec<TokenStream>,
    /// `#[arg(range, length, pattern, one_of)]`.
    pub(crate) constraints: Constraints,
}

/// The checked constraints of `#[arg(...)]`.
#[derive(Clone, Debug, Default)]
pub(crate) struct Constraints {
    pub(crate) minimum: Option<f64>,
    pub(crate) maximum: Option<f64>,
    pub(crate) min_length: Option<u64>,
    pub(crate) max_length: Option<u64>,
    pub(crate) pattern: Option<String>,
    pub(crate) one_of: Vec<String>,
    pub(crate) header: Option<String>,
}

impl Constraints {
    pub(crate) fn is_none(&self) -> bool {
        self.minimum.is_none()
            && self.maximum.is_none()
            && self.min_length.is_none()
            && self.max_length.is_none()
            && self.pattern.is_none()
            && self.one_of.is_empty()
            && self.header.is_none()
    }
}

impl SchemaParam {
    /// Whether the type is a path whose last segment is `Context`: perhaps the request's
    /// context without its `#[context]` (the generated code checks which, since an alias or
    /// a user's own `Context` look the same here).
    pub(crate) fn names_context(&self) -> bool {
        match &*self.ty {
            Type::Path(path) => path
                .path
                .segments
                .last()
                .is_some_and(|segment| segment.ident == "Context"),
            _ => false,
        }
    }

    /// The type the argument is read as, spanned on the parameter's type so that a type
    /// that cannot be read is reported there.
    pub(crate) fn read_ty(&self, private: &TokenStream) -> TokenStream {
        match &self.borrowed {
            Some(lend) => lend.owned(private, self.ty.span()),
            None => static_lifetimes(quote::ToTokens::to_token_stream(&self.ty)),
        }
    }
}

impl Tool {
    pub(crate) fn schema_params(&self) -> impl Iterator<Item = &SchemaParam> {
        self.params.iter().filter_map(|param| match param {
            Param::Schema(param) | Param::Detail(param) => Some(&**param),
            _ => None,
        })
    }
}
