//! An OAuth 2.1 resource server in front of streamable HTTP, as MCP's authorization
//! specification asks: bearer tokens checked on every request, the Protected Resource
//! Metadata document (RFC 9728), and `401`/`403` answers whose `WWW-Authenticate` tells a
//! client where to get a token and which scope it lacks.
//!
//! JWT access tokens (RFC 9068) are checked against the authorization server's JWKS:
//! signature with an allowed asymmetric algorithm (never `none`, never HMAC, the key's type
//! fitting the algorithm), issuer, audience (the server's resource URI, RFC 8707), `exp` and
//! `nbf` with a bounded clock skew. Keys are cached; a token signed with a key the cache does
//! not know makes the server fetch the set again (at most every 30 s), so rotation is
//! followed. Opaque tokens can be checked by RFC 7662 introspection instead.
//!
//! Crates: [`jsonwebtoken`] (the most used JWT crate, maintained, with JWK support) verifies
//! signatures and claims, with aws-lc-rs, the crypto provider rustls uses by default, so one
//! library serves TLS and signatures; [`reqwest`] (rustls) fetches keys and metadata and
//! asks the introspection endpoint.

use std::sync::Arc;
use std::time::{Duration, Instant};

use jsonwebtoken::DecodingKey;
use serde_json::{Value, json};
use tokio::sync::RwLock;

pub use jsonwebtoken::Algorithm;

mod verify;

/// The longest clock skew [`OAuth::with_leeway`] accepts.
pub const MAX_LEEWAY: Duration = Duration::from_secs(300);

/// How long fetched keys are used before they are fetched again.
const KEYS_MAX_AGE: Duration = Duration::from_secs(600);

/// The shortest time between two fetches of the keys prompted by an unknown `kid`: a client
/// sending made-up key ids cannot make the server hammer the authorization server.
const REFETCH_INTERVAL: Duration = Duration::from_secs(30);

/// How long a fetch from the authorization server may take.
const FETCH_TIMEOUT: Duration = Duration::from_secs(10);

/// How a server checks the access tokens of its HTTP clients: give it to
/// [`HttpOptions::with_oauth`](super::HttpOptions::with_oauth).
///
/// ```no_run
/// use toolshape::serve::HttpOptions;
/// use toolshape::serve::oauth::OAuth;
///
/// # async fn run(server: toolshape::Server<()>) -> Result<(), toolshape::serve::Error> {
/// let oauth = OAuth::new("https://mcp.example.com/mcp", "https://auth.example.com")
///     .with_required_scopes(["mcp"]);
/// oauth.fetch_keys().await?; // fail at start-up, not at the first call
/// let options = HttpOptions::default()
///     .with_allowed_hosts(["mcp.example.com"])
///     .with_oauth(oauth);
/// server.serve_http_with("0.0.0.0:8080", &options).await
/// # }
/// # let _ = run;
/// ```
#[derive(Clone)]
pub struct OAuth {
    resource: String,
    issuer: String,
    jwks_uri: Option<String>,
    introspection: Option<Introspection>,
    algorithms: Vec<Algorithm>,
    leeway: Duration,
    required_scopes: Vec<String>,
    http: reqwest::Client,
    keys: Arc<RwLock<Keys>>,
}

#[derive(Clone)]
struct Introspection {
    endpoint: String,
    client_id: String,
    client_secret: String,
}

/// The cached keys.
#[derive(Default)]
struct Keys {
    keys: Vec<Key>,
    fetched: Option<Instant>,
    /// The JWKS URI, once discovered.
    jwks_uri: Option<String>,
}

#[derive(Clone)]
struct Key {
    kid: Option<String>,
    /// The algorithm the key states it is for, if it does.
    alg: Option<String>,
    family: jsonwebtoken::AlgorithmFamily,
    key: DecodingKey,
}

impl std::fmt::Debug for OAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // no secret: the introspection client's secret is left out
        f.debug_struct("OAuth")
            .field("resource", &self.resource)
            .field("issuer", &self.issuer)
            .field("jwks_uri", &self.jwks_uri)
            .field("introspection", &self.introspection.is_some())
            .field("algorithms", &self.algorithms)
            .field("leeway", &self.leeway)
            .field("required_scopes", &self.required_scopes)
            .finish_non_exhaustive()
    }
}

/// Why a request's access token was refused. Its text is what the client reads in
/// `error_description`; it never contains the token.
#[derive(Clone, PartialEq, Eq)]
pub struct TokenError {
    description: String,
    unavailable: bool,
}

impl TokenError {
    fn invalid(description: impl Into<String>) -> Self {
        TokenError {
            description: description.into(),
            unavailable: false,
        }
    }

    fn unavailable(description: impl Into<String>) -> Self {
        TokenError {
            description: description.into(),
            unavailable: true,
        }
    }

    /// Whether the token could not be checked because the authorization server could not
    /// be reached (answered `503`), rather than being invalid (`401`).
    pub fn is_unavailable(&self) -> bool {
        self.unavailable
    }
}

impl std::fmt::Display for TokenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.description)
    }
}

impl std::error::Error for TokenError {}

debug_as_message!(TokenError);

impl OAuth {
    /// Tokens for `resource` (this server's canonical URI, as clients name it in RFC 8707's
    /// `resource` parameter, e.g. `https://mcp.example.com/mcp`; the audience every token
    /// must name) issued by `issuer`, whose keys are found through its metadata (RFC 8414's
    /// `/.well-known/oauth-authorization-server`, else OpenID Connect discovery) unless
    /// [`with_jwks_uri`](Self::with_jwks_uri) says where they are.
    ///
    /// Defaults: RS256, RS384, RS512, PS256, PS384, PS512, ES256, ES384 and EdDSA; 60 s of
    /// clock skew; no scope required of every token.
    pub fn new(resource: impl Into<String>, issuer: impl Into<String>) -> Self {
        let http = reqwest::Client::builder()
            .timeout(FETCH_TIMEOUT)
            .build()
            .unwrap_or_default();
        OAuth {
            resource: resource.into(),
            issuer: issuer.into(),
            jwks_uri: None,
            introspection: None,
            algorithms: vec![
                Algorithm::RS256,
                Algorithm::RS384,
                Algorithm::RS512,
                Algorithm::PS256,
                Algorithm::PS384,
                Algorithm::PS512,
                Algorithm::ES256,
                Algorithm::ES384,
                Algorithm::EdDSA,
            ],
            leeway: Duration::from_secs(60),
            required_scopes: Vec::new(),
            http,
            keys: Arc::default(),
        }
    }

    /// The issuer's JWKS is at `uri` (no metadata discovery).
    #[must_use]
    pub fn with_jwks_uri(mut self, uri: impl Into<String>) -> Self {
        self.jwks_uri = Some(uri.into());
        self
    }

    /// Tokens that are not JWTs (opaque tokens) are checked with RFC 7662 token
    /// introspection at `endpoint`, the server authenticating as `client_id` with HTTP Basic
    /// authentication. An introspected token must be `active`, name this server's resource
    /// in `aud`, and, when it says, come from the issuer and be within `nbf`..`exp`.
    #[must_use]
    pub fn with_introspection(
        mut self,
        endpoint: impl Into<String>,
        client_id: impl Into<String>,
        client_secret: impl Into<String>,
    ) -> Self {
        self.introspection = Some(Introspection {
            endpoint: endpoint.into(),
            client_id: client_id.into(),
            client_secret: client_secret.into(),
        });
        self
    }

    /// Only tokens signed with one of `algorithms` are accepted.
    ///
    /// # Panics
    /// When `algorithms` names an HMAC algorithm (`HS256`, `HS384`, `HS512`): a JWKS holds
    /// public keys, and accepting HMAC is how a token signed with a public key as its secret
    /// gets in.
    #[must_use]
    pub fn with_algorithms(mut self, algorithms: impl IntoIterator<Item = Algorithm>) -> Self {
        let algorithms: Vec<Algorithm> = algorithms.into_iter().collect();
        assert!(
            algorithms
                .iter()
                .all(|alg| alg.family() != jsonwebtoken::AlgorithmFamily::Hmac),
            "OAuth::with_algorithms: HMAC algorithms (HS256, HS384, HS512) are never accepted for access tokens"
        );
        self.algorithms = algorithms;
        self
    }

    /// The clock skew allowed when checking `exp` and `nbf`, at most [`MAX_LEEWAY`] (a
    /// longer one is cut to it).
    #[must_use]
    pub fn with_leeway(mut self, leeway: Duration) -> Self {
        self.leeway = leeway.min(MAX_LEEWAY);
        self
    }

    /// Scopes every token must grant, whatever it calls: a request without them is answered
    /// `403` with `error="insufficient_scope"` naming them.
    #[must_use]
    pub fn with_required_scopes(
        mut self,
        scopes: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        self.required_scopes = scopes.into_iter().map(Into::into).collect();
        self
    }

    /// The resource URI (every token's audience).
    pub fn resource(&self) -> &str {
        &self.resource
    }

    /// The authorization server whose tokens are accepted.
    pub fn issuer(&self) -> &str {
        &self.issuer
    }

    /// The scopes every token must grant.
    pub fn required_scopes(&self) -> &[String] {
        &self.required_scopes
    }

    /// Where the Protected Resource Metadata is: RFC 9728's well-known URI for the resource,
    /// `https://host/.well-known/oauth-protected-resource/mcp` for `https://host/mcp`.
    pub fn metadata_url(&self) -> String {
        match reqwest::Url::parse(&self.resource) {
            Ok(url) => {
                let path = url.path().trim_end_matches('/');
                format!(
                    "{}/.well-known/oauth-protected-resource{path}",
                    url.origin().ascii_serialization()
                )
            }
            Err(_) => format!(
                "{}/.well-known/oauth-protected-resource",
                self.resource.trim_end_matches('/')
            ),
        }
    }

    /// The path of [`metadata_url`](Self::metadata_url) on this server.
    pub(crate) fn metadata_path(&self) -> String {
        reqwest::Url::parse(&self.metadata_url())
            .map(|url| url.path().to_owned())
            .unwrap_or_else(|_| "/.well-known/oauth-protected-resource".to_owned())
    }

    /// The Protected Resource Metadata document (RFC 9728), with `scopes_supported`.
    pub fn metadata(&self, scopes_supported: &[String]) -> Value {
        let mut document = json!({
            "resource": self.resource,
            "authorization_servers": [self.issuer],
            "bearer_methods_supported": ["header"],
            "resource_signing_alg_values_supported": self
                .algorithms
                .iter()
                .map(|alg| format!("{alg:?}"))
                .collect::<Vec<_>>(),
        });
        if !scopes_supported.is_empty() {
            document["scopes_supported"] = json!(scopes_supported);
        }
        document
    }
}
