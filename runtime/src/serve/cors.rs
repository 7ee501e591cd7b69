//! CORS for browser clients ([`HttpOptions::with_cors_origins`]): the preflight a browser
//! sends before a request from a page of another origin, answered for the origins on the
//! list as the Fetch standard asks, and the headers a page may read on each response.
//!
//! An origin not on the list gets no `Access-Control-Allow-*` header: its preflight goes on
//! to rmcp (which refuses it) and its requests meet the `Origin` check as before.
//!
//! [`HttpOptions::with_cors_origins`]: super::HttpOptions::with_cors_origins

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};

/// How long a browser may keep a preflight's answer, in seconds (Chromium keeps one at most
/// two hours, Firefox a day).
const MAX_AGE: &str = "7200";

/// The methods of `/mcp`: a `POST` of messages, the `GET` of a stream, the `DELETE` of a
/// session.
const METHODS: &str = "GET, POST, DELETE";

/// The request headers a client of MCP sends that a page may not send without a preflight:
/// the protocol's own (`Mcp-Param-*` for a parameter sent as a header, by prefix) and the
/// standard ones it uses.
const HEADERS: [&str; 8] = [
    "authorization",
    "content-type",
    "last-event-id",
    "mcp-method",
    "mcp-name",
    "mcp-protocol-version",
    "mcp-session-id",
    "traceparent",
];

/// The response headers a page may read besides the CORS-safelisted ones: the session, the
/// protocol version, the OAuth challenge of a `401`/`403` (where a client finds the
/// authorization server) and the wait of a `503`.
const EXPOSED: &str = "Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After";

/// The origins on the list, as `HttpOptions::allowed_origins` writes them.
#[derive(Clone)]
pub(crate) struct Cors {
    origins: Arc<[String]>,
}

impl Cors {
    pub(crate) fn new(origins: &[String]) -> Option<Self> {
        (!origins.is_empty()).then(|| Cors {
            origins: origins
                .iter()
                .map(|origin| origin.to_ascii_lowercase())
                .collect(),
        })
    }

    /// Whether `origin` is on the list: equal to an entry, or to an entry whose port is `*`
    /// with any port.
    fn allows(&self, origin: &str) -> bool {
        let origin = origin.to_ascii_lowercase();
        self.origins
            .iter()
            .any(|entry| match entry.strip_suffix(":*") {
                Some(base) => {
                    origin == base
                        || origin.strip_prefix(base).is_some_and(|rest| {
                            rest.strip_prefix(':').is_some_and(|port| {
                                !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit())
                            })
                        })
                }
                None => origin == *entry,
            })
    }
}

/// The layer: a preflight from an origin on the list is answered here; a request from one
/// gets the headers its page may read.
pub(crate) async fn cors(State(cors): State<Cors>, request: Request, next: Next) -> Response {
    let origin = request
        .headers()
        .get(header::ORIGIN)
        .filter(|origin| origin.to_str().is_ok_and(|origin| cors.allows(origin)))
        .cloned();
    let Some(origin) = origin else {
        let mut response = next.run(request).await;
        vary(response.headers_mut(), "Origin");
        return response;
    };
    let preflight = request.method() == Method::OPTIONS
        && request
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD);
    if preflight {
        return preflight_answer(origin, request.headers());
    }
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    headers.insert(
        header::ACCESS_CONTROL_EXPOSE_HEADERS,
        HeaderValue::from_static(EXPOSED),
    );
    vary(headers, "Origin");
    response
}

/// `204` with what the page may do: the methods of `/mcp`, the headers it asked for that
/// MCP uses (a header it asked for that MCP does not use is left out, and the browser then
/// refuses the request), for [`MAX_AGE`] seconds.
fn preflight_answer(origin: HeaderValue, request: &HeaderMap) -> Response {
    let asked = request
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let allowed: Vec<String> = asked
        .split(',')
        .map(|name| name.trim().to_ascii_lowercase())
        .filter(|name| HEADERS.contains(&name.as_str()) || name.starts_with("mcp-param-"))
        .collect();
    let mut response = StatusCode::NO_CONTENT.into_response();
    let headers = response.headers_mut();
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
    headers.insert(
        header::ACCESS_CONTROL_ALLOW_METHODS,
        HeaderValue::from_static(METHODS),
    );
    if !allowed.is_empty()
        && let Ok(value) = HeaderValue::from_str(&allowed.join(", "))
    {
        headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, value);
    }
    headers.insert(
        header::ACCESS_CONTROL_MAX_AGE,
        HeaderValue::from_static(MAX_AGE),
    );
    vary(
        headers,
        "Origin, Access-Control-Request-Method, Access-Control-Request-Headers",
    );
    response
}

/// Adds `names` to the response's `Vary`.
fn vary(headers: &mut HeaderMap, names: &'static str) {
    headers.append(header::VARY, HeaderValue::from_static(names));
}

#[cfg(test)]
mod tests {
    use super::Cors;

    #[test]
    fn an_origin_is_on_the_list_exactly_or_by_a_port_wildcard() {
        let cors = Cors::new(&[
            "https://app.example".to_owned(),
            "http://localhost:*".to_owned(),
        ])
        .unwrap();
        assert!(cors.allows("https://app.example"));
        assert!(cors.allows("HTTPS://APP.EXAMPLE"));
        assert!(cors.allows("http://localhost:6274"));
        assert!(cors.allows("http://localhost"));
        assert!(!cors.allows("https://app.example:8443"));
        assert!(!cors.allows("https://app.example.evil"));
        assert!(!cors.allows("http://localhost.evil:80"));
        assert!(!cors.allows("http://localhost:80x"));
        assert!(!cors.allows("null"));
        assert!(Cors::new(&[]).is_none());
    }
}
