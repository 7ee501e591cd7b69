// `undo = false` leaves an action out of undo: on a tool that is not an action it has
// nothing to leave out, and `undo = true` says what every action is already.
use toolshape::tool;

/// Read a ticket.
#[tool(format = "json", kind = "state", undo = false)]
fn get_ticket(ticket_id: String) -> String {
    ticket_id
}

/// Close a ticket.
#[tool(format = "json", kind = "action", undo = true)]
fn close_ticket(ticket_id: String) -> String {
    ticket_id
}

/// Comment on a ticket.
#[tool(format = "json", undo = false)]
fn add_comment(ticket_id: String) -> String {
    ticket_id
}

fn main() {}
