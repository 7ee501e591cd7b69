//! The cache hints of a server's list and read answers (MCP 2026-07-28, SEP-2549): how long
//! a client may treat an answer as fresh (`ttlMs`), and whether a cache may give it to any
//! caller or only to the one who asked (`cacheScope`). [`CacheHints`] sets them, given in
//! [`About`](super::About).

use std::time::Duration;

use rmcp::model::CacheScope;

/// How long clients may reuse a server's answers to `tools/list`, `prompts/list`,
/// `resources/list`, `resources/templates/list`, `resources/read`, `skills/list` and
/// `skills/get` (`ttlMs`), and for whom
/// (`cacheScope`), given with [`About::with_cache_hints`](super::About::with_cache_hints).
///
/// Without it every such answer carries hints that are right for what the server is:
///
/// | the answer | `cacheScope` | `ttlMs` |
/// |---|---|---|
/// | the tool listing when a tool needs OAuth scopes or a [filter](super::Access::with_filter) decides per caller | `private` | 0: a client that changes its token (a step-up to more scopes) must see its new tools at once, and clients need not keep a cache per token (the Python SDK does not) |
/// | the tool listing with a [`ToolSwitch`](super::ToolSwitch) | `private` | [`CacheHints::CHANGING_TTL`] (30 s); a 2025-11-25 session is also told of each change, and a client drops its cached listing then |
/// | the handler's listings and reads | `private` (what they depend on is the handler's) | 30 s when the handler advertises `listChanged` (`subscribe` for reads), else [`CacheHints::FIXED_TTL`] |
/// | anything else: the listing of a server whose tools are the same for everyone, its MCP Apps views, its [skills](mod@crate::skills), the empty listings of a server without a handler | `public` | [`CacheHints::FIXED_TTL`] (10 minutes): a new version of the server is seen within that time |
///
/// An answer the handler gives with hints of its own keeps them.
///
/// ```
/// use std::time::Duration;
/// use toolshape::serve::{About, CacheHints};
/// use toolshape::{Server, ToolSet};
///
/// // Every answer fresh for a minute, whatever can change.
/// let server = Server::new((), ToolSet::default())
///     .with_info(About::default().with_cache_hints(CacheHints::new().with_ttl(Duration::from_secs(60))));
/// // No caching: every answer is stale at once (`ttlMs: 0`, `private`).
/// let server = server.with_info(About::default().with_cache_hints(CacheHints::off()));
/// # let _ = server;
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CacheHints {
    /// One TTL for every answer ([`CacheHints::with_ttl`]); `None`: by what can change.
    ttl: Option<Duration>,
    /// [`CacheHints::off`].
    off: bool,
}

impl CacheHints {
    /// How long an answer that can change while the server runs is fresh, by default.
    pub const CHANGING_TTL: Duration = Duration::from_secs(30);
    /// How long an answer fixed for the server's life is fresh, by default.
    pub const FIXED_TTL: Duration = Duration::from_secs(10 * 60);

    /// The hints described above.
    pub fn new() -> Self {
        CacheHints::default()
    }

    /// Every answer fresh for `ttl`, whatever it depends on (the scopes stay as described
    /// above): for a server whose clients keep a cache per token, or that would rather be
    /// asked again sooner.
    #[must_use]
    pub fn with_ttl(mut self, ttl: Duration) -> Self {
        self.ttl = Some(ttl);
        self
    }

    /// No caching: every answer says `ttlMs: 0` (stale at once) and `cacheScope: private`.
    /// (The 2026-07-28 protocol requires both members on these answers, so they are not left
    /// out.)
    pub fn off() -> Self {
        CacheHints {
            ttl: None,
            off: true,
        }
    }

    /// The hint of an answer that depends on `what` (see the table above).
    pub(crate) fn hint(self, what: Depends) -> (u64, CacheScope) {
        if self.off {
            return (0, CacheScope::Private);
        }
        let (ttl, scope) = match what {
            Depends::Token => (Duration::ZERO, CacheScope::Private),
            Depends::Changes => (Self::CHANGING_TTL, CacheScope::Private),
            Depends::Handler => (Self::FIXED_TTL, CacheScope::Private),
            Depends::Nothing => (Self::FIXED_TTL, CacheScope::Public),
        };
        let ttl = self.ttl.unwrap_or(ttl);
        (u64::try_from(ttl.as_millis()).unwrap_or(u64::MAX), scope)
    }
}

/// What an answer depends on, for its cache hints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Depends {
    /// The caller's token or identity.
    Token,
    /// What can change while the server runs (a switch; a handler that says it can change).
    Changes,
    /// The handler, which says nothing of what it depends on.
    Handler,
    /// Nothing: the same for everyone, for the server's life.
    Nothing,
}

/// An answer that carries cache hints: every list result and `resources/read`'s.
pub(crate) trait Cacheable {
    /// Sets the hints, unless the answer has some of its own (a handler's).
    fn hinted(self, hint: (u64, CacheScope)) -> Self;
}

macro_rules! cacheable {
    ($($result:ty),*) => {$(
        impl Cacheable for $result {
            fn hinted(mut self, (ttl_ms, scope): (u64, CacheScope)) -> Self {
                if self.ttl_ms.is_none() && self.cache_scope.is_none() {
                    self.ttl_ms = Some(ttl_ms);
                    self.cache_scope = Some(scope);
                }
                self
            }
        }
    )*};
}

cacheable!(
    rmcp::model::ListToolsResult,
    rmcp::model::ListPromptsResult,
    rmcp::model::ListResourcesResult,
    rmcp::model::ListResourceTemplatesResult,
    rmcp::model::ReadResourceResult,
    rmcp::model::ListSkillsResult,
    rmcp::model::GetSkillResult
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_by_what_can_change_and_for_whom() {
        let hints = CacheHints::new();
        assert_eq!(hints.hint(Depends::Nothing), (600_000, CacheScope::Public));
        assert_eq!(hints.hint(Depends::Handler), (600_000, CacheScope::Private));
        assert_eq!(hints.hint(Depends::Changes), (30_000, CacheScope::Private));
        assert_eq!(hints.hint(Depends::Token), (0, CacheScope::Private));
        let minute = CacheHints::new().with_ttl(Duration::from_secs(60));
        assert_eq!(minute.hint(Depends::Token), (60_000, CacheScope::Private));
        assert_eq!(minute.hint(Depends::Nothing), (60_000, CacheScope::Public));
        assert_eq!(
            CacheHints::off().hint(Depends::Nothing),
            (0, CacheScope::Private)
        );
    }
}
