//! What a [`Server`](crate::Server) says of itself: [`About`], given to
//! [`Server::with_info`](crate::Server::with_info) — its name and version, its
//! instructions, its capabilities, whether each result's provenance names the caller, and
//! how long clients may cache its listings ([`CacheHints`]).

use rmcp::model::{Implementation, ServerCapabilities};

use super::CacheHints;
use crate::skills::Skills;

/// What a [`Server`](crate::Server) tells its clients about itself, given to
/// [`Server::with_info`](crate::Server::with_info) in one value. Each part left unset keeps
/// the server's (`toolshape-server`, no instructions, toolshape's default capabilities, no
/// caller in the provenance, [`CacheHints::default`]). An [`Implementation`] alone converts
/// into one.
///
/// ```
/// use toolshape::rmcp::model::Implementation;
/// use toolshape::serve::About;
/// use toolshape::{Server, ToolSet};
///
/// let server = Server::new((), ToolSet::default()).with_info(
///     About::new(Implementation::new("inventory", "1.2.0"))
///         .with_instructions("Read-only: use `search_items` before `get_item`."),
/// );
/// let info = rmcp::ServerHandler::get_info(&server);
/// assert_eq!(info.server_info.name, "inventory");
/// assert!(info.instructions.is_some());
///
/// // only the name and version
/// let server = server.with_info(Implementation::new("inventory", "1.3.0"));
/// # let _ = server;
/// ```
#[derive(Debug, Clone, Default)]
pub struct About {
    pub(crate) implementation: Option<Implementation>,
    pub(crate) instructions: Option<String>,
    pub(crate) capabilities: Option<ServerCapabilities>,
    pub(crate) caller_in_provenance: bool,
    pub(crate) cache_hints: Option<CacheHints>,
    pub(crate) skills: Option<Skills>,
}

impl From<Implementation> for About {
    fn from(implementation: Implementation) -> Self {
        About::new(implementation)
    }
}

impl About {
    /// The server's `serverInfo` in its `initialize` answer: its name and version (pass your
    /// crate's), and optionally a title for people, a description, icons, a website.
    pub fn new(implementation: Implementation) -> Self {
        About {
            implementation: Some(implementation),
            ..About::default()
        }
    }

    /// The `instructions` the server gives clients at initialisation.
    #[must_use]
    pub fn with_instructions(mut self, instructions: impl Into<String>) -> Self {
        self.instructions = Some(instructions.into());
        self
    }

    /// What the server advertises besides its tools, instead of toolshape's default
    /// (resources, prompts, completions and logging, answered empty when nothing serves
    /// them, so that clients which list them get an answer): for a server that must
    /// advertise exactly what another implementation did. The `tools` capability is kept
    /// (as given, or `{}`), and so is the tasks extension when a tool can run as a task; a
    /// handler given to [`Server::with_handler`](crate::Server::with_handler) still adds
    /// what it advertises. Methods of capabilities left out are still answered (an empty
    /// list, a level accepted).
    ///
    /// ```
    /// use rmcp::model::ServerCapabilities;
    /// use toolshape::serve::About;
    /// use toolshape::{Server, ToolSet};
    ///
    /// let server = Server::new((), ToolSet::default()).with_info(
    ///     About::default().with_capabilities(ServerCapabilities::builder().enable_prompts().build()),
    /// );
    /// let capabilities = rmcp::ServerHandler::get_info(&server).capabilities;
    /// assert!(capabilities.tools.is_some() && capabilities.prompts.is_some());
    /// assert!(capabilities.logging.is_none() && capabilities.resources.is_none());
    /// ```
    #[must_use]
    pub fn with_capabilities(mut self, capabilities: ServerCapabilities) -> Self {
        self.capabilities = Some(capabilities);
        self
    }

    /// Records who asked in every result's provenance: `metadata.caller` (or
    /// `_meta["dev.toolshape/provenance"].caller`) is the subject of the caller's access
    /// token, or the local user's name over stdio. Off by default: the subject is personal
    /// data that not every audit trail should carry.
    #[must_use]
    pub fn with_caller_in_provenance(mut self) -> Self {
        self.caller_in_provenance = true;
        self
    }

    /// How long clients may reuse the server's listings and resource reads, and for whom
    /// (`ttlMs`, `cacheScope`): see [`CacheHints`] for what the server says without it.
    #[must_use]
    pub fn with_cache_hints(mut self, hints: CacheHints) -> Self {
        self.cache_hints = Some(hints);
        self
    }

    /// The skills the server serves (MCP's skills extension): `skills/list` and `skills/get`
    /// answer from them, each file is a `skill://` resource in `resources/list` (each skill's
    /// `SKILL.md`) and `resources/read`, each skill's folders are listed by
    /// `resources/directory/read`, and the server advertises the extension
    /// (`capabilities.extensions["io.modelcontextprotocol/skills"]`, `directoryRead: true`).
    /// Like instructions, they tell a model how to use the server, in as many pages as it
    /// needs, read when needed.
    ///
    /// A tool a skill names (`metadata.tools`) that the server does not have is an error the
    /// `serve_*` methods return before serving. See [`skills`](mod@crate::skills).
    ///
    /// ```
    /// use toolshape::serve::About;
    /// use toolshape::skills::{Skills, ToolGuide};
    /// use toolshape::{Server, ToolSet};
    ///
    /// let server = Server::new((), ToolSet::default())
    ///     .with_info(About::default().with_skills(Skills::new().with_tool_guide(ToolGuide::new())));
    /// let info = rmcp::ServerHandler::get_info(&server);
    /// assert!(info.capabilities.supports_skills());
    /// ```
    #[must_use]
    pub fn with_skills(mut self, skills: Skills) -> Self {
        self.skills = Some(skills);
        self
    }
}
