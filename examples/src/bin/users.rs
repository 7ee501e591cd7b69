//! A user directory with `format = "text"` tools over an embedded SQLite database.
//!
//! Usage: `users [--db PATH] [--http [ADDR] [--issuer URL --audience URL [--jwks URL]]]`
//!
//! - `--db PATH`: the database file, created and seeded with 50 users when it does not
//!   exist yet (default: `toolshape-users.sqlite3` in the OS temporary directory).
//! - stdio by default; `--http [ADDR]` serves streamable HTTP at `http://ADDR/mcp`
//!   (`ADDR` defaults to `127.0.0.1:8080`).
//! - `--issuer URL --audience URL` (after `--http`): every HTTP request needs an OAuth
//!   access token from that authorization server, issued for that audience (this server's
//!   resource URI, e.g. `http://127.0.0.1:8080/mcp`). Reading users needs the scope
//!   `users:read`; `create_user`, `update_user` and `delete_user` need `users:write`.
//!   `--jwks URL` says where the issuer's keys are; without it they are found through the
//!   issuer's metadata (RFC 8414, else OpenID Connect discovery).

use std::path::PathBuf;

use toolshape::Server;
use toolshape::serve::HttpOptions;
use toolshape::serve::oauth::OAuth;
use toolshape_examples::users::{UserDb, toolset};

const USAGE: &str =
    "usage: users [--db PATH] [--http [ADDR] [--issuer URL --audience URL [--jwks URL]]]";

/// What the command line asks for.
#[derive(Default)]
struct Args {
    db: Option<PathBuf>,
    /// `--http [ADDR]`.
    http: Option<String>,
    issuer: Option<String>,
    audience: Option<String>,
    jwks: Option<String>,
}

fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args::default();
    let mut args = args.into_iter().peekable();
    let value = |flag: &str, value: Option<String>| {
        value
            .filter(|value| !value.starts_with("--"))
            .ok_or_else(|| format!("`{flag}` needs a value; {USAGE}"))
    };
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--db" => parsed.db = Some(PathBuf::from(value("--db", args.next())?)),
            "--http" => {
                let addr = args.next_if(|next| !next.starts_with("--"));
                parsed.http = Some(addr.unwrap_or_else(|| "127.0.0.1:8080".to_owned()));
            }
            "--issuer" | "--audience" | "--jwks" if parsed.http.is_none() => {
                return Err(format!("`{arg}` comes after `--http ADDR`; {USAGE}"));
            }
            "--issuer" => parsed.issuer = Some(value("--issuer", args.next())?),
            "--audience" => parsed.audience = Some(value("--audience", args.next())?),
            "--jwks" => parsed.jwks = Some(value("--jwks", args.next())?),
            "-h" | "--help" => return Ok(None),
            other => return Err(format!("unexpected argument `{other}`; {USAGE}")),
        }
    }
    match (&parsed.issuer, &parsed.audience, &parsed.jwks) {
        (Some(_), Some(_), _) | (None, None, None) => Ok(Some(parsed)),
        _ => Err(format!(
            "`--issuer` and `--audience` go together (`--jwks` needs both); {USAGE}"
        )),
    }
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    // Checked before a database file is created.
    let Some(args) = parse(std::env::args().skip(1))? else {
        println!("{USAGE}");
        return Ok(());
    };
    let db_path = args
        .db
        .unwrap_or_else(|| std::env::temp_dir().join("toolshape-users.sqlite3"));

    toolshape_examples::init_logging();
    let db = UserDb::open(&db_path)
        .map_err(|e| format!("cannot open the database {}: {e}", db_path.display()))?;
    tracing::info!("user database: {}", db_path.display());
    let server = Server::new(db, toolset()).with_info("toolshape-users", env!("CARGO_PKG_VERSION"));
    let Some(addr) = args.http else {
        return server.serve_stdio().await;
    };
    let mut options = HttpOptions::default();
    if let (Some(issuer), Some(audience)) = (args.issuer, args.audience) {
        let mut oauth = OAuth::new(audience, issuer);
        if let Some(jwks) = args.jwks {
            oauth = oauth.with_jwks_uri(jwks);
        }
        // a wrong issuer or JWKS fails here, not at the first request
        oauth.fetch_keys().await?;
        tracing::info!(
            "OAuth: tokens of {} for {}, metadata at {}",
            oauth.issuer(),
            oauth.resource(),
            oauth.metadata_url()
        );
        options = options.with_oauth(oauth);
    }
    server.serve_http_with(addr, &options).await
}
