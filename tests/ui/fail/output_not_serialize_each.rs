// Every way a tool returns data that is not `Serialize` (or not `JsonSchema`): each is
// reported at the return type, by what the type lacks and the derive that adds it.
use schemars::JsonSchema;
use serde::Serialize;
use toolshape::formats::{Hybrid, Rich};
use toolshape::{Narrative, ToolError, tool};

#[derive(JsonSchema)]
struct Ticket {
    id: u32,
}

#[derive(Serialize)]
struct Comment {
    text: String,
}

#[derive(JsonSchema, Narrative)]
#[narrative("Ticket {id} is open")]
struct Opened {
    id: u32,
}

/// List the tickets.
#[tool(format = "json")]
fn list_tickets() -> Result<Vec<Ticket>, ToolError> {
    Ok(Vec::new())
}

/// Read a comment, without the envelope.
#[tool(format = "json", envelope = false)]
fn get_comment() -> Comment {
    Comment { text: String::new() }
}

/// Open a ticket.
#[tool(format = "hybrid")]
fn open_ticket() -> Opened {
    Opened { id: 1 }
}

/// Read a ticket, with a narrative made at run time.
#[tool(format = "json")]
fn get_ticket() -> Hybrid<Ticket> {
    Hybrid::new("Ticket 1", Ticket { id: 1 })
}

/// Read a ticket, with an attachment.
#[tool(format = "hybrid")]
fn show_ticket() -> Rich<Hybrid<Option<Ticket>>> {
    Rich::new(Hybrid::new("Ticket 1", None))
}

fn main() {}
