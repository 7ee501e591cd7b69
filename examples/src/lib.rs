//! The example servers' shared parts: the tour's tools and command-line handling.
//!
//! Every example server is a binary in `src/bin/` that speaks MCP over stdio, or over
//! streamable HTTP with `--http ADDR` (loopback by default).

// Each example behind the feature that brings what it needs (see Cargo.toml): the tour and
// the quickstart need none.
#[cfg(feature = "charts")]
pub mod charts;
pub mod config_tools;
#[cfg(feature = "conformance")]
pub mod conformance;
#[cfg(feature = "models")]
pub mod models;
#[cfg(feature = "ontap")]
pub mod ontap;
#[cfg(feature = "otlp")]
pub mod otlp;
#[cfg(any(feature = "charts", feature = "models"))]
pub mod png;
pub mod quickstart;
#[cfg(feature = "users")]
pub mod users;

use toolshape::rmcp::ServerHandler;
use toolshape::serve;
#[cfg(feature = "redis")]
use toolshape::store::redis::RedisStore;

/// An example's error: a malformed command line, a server or an exporter that failed.
pub type Error = serve::Error;

/// What an example server's command line asks, past its own flags:
/// `[--http [ADDR] [--store URL]]`.
///
/// - nothing: stdio;
/// - `--http [ADDR]`: streamable HTTP at `http://ADDR/mcp` (`ADDR` defaults to
///   `127.0.0.1:8080`);
/// - `--store redis://HOST:PORT/DB` after it: the server's shared state in that Redis
///   ([`toolshape::store::redis`]), for many replicas behind a load balancer. The lease of the
///   tasks it runs is `TOOLSHAPE_STORE_LEASE_MS` milliseconds when that is set (10 s
///   otherwise).
///
/// An example may take flags of its own besides ([`Flags`]: switches such as the ontap
/// example's `--search`, options with a value such as the users example's `--db PATH`).
/// Anything else is an error, never ignored.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    /// `--http [ADDR]`: the address to serve HTTP on; `None` for stdio.
    pub http: Option<String>,
    /// `--store URL`: the shared store's URL.
    pub store: Option<String>,
    /// The example's own switches that the command line gave, in its order.
    pub switches: Vec<String>,
    /// The example's own options that the command line gave (flag and value), in its order.
    pub options: Vec<(String, String)>,
}

/// The flags an example takes besides `--http [ADDR]` and `--store URL`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Flags<'a> {
    /// Flags without a value (`--search`), each at most once, anywhere on the line.
    pub switches: &'a [&'a str],
    /// Flags with a value (`--db PATH`), each at most once, anywhere on the line.
    pub options: &'a [&'a str],
    /// Flags with a value that only serving over HTTP takes (`--issuer URL`): after
    /// `--http`, each at most once.
    pub http_options: &'a [&'a str],
}

/// The usage line of [`Args`].
pub const USAGE: &str = "[--http [ADDR] [--store redis://HOST:PORT/DB]]";

impl Args {
    /// The process's command line (without the program name).
    ///
    /// # Errors
    /// See [`Args::parse`].
    pub fn from_env() -> Result<Args, serve::Error> {
        Args::parse(std::env::args().skip(1)).map_err(|e| format!("{e}; usage: {USAGE}").into())
    }

    /// Reads `args`: see [`Args`]. The error does not repeat the usage: the caller adds
    /// its own.
    ///
    /// # Errors
    /// An argument it does not know, a flag without its value, `--store` without `--http`.
    pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, serve::Error> {
        Args::parse_with(args, &[])
    }

    /// [`Args::parse`] for an example that also takes `switches` (flags without a value,
    /// each at most once, anywhere on the line).
    ///
    /// # Errors
    /// See [`Args::parse`]; a switch given twice.
    pub fn parse_with(
        args: impl IntoIterator<Item = String>,
        switches: &[&str],
    ) -> Result<Args, serve::Error> {
        Args::parse_flags(
            args,
            &Flags {
                switches,
                ..Flags::default()
            },
        )
    }

    /// [`Args::parse`] for an example that takes `flags` of its own.
    ///
    /// # Errors
    /// See [`Args::parse`]; a flag of the example's given twice, an option without its
    /// value (a value does not start with `--`), an HTTP option before `--http`.
    pub fn parse_flags(
        args: impl IntoIterator<Item = String>,
        flags: &Flags<'_>,
    ) -> Result<Args, serve::Error> {
        let mut parsed = Args::default();
        let mut args = args.into_iter().peekable();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--http" if parsed.http.is_none() => {
                    let addr = args
                        .next_if(|next| !next.starts_with("--"))
                        .unwrap_or_else(|| "127.0.0.1:8080".to_owned());
                    parsed.http = Some(addr);
                }
                "--store" if parsed.http.is_none() => {
                    return Err("`--store` goes after `--http ADDR` (a shared store is for \
                                replicas served over HTTP)"
                        .into());
                }
                "--store" if parsed.store.is_none() => {
                    let url = args
                        .next_if(|next| !next.starts_with("--"))
                        .ok_or("`--store` needs a URL")?;
                    parsed.store = Some(url);
                }
                option if flags.http_options.contains(&option) && parsed.http.is_none() => {
                    return Err(format!("`{option}` goes after `--http ADDR`").into());
                }
                option
                    if flags.options.contains(&option) || flags.http_options.contains(&option) =>
                {
                    if parsed.option(option).is_some() {
                        return Err(format!("`{option}` is given twice").into());
                    }
                    let value = args
                        .next_if(|next| !next.starts_with("--"))
                        .ok_or_else(|| format!("`{option}` needs a value"))?;
                    parsed.options.push((option.to_owned(), value));
                }
                switch if flags.switches.contains(&switch) => {
                    if parsed.switches.iter().any(|s| s == switch) {
                        return Err(format!("`{switch}` is given twice").into());
                    }
                    parsed.switches.push(switch.to_owned());
                }
                other => {
                    return Err(format!("unexpected argument `{other}`").into());
                }
            }
        }
        Ok(parsed)
    }

    /// Whether the command line gave `switch`.
    pub fn has(&self, switch: &str) -> bool {
        self.switches.iter().any(|s| s == switch)
    }

    /// The value the command line gave the option `flag`, if it gave it.
    pub fn option(&self, flag: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(given, _)| given == flag)
            .map(|(_, value)| value.as_str())
    }

    /// The process's command line, for an example called `program` that takes `switches`
    /// too ([`Args::parse_with`]). A malformed command line ends the process: the error and
    /// the usage line go to stderr, and the exit code is 2, as command-line tools do.
    pub fn from_env_or_exit(program: &str, switches: &[&str]) -> Args {
        match Args::parse_with(std::env::args().skip(1), switches) {
            Ok(args) => args,
            Err(error) => {
                let extra: String = switches.iter().map(|s| format!(" [{s}]")).collect();
                eprintln!("{program}: {error}\nusage: {program} {USAGE}{extra}");
                std::process::exit(2);
            }
        }
    }

    /// Connects to the store `--store` names; `None` without `--store`.
    ///
    /// # Errors
    /// A URL that is not one, a Redis that cannot be reached, a lease that is not a number.
    #[cfg(feature = "redis")]
    pub async fn connect(&self) -> Result<Option<RedisStore>, serve::Error> {
        let Some(url) = &self.store else {
            return Ok(None);
        };
        let mut store = RedisStore::connect(url).await?;
        if let Ok(lease) = std::env::var("TOOLSHAPE_STORE_LEASE_MS") {
            let ms: u64 = lease.parse().map_err(|_| {
                format!("TOOLSHAPE_STORE_LEASE_MS is `{lease}`, not a number of milliseconds")
            })?;
            store = store.with_lease(std::time::Duration::from_millis(ms));
        }
        Ok(Some(store))
    }

    /// Serves `server` as asked: stdio, or HTTP at `--http`'s address.
    ///
    /// Logs go to stderr (stdout carries the protocol over stdio); `RUST_LOG` filters them.
    ///
    /// # Errors
    /// When the server fails.
    pub async fn serve<S: Send + Sync + 'static, H: ServerHandler>(
        self,
        server: toolshape::Server<S, H>,
    ) -> Result<(), serve::Error> {
        init_logging();
        match self.http {
            None => server.serve_stdio().await,
            Some(addr) => server.serve_http(addr).await,
        }
    }
}

/// Serves `server` as the command line asks: stdio by default, or `--http [ADDR]` for
/// streamable HTTP at `http://ADDR/mcp` (`ADDR` defaults to `127.0.0.1:8080`). For a server
/// without shared state: `--store` is refused.
///
/// Logs go to stderr (stdout carries the protocol over stdio); `RUST_LOG` filters them.
///
/// # Errors
/// When the command line is malformed or the server fails.
pub async fn serve_from_args<S: Send + Sync + 'static, H: ServerHandler>(
    server: toolshape::Server<S, H>,
) -> Result<(), serve::Error> {
    serve_with_args(server, std::env::args().skip(1)).await
}

/// [`serve_from_args`] for a server that reads flags of its own first: `args` are the
/// command-line arguments left once it took its own (without the program name), so
/// nothing, or `--http [ADDR]`.
///
/// # Errors
/// When the arguments are malformed or the server fails.
pub async fn serve_with_args<S: Send + Sync + 'static, H: ServerHandler>(
    server: toolshape::Server<S, H>,
    args: impl IntoIterator<Item = String>,
) -> Result<(), serve::Error> {
    let args = Args::parse(args).map_err(|e| format!("{e}; usage: {USAGE}"))?;
    if args.store.is_some() {
        return Err("this example keeps no state across requests: it takes no `--store`".into());
    }
    args.serve(server).await
}

/// Sends logs to stderr (stdout carries the protocol over stdio), filtered by `RUST_LOG`
/// (default `info`), in colour only when stderr is a terminal: a log file or journald gets
/// plain text rather than escape codes. Safe to call more than once: for a server that logs
/// before serving.
pub fn init_logging() {
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_env_filter(log_filter())
        .try_init();
}

/// `RUST_LOG`, or `info`.
fn log_filter() -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"))
}
