//! Checking a token: an [`OAuth`]'s keys (fetched from the issuer, discovered through its
//! metadata, refreshed when a token names a key the set lacks), a JWT's signature and
//! claims, and RFC 7662 introspection of opaque tokens.

use std::time::Instant;

use jsonwebtoken::jwk::{AlgorithmParameters, Jwk, JwkSet};
use jsonwebtoken::{DecodingKey, Validation, decode, decode_header};
use rmcp::model::JsonObject;
use serde_json::Value;

pub use jsonwebtoken::Algorithm;

use crate::context::Caller;

use crate::serve::oauth::{KEYS_MAX_AGE, Key, Keys, OAuth, REFETCH_INTERVAL, TokenError};

impl OAuth {
    /// Fetches the issuer's keys now (discovering where they are first, unless told):
    /// call it at start-up so that a wrong issuer or JWKS URI fails there rather than at
    /// the first request.
    ///
    /// # Errors
    /// When the metadata or the keys cannot be fetched or read.
    pub async fn fetch_keys(&self) -> Result<(), crate::serve::Error> {
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
