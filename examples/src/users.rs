//! ADR-002's user service: five `format = "text"` tools over an in-memory store.
//!
//! What a model reads is generated from [`User`]'s `#[derive(ToolText)]`: a code block of
//! `Label: value` lines, `Found N users:` lists, `No users found matching your criteria.`,
//! `Error: …` and confirmations such as `User successfully deleted`.

use std::sync::RwLock;

use toolshape::{ToolError, ToolSet, ToolText, tool, tools};

/// One user, as the model reads it.
#[derive(Debug, Clone, PartialEq, ToolText)]
#[text(noun = "user", empty = "No users found matching your criteria.")]
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

/// The store the tools share: users behind a lock, and the next id.
#[derive(Debug)]
pub struct UserStore {
    users: RwLock<Vec<User>>,
}

impl UserStore {
    /// A store holding `users`.
    pub fn new(users: Vec<User>) -> Self {
        UserStore {
            users: RwLock::new(users),
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<User>> {
        self.users.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Vec<User>> {
        self.users.write().unwrap_or_else(|e| e.into_inner())
    }
}

impl Default for UserStore {
    /// ADR-002's users: Alice (Example 1), John and Johnny (Example 2).
    fn default() -> Self {
        UserStore::new(vec![
            User {
                id: 15,
                name: "John".into(),
                surname: "Doe".into(),
                email: "john.doe@example.com".into(),
                phone: Some("+1555010015".into()),
                company: Some("Acme".into()),
                salary: 85_000.0,
                about: None,
            },
            User {
                id: 28,
                name: "Johnny".into(),
                surname: "Smith".into(),
                email: "johnny@example.com".into(),
                phone: None,
                company: None,
                salary: 64_250.5,
                about: Some("Joined last spring".into()),
            },
            User {
                id: 42,
                name: "Alice".into(),
                surname: "Johnson".into(),
                email: "alice@example.com".into(),
                phone: Some("+1234567890".into()),
                company: Some("Google".into()),
                salary: 120_000.0,
                about: Some("Software engineer with 10 years experience".into()),
            },
        ])
    }
}

fn not_found(id: u64) -> ToolError {
    ToolError::new(format!("User with ID {id} not found"))
}

/// Get one user by id.
#[tool(format = "text")]
pub fn get_user_by_id(
    #[state] store: &UserStore,
    /// The user's numeric id.
    id: u64,
) -> Result<User, ToolError> {
    store
        .read()
        .iter()
        .find(|user| user.id == id)
        .cloned()
        .ok_or_else(|| not_found(id))
}

/// Search users by name, surname or e-mail (case-insensitive substrings; every given
/// criterion must match).
#[tool(format = "text")]
pub fn search_user(
    #[state] store: &UserStore,
    /// Part of the given name.
    name: Option<String>,
    /// Part of the family name.
    surname: Option<String>,
    /// Part of the e-mail address.
    email: Option<String>,
) -> Vec<User> {
    let matches = |field: &str, query: &Option<String>| {
        query
            .as_ref()
            .is_none_or(|q| field.to_lowercase().contains(&q.to_lowercase()))
    };
    store
        .read()
        .iter()
        .filter(|u| {
            matches(&u.name, &name) && matches(&u.surname, &surname) && matches(&u.email, &email)
        })
        .cloned()
        .collect()
}

/// Create a user; returns the new user.
#[tool(format = "text", confirm = "User successfully created")]
#[allow(clippy::too_many_arguments)]
pub fn create_user(
    #[state] store: &UserStore,
    /// Given name.
    name: String,
    /// Family name.
    surname: String,
    /// E-mail address.
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
    let mut users = store.write();
    if users.iter().any(|u| u.email.eq_ignore_ascii_case(&email)) {
        return Err(ToolError::new(format!(
            "a user with e-mail {email} already exists"
        )));
    }
    let user = User {
        id: users.iter().map(|u| u.id).max().unwrap_or(0) + 1,
        name,
        surname,
        email,
        phone,
        company,
        salary: salary.unwrap_or(0.0),
        about,
    };
    users.push(user.clone());
    Ok(user)
}

/// Update some fields of a user; returns the updated user.
#[tool(format = "text", confirm = "User successfully updated")]
#[allow(clippy::too_many_arguments)]
pub fn update_user(
    #[state] store: &UserStore,
    /// The user's numeric id.
    id: u64,
    /// New given name.
    name: Option<String>,
    /// New family name.
    surname: Option<String>,
    /// New e-mail address.
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
    let mut users = store.write();
    let user = users
        .iter_mut()
        .find(|u| u.id == id)
        .ok_or_else(|| not_found(id))?;
    if let Some(name) = name {
        user.name = name;
    }
    if let Some(surname) = surname {
        user.surname = surname;
    }
    if let Some(email) = email {
        user.email = email;
    }
    if phone.is_some() {
        user.phone = phone;
    }
    if company.is_some() {
        user.company = company;
    }
    if let Some(salary) = salary {
        user.salary = salary;
    }
    if about.is_some() {
        user.about = about;
    }
    Ok(user.clone())
}

/// Delete a user.
#[tool(format = "text", confirm = "User successfully deleted")]
pub fn delete_user(
    #[state] store: &UserStore,
    /// The user's numeric id.
    id: u64,
) -> Result<(), ToolError> {
    let mut users = store.write();
    let before = users.len();
    users.retain(|u| u.id != id);
    if users.len() == before {
        return Err(not_found(id));
    }
    Ok(())
}

/// The five tools, served with a [`UserStore`].
pub fn toolset() -> ToolSet<UserStore> {
    ToolSet::new(tools![
        get_user_by_id,
        search_user,
        create_user,
        update_user,
        delete_user
    ])
    .expect("tool names are distinct")
}
