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

use jsonwebtoken::jwk::{AlgorithmParameters, Jwk, JwkSet};
use jsonwebtoken::{DecodingKey, Validation, decode, decode_header};
use rmcp::model::JsonObject;
use serde_json::{Value, json};
use tokio::sync::RwLock;

pub use jsonwebtoken::Algorithm;

use crate::Caller;

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
#[derive(Debug, Clone, PartialEq, Eq)]
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

    /// Fetches the issuer's keys now (discovering where they are first, unless told):
    /// call it at start-up so that a wrong issuer or JWKS URI fails there rather than at
    /// the first request.
    ///
    /// # Errors
    /// When the metadata or the keys cannot be fetched or read.
    pub async fn fetch_keys(&self) -> Result<(), super::Error> {
        let mut keys = self.keys.write().await;
        self.refresh(&mut keys)
            .await
            .map_err(|e| e.description.into())
    }

    /// Checks an access token: the [`Caller`] it identifies, or why it is refused.
    ///
    /// # Errors
    /// A [`TokenError`] saying what is wrong with the token (expired, for another
    /// resource, a signature that does not verify, …).
    pub async fn verify(&self, token: &str) -> Result<Caller, TokenError> {
        match decode_header(token) {
            Ok(header) => self.verify_jwt(token, header).await,
            Err(_) if self.introspection.is_some() && !token.contains('.') => {
                self.introspect(token).await
            }
            Err(_) => Err(TokenError::invalid(
                "the access token is not a JWT this server can read (an unknown or missing `alg` such as `none` is refused)",
            )),
        }
    }

    async fn verify_jwt(
        &self,
        token: &str,
        header: jsonwebtoken::Header,
    ) -> Result<Caller, TokenError> {
        let alg = header.alg;
        if !self.algorithms.contains(&alg) {
            return Err(TokenError::invalid(format!(
                "tokens signed with {alg:?} are not accepted"
            )));
        }
        let key = self.key_for(header.kid.as_deref(), alg).await?;
        let mut validation = Validation::new(alg);
        validation.algorithms = vec![alg];
        validation.leeway = self.leeway.as_secs();
        validation.validate_nbf = true;
        validation.set_issuer(&[&self.issuer]);
        validation.set_audience(&[&self.resource]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        let data = decode::<JsonObject>(token, &key, &validation).map_err(|error| {
            use jsonwebtoken::errors::ErrorKind;
            TokenError::invalid(match error.kind() {
                ErrorKind::ExpiredSignature => "the access token has expired".to_owned(),
                ErrorKind::ImmatureSignature => {
                    "the access token is not valid yet (nbf)".to_owned()
                }
                ErrorKind::InvalidAudience => format!(
                    "the access token was issued for another resource: its audience is not `{}`",
                    self.resource
                ),
                ErrorKind::InvalidIssuer => {
                    format!("the access token was not issued by `{}`", self.issuer)
                }
                ErrorKind::InvalidSignature => {
                    "the access token's signature does not verify".to_owned()
                }
                ErrorKind::MissingRequiredClaim(claim) => {
                    format!("the access token has no `{claim}` claim")
                }
                _ => "the access token cannot be read".to_owned(),
            })
        })?;
        Ok(Caller::from_claims(data.claims))
    }

    /// The key that signed a token with this `kid` and `alg`: from the cache, else after
    /// fetching the keys again (rotation), at most every [`REFETCH_INTERVAL`].
    async fn key_for(&self, kid: Option<&str>, alg: Algorithm) -> Result<DecodingKey, TokenError> {
        {
            let keys = self.keys.read().await;
            let fresh = keys
                .fetched
                .is_some_and(|fetched| fetched.elapsed() < KEYS_MAX_AGE);
            if fresh && let Some(key) = pick(&keys.keys, kid, alg)? {
                return Ok(key);
            }
            if keys
                .fetched
                .is_some_and(|fetched| fetched.elapsed() < REFETCH_INTERVAL)
            {
                return Err(unknown_key(kid));
            }
        }
        let mut keys = self.keys.write().await;
        // another request may have fetched them meanwhile
        let recent = keys
            .fetched
            .is_some_and(|fetched| fetched.elapsed() < REFETCH_INTERVAL);
        if !recent {
            self.refresh(&mut keys).await?;
        }
        pick(&keys.keys, kid, alg)?.ok_or_else(|| unknown_key(kid))
    }

    /// Fetches the keys (and, the first time, where they are).
    async fn refresh(&self, keys: &mut Keys) -> Result<(), TokenError> {
        let uri = match (&self.jwks_uri, &keys.jwks_uri) {
            (Some(uri), _) | (None, Some(uri)) => uri.clone(),
            (None, None) => {
                let uri = self.discover().await?;
                keys.jwks_uri = Some(uri.clone());
                uri
            }
        };
        // a failed fetch is not retried before the interval either
        keys.fetched = Some(Instant::now());
        let set: JwkSet = self.get_json(&uri).await?;
        keys.keys = set.keys.iter().filter_map(Key::from_jwk).collect();
        Ok(())
    }

    /// The JWKS URI from the issuer's metadata: RFC 8414, else OpenID Connect discovery.
    async fn discover(&self) -> Result<String, TokenError> {
        let issuer = self.issuer.trim_end_matches('/');
        let mut candidates = Vec::new();
        if let Ok(url) = reqwest::Url::parse(issuer) {
            let path = url.path().trim_end_matches('/');
            candidates.push(format!(
                "{}/.well-known/oauth-authorization-server{path}",
                url.origin().ascii_serialization()
            ));
        }
        candidates.push(format!("{issuer}/.well-known/openid-configuration"));
        let mut last = None;
        for candidate in candidates {
            match self.get_json::<JsonObject>(&candidate).await {
                Ok(document) => {
                    let named = document.get("issuer").and_then(Value::as_str);
                    if named.map(|n| n.trim_end_matches('/')) != Some(issuer) {
                        return Err(TokenError::unavailable(format!(
                            "the metadata at {candidate} names another issuer than `{}`",
                            self.issuer
                        )));
                    }
                    return document
                        .get("jwks_uri")
                        .and_then(Value::as_str)
                        .map(str::to_owned)
                        .ok_or_else(|| {
                            TokenError::unavailable(format!(
                                "the metadata at {candidate} has no `jwks_uri`"
                            ))
                        });
                }
                Err(error) => last = Some(error),
            }
        }
        Err(last.unwrap_or_else(|| TokenError::unavailable("no metadata")))
    }

    async fn get_json<T: serde::de::DeserializeOwned>(&self, url: &str) -> Result<T, TokenError> {
        let response = self
            .http
            .get(url)
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(|error| TokenError::unavailable(format!("cannot fetch {url}: {error}")))?;
        response
            .json()
            .await
            .map_err(|error| TokenError::unavailable(format!("cannot read {url}: {error}")))
    }

    /// RFC 7662: asks the authorization server about an opaque token.
    async fn introspect(&self, token: &str) -> Result<Caller, TokenError> {
        let Some(introspection) = &self.introspection else {
            return Err(TokenError::invalid("the access token is not a JWT"));
        };
        let response = self
            .http
            .post(&introspection.endpoint)
            .basic_auth(&introspection.client_id, Some(&introspection.client_secret))
            .form(&[("token", token), ("token_type_hint", "access_token")])
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(|_| {
                // reqwest's error would name the URL only, but say nothing of the token either
                TokenError::unavailable("the introspection endpoint could not be asked")
            })?;
        let claims: JsonObject = response.json().await.map_err(|_| {
            TokenError::unavailable("the introspection endpoint's answer cannot be read")
        })?;
        if claims.get("active") != Some(&Value::Bool(true)) {
            return Err(TokenError::invalid(
                "the access token is not active (expired, revoked or unknown)",
            ));
        }
        let audience_fits = match claims.get("aud") {
            Some(Value::String(aud)) => *aud == self.resource,
            Some(Value::Array(auds)) => auds.iter().any(|aud| aud.as_str() == Some(&self.resource)),
            _ => false,
        };
        if !audience_fits {
            return Err(TokenError::invalid(format!(
                "the access token was issued for another resource: its audience is not `{}`",
                self.resource
            )));
        }
        if let Some(iss) = claims.get("iss").and_then(Value::as_str)
            && iss != self.issuer
        {
            return Err(TokenError::invalid(format!(
                "the access token was not issued by `{}`",
                self.issuer
            )));
        }
        let now = chrono::Utc::now().timestamp();
        let leeway = i64::try_from(self.leeway.as_secs()).unwrap_or(0);
        if let Some(exp) = claims.get("exp").and_then(Value::as_i64)
            && exp + leeway < now
        {
            return Err(TokenError::invalid("the access token has expired"));
        }
        if let Some(nbf) = claims.get("nbf").and_then(Value::as_i64)
            && nbf - leeway > now
        {
            return Err(TokenError::invalid(
                "the access token is not valid yet (nbf)",
            ));
        }
        Ok(Caller::from_claims(claims))
    }
}

impl Key {
    /// A public key of the set; `None` for a key no accepted algorithm can use (a
    /// symmetric `oct` key above all: its bytes would be an HMAC secret).
    fn from_jwk(jwk: &Jwk) -> Option<Key> {
        use jsonwebtoken::AlgorithmFamily;
        let family = match &jwk.algorithm {
            AlgorithmParameters::RSA(_) => AlgorithmFamily::Rsa,
            AlgorithmParameters::EllipticCurve(_) => AlgorithmFamily::Ec,
            AlgorithmParameters::OctetKeyPair(_) => AlgorithmFamily::Ed,
            _ => return None,
        };
        if jwk
            .common
            .public_key_use
            .as_ref()
            .is_some_and(|usage| *usage != jsonwebtoken::jwk::PublicKeyUse::Signature)
        {
            return None;
        }
        Some(Key {
            kid: jwk.common.key_id.clone(),
            alg: jwk.common.key_algorithm.map(|alg| alg.to_string()),
            family,
            key: DecodingKey::from_jwk(jwk).ok()?,
        })
    }

    fn fits(&self, alg: Algorithm) -> bool {
        alg.family() == self.family
            && self
                .alg
                .as_deref()
                .is_none_or(|stated| stated == format!("{alg:?}"))
    }
}

/// The key for `kid` and `alg`: `Ok(None)` when the set has none with that `kid` (or, without
/// one, no key or several that fit), an error when the `kid`'s key is for another algorithm.
fn pick(
    keys: &[Key],
    kid: Option<&str>,
    alg: Algorithm,
) -> Result<Option<DecodingKey>, TokenError> {
    match kid {
        Some(kid) => match keys.iter().find(|key| key.kid.as_deref() == Some(kid)) {
            Some(key) if key.fits(alg) => Ok(Some(key.key.clone())),
            Some(_) => Err(TokenError::invalid(format!(
                "the key `{kid}` is not for {alg:?}"
            ))),
            None => Ok(None),
        },
        None => {
            let mut fitting = keys.iter().filter(|key| key.fits(alg));
            match (fitting.next(), fitting.next()) {
                (Some(key), None) => Ok(Some(key.key.clone())),
                _ => Ok(None),
            }
        }
    }
}

fn unknown_key(kid: Option<&str>) -> TokenError {
    match kid {
        Some(kid) => TokenError::invalid(format!(
            "the access token is signed with a key the authorization server does not publish (kid `{kid}`)"
        )),
        None => TokenError::invalid(
            "the access token names no key (kid) and the authorization server publishes no single key for it",
        ),
    }
}
