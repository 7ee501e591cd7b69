use schemars::JsonSchema;
use serde::Serialize;
use toolshape::tool;

#[derive(Serialize, JsonSchema)]
struct User {
    name: String,
}

struct Directory {
    users: Vec<User>,
}

#[tool]
impl Directory {
    /// The first user.
    #[tool(format = "json")]
    fn first_user(&self) -> &User {
        &self.users[0]
    }

    /// The users' names.
    #[tool(format = "json")]
    fn names(&self) -> Vec<&str> {
        self.users.iter().map(|user| user.name.as_str()).collect()
    }
}

fn main() {}
