//! Every supported shape of tool compiles and registers.
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use toolshape::{Context, tool::Provides, ToolError, ToolSet, tool, tools};

#[derive(Serialize, Deserialize, JsonSchema)]
pub struct Filter {
    pub name: Option<String>,
}

pub struct Db;
struct App {
    db: Db,
}

impl Provides<Db> for App {
    fn provide(&self) -> &Db {
        &self.db
    }
}

type Result<T> = std::result::Result<T, ToolError>;

/// A sync tool with no parameters returning unit.
#[tool(format = "json", kind = "action")]
fn ping() {}

/// An async tool with state, context, a struct and an optional parameter.
#[tool(format = "json", kind = "read", open_world = true)]
pub async fn search(
    #[state] db: &Db,
    #[context] cx: Context,
    /// What to look for.
    filter: Filter,
    /// At most this many.
    limit: Option<u32>,
) -> Result<Vec<String>> {
    let _ = (db, cx.is_cancelled());
    Ok(filter.name.into_iter().take(limit.unwrap_or(1) as usize).collect())
}

/// A tool with a raw identifier parameter and an explicit lifetime.
#[tool(format = "json", kind = "state", name = "type.of-thing")]
fn type_of<'a>(#[state] db: &'a Db, r#type: String) -> std::result::Result<String, std::fmt::Error> {
    let _ = db;
    Ok(r#type)
}

struct Service;

#[tool]
impl Service {
    /// A method tool.
    #[tool(format = "json")]
    pub fn stats(&self) -> u32 {
        7
    }
}

pub fn main() {
    let set: ToolSet<App> = ToolSet::new(tools![ping, search, type_of]).unwrap();
    let names: Vec<_> = set.list().into_iter().map(|t| t.name).collect();
    assert_eq!(names, ["ping", "search", "type.of-thing"]);
    let service: ToolSet<Service> = ToolSet::new(tools![Service::stats]).unwrap();
    assert_eq!(service.len(), 1);
}
