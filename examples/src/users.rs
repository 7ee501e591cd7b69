//! A user directory: five `format = "text"` tools over an embedded SQLite database.
//!
//! What a model reads is generated from [`User`]'s `#[derive(ToolText)]`: a code block of
//! `Label: value` lines, `Found N users:` lists, `No users found matching your criteria.`,
//! `Error: …` and confirmations such as `User successfully deleted`. Searches are paged:
//! [`UserPage`] adds one line after the blocks telling how many of how many users are shown
//! and how to ask for the next page.
//!
//! The database is a file ([`UserDb::open`]) created and seeded with [`SEED`] on first use,
//! so the server needs no setup. Every SQL statement binds its values as parameters.

use std::fmt::Write as _;
use std::path::Path;
use std::sync::{Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::functions::FunctionFlags;
use rusqlite::{
    Connection, OptionalExtension as _, Row, TransactionBehavior, params, params_from_iter,
};
use toolshape::{Context, ToolError, ToolSet, ToolText, context::Elicitation, tool, tools};

/// One user, as the model reads it: in a list too, one block per user, as the convention
/// shows it.
#[derive(Debug, Clone, PartialEq, ToolText)]
#[text(
    noun = "user",
    empty = "No users found matching your criteria.",
    layout = "blocks"
)]
pub struct User {
    /// The user's numeric id.
    #[text(label = "User ID")]
    pub id: u64,
    /// Given name.
    pub name: String,
    /// Family name.
    pub surname: String,
    /// E-mail address.
    pub email: String,
    /// Phone number, when known.
    pub phone: Option<String>,
    /// Employer, when known.
    pub company: Option<String>,
    /// Yearly salary in dollars.
    #[text(currency)]
    pub salary: f64,
    /// A short description.
    pub about: Option<String>,
}

/// How many users a search shows when the call does not say.
pub const DEFAULT_LIMIT: u32 = 10;
/// The most users one search shows.
pub const MAX_LIMIT: u32 = 50;

/// One page of a search: the users shown, where the page starts, and how many users match
/// in all.
///
/// Its text is the list's own (`Found N users:` and one block per user, or the empty
/// message), followed, when the page does not hold every match, by one line:
/// `Showing users 1 to 10 of 50. For the next page, call search_user again with the same
/// criteria and offset=10.` (or `… this is the last page.`). The line is outside every code
/// block and carries no user data, so the list keeps the text format's guarantees.
#[derive(Debug, Clone, PartialEq)]
pub struct UserPage {
    /// The users on this page, in id order.
    pub users: Vec<User>,
    /// How many matching users come before this page.
    pub offset: u64,
    /// How many users match the criteria in all.
    pub total: u64,
}

impl ToolText for UserPage {
    fn write_text(&self, out: &mut String) {
        self.users.write_text(out);
        let shown = self.users.len() as u64;
        if shown == 0 || shown >= self.total {
            return;
        }
        let (first, last) = (self.offset + 1, self.offset + shown);
        // Writing into a String cannot fail.
        let _ = write!(out, "\nShowing users {first} to {last} of {}. ", self.total);
        if last < self.total {
            let _ = writeln!(
                out,
                "For the next page, call search_user again with the same criteria and offset={last}."
            );
        } else {
            out.push_str("This is the last page.\n");
        }
    }

    fn size_hint(&self) -> usize {
        self.users.size_hint() + 128
    }
}

/// The tools' state: one SQLite connection behind a mutex.
///
/// The tools are synchronous and run their (short, local) queries on the thread that serves
/// the call: fine for an example. A server with slow queries would move them off the async
/// runtime (`tokio::task::spawn_blocking`) or use a connection pool.
#[derive(Debug)]
pub struct UserDb {
    conn: Mutex<Connection>,
}

const SCHEMA: &str = "
CREATE TABLE users (
    id      INTEGER PRIMARY KEY,
    name    TEXT NOT NULL,
    surname TEXT NOT NULL,
    email   TEXT NOT NULL UNIQUE COLLATE NOCASE,
    phone   TEXT,
    company TEXT,
    salary  REAL NOT NULL DEFAULT 0,
    about   TEXT
);
PRAGMA user_version = 1;
";

const COLUMNS: &str = "id, name, surname, email, phone, company, salary, about";

impl UserDb {
    /// Opens the database file at `path`, creating and seeding it with [`SEED`] when it is
    /// new (its `user_version` is 0). Later opens keep whatever the tools changed.
    ///
    /// # Errors
    /// When the file cannot be opened or created.
    pub fn open(path: impl AsRef<Path>) -> rusqlite::Result<Self> {
        Self::init(Connection::open(path)?)
    }

    /// A seeded database in memory, gone when dropped.
    ///
    /// # Errors
    /// When SQLite cannot allocate it.
    pub fn open_in_memory() -> rusqlite::Result<Self> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(mut conn: Connection) -> rusqlite::Result<Self> {
        // `fold(x)`: Unicode lower case, for case-insensitive search beyond ASCII (SQLite's
        // own `lower` and `LIKE` fold ASCII only).
        conn.create_scalar_function(
            "fold",
            1,
            FunctionFlags::SQLITE_UTF8 | FunctionFlags::SQLITE_DETERMINISTIC,
            |ctx| Ok(ctx.get::<Option<String>>(0)?.map(|s| s.to_lowercase())),
        )?;
        // Two servers started at once on a new file: the second waits for the first's
        // transaction, then finds the schema there and does not seed again.
        conn.busy_timeout(Duration::from_secs(10))?;
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let version: i64 = tx.query_row("PRAGMA user_version", [], |row| row.get(0))?;
        if version == 0 {
            tx.execute_batch(SCHEMA)?;
            {
                let mut insert = tx.prepare(
                    "INSERT INTO users (id, name, surname, email, phone, company, salary, about)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                )?;
                for user in seed() {
                    insert.execute(params![
                        user.id as i64,
                        user.name,
                        user.surname,
                        user.email,
                        user.phone,
                        user.company,
                        user.salary,
                        user.about
                    ])?;
                }
            }
        }
        tx.commit()?;
        Ok(UserDb {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }
}

fn user_from_row(row: &Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: row.get::<_, i64>(0)? as u64,
        name: row.get(1)?,
        surname: row.get(2)?,
        email: row.get(3)?,
        phone: row.get(4)?,
        company: row.get(5)?,
        salary: row.get(6)?,
        about: row.get(7)?,
    })
}

fn db_error(error: rusqlite::Error) -> ToolError {
    ToolError::new(format!("database error: {error}"))
}

fn not_found(id: u64) -> ToolError {
    ToolError::new(format!("User with ID {id} not found"))
}

fn find(conn: &Connection, id: u64) -> Result<Option<User>, ToolError> {
    // An id beyond SQLite's integers cannot exist.
    let Ok(id) = i64::try_from(id) else {
        return Ok(None);
    };
    conn.query_row(
        &format!("SELECT {COLUMNS} FROM users WHERE id = ?1"),
        [id],
        user_from_row,
    )
    .optional()
    .map_err(db_error)
}

/// The id of the user other than `except` whose e-mail is `email` (case-insensitively).
fn email_owner(
    conn: &Connection,
    email: &str,
    except: Option<i64>,
) -> Result<Option<i64>, ToolError> {
    conn.query_row(
        "SELECT id FROM users WHERE email = ?1 AND id IS NOT ?2",
        params![email, except],
        |row| row.get(0),
    )
    .optional()
    .map_err(db_error)
}

/// A required text value, trimmed: an error naming `param` when it is blank.
fn required(param: &str, value: String) -> Result<String, ToolError> {
    let value = value.trim();
    if value.is_empty() {
        return Err(ToolError::new(format!("`{param}` must not be empty")));
    }
    Ok(value.to_owned())
}

/// An optional text value, trimmed; blank means none.
fn optional(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn check_email(email: &str) -> Result<(), ToolError> {
    match email.split_once('@') {
        Some((local, domain)) if !local.is_empty() && domain.contains('.') => Ok(()),
        _ => Err(ToolError::new(format!(
            "`email` must look like name@example.com, not `{email}`"
        ))),
    }
}

fn check_salary(salary: f64) -> Result<(), ToolError> {
    if salary.is_finite() && salary >= 0.0 {
        Ok(())
    } else {
        Err(ToolError::new(format!(
            "`salary` must be zero or more, not {salary}"
        )))
    }
}

/// Get one user by id.
#[tool(format = "text", kind = "read", scopes = ["users:read"])]
pub fn get_user_by_id(
    #[state] db: &UserDb,
    /// The user's numeric id.
    id: u64,
) -> Result<User, ToolError> {
    find(&db.conn(), id)?.ok_or_else(|| not_found(id))
}

/// Search users by fragments of their name, surname or e-mail (case-insensitive; every
/// given fragment must match; at least one is required). Shows at most `limit` users, in id
/// order, from `offset` on; when more match, a last line tells how to get the next page.
#[tool(format = "text", kind = "read", scopes = ["users:read"])]
pub fn search_user(
    #[state] db: &UserDb,
    /// A part of the given name, e.g. `john`.
    name: Option<String>,
    /// A part of the family name, e.g. `son`.
    surname: Option<String>,
    /// A part of the e-mail address, e.g. `@example.org`.
    email: Option<String>,
    /// How many users to show, 1 to 50 (default 10).
    limit: Option<u32>,
    /// How many matching users to skip, for the next pages (default 0).
    offset: Option<u64>,
) -> Result<UserPage, ToolError> {
    let limit = limit.unwrap_or(DEFAULT_LIMIT);
    if !(1..=MAX_LIMIT).contains(&limit) {
        return Err(ToolError::new(format!(
            "`limit` must be between 1 and {MAX_LIMIT}, not {limit}"
        )));
    }
    let offset = offset.unwrap_or(0);
    let Ok(sql_offset) = i64::try_from(offset) else {
        return Err(ToolError::new(format!("`offset` {offset} is too large")));
    };
    // The column names come from this fixed list; the fragments are bound parameters.
    let mut conditions = Vec::new();
    let mut fragments = Vec::new();
    for (column, fragment) in [("name", name), ("surname", surname), ("email", email)] {
        if let Some(fragment) = optional(fragment) {
            fragments.push(fragment.to_lowercase());
            conditions.push(format!("instr(fold({column}), ?{}) > 0", fragments.len()));
        }
    }
    if conditions.is_empty() {
        return Err(ToolError::new(
            "give at least one of `name`, `surname` or `email` to search by",
        ));
    }
    let filter = conditions.join(" AND ");
    let conn = db.conn();
    let total: i64 = conn
        .query_row(
            &format!("SELECT count(*) FROM users WHERE {filter}"),
            params_from_iter(&fragments),
            |row| row.get(0),
        )
        .map_err(db_error)?;
    let total = total as u64;
    if offset > 0 && offset >= total {
        return Err(ToolError::new(format!(
            "`offset` {offset} is past the end: {total} users match"
        )));
    }
    let n = fragments.len();
    let mut statement = conn
        .prepare(&format!(
            "SELECT {COLUMNS} FROM users WHERE {filter} ORDER BY id LIMIT ?{} OFFSET ?{}",
            n + 1,
            n + 2
        ))
        .map_err(db_error)?;
    let mut values: Vec<rusqlite::types::Value> = fragments.into_iter().map(Into::into).collect();
    values.push(i64::from(limit).into());
    values.push(sql_offset.into());
    let users = statement
        .query_map(params_from_iter(values), user_from_row)
        .and_then(|rows| rows.collect::<rusqlite::Result<Vec<_>>>())
        .map_err(db_error)?;
    Ok(UserPage {
        users,
        offset,
        total,
    })
}

/// Create a user; returns the new user. The e-mail must not belong to another user.
#[tool(
    format = "text",
    kind = "action",
    destructive = false,
    confirm = "User successfully created",
    scopes = ["users:write"]
)]
#[allow(clippy::too_many_arguments)]
pub fn create_user(
    #[state] db: &UserDb,
    /// Given name.
    name: String,
    /// Family name.
    surname: String,
    /// E-mail address, unique among users.
    email: String,
    /// Phone number.
    phone: Option<String>,
    /// Employer.
    company: Option<String>,
    /// Yearly salary in dollars (default 0).
    salary: Option<f64>,
    /// A short description.
    about: Option<String>,
) -> Result<User, ToolError> {
    let name = required("name", name)?;
    let surname = required("surname", surname)?;
    let email = required("email", email)?;
    check_email(&email)?;
    let salary = salary.unwrap_or(0.0);
    check_salary(salary)?;
    let conn = db.conn();
    if email_owner(&conn, &email, None)?.is_some() {
        return Err(ToolError::new(format!(
            "a user with e-mail {email} already exists"
        )));
    }
    conn.execute(
        "INSERT INTO users (name, surname, email, phone, company, salary, about)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
        params![
            name,
            surname,
            email,
            optional(phone),
            optional(company),
            salary,
            optional(about)
        ],
    )
    .map_err(db_error)?;
    let id = conn.last_insert_rowid() as u64;
    find(&conn, id)?.ok_or_else(|| not_found(id))
}

/// Update some fields of a user; returns the updated user. Fields not given keep their
/// value.
#[tool(
    format = "text",
    kind = "action",
    idempotent = true,
    confirm = "User successfully updated",
    scopes = ["users:write"]
)]
#[allow(clippy::too_many_arguments)]
pub fn update_user(
    #[state] db: &UserDb,
    /// The user's numeric id.
    id: u64,
    /// New given name.
    name: Option<String>,
    /// New family name.
    surname: Option<String>,
    /// New e-mail address, unique among users.
    email: Option<String>,
    /// New phone number.
    phone: Option<String>,
    /// New employer.
    company: Option<String>,
    /// New yearly salary in dollars.
    salary: Option<f64>,
    /// New description.
    about: Option<String>,
) -> Result<User, ToolError> {
    let (name, surname, email) = (optional(name), optional(surname), optional(email));
    let (phone, company, about) = (optional(phone), optional(company), optional(about));
    if name.is_none()
        && surname.is_none()
        && email.is_none()
        && phone.is_none()
        && company.is_none()
        && salary.is_none()
        && about.is_none()
    {
        return Err(ToolError::new(
            "nothing to update: give at least one of `name`, `surname`, `email`, `phone`, \
             `company`, `salary` or `about`",
        ));
    }
    if let Some(salary) = salary {
        check_salary(salary)?;
    }
    let conn = db.conn();
    let user = find(&conn, id)?.ok_or_else(|| not_found(id))?;
    if let Some(email) = &email {
        check_email(email)?;
        if email_owner(&conn, email, Some(user.id as i64))?.is_some() {
            return Err(ToolError::new(format!(
                "a user with e-mail {email} already exists"
            )));
        }
    }
    conn.execute(
        "UPDATE users SET
             name = coalesce(?2, name), surname = coalesce(?3, surname),
             email = coalesce(?4, email), phone = coalesce(?5, phone),
             company = coalesce(?6, company), salary = coalesce(?7, salary),
             about = coalesce(?8, about)
         WHERE id = ?1",
        params![
            user.id as i64,
            name,
            surname,
            email,
            phone,
            company,
            salary,
            about
        ],
    )
    .map_err(db_error)?;
    find(&conn, id)?.ok_or_else(|| not_found(id))
}

/// The user's answer to "delete this user?".
#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct ConfirmDeletion {
    /// Yes, delete the user.
    pub confirm: bool,
}

/// Delete a user. When the client can ask its user (elicitation), the user confirms first.
#[tool(
    format = "text",
    kind = "action",
    idempotent = true,
    confirm = "User successfully deleted",
    scopes = ["users:write"]
)]
pub async fn delete_user(
    #[state] db: &UserDb,
    #[context] cx: Context,
    /// The user's numeric id.
    id: u64,
) -> Result<(), ToolError> {
    let Ok(sql_id) = i64::try_from(id) else {
        return Err(not_found(id));
    };
    let name: Option<String> = db
        .conn()
        .query_row(
            "SELECT name || ' ' || surname FROM users WHERE id = ?1",
            [sql_id],
            |row| row.get(0),
        )
        .optional()
        .map_err(db_error)?;
    let Some(name) = name else {
        return Err(not_found(id));
    };
    if cx.can_elicit() {
        let question = format!("Delete user {id} ({name})? This cannot be undone.");
        match cx.elicit::<ConfirmDeletion>(question).await? {
            Elicitation::Accepted(ConfirmDeletion { confirm: true }) => {}
            _ => {
                return Err(ToolError::new(format!(
                    "User {id} was not deleted: the deletion was not confirmed"
                )));
            }
        }
    }
    let deleted = db
        .conn()
        .execute("DELETE FROM users WHERE id = ?1", [sql_id])
        .map_err(db_error)?;
    if deleted == 0 {
        return Err(not_found(id));
    }
    Ok(())
}

/// The five tools, served with a [`UserDb`].
pub fn toolset() -> ToolSet<UserDb> {
    ToolSet::new(tools![
        get_user_by_id,
        search_user,
        create_user,
        update_user,
        delete_user
    ])
    .expect("tool names are distinct")
}

/// The users a new database starts with, ids 1 to 50: (name, surname, e-mail, phone,
/// company, salary, about). Ids 15, 28 and 42 are the documented John Doe, Johnny Smith and
/// Alice Johnson.
#[allow(clippy::type_complexity)]
#[rustfmt::skip]
pub const SEED: &[(
    &str,
    &str,
    &str,
    Option<&str>,
    Option<&str>,
    f64,
    Option<&str>,
)] = &[
    ("Emma", "Thompson", "emma.thompson@example.com", Some("+1 415 555 0101"), Some("Northwind Traders"), 98_500.0, Some("Product manager for the billing platform")),
    ("Liam", "Carter", "liam.carter@example.org", Some("+1 212 555 0102"), Some("Contoso"), 112_000.0, Some("Backend engineer, Go and Rust")),
    ("Olivia", "Martinez", "olivia.martinez@example.com", None, Some("Fabrikam"), 87_250.0, None),
    ("Noah", "Anderson", "noah.anderson@example.net", Some("+44 20 7946 0104"), Some("Northwind Traders"), 134_900.0, Some("Engineering manager, payments")),
    ("Ava", "Nguyen", "ava.nguyen@example.com", Some("+1 650 555 0105"), None, 76_000.0, Some("Freelance UX designer")),
    ("Elijah", "Robinson", "elijah.robinson@example.org", None, Some("Tailspin Toys"), 91_300.5, None),
    ("Sophia", "Müller", "sophia.mueller@example.de", Some("+49 30 901820 07"), Some("Contoso"), 104_750.0, Some("Data engineer in the Berlin office")),
    ("James", "Wilson", "james.wilson@example.com", Some("+1 312 555 0108"), Some("Adventure Works"), 68_400.0, Some("Support team lead")),
    ("Isabella", "García", "isabella.garcia@example.es", None, Some("Fabrikam"), 95_000.0, Some("Site reliability engineer")),
    ("Benjamin", "Lee", "ben.lee@example.com", Some("+1 206 555 0110"), Some("Litware"), 141_200.0, Some("Staff engineer, search infrastructure")),
    ("Mia", "Jackson", "mia.jackson@example.net", Some("+1 617 555 0111"), None, 59_900.0, None),
    ("Lucas", "Dubois", "lucas.dubois@example.fr", Some("+33 1 70 36 01 12"), Some("Wide World Importers"), 83_600.0, Some("Logistics analyst")),
    ("Charlotte", "Peterson", "charlotte.peterson@example.com", None, Some("Northwind Traders"), 72_150.0, Some("Recruiter for engineering roles")),
    ("Henry", "Kowalski", "henry.kowalski@example.org", Some("+48 22 555 01 14"), Some("Contoso"), 99_999.99, None),
    ("John", "Doe", "john.doe@example.com", Some("+1555010015"), Some("Acme"), 85_000.0, None),
    ("Amelia", "Harrison", "amelia.harrison@example.co.uk", Some("+44 161 496 0116"), Some("Adventure Works"), 118_300.0, Some("Head of design")),
    ("Alexander", "Ivanov", "alex.ivanov@example.com", None, Some("Litware"), 126_000.0, Some("Security engineer")),
    ("Harper", "Nelson", "harper.nelson@example.net", Some("+1 503 555 0118"), None, 54_300.0, Some("Junior QA engineer")),
    ("Daniel", "Kim", "daniel.kim@example.com", Some("+82 2 555 0119"), Some("Fabrikam"), 107_450.0, None),
    ("Evelyn", "Clark", "evelyn.clark@example.org", None, Some("Tailspin Toys"), 66_800.0, Some("Marketing specialist")),
    ("Matthew", "Lewis", "matthew.lewis@example.com", Some("+1 404 555 0121"), Some("Northwind Traders"), 92_000.0, Some("Mobile developer, iOS")),
    ("Abigail", "Walker", "abigail.walker@example.net", Some("+1 303 555 0122"), Some("Contoso"), 88_750.0, None),
    ("Sebastián", "López", "sebastian.lopez@example.mx", None, None, 47_500.0, Some("Student intern, data science")),
    ("Emily", "Hall", "emily.hall@example.com", Some("+1 720 555 0124"), Some("Wide World Importers"), 101_000.0, Some("Finance controller")),
    ("David", "Allen", "david.allen@example.org", Some("+1 512 555 0125"), Some("Adventure Works"), 79_300.0, None),
    ("Ella", "Young", "ella.young@example.com", None, Some("Litware"), 115_600.0, Some("Machine learning engineer")),
    ("Joseph", "Hernández", "joseph.hernandez@example.net", Some("+1 305 555 0127"), Some("Fabrikam"), 62_000.0, Some("Customer success manager")),
    ("Johnny", "Smith", "johnny@example.com", None, None, 64_250.5, Some("Joined last spring")),
    ("Scarlett", "King", "scarlett.king@example.com", Some("+1 702 555 0129"), Some("Tailspin Toys"), 97_800.0, Some("Game producer")),
    ("Samuel", "Wright", "samuel.wright@example.org", Some("+1 615 555 0130"), Some("Northwind Traders"), 73_900.0, None),
    ("Grace", "Scott", "grace.scott@example.net", None, Some("Contoso"), 121_400.0, Some("Principal architect, cloud migration")),
    ("Aarav", "Patel", "aarav.patel@example.in", Some("+91 80 5550 0132"), Some("Litware"), 86_200.0, Some("Full-stack developer")),
    ("Chloe", "Green", "chloe.green@example.com", Some("+1 919 555 0133"), None, 58_750.0, None),
    ("Jack", "Baker", "jack.baker@example.org", None, Some("Adventure Works"), 94_100.0, Some("Sales director, EMEA")),
    ("Zoë", "Adams", "zoe.adams@example.com", Some("+1 971 555 0135"), Some("Wide World Importers"), 69_990.0, Some("Procurement specialist")),
    ("Owen", "Nelson", "owen.nelson@example.net", Some("+1 612 555 0136"), Some("Fabrikam"), 103_300.0, None),
    ("Lily", "Carlson", "lily.carlson@example.com", None, Some("Tailspin Toys"), 77_400.0, Some("Community manager")),
    ("Wyatt", "Mitchell", "wyatt.mitchell@example.org", Some("+1 406 555 0138"), None, 52_000.0, Some("Warehouse coordinator")),
    ("Hannah", "Roberts", "hannah.roberts@example.com", Some("+1 801 555 0139"), Some("Northwind Traders"), 109_900.0, Some("Platform engineer")),
    ("Leo", "Turner", "leo.turner@example.net", None, Some("Contoso"), 84_500.0, None),
    ("Aria", "Phillips", "aria.phillips@example.com", Some("+1 858 555 0141"), Some("Litware"), 128_750.0, Some("Director of engineering")),
    ("Alice", "Johnson", "alice@example.com", Some("+1234567890"), Some("Google"), 120_000.0, Some("Software engineer with 10 years experience")),
    ("Nathan", "Campbell", "nathan.campbell@example.org", Some("+1 614 555 0143"), Some("Adventure Works"), 71_250.0, Some("Technical writer")),
    ("Layla", "Parker", "layla.parker@example.com", None, None, 45_000.0, None),
    ("Ryan", "Evans", "ryan.evans@example.net", Some("+1 704 555 0145"), Some("Wide World Importers"), 93_700.0, Some("Supply chain planner")),
    ("Nora", "Edwards", "nora.edwards@example.com", Some("+1 469 555 0146"), Some("Fabrikam"), 116_000.0, Some("Database administrator, PostgreSQL")),
    ("Ethan", "Collins", "ethan.collins@example.org", None, Some("Tailspin Toys"), 81_900.0, None),
    ("Stella", "Stewart", "stella.stewart@example.com", Some("+1 602 555 0148"), Some("Northwind Traders"), 99_100.0, Some("Business analyst")),
    ("Isaac", "Morris", "isaac.morris@example.net", Some("+1 317 555 0149"), Some("Contoso"), 137_500.0, Some("VP of product")),
    ("Ruby", "Johansson", "ruby.johansson@example.se", None, Some("Litware"), 90_400.0, Some("Frontend engineer, accessibility")),
];

/// [`SEED`] as users, ids 1 to 50.
pub fn seed() -> Vec<User> {
    SEED.iter()
        .zip(1..)
        .map(
            |(&(name, surname, email, phone, company, salary, about), id)| User {
                id,
                name: name.into(),
                surname: surname.into(),
                email: email.into(),
                phone: phone.map(Into::into),
                company: company.map(Into::into),
                salary,
                about: about.map(Into::into),
            },
        )
        .collect()
}

// The server's command line, shared by `src/bin/users.rs` and the tests' copy of the binary.

/// The users server's command line.
pub const USAGE: &str = "usage: users [--db PATH] [--http [ADDR] [--store redis://HOST:PORT/DB] \
                         [--issuer URL --audience URL [--jwks URL]]]";

/// The users server's own flags, beside `--http [ADDR]` and `--store URL`.
const FLAGS: crate::Flags<'static> = crate::Flags {
    switches: &["-h", "--help"],
    options: &["--db"],
    http_options: &["--issuer", "--audience", "--jwks"],
};

/// The command line read by the examples' parser ([`crate::Args`]); `None` for `--help`.
fn parse(args: impl IntoIterator<Item = String>) -> Result<Option<crate::Args>, String> {
    let parsed = crate::Args::parse_flags(args, &FLAGS).map_err(|e| format!("{e}; {USAGE}"))?;
    if parsed.has("-h") || parsed.has("--help") {
        return Ok(None);
    }
    let oauth = ["--issuer", "--audience", "--jwks"].map(|flag| parsed.option(flag).is_some());
    match oauth {
        [true, true, _] | [false, false, false] => Ok(Some(parsed)),
        _ => Err(format!(
            "`--issuer` and `--audience` go together (`--jwks` needs both); {USAGE}"
        )),
    }
}

/// The users server as its command line asks (the arguments without the program name):
/// `[--db PATH] [--http [ADDR] [--store URL] [--issuer URL --audience URL [--jwks URL]]]`.
///
/// # Errors
/// When the arguments are malformed (unknown ones included), the database cannot be
/// opened, the issuer's keys cannot be fetched, or the server fails.
pub async fn run(args: impl IntoIterator<Item = String>) -> Result<(), toolshape::serve::Error> {
    // Checked before a database file is created.
    let Some(args) = parse(args)? else {
        println!("{USAGE}");
        return Ok(());
    };
    let db_path = args.option("--db").map_or_else(
        || std::env::temp_dir().join("toolshape-users.sqlite3"),
        std::path::PathBuf::from,
    );

    crate::init_logging();
    let db = UserDb::open(&db_path)
        .map_err(|e| format!("cannot open the database {}: {e}", db_path.display()))?;
    tracing::info!("user database: {}", db_path.display());
    let mut server = toolshape::Server::new(db, toolset()).with_info(
        toolshape::rmcp::model::Implementation::new("toolshape-users", env!("CARGO_PKG_VERSION")),
    );
    let Some(addr) = args.http.clone() else {
        return server.serve_stdio().await;
    };
    if let Some(store) = args.connect().await? {
        server = server.with_store(&store);
    }
    let mut options = toolshape::serve::HttpOptions::default();
    if let (Some(issuer), Some(audience)) = (args.option("--issuer"), args.option("--audience")) {
        // Most clients of a user directory read it: the `401` suggests `users:read`, so
        // that MCP clients ask for it (and not for every scope the metadata lists, which a
        // read-only client is not granted), then step up to `users:write` on the `403` of
        // a write. A suggestion, not a requirement: a write-only service account gets in,
        // lists the tools `users:write` allows and calls them.
        let mut oauth = toolshape::serve::oauth::OAuth::new(audience, issuer)
            .with_suggested_scopes(["users:read"]);
        if let Some(jwks) = args.option("--jwks") {
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
