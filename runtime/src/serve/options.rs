//! How [`Server::http_router`](crate::Server::http_router) serves HTTP: the origins and
//! hosts it accepts, CORS, the transports' limits, OAuth.

use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;

use super::Limits;

/// How [`Server::http_router`](crate::Server::http_router) serves HTTP.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct HttpOptions {
    /// Browser origins allowed to call the server (the `Origin` header; requests without one,
    /// which is every non-browser client, always pass). A request from any other origin is
    /// answered `403 Forbidden`, as the MCP specification asks. Entries are
    /// `scheme://host[:port]`, a port of `*` matching any. Default: loopback only,
    /// `http://localhost:*`, `http://127.0.0.1:*`, `http://[::1]:*` and their `https` forms.
    pub allowed_origins: Vec<String>,
    /// Browser origins whose pages may call the server across origins (CORS), written as
    /// `allowed_origins` are; each is allowed by the `Origin` check too. Empty by default:
    /// no page of another origin can read an answer. See
    /// [`with_cors_origins`](Self::with_cors_origins).
    pub cors_origins: Vec<String>,
    /// `Host` headers accepted (DNS-rebinding protection). Default: `localhost`,
    /// `127.0.0.1`, `::1`.
    pub allowed_hosts: Vec<String>,
    /// Message size limits.
    pub limits: Limits,
    /// The OAuth resource server that checks every request's access token (feature
    /// `oauth`); `None`: no authentication, every caller is the local user.
    #[cfg(feature = "oauth")]
    pub oauth: Option<super::oauth::OAuth>,
}

impl Default for HttpOptions {
    fn default() -> Self {
        let mut allowed_origins = Vec::new();
        for scheme in ["http", "https"] {
            for host in ["localhost", "127.0.0.1", "[::1]"] {
                allowed_origins.push(format!("{scheme}://{host}:*"));
            }
        }
        HttpOptions {
            allowed_origins,
            cors_origins: Vec::new(),
            allowed_hosts: vec!["localhost".into(), "127.0.0.1".into(), "::1".into()],
            limits: Limits::default(),
            #[cfg(feature = "oauth")]
            oauth: None,
        }
    }
}

impl HttpOptions {
    /// These options with `origins` as the allowed browser origins (replacing the loopback
    /// default).
    #[must_use]
    pub fn with_allowed_origins(
        mut self,
        origins: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        self.allowed_origins = origins.into_iter().map(Into::into).collect();
        self
    }

    /// These options with `origins` as the origins whose pages may call the server from a
    /// browser (the MCP Inspector's web UI, a web host), by CORS: entries are
    /// `scheme://host[:port]`, a port of `*` matching any, as in
    /// [`allowed_origins`](Self::allowed_origins), which they join.
    ///
    /// For an origin on the list, the server answers the browser's preflight (`OPTIONS`
    /// with `Access-Control-Request-Method`) with `204`: `Access-Control-Allow-Origin` (the
    /// origin), `-Allow-Methods` (`GET, POST, DELETE`), `-Allow-Headers` (those asked for
    /// that MCP uses: `Authorization`, `Content-Type`, `Last-Event-ID`, `Mcp-Session-Id`,
    /// `Mcp-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`, `traceparent`) and
    /// `-Max-Age`; each response carries `Access-Control-Allow-Origin` and
    /// `Access-Control-Expose-Headers` (`Mcp-Session-Id`, `Mcp-Protocol-Version`,
    /// `WWW-Authenticate`, `Retry-After`), and every response `Vary: Origin`. An origin not
    /// on the list gets none of these, and its requests meet the `Origin` check as before.
    ///
    /// ```
    /// use toolshape::serve::HttpOptions;
    ///
    /// let options = HttpOptions::default()
    ///     .with_cors_origins(["https://app.example.com", "http://localhost:*"]);
    /// assert_eq!(options.cors_origins.len(), 2);
    /// ```
    #[must_use]
    pub fn with_cors_origins(
        mut self,
        origins: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        self.cors_origins = origins.into_iter().map(Into::into).collect();
        self
    }

    /// These options with `hosts` as the accepted `Host` headers.
    #[must_use]
    pub fn with_allowed_hosts(
        mut self,
        hosts: impl IntoIterator<Item = impl Into<String>>,
    ) -> Self {
        self.allowed_hosts = hosts.into_iter().map(Into::into).collect();
        self
    }

    /// These options with `limits`.
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// These options with OAuth: every request to `/mcp` needs a bearer access token that
    /// `oauth` accepts, and the router serves the Protected Resource Metadata (RFC 9728).
    /// See [`Server::http_router`](crate::Server::http_router) for the answers, and the guide's "securing a server" page.
    #[cfg(feature = "oauth")]
    #[must_use]
    pub fn with_oauth(mut self, oauth: super::oauth::OAuth) -> Self {
        self.oauth = Some(oauth);
        self
    }

    /// rmcp's configuration for these options.
    pub(super) fn rmcp_config(&self) -> StreamableHttpServerConfig {
        StreamableHttpServerConfig::default()
            .with_allowed_hosts(self.allowed_hosts.clone())
            .with_allowed_origins(
                self.allowed_origins
                    .iter()
                    .chain(&self.cors_origins)
                    .cloned()
                    .collect::<Vec<_>>(),
            )
            .enforce_origin_validation()
            .with_max_request_body_bytes(self.limits.max_message_bytes)
    }
}
