struct Db;
struct Mailer;

/// Invite a user.
#[toolshape::tool(format = "json")]
fn invite(#[state] db: &Db, #[state] mailer: &Mailer, email: String) -> bool {
    let _ = (db, mailer);
    !email.is_empty()
}

fn main() {}
