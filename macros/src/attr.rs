//! What the user wrote in `#[tool(...)]`, read with darling.

use darling::FromMeta;
use darling::util::SpannedValue;
use quote::ToTokens as _;

/// The arguments of `#[tool(...)]`.
#[derive(Debug, Default, FromMeta)]
pub(crate) struct ToolArgs {
    /// `format = "json"`, `"text"` or `"hybrid"`.
    pub(crate) format: Option<SpannedValue<Quoted<FormatName>>>,
    /// `name = "..."`: the tool name; defaults to the function name. A literal is checked
    /// here; a constant where the tool's spec is built.
    pub(crate) name: Option<TextValue>,
    /// `title = "..."`: a human-readable title.
    pub(crate) title: Option<TextValue>,
    /// `description = "..."`: replaces the doc comment as description.
    pub(crate) description: Option<TextValue>,
    /// `version = "..."`: the `tool_version` in provenance; defaults to the crate's version.
    pub(crate) version: Option<TextValue>,
    /// `kind = "read" | "state" | "action"`: what the tool does; sets the format policy and
    /// the MCP annotations.
    pub(crate) kind: Option<SpannedValue<Quoted<KindName>>>,
    /// `read_only = bool`: overrides `readOnlyHint`.
    pub(crate) read_only: Option<Flag>,
    /// `destructive = bool`: overrides `destructiveHint`.
    pub(crate) destructive: Option<Flag>,
    /// `idempotent = bool`: overrides `idempotentHint`.
    pub(crate) idempotent: Option<Flag>,
    /// `open_world = bool`: overrides `openWorldHint`.
    pub(crate) open_world: Option<Flag>,
    /// `model_id = "..."`: the model behind the tool's answers, in provenance.
    pub(crate) model_id: Option<TextValue>,
    /// `confirm = "..."`: for `format = "text"`, the confirmation sentence (alone for `()`,
    /// else followed by `:` and the value's text).
    pub(crate) confirm: Option<SpannedValue<Quoted<String>>>,
    /// `rename_all = "camelCase"`: how parameter names are written on the wire, from their
    /// snake_case Rust names (the tool's name is not renamed, as serde's `rename_all` leaves
    /// the type's name alone).
    pub(crate) rename_all: Option<SpannedValue<Quoted<RenameRule>>>,
    /// `unknown_arguments = "ignore"`: arguments the tool does not take are ignored instead
    /// of refused.
    pub(crate) unknown_arguments: Option<SpannedValue<Quoted<UnknownArguments>>>,
    /// `envelope = false`: a `format = "json"` tool's result is MCP's plain structured
    /// content (the value itself), without toolshape's envelope.
    pub(crate) envelope: Option<SpannedValue<Flag>>,
    /// `task = "optional" | "required" | "deferred"`: the tool may run, or runs only, as a
    /// task the client polls (the protocol's tasks extension), or becomes one when it asks.
    pub(crate) task: Option<SpannedValue<Quoted<TaskName>>>,
    /// `icon(src = "...", mime_type = "...", sizes = "48x48 96x96", theme = "dark")`, once
    /// per icon: the icons a client may show beside the tool.
    #[darling(multiple, rename = "icon")]
    pub(crate) icons: Vec<SpannedValue<Listed<IconArgs>>>,
    /// `extend_schema = path`: a `fn() -> serde_json::Value` whose members are added to the
    /// input schema's root (constraints across parameters: `allOf`, `anyOf`, `if`/`then`).
    pub(crate) extend_schema: Option<syn::Path>,
    /// `scopes = ["users:write"]`: the OAuth scopes a caller's token must grant for the
    /// tool to be listed to it and called.
    pub(crate) scopes: Option<SpannedValue<Scopes>>,
    /// `keywords = ["password", "sign in"]`: words users type for what the tool does, which
    /// tool search reads beside its name and description.
    pub(crate) keywords: Option<SpannedValue<Keywords>>,
    /// `undo = false`: a `kind = "action"` tool that undo leaves out (it sets nothing a state
    /// tool reads that calling it again could restore: a comment, a notification).
    pub(crate) undo: Option<SpannedValue<Flag>>,
    /// `detail`: the tool takes a `response_format` argument (`"concise"`, the default, or
    /// `"detailed"`); fields marked `#[text(detailed)]` are in detailed results only.
    pub(crate) detail: Option<SpannedValue<Flag>>,
    /// `data = "json" | "text"`: what a `format = "hybrid"` tool's text shows after the
    /// narrative: the data as JSON (the default) or its `ToolText`.
    pub(crate) data: Option<SpannedValue<Quoted<DataText>>>,
    /// `app` (toolshape's built-in result view) or `app = "ui://…"` (a view the server
    /// registers): the MCP Apps view a host shows the tool's results in.
    pub(crate) app: Option<AppView>,
    /// `crate = path`: where the `toolshape` crate is, for crates that re-export it.
    #[darling(rename = "crate")]
    pub(crate) krate: Option<syn::Path>,
}

/// The value of `data = "..."`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum DataText {
    /// The data as canonical JSON.
    Json,
    /// The data's `ToolText`.
    Text,
}

/// `app` or `app = "ui://…"`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum AppView {
    /// `app`: the built-in result view.
    Builtin,
    /// `app = "ui://…"`: a view the server registers under that URI.
    Uri(String),
}

impl FromMeta for AppView {
    fn from_word() -> darling::Result<Self> {
        Ok(AppView::Builtin)
    }

    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let shape = || {
            darling::Error::custom(
                "`app` alone shows toolshape's built-in view; `app = \"ui://…\"` names a view \
                 the server registers with `ToolSet::app_view`",
            )
            .with_span(expr)
        };
        match expr {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(uri),
                ..
            }) => {
                let uri = uri.value();
                if uri.starts_with("ui://") && uri.len() > "ui://".len() {
                    Ok(AppView::Uri(uri))
                } else {
                    Err(darling::Error::custom(format!(
                        "`{uri}` is not a view's URI: MCP Apps views are named `ui://…`, as in \
                         `app = \"ui://volumes/table\"`"
                    ))
                    .with_span(expr))
                }
            }
            _ => Err(shape()),
        }
    }
}

/// One `icon(...)` of `#[tool]`.
#[derive(Debug, Clone, FromMeta)]
pub(crate) struct IconArgs {
    /// `src = "https://…/icon.png"` or a `data:` URI.
    pub(crate) src: SpannedValue<String>,
    /// `mime_type = "image/png"`, when the source does not say.
    pub(crate) mime_type: Option<SpannedValue<String>>,
    /// `sizes = "48x48 96x96"`, each `WxH` or `any`, separated by spaces.
    pub(crate) sizes: Option<SpannedValue<String>>,
    /// `theme = "light" | "dark"`: the background the icon is drawn for.
    pub(crate) theme: Option<SpannedValue<Quoted<IconTheme>>>,
}

/// A key written with a list (`icon(src = "...")`, `range(min = 1)`): `T`, or an error that
/// shows [`Form::FORM`] for any other shape (`icon = "https://…"`, `range = 5`, a bare word).
#[derive(Debug, Clone, Default)]
pub(crate) struct Listed<T>(pub(crate) T);

/// How a key written with a list looks, for the error of any other shape.
pub(crate) trait Form {
    /// An example of the key, written as it should be.
    const FORM: &'static str;
}

impl<T: FromMeta + Form> FromMeta for Listed<T> {
    fn from_list(items: &[darling::ast::NestedMeta]) -> darling::Result<Self> {
        T::from_list(items).map(Listed)
    }

    fn from_word() -> darling::Result<Self> {
        Err(Self::shape())
    }

    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        Err(Self::shape().with_span(expr))
    }
}

impl<T: Form> Listed<T> {
    fn shape() -> darling::Error {
        darling::Error::custom(format!("this is written `{}`", T::FORM))
    }
}

impl<T> std::ops::Deref for Listed<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl Form for IconArgs {
    const FORM: &'static str =
        "icon(src = \"https://…\", mime_type = \"image/png\", sizes = \"48x48\")";
}

impl Form for RangeArgs {
    const FORM: &'static str = "range(min = 1, max = 100)";
}

impl Form for LengthArgs {
    const FORM: &'static str = "length(min = 1, max = 64)";
}

impl Form for OneOf {
    const FORM: &'static str = "one_of(\"asc\", \"desc\")";
}

/// A yes or no (`read_only = true`; `read_only` alone is `true`), with an error that says so
/// for anything else.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Flag(pub(crate) bool);

impl FromMeta for Flag {
    fn from_word() -> darling::Result<Self> {
        Ok(Flag(true))
    }

    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        match expr {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Bool(value),
                ..
            }) => Ok(Flag(value.value)),
            _ => Err(darling::Error::custom("this value is `true` or `false`").with_span(expr)),
        }
    }
}

/// The value of `theme = "..."` in `icon(...)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum IconTheme {
    /// Drawn for a light background.
    Light,
    /// Drawn for a dark background.
    Dark,
}

/// `#[arg(...)]` on a parameter.
#[derive(Debug, Clone, Default, FromMeta)]
pub(crate) struct ArgArgs {
    /// `rename = "entityNames"`: the parameter's name on the wire.
    pub(crate) rename: Option<SpannedValue<Quoted<String>>>,
    /// `default` (the type's `Default`) or `default = expr`: the value when the argument is
    /// absent; the parameter is then optional and its schema shows the default.
    pub(crate) default: Option<SpannedValue<darling::util::Override<DefaultExpr>>>,
    /// `range(min = 1, max = 100)`: the numbers accepted (either bound may be left out).
    pub(crate) range: Option<SpannedValue<Listed<RangeArgs>>>,
    /// `length(min = 1, max = 64)`: the characters of a string, or items of an array.
    pub(crate) length: Option<SpannedValue<Listed<LengthArgs>>>,
    /// `pattern = "^[a-z]+$"`: a regular expression the string matches.
    pub(crate) pattern: Option<SpannedValue<Quoted<String>>>,
    /// `one_of("asc", "desc")`: the strings accepted.
    pub(crate) one_of: Option<SpannedValue<Listed<OneOf>>>,
    /// `header = "Region"`: also sent as the HTTP header `Mcp-Param-Region`.
    pub(crate) header: Option<SpannedValue<Quoted<String>>>,
    /// `description = "..."` or any constant `&'static str` expression: replaces the
    /// parameter's doc comment as its description.
    pub(crate) description: Option<TextValue>,
}

/// `range(min = .., max = ..)` of `#[arg]`: number literals.
#[derive(Debug, Clone, Default, FromMeta)]
pub(crate) struct RangeArgs {
    pub(crate) min: Option<NumberLit>,
    pub(crate) max: Option<NumberLit>,
}

/// `length(min = .., max = ..)` of `#[arg]`.
#[derive(Debug, Clone, Default, FromMeta)]
pub(crate) struct LengthArgs {
    pub(crate) min: Option<u64>,
    pub(crate) max: Option<u64>,
}

/// A number literal, integer or float, possibly negative.
#[derive(Debug, Clone, Copy)]
pub(crate) struct NumberLit(pub(crate) f64);

impl FromMeta for NumberLit {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let (negative, inner) = match expr {
            syn::Expr::Unary(syn::ExprUnary {
                op: syn::UnOp::Neg(_),
                expr,
                ..
            }) => (true, &**expr),
            other => (false, other),
        };
        let value = match inner {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Int(int),
                ..
            }) => int.base10_parse::<f64>().ok(),
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Float(float),
                ..
            }) => float.base10_parse::<f64>().ok(),
            _ => None,
        };
        match value {
            Some(value) => Ok(NumberLit(if negative { -value } else { value })),
            None => Err(darling::Error::custom(
                "expected a number literal, as in `range(min = 1, max = 100)`",
            )
            .with_span(expr)),
        }
    }
}

/// `one_of("a", "b", ..)`: string literals.
#[derive(Debug, Clone, Default)]
pub(crate) struct OneOf(pub(crate) Vec<String>);

impl FromMeta for OneOf {
    fn from_list(items: &[darling::ast::NestedMeta]) -> darling::Result<Self> {
        let mut values = Vec::new();
        for item in items {
            match item {
                darling::ast::NestedMeta::Lit(syn::Lit::Str(text)) => values.push(text.value()),
                other => {
                    return Err(darling::Error::custom(
                        "expected strings, as in `one_of(\"asc\", \"desc\")`",
                    )
                    .with_span(other));
                }
            }
        }
        if values.is_empty() {
            return Err(darling::Error::custom(
                "`one_of(..)` needs at least one string",
            ));
        }
        Ok(OneOf(values))
    }
}

/// `scopes = ["users:read", "users:write"]`: string literals, each with its span.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scopes(pub(crate) Vec<syn::LitStr>);

const SCOPES: &str = "`scopes` is a list of strings, as in `scopes = [\"users:write\"]`";

impl FromMeta for Scopes {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let item = "a scope is a string literal, as in `scopes = [\"users:write\"]`";
        string_literals(expr, SCOPES, item).map(Scopes)
    }

    fn from_word() -> darling::Result<Self> {
        Err(darling::Error::custom(SCOPES))
    }
}

/// `keywords = ["password", "sign in"]`: string literals, each with its span.
#[derive(Debug, Clone, Default)]
pub(crate) struct Keywords(pub(crate) Vec<syn::LitStr>);

const KEYWORDS: &str =
    "`keywords` is a list of strings, as in `keywords = [\"password\", \"sign in\"]`";

impl FromMeta for Keywords {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        let item = "a keyword is a string literal, as in `keywords = [\"password\"]`";
        string_literals(expr, KEYWORDS, item).map(Keywords)
    }

    fn from_word() -> darling::Result<Self> {
        Err(darling::Error::custom(KEYWORDS))
    }
}

/// The string literals of a list (`["a", "b"]`), each with its span; `list` is the error for
/// another shape (at the value), `item` for an element that is no string literal (at it).
fn string_literals(expr: &syn::Expr, list: &str, item: &str) -> darling::Result<Vec<syn::LitStr>> {
    let syn::Expr::Array(array) = expr else {
        return Err(darling::Error::custom(list).with_span(expr));
    };
    (array.elems.iter())
        .map(|element| match element {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(text),
                ..
            }) => Ok(text.clone()),
            other => Err(darling::Error::custom(item).with_span(other)),
        })
        .collect()
}

/// The expression of `default = expr`, as written (a string literal stays a literal).
#[derive(Debug, Clone)]
pub(crate) struct DefaultExpr(pub(crate) syn::Expr);

impl FromMeta for DefaultExpr {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        Ok(DefaultExpr(expr.clone()))
    }
}

/// `unknown_arguments = "..."`: what a call with arguments the tool does not take gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum UnknownArguments {
    /// An error naming them (the default).
    Refuse,
    /// Nothing: they are dropped.
    Ignore,
}

/// `task = "..."`: whether a call may run as a task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum TaskName {
    /// As a task when the client supports tasks, otherwise as a plain call.
    Optional,
    /// Only as a task: a client without tasks gets the protocol's error.
    Required,
    /// A plain call until the tool calls `Context::continue_as_task`.
    Deferred,
}

impl TaskName {
    /// The variant of the runtime's `TaskSupport`.
    pub(crate) fn variant(self) -> &'static str {
        match self {
            TaskName::Optional => "Optional",
            TaskName::Required => "Required",
            TaskName::Deferred => "Deferred",
        }
    }
}

/// `rename_all = "..."`: the serde set of cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
pub(crate) enum RenameRule {
    #[darling(rename = "lowercase")]
    Lower,
    #[darling(rename = "UPPERCASE")]
    Upper,
    #[darling(rename = "PascalCase")]
    Pascal,
    #[darling(rename = "camelCase")]
    Camel,
    #[darling(rename = "snake_case")]
    Snake,
    #[darling(rename = "SCREAMING_SNAKE_CASE")]
    ScreamingSnake,
    #[darling(rename = "kebab-case")]
    Kebab,
    #[darling(rename = "SCREAMING-KEBAB-CASE")]
    ScreamingKebab,
}

impl RenameRule {
    /// `name`, a snake_case Rust name, in this case (serde's rules for fields).
    pub(crate) fn apply(self, name: &str) -> String {
        match self {
            RenameRule::Lower | RenameRule::Snake => name.to_owned(),
            RenameRule::Upper | RenameRule::ScreamingSnake => name.to_ascii_uppercase(),
            RenameRule::Pascal => {
                let mut out = String::new();
                let mut capitalize = true;
                for c in name.chars() {
                    if c == '_' {
                        capitalize = true;
                    } else if capitalize {
                        out.push(c.to_ascii_uppercase());
                        capitalize = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
            RenameRule::Camel => {
                let pascal = RenameRule::Pascal.apply(name);
                let mut chars = pascal.chars();
                match chars.next() {
                    Some(first) => first.to_ascii_lowercase().to_string() + chars.as_str(),
                    None => pascal,
                }
            }
            RenameRule::Kebab => name.replace('_', "-"),
            RenameRule::ScreamingKebab => name.replace('_', "-").to_ascii_uppercase(),
        }
    }
}

/// The value of `format = "..."`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum FormatName {
    Json,
    Hybrid,
    Text,
}

impl FormatName {
    /// The name as written in `format = "..."`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            FormatName::Json => "json",
            FormatName::Hybrid => "hybrid",
            FormatName::Text => "text",
        }
    }

    /// Whether results carry structured content that programs can read without parsing text.
    pub(crate) fn is_structured(self) -> bool {
        match self {
            FormatName::Json | FormatName::Hybrid => true,
            FormatName::Text => false,
        }
    }
}

/// The value of `kind = "..."`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, FromMeta)]
#[darling(rename_all = "lowercase")]
pub(crate) enum KindName {
    /// Reads data for a model or a person to look at: search, look-up, report.
    Read,
    /// Reads configuration or state that programs act on (undo, UI forms): must be
    /// structured (`json` or `hybrid`).
    State,
    /// Changes something: create, update, delete.
    Action,
}

impl KindName {
    /// The MCP annotations a kind implies.
    pub(crate) fn hints(self) -> Annotations {
        let (read_only, destructive, idempotent) = match self {
            KindName::Read | KindName::State => (true, false, true),
            KindName::Action => (false, true, false),
        };
        Annotations {
            read_only: Some(read_only),
            destructive: Some(destructive),
            idempotent: Some(idempotent),
            open_world: Some(false),
        }
    }

    /// The variant of the runtime's `Kind`.
    pub(crate) fn variant(self) -> &'static str {
        match self {
            KindName::Read => "Read",
            KindName::State => "State",
            KindName::Action => "Action",
        }
    }
}

/// The MCP annotations of a tool; `None` leaves a hint unset.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Annotations {
    /// `readOnlyHint`.
    pub(crate) read_only: Option<bool>,
    /// `destructiveHint`.
    pub(crate) destructive: Option<bool>,
    /// `idempotentHint`.
    pub(crate) idempotent: Option<bool>,
    /// `openWorldHint`.
    pub(crate) open_world: Option<bool>,
}

impl Annotations {
    /// Each hint of `self`, or else of `fallback`.
    pub(crate) fn or(self, fallback: Annotations) -> Annotations {
        Annotations {
            read_only: self.read_only.or(fallback.read_only),
            destructive: self.destructive.or(fallback.destructive),
            idempotent: self.idempotent.or(fallback.idempotent),
            open_world: self.open_world.or(fallback.open_world),
        }
    }
}

/// A text value of the tool (`description`, `title`, `version`, `model_id`): a string
/// literal, or any constant expression of type `&'static str` (`concat!(..)`, `env!(..)`,
/// the path of a `const`).
#[derive(Debug, Clone)]
pub(crate) enum TextValue {
    /// `"..."`: the value is known to the macro.
    Literal(syn::LitStr),
    /// Anything else: the compiler evaluates it where the tool's spec is built.
    Expr(syn::Expr),
}

impl FromMeta for TextValue {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        match expr {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(lit),
                ..
            }) => Ok(TextValue::Literal(lit.clone())),
            syn::Expr::Lit(other) => Err(darling::Error::custom(
                "expected text: a string literal, `concat!(..)`, `env!(..)` or a `const` of type `&'static str`",
            )
            .with_span(other)),
            syn::Expr::Group(group) => TextValue::from_expr(&group.expr),
            // A bare lower-case word (`name = get_user`) is the text unquoted: a constant's
            // name is written in capitals (`name = GET_USER`), which stays an expression.
            syn::Expr::Path(path)
                if path.qself.is_none()
                    && path.path.get_ident().is_some_and(|word| {
                        word.to_string().chars().any(|c| c.is_ascii_lowercase())
                    }) =>
            {
                let word = path.path.get_ident().map(ToString::to_string).unwrap_or_default();
                let word = word.strip_prefix("r#").unwrap_or(&word);
                Err(darling::Error::custom(format!(
                    "this value is a string: write `\"{word}\"`"
                ))
                .with_span(expr))
            }
            other => Ok(TextValue::Expr(other.clone())),
        }
    }
}

impl quote::ToTokens for TextValue {
    fn to_tokens(&self, tokens: &mut proc_macro2::TokenStream) {
        match self {
            TextValue::Literal(lit) => lit.to_tokens(tokens),
            TextValue::Expr(expr) => expr.to_tokens(tokens),
        }
    }
}

/// A value written as a string literal (`format = "json"`). Accepting only the literal keeps
/// one spelling; a bare word gets an error that shows the quoted form.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Quoted<T>(pub(crate) T);

impl<T: FromMeta> FromMeta for Quoted<T> {
    fn from_expr(expr: &syn::Expr) -> darling::Result<Self> {
        if let syn::Expr::Path(path) = expr {
            // A bare word (`format = json`) is the value unquoted; a constant's name
            // (`name = TOOL_NAME`, `name = names::GET`) is a value the macro cannot read.
            let message = match path.path.get_ident().map(ToString::to_string) {
                Some(word)
                    if !word
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') =>
                {
                    format!("this value is a string: write `\"{word}\"`")
                }
                _ => "a constant cannot be read here: write the value itself, in quotes".into(),
            };
            return Err(darling::Error::custom(message).with_span(expr));
        }
        // Another literal (`task = true`, `format = 1`): the quoted form if it is a value,
        // else the values there are.
        if let syn::Expr::Lit(literal) = expr
            && !matches!(literal.lit, syn::Lit::Str(_))
        {
            let text = literal.lit.to_token_stream().to_string();
            let error = match T::from_string(&text) {
                Ok(_) => {
                    darling::Error::custom(format!("this value is a string: write `\"{text}\"`"))
                }
                Err(error) => error,
            };
            return Err(error.with_span(expr));
        }
        T::from_expr(expr).map(Quoted)
    }

    fn from_word() -> darling::Result<Self> {
        Err(darling::Error::custom(
            "this needs a value, in quotes: write `= \"...\"` after it",
        ))
    }
}

impl<T> std::ops::Deref for Quoted<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}
