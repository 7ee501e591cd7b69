//! Who is calling: the subject, client and scopes of the caller's access token, or the local
//! user when no token is involved.

use std::collections::BTreeSet;
use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::JsonObject;
use rmcp::service::RequestContext;

/// Who made a request, as [`Context::caller`](crate::Context::caller) and the listing see it.
///
/// - Over HTTP with OAuth ([`HttpOptions::with_oauth`](crate::serve::HttpOptions::with_oauth),
///   feature `oauth`), the caller is what the request's access token says: its subject
///   (`sub`), client (`client_id` or `azp`), scopes (`scope` or `scp`) and every claim.
/// - Over stdio, and over HTTP without OAuth, the caller is the **local user**: the user the
///   server process runs as (`USER`, or `USERNAME` on Windows), granted every scope. Whoever
///   can start the server or reach its endpoint is trusted, as before scopes existed.
///
/// Cloning is cheap.
///
/// ```
/// use toolshape::context::Caller;
///
/// let caller = Caller::with_token(Some("alice".into()), Some("cli".into()), ["users:read"], Default::default());
/// assert!(caller.has_scope("users:read"));
/// assert_eq!(caller.missing(&["users:read", "users:write"]), ["users:write"]);
/// assert!(Caller::local().has_scope("anything"));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Caller(Arc<Inner>);

#[derive(Debug, PartialEq)]
struct Inner {
    subject: Option<String>,
    client_id: Option<String>,
    /// `None`: every scope (the local user).
    scopes: Option<BTreeSet<String>>,
    claims: JsonObject,
}

impl Caller {
    /// The user the server process runs as, granted every scope: the caller over stdio and
    /// over HTTP without OAuth. Its subject is `$USER` (or `%USERNAME%`) as the process
    /// first read it.
    pub fn local() -> Self {
        Self::local_ref().clone()
    }

    /// [`Caller::local`], borrowed: read on every call that has no other caller, without
    /// writing the shared reference count (which both worker threads of a server would
    /// write in turn, moving its cache line between cores on each call).
    fn local_ref() -> &'static Caller {
        // Read once.
        static LOCAL: std::sync::LazyLock<Caller> = std::sync::LazyLock::new(|| {
            let subject = std::env::var("USER")
                .or_else(|_| std::env::var("USERNAME"))
                .ok();
            Caller(Arc::new(Inner {
                subject,
                client_id: None,
                scopes: None,
                claims: JsonObject::new(),
            }))
        });
        &LOCAL
    }

    /// A caller identified by an access token: its subject, client, the scopes it grants and
    /// all its claims. For a verifier of your own, and for tests.
    pub fn with_token(
        subject: Option<String>,
        client_id: Option<String>,
        scopes: impl IntoIterator<Item = impl Into<String>>,
        claims: JsonObject,
    ) -> Self {
        Caller(Arc::new(Inner {
            subject,
            client_id,
            scopes: Some(scopes.into_iter().map(Into::into).collect()),
            claims,
        }))
    }

    /// The caller from a token's claims: `sub`, `client_id` (or `azp`), and the scopes of
    /// `scope` (space-separated, RFC 9068 and RFC 7662) or `scp` (a list or a string).
    pub fn from_claims(claims: JsonObject) -> Self {
        let text = |key: &str| claims.get(key).and_then(|v| v.as_str()).map(str::to_owned);
        let subject = text("sub");
        let client_id = text("client_id").or_else(|| text("azp"));
        let mut scopes = BTreeSet::new();
        for key in ["scope", "scp"] {
            match claims.get(key) {
                Some(serde_json::Value::String(list)) => {
                    scopes.extend(list.split_whitespace().map(str::to_owned));
                }
                Some(serde_json::Value::Array(items)) => {
                    scopes.extend(items.iter().filter_map(|v| v.as_str()).map(str::to_owned));
                }
                _ => {}
            }
        }
        Caller(Arc::new(Inner {
            subject,
            client_id,
            scopes: Some(scopes),
            claims,
        }))
    }

    /// The subject: the token's `sub`, or the local user's name.
    pub fn subject(&self) -> Option<&str> {
        self.0.subject.as_deref()
    }

    /// The OAuth client the token was issued to (`client_id`, or `azp`), if it says.
    pub fn client_id(&self) -> Option<&str> {
        self.0.client_id.as_deref()
    }

    /// The scopes the token grants, in name order; `None` for the local user, who has every
    /// scope.
    pub fn scopes(&self) -> Option<impl Iterator<Item = &str>> {
        self.0
            .scopes
            .as_ref()
            .map(|scopes| scopes.iter().map(String::as_str))
    }

    /// Every claim of the token (empty for the local user).
    pub fn claims(&self) -> &JsonObject {
        &self.0.claims
    }

    /// Whether this is the local user (no token).
    pub fn is_local(&self) -> bool {
        self.0.scopes.is_none()
    }

    /// Whether the caller has `scope`.
    pub fn has_scope(&self, scope: &str) -> bool {
        self.0
            .scopes
            .as_ref()
            .is_none_or(|scopes| scopes.contains(scope))
    }

    /// The scopes of `needed` the caller does not have, in the order given: `needed` is any
    /// slice of strings (`&[&str]`, a tool's [`ToolInfo::scopes`](crate::layer::ToolInfo::scopes)).
    pub fn missing<'a, T: AsRef<str>>(&self, needed: &'a [T]) -> Vec<&'a str> {
        needed
            .iter()
            .map(AsRef::as_ref)
            .filter(|scope| !self.has_scope(scope))
            .collect()
    }

    /// The caller of a request: the one its transport identified, else the local user.
    /// Borrowed: a clone writes a reference count that other threads' calls write too.
    pub(crate) fn of(request: &RequestContext<RoleServer>) -> &Caller {
        if let Some(caller) = request.extensions.get::<Caller>() {
            return caller;
        }
        #[cfg(feature = "http")]
        if let Some(caller) = request
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<Caller>())
        {
            return caller;
        }
        Caller::local_ref()
    }
}

/// Marks a request whose caller goes into each result's provenance
/// (`About::with_caller_in_provenance`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct RecordCaller;

/// The caller's subject to record in a call's provenance, if the server records it.
pub(crate) fn recorded(context: &super::Context) -> Option<String> {
    let request = context.request();
    request.extensions.get::<RecordCaller>()?;
    Caller::of(request).subject().map(str::to_owned)
}

/// The text of a call refused for want of scopes: which ones, and that nothing ran.
pub(crate) fn refusal(tool: &str, missing: &[&str]) -> String {
    let list = missing
        .iter()
        .map(|scope| format!("`{scope}`"))
        .collect::<Vec<_>>()
        .join(", ");
    let noun = if missing.len() == 1 {
        "scope"
    } else {
        "scopes"
    };
    format!(
        "Error: `{tool}` needs the {noun} {list}, which the caller's access token does not grant; the tool did not run"
    )
}
