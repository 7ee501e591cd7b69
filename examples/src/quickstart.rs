//! The tools of the tour: a small user directory, with one tool or more in each format.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{Narrative, ToolError, ToolSet, ToolText, tool, tools};

/// One user of the directory.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema, ToolText)]
#[text(noun = "user", empty = "No users found matching your criteria.")]
pub struct User {
    /// The user's numeric id.
    pub id: u32,
    /// Given name.
    pub name: String,
    /// Family name.
    pub surname: String,
    /// E-mail address.
    pub email: String,
    /// Phone number, when known.
    pub phone: Option<String>,
}

/// The state the directory tools share.
#[derive(Debug, Clone)]
pub struct Directory {
    users: Vec<User>,
}

impl Default for Directory {
    fn default() -> Self {
        let user = |id, name: &str, surname: &str, phone: Option<&str>| User {
            id,
            name: name.into(),
            surname: surname.into(),
            email: format!(
                "{}.{}@example.com",
                name.to_lowercase(),
                surname.to_lowercase()
            ),
            phone: phone.map(Into::into),
        };
        Directory {
            users: vec![
                user(15, "John", "Doe", Some("+1555010015")),
                user(28, "Johnny", "Smith", None),
                user(42, "Alice", "Johnson", Some("+1234567890")),
            ],
        }
    }
}

/// Look up one user by id.
#[tool(format = "json")]
pub async fn get_user_by_id(
    #[state] directory: &Directory,
    /// The user's numeric id.
    id: u32,
) -> Result<User, ToolError> {
    directory
        .users
        .iter()
        .find(|user| user.id == id)
        .cloned()
        .ok_or_else(|| ToolError::new(format!("User with ID {id} not found")))
}

/// Look up one user by id; the result is the user itself (no envelope).
#[tool(format = "json", envelope = false, kind = "read")]
pub async fn get_user(
    #[state] directory: &Directory,
    /// The user's numeric id.
    id: u32,
) -> Result<User, ToolError> {
    get_user_by_id(directory, id).await
}

/// Search users whose name, surname or e-mail contains the query (case-insensitive).
#[tool(format = "json")]
pub fn search_users(
    #[state] directory: &Directory,
    /// Text to look for in name, surname and e-mail.
    query: String,
    /// At most this many users (default 10).
    limit: Option<u32>,
) -> Vec<User> {
    let query = query.to_lowercase();
    let limit = limit.unwrap_or(10) as usize;
    directory
        .users
        .iter()
        .filter(|user| {
            [&user.name, &user.surname, &user.email]
                .iter()
                .any(|field| field.to_lowercase().contains(&query))
        })
        .take(limit)
        .cloned()
        .collect()
}

/// Add two integers.
#[tool(format = "json", title = "Adder")]
pub fn add(
    /// The first addend.
    a: i64,
    /// The second addend.
    b: i64,
) -> Result<i64, ToolError> {
    a.checked_add(b)
        .ok_or_else(|| ToolError::new("the sum does not fit in a 64-bit integer"))
}

/// Find users whose name, surname or e-mail contains the query, as text for a model to read.
#[tool(format = "text", kind = "read")]
pub fn find_users(
    #[state] directory: &Directory,
    /// Text to look for in name, surname and e-mail.
    query: String,
) -> Vec<User> {
    search_users(directory, query, None)
}

/// How many users the directory holds, and how many have a phone number.
#[derive(Debug, Serialize, JsonSchema, Narrative)]
#[narrative("The directory has {users} users; {with_phone} of them have a phone number.")]
pub struct DirectorySummary {
    /// Users in the directory.
    pub users: usize,
    /// Users with a phone number.
    pub with_phone: usize,
}

/// Summarise the directory: a sentence for the model, the counts for programs.
#[tool(format = "hybrid", kind = "read")]
pub fn directory_summary(#[state] directory: &Directory) -> DirectorySummary {
    DirectorySummary {
        users: directory.users.len(),
        with_phone: directory.users.iter().filter(|u| u.phone.is_some()).count(),
    }
}

/// The tour's tools, served with a [`Directory`].
pub fn toolset() -> ToolSet<Directory> {
    ToolSet::new(tools![
        get_user_by_id,
        get_user,
        search_users,
        add,
        find_users,
        directory_summary
    ])
    .expect("tool names are distinct")
}
