//! A user directory with `format = "text"` tools over an embedded SQLite database.
//!
//! Usage: `users [--db PATH] [--http [ADDR]]`
//!
//! - `--db PATH`: the database file, created and seeded with 50 users when it does not
//!   exist yet (default: `toolshape-users.sqlite3` in the OS temporary directory).
//! - stdio by default; `--http [ADDR]` serves streamable HTTP at `http://ADDR/mcp`
//!   (`ADDR` defaults to `127.0.0.1:8080`).

use std::path::PathBuf;

use toolshape::Server;
use toolshape_examples::users::{UserDb, toolset};

const USAGE: &str = "usage: users [--db PATH] [--http [ADDR]]";

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut db_path = None;
    let mut rest = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--db" => db_path = Some(PathBuf::from(args.next().ok_or(USAGE)?)),
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(());
            }
            _ => rest.push(arg),
        }
    }
    // What is left is for `serve_with_args`: check it before creating a database file.
    if rest.len() > 2 || rest.first().is_some_and(|arg| arg != "--http") {
        return Err(format!("unexpected argument `{}`; {USAGE}", rest.join(" ")).into());
    }
    let db_path = db_path.unwrap_or_else(|| std::env::temp_dir().join("toolshape-users.sqlite3"));

    toolshape_examples::init_logging();
    let db = UserDb::open(&db_path)
        .map_err(|e| format!("cannot open the database {}: {e}", db_path.display()))?;
    tracing::info!("user database: {}", db_path.display());
    let server = Server::new(db, toolset()).with_info("toolshape-users", env!("CARGO_PKG_VERSION"));
    toolshape_examples::serve_with_args(server, rest).await
}
