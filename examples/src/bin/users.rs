//! A user directory with `format = "text"` tools over an embedded SQLite database.
//!
//! Usage: `users [--db PATH] [--http [ADDR] [--store redis://HOST:PORT/DB]]`
//!
//! - `--db PATH`: the database file, created and seeded with 50 users when it does not
//!   exist yet (default: `toolshape-users.sqlite3` in the OS temporary directory).
//! - stdio by default; `--http [ADDR]` serves streamable HTTP at `http://ADDR/mcp`
//!   (`ADDR` defaults to `127.0.0.1:8080`).
//! - `--store URL` after it: the server's shared state (its tasks) in Redis, for replicas
//!   over one database.

use std::path::PathBuf;

use toolshape::Server;
use toolshape_examples::Args;
use toolshape_examples::users::{UserDb, toolset};

const USAGE: &str = "usage: users [--db PATH] [--http [ADDR] [--store redis://HOST:PORT/DB]]";

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
    // What is left is the serving's: checked before creating a database file.
    let args = Args::parse(rest).map_err(|e| format!("{e}; {USAGE}"))?;
    let db_path = db_path.unwrap_or_else(|| std::env::temp_dir().join("toolshape-users.sqlite3"));

    toolshape_examples::init_logging();
    let db = UserDb::open(&db_path)
        .map_err(|e| format!("cannot open the database {}: {e}", db_path.display()))?;
    tracing::info!("user database: {}", db_path.display());
    let mut server =
        Server::new(db, toolset()).with_info("toolshape-users", env!("CARGO_PKG_VERSION"));
    if let Some(store) = args.connect().await? {
        server = server.with_store(&store);
    }
    args.serve(server).await
}
