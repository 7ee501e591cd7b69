//! The OAuth checks of the HTTP router: the bearer token of every request to `/mcp`, the
//! scopes of a `tools/call`, the owner of each 2025-11-25 session, the Protected Resource
//! Metadata routes, and the `401`/`403` answers with MCP's `WWW-Authenticate` parameters.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::Request;
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse as _, Response};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use serde_json::json;

use super::oauth::OAuth;
use super::scopes::ToolScopes;
use crate::context::Caller;

/// An [`OAuth`] and what the router knows of its tools' scopes.
#[derive(Clone)]
pub(crate) struct Auth {
    oauth: OAuth,
    tools: Option<ToolScopes>,
    metadata_url: String,
    /// The metadata document, built once.
    metadata: Arc<serde_json::Value>,
}

impl Auth {
    pub(crate) fn new(oauth: OAuth, tools: Option<ToolScopes>) -> Self {
        let mut supported: Vec<String> = oauth.required_scopes().to_vec();
        for scope in oauth.suggested_scopes() {
            if !supported.contains(scope) {
                supported.push(scope.clone());
            }
        }
        for scope in tools.iter().flat_map(|tools| &tools.all) {
            if !supported.contains(scope) {
                supported.push(scope.clone());
            }
        }
        Auth {
            metadata_url: oauth.metadata_url(),
            metadata: Arc::new(oauth.metadata(&supported)),
            oauth,
            tools,
        }
    }

    /// A `tools/call` whose tool needs scopes the caller lacks: the `403` to answer.
    pub(crate) fn refuse_call(
        &self,
        parts: &Parts,
        message: &ClientJsonRpcMessage,
    ) -> Option<Response> {
        let tools = self.tools.as_ref()?;
        let JsonRpcMessage::Request(request) = message else {
            return None;
        };
        let ClientRequest::CallToolRequest(call) = &request.request else {
            return None;
        };
        let name = if tools.through_call_tool {
            crate::search::tools::target(&call.params)
        } else {
            &call.params.name
        };
        let needed = (tools.of)(name);
        let caller = parts.extensions.get::<Caller>()?;
        let missing = caller.missing(&needed);
        if missing.is_empty() {
            return None;
        }
        // the scopes of the operation: what the client should ask for, with the baseline
        // the server requires or suggests (a token for the tool alone would lose it)
        let mut scope: Vec<&str> = Vec::new();
        for baseline in self
            .oauth
            .required_scopes()
            .iter()
            .chain(self.oauth.suggested_scopes())
        {
            if !scope.contains(&baseline.as_str()) {
                scope.push(baseline);
            }
        }
        for needed in &needed {
            if !scope.contains(&&**needed) {
                scope.push(needed);
            }
        }
        Some(self.answer(
            StatusCode::FORBIDDEN,
            "insufficient_scope",
            &format!(
                "`{name}` needs the scope {} that the access token does not grant",
                missing.join(" ")
            ),
            Some(&scope.join(" ")),
        ))
    }

    /// A `401`, `403` or `400` with `WWW-Authenticate: Bearer …` and a JSON body saying the
    /// same (`error`, `error_description`).
    fn answer(
        &self,
        status: StatusCode,
        error: &str,
        description: &str,
        scope: Option<&str>,
    ) -> Response {
        let mut challenge = format!("Bearer resource_metadata=\"{}\"", self.metadata_url);
        if !error.is_empty() {
            challenge.push_str(&format!(
                ", error=\"{error}\", error_description=\"{}\"",
                quotable(description)
            ));
        }
        if let Some(scope) = scope {
            challenge.push_str(&format!(", scope=\"{}\"", quotable(scope)));
        }
        let body = if error.is_empty() {
            json!({"error": "unauthorized", "error_description": description})
        } else {
            json!({"error": error, "error_description": description})
        };
        let mut response = (status, body.to_string()).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        if let Ok(value) = HeaderValue::from_str(&challenge) {
            headers.insert(header::WWW_AUTHENTICATE, value);
        }
        let error_type = if error.is_empty() {
            status.as_str().to_owned()
        } else {
            error.to_owned()
        };
        response.extensions_mut().insert(super::refused::Refusal {
            error_type: error_type.into(),
            json_rpc: false,
            description: description.to_owned(),
            request_id: None,
        });
        response
    }

    /// The `scope` a `401` suggests: a hint of what to ask for first.
    fn suggested_scope(&self) -> Option<String> {
        let suggested = self.oauth.suggested_scopes();
        (!suggested.is_empty()).then(|| suggested.join(" "))
    }

    /// The `scope` of a `403` for the required scopes: those.
    fn required_scope(&self) -> Option<String> {
        let required = self.oauth.required_scopes();
        (!required.is_empty()).then(|| required.join(" "))
    }
}

/// The Protected Resource Metadata routes (RFC 9728), served beside `/mcp`.
pub(crate) fn metadata_routes(auth: &Auth) -> axum::Router {
    let metadata = auth.metadata.clone();
    let document = move || {
        let metadata = metadata.clone();
        async move {
            let mut response = metadata.to_string().into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            response
        }
    };
    let mut wellknown = axum::Router::new().route(
        "/.well-known/oauth-protected-resource",
        axum::routing::get(document.clone()),
    );
    let path = auth.oauth.metadata_path();
    if path != "/.well-known/oauth-protected-resource" {
        wellknown = wellknown.route(&path, axum::routing::get(document));
    }
    wellknown
}

/// The bearer token of a request to `/mcp`: checked, taken off the request, and its caller
/// put in the request's extensions for the tools. `Err`: the refusal to answer instead.
pub(crate) async fn admit(auth: &Auth, mut request: Request) -> Result<Request, Response> {
    let in_query = request.uri().query().is_some_and(|query| {
        query
            .split('&')
            .any(|pair| pair.split('=').next() == Some("access_token"))
    });
    if in_query {
        return Err(refuse(
            request,
            auth.answer(
                StatusCode::BAD_REQUEST,
                "invalid_request",
                "an access token is accepted only in the Authorization header, never in the URL",
                None,
            ),
        )
        .await);
    }
    let token = request.headers().get(header::AUTHORIZATION).map(|value| {
        value
            .to_str()
            .ok()
            .and_then(|value| value.split_once(' '))
            .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
            .map(|(_, token)| token.trim().to_owned())
    });
    let token = match token {
        None => {
            return Err(refuse(
                request,
                auth.answer(
                    StatusCode::UNAUTHORIZED,
                    "",
                    "this server needs an OAuth access token (Authorization: Bearer …)",
                    auth.suggested_scope().as_deref(),
                ),
            )
            .await);
        }
        Some(None) => {
            return Err(refuse(
                request,
                auth.answer(
                    StatusCode::UNAUTHORIZED,
                    "invalid_request",
                    "the Authorization header is not `Bearer <token>`",
                    None,
                ),
            )
            .await);
        }
        Some(Some(token)) => token,
    };
    request.headers_mut().remove(header::AUTHORIZATION);
    let caller = match auth.oauth.verify(&token).await {
        Ok(caller) => caller,
        Err(error) if error.is_unavailable() => {
            tracing::warn!(%error, "an access token could not be checked");
            return Err(refuse(
                request,
                auth.answer(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "temporarily_unavailable",
                    "the authorization server could not be reached to check the access token",
                    None,
                ),
            )
            .await);
        }
        Err(error) => {
            tracing::debug!(%error, "access token refused");
            return Err(refuse(
                request,
                auth.answer(
                    StatusCode::UNAUTHORIZED,
                    "invalid_token",
                    &error.to_string(),
                    None,
                ),
            )
            .await);
        }
    };
    let missing = caller.missing(auth.oauth.required_scopes());
    if !missing.is_empty() {
        return Err(refuse(
            request,
            auth.answer(
                StatusCode::FORBIDDEN,
                "insufficient_scope",
                &format!(
                    "this server needs the scope {} that the access token does not grant",
                    missing.join(" ")
                ),
                auth.required_scope().as_deref(),
            ),
        )
        .await);
    }
    request.extensions_mut().insert(caller);
    Ok(request)
}

/// A refusal, once what is left of the request's body is read (64 KiB at most): hyper
/// closes a keep-alive connection whose request body was not read, and a client that sent
/// its next request on it (the metadata discovery after a `401`) would see it cut.
async fn refuse(request: Request, answer: Response) -> Response {
    let _ = axum::body::to_bytes(request.into_body(), 64 * 1024).await;
    answer
}

/// Text for a quoted parameter of `WWW-Authenticate` (RFC 6750: no `"` or `\`, printable
/// ASCII).
fn quotable(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '"' | '\\' => '\'',
            c if c.is_ascii() && !c.is_ascii_control() => c,
            _ => '?',
        })
        .collect()
}

/// Who started each 2025-11-25 session: the subject of the token (else its client id) of
/// the request whose answer created it. MCP's security best practices ask that a session
/// be bound to its user, so that a session id someone learns is no way in.
#[derive(Default)]
pub(crate) struct Owners {
    owners: Mutex<HashMap<Arc<str>, String>>,
    /// How many owners the map may hold before the ended sessions are swept out.
    sweep_at: std::sync::atomic::AtomicUsize,
}

/// Who a caller is, for a session: its subject, else its client id.
fn owner_of(caller: &Caller) -> Option<String> {
    caller
        .subject()
        .map(|subject| format!("sub:{subject}"))
        .or_else(|| caller.client_id().map(|client| format!("client:{client}")))
}

/// An admitted request, as [`Owners::settle`] needs it: who sent it and the session it names.
pub(crate) struct Pass {
    caller: Option<String>,
    session: Option<Arc<str>>,
}

impl Owners {
    /// Refuses a request that names a session another caller started (`404`, as for a
    /// session that does not exist); else what [`settle`](Self::settle) needs once the
    /// request is answered.
    pub(crate) async fn admit(&self, request: Request) -> Result<(Request, Pass), Response> {
        // a token that names neither subject nor client: the owner is "no one", whom
        // only such tokens match
        let caller = request
            .extensions()
            .get::<Caller>()
            .map(|caller| owner_of(caller).unwrap_or_default());
        let session = request
            .headers()
            .get("mcp-session-id")
            .and_then(|value| value.to_str().ok())
            .map(Arc::<str>::from);
        if let Some(session) = &session {
            let owner = self.owners.lock().unwrap().get(session).cloned();
            if let Some(owner) = owner
                && caller.as_ref() != Some(&owner)
            {
                tracing::debug!(
                    session = %session,
                    "a session used by another caller than the one that started it"
                );
                let answer =
                    (StatusCode::NOT_FOUND, "Not Found: Session not found").into_response();
                return Err(refuse(request, answer).await);
            }
        }
        Ok((request, Pass { caller, session }))
    }

    /// After an admitted request's answer: forgets the owner of the session it names when
    /// the answer `ended` it (a `DELETE` that succeeded), and notes the owner of a session
    /// the answer's `headers` say it created.
    pub(crate) async fn settle(
        &self,
        sessions: &rmcp::transport::streamable_http_server::session::local::LocalSessionManager,
        pass: Pass,
        ended: bool,
        headers: &axum::http::HeaderMap,
    ) {
        if let Some(session) = &pass.session {
            if ended {
                self.owners.lock().unwrap().remove(session);
            }
            return;
        }
        let created = headers
            .get("mcp-session-id")
            .and_then(|value| value.to_str().ok());
        if let (Some(created), Some(caller)) = (created, pass.caller) {
            let len = {
                let mut owners = self.owners.lock().unwrap();
                owners.insert(Arc::from(created), caller);
                owners.len()
            };
            self.sweep(sessions, len).await;
        }
    }

    /// Forgets the owners of sessions that ended without a `DELETE` (expired, closed), once
    /// the map has doubled since the last sweep.
    async fn sweep(
        &self,
        sessions: &rmcp::transport::streamable_http_server::session::local::LocalSessionManager,
        len: usize,
    ) {
        use rmcp::transport::streamable_http_server::session::SessionManager as _;
        use std::sync::atomic::Ordering;
        if len < self.sweep_at.load(Ordering::Relaxed).max(1024) {
            return;
        }
        let known: Vec<Arc<str>> = self.owners.lock().unwrap().keys().cloned().collect();
        let mut ended = Vec::new();
        for session in known {
            if !sessions.has_session(&session).await.unwrap_or(true) {
                ended.push(session);
            }
        }
        let mut owners = self.owners.lock().unwrap();
        for session in ended {
            owners.remove(&session);
        }
        self.sweep_at.store(owners.len() * 2, Ordering::Relaxed);
    }
}
