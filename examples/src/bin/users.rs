//! A user directory with `format = "text"` tools over an embedded SQLite database.
//!
//! Usage: `users [--db PATH] [--http [ADDR] [--store redis://HOST:PORT/DB]
//! [--issuer URL --audience URL [--jwks URL]]]`
//!
//! - `--db PATH`: the database file, created and seeded with 50 users when it does not
//!   exist yet (default: `toolshape-users.sqlite3` in the OS temporary directory).
//! - stdio by default; `--http [ADDR]` serves streamable HTTP at `http://ADDR/mcp`
//!   (`ADDR` defaults to `127.0.0.1:8080`).
//! - `--store URL` after it: the server's shared state (its tasks) in Redis, for replicas
//!   over one database.
//! - `--issuer URL --audience URL` (after `--http`): every HTTP request needs an OAuth
//!   access token from that authorization server, issued for that audience (this server's
//!   resource URI, e.g. `http://127.0.0.1:8080/mcp`). Reading users needs the scope
//!   `users:read`; `create_user`, `update_user` and `delete_user` need `users:write`.
//!   `--jwks URL` says where the issuer's keys are; without it they are found through the
//!   issuer's metadata (RFC 8414, else OpenID Connect discovery).

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    toolshape_examples::users::run(std::env::args().skip(1)).await
}
