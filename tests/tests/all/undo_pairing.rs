//! Undo's set-up refuses, with the tools named, a pairing that would fail or lose something
//! when it restores: an empty state field restored into a parameter that requires a value,
//! an action two state tools could restore, an optional parameter its state tool does not
//! read. `Undo::builder().pair(..)` names the pair; the "unset" pattern round-trips.

use toolshape_test_support as common;

use std::collections::BTreeMap;
use std::sync::Mutex;

use common::{call, connect, versions};
use serde_json::json;
use toolshape::undo::Undo;
use toolshape::{Server, ToolSet, tool, tools};

/// Who has each book.
#[derive(Default)]
struct Library(Mutex<BTreeMap<String, Option<String>>>);

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Loan {
    book_id: String,
    /// Who has the book; `null` when it is on the shelf.
    member: Option<String>,
}

#[derive(serde::Serialize, schemars::JsonSchema)]
struct Shelf {
    book_id: String,
    shelf: String,
}

/// Read who has a book.
#[tool(format = "json", kind = "state")]
fn get_loan(#[state] library: &Library, book_id: String) -> Loan {
    let member = library.0.lock().unwrap().get(&book_id).cloned().flatten();
    Loan { book_id, member }
}

/// Read where a book is shelved.
#[tool(format = "json", kind = "state")]
fn get_shelf(book_id: String) -> Shelf {
    Shelf {
        book_id,
        shelf: "A1".into(),
    }
}

/// Read a book's loan again, another way (a second state tool that reads the same fields).
#[tool(format = "json", kind = "state")]
fn get_loan_copy(#[state] library: &Library, book_id: String) -> Loan {
    get_loan(library, book_id)
}

/// Lend a book: the member is required, so undo cannot put the book back on the shelf.
#[tool(format = "json", kind = "action")]
fn lend_book_strictly(#[state] library: &Library, book_id: String, member: String) -> Loan {
    library
        .0
        .lock()
        .unwrap()
        .insert(book_id.clone(), Some(member.clone()));
    Loan {
        book_id,
        member: Some(member),
    }
}

/// Lend a book to a member, or return it to the shelf (no member).
#[tool(format = "json", kind = "action")]
fn lend_book(#[state] library: &Library, book_id: String, member: Option<String>) -> Loan {
    library
        .0
        .lock()
        .unwrap()
        .insert(book_id.clone(), member.clone());
    Loan { book_id, member }
}

/// Lend a book, with a note for the desk that no state tool reads.
#[tool(format = "json", kind = "action")]
fn lend_book_with_note(
    #[state] library: &Library,
    book_id: String,
    member: Option<String>,
    note: Option<String>,
) -> Loan {
    let _ = note;
    lend_book(library, book_id, member)
}

fn problems_of(tools: &ToolSet<Library>) -> String {
    let error = Undo::for_tools(tools).unwrap_err();
    // `main` returning the error prints it with `{:?}`: the same message
    assert_eq!(format!("{error:?}"), error.to_string());
    error.to_string()
}

#[test]
fn an_empty_state_field_restored_into_a_required_parameter_is_refused_at_set_up() {
    let tools: ToolSet<Library> = ToolSet::new(tools![get_loan, lend_book_strictly]).unwrap();
    let error = problems_of(&tools);
    assert_eq!(
        error,
        "undo cannot restore every action:\n- `lend_book_strictly` is restored from `get_loan`, \
         whose field `member` can be empty (`null` or missing), but `lend_book_strictly`'s \
         parameter `member` requires a value, so undoing it from an empty state would fail; \
         make the parameter optional (`member: Option<...>`, where `None` empties the field) \
         so that undo can restore the empty state, or leave the action out of undo with \
         `#[tool(kind = \"action\", undo = false)]` on `lend_book_strictly`"
    );
}

#[test]
fn of_two_state_tools_the_one_that_reads_every_parameter_restores() {
    // `get_shelf` comes first and takes the key, but reads no `member`.
    let tools: ToolSet<Library> = ToolSet::new(tools![get_shelf, get_loan, lend_book]).unwrap();
    let undo = Undo::for_tools(&tools).unwrap();
    assert_eq!(
        undo.undoable().collect::<Vec<_>>(),
        [("lend_book", "get_loan")]
    );
}

#[test]
fn two_state_tools_that_could_each_restore_are_refused_until_one_is_named() {
    let tools: ToolSet<Library> = ToolSet::new(tools![get_loan, get_loan_copy, lend_book]).unwrap();
    let error = problems_of(&tools);
    assert!(
        error.contains(
            "`lend_book` could be restored from `get_loan` or `get_loan_copy`: each reads all \
             its parameters; name the one that captures what it sets with \
             `Undo::builder().pair(\"lend_book\", \"get_loan\")`"
        ),
        "{error}"
    );
    let undo = Undo::builder()
        .pair("lend_book", "get_loan_copy")
        .for_tools(&tools)
        .unwrap();
    assert_eq!(
        undo.undoable().collect::<Vec<_>>(),
        [("lend_book", "get_loan_copy")]
    );
}

#[test]
fn an_optional_parameter_no_state_field_names_is_refused_unless_the_pair_is_named() {
    let tools: ToolSet<Library> =
        ToolSet::new(tools![get_shelf, get_loan, lend_book_with_note]).unwrap();
    let error = problems_of(&tools);
    assert!(
        error.contains(
            "`lend_book_with_note` sets what `get_loan` reads, but its parameter `note` names no \
             field of `get_loan`'s result (fields: book_id, member)"
        ),
        "{error}"
    );
    assert!(
        error.contains("`Undo::builder().pair(\"lend_book_with_note\", \"get_loan\")`"),
        "{error}"
    );
    let undo = Undo::builder()
        .pair("lend_book_with_note", "get_loan")
        .for_tools(&tools)
        .unwrap();
    assert_eq!(
        undo.undoable().collect::<Vec<_>>(),
        [("lend_book_with_note", "get_loan")]
    );
}

#[test]
fn a_pair_that_names_no_tool_is_refused() {
    let tools: ToolSet<Library> = ToolSet::new(tools![get_loan, lend_book]).unwrap();
    let error = Undo::builder()
        .pair("lend_bok", "get_loan")
        .for_tools(&tools)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains(
            "`pair(\"lend_bok\", \"get_loan\")`: no `kind = \"action\"` tool is named `lend_bok`"
        ),
        "{error}"
    );
}

#[tokio::test]
async fn undo_restores_an_empty_field_through_an_optional_parameter() {
    let tools: ToolSet<Library> = ToolSet::new(tools![get_shelf, get_loan, lend_book]).unwrap();
    let undo = Undo::for_tools(&tools).unwrap();
    let server = Server::new(Library::default(), tools.layer(undo));
    let client = connect(server, versions()[0].clone()).await;
    let lent = call(
        &client,
        "lend_book",
        json!({"book_id": "b1", "member": "ada"}),
    )
    .await
    .unwrap();
    assert_eq!(lent.is_error, Some(false), "{lent:?}");
    let undone = call(&client, "undo_last_action", json!({})).await.unwrap();
    assert_eq!(undone.is_error, Some(false), "{undone:?}");
    let undone = &undone.structured_content.unwrap()["data"]["undone"];
    assert_eq!(
        undone["restore_arguments"],
        json!({"book_id": "b1", "member": null})
    );
    assert_eq!(undone["state_restored"], true, "{undone}");
    let loan = call(&client, "get_loan", json!({"book_id": "b1"}))
        .await
        .unwrap();
    assert_eq!(
        loan.structured_content.unwrap()["data"]["member"],
        json!(null)
    );
    let _ = client.cancel().await;
}

/// A helpdesk: tickets, read by `get_ticket`, and actions on them of three kinds.
#[derive(Default)]
struct Helpdesk(Mutex<BTreeMap<String, Ticket>>);

#[derive(Clone, Default, serde::Serialize, schemars::JsonSchema)]
struct Ticket {
    ticket_id: String,
    status: String,
    /// Who works on it; `null` when nobody does.
    assignee: Option<String>,
}

/// Read a ticket.
#[tool(format = "json", kind = "state")]
fn get_ticket(#[state] desk: &Helpdesk, ticket_id: String) -> Ticket {
    let tickets = desk.0.lock().unwrap();
    tickets.get(&ticket_id).cloned().unwrap_or(Ticket {
        ticket_id,
        status: "open".into(),
        assignee: None,
    })
}

/// Assign a ticket to someone, or to nobody: sets a field `get_ticket` reads.
#[tool(format = "json", kind = "action")]
fn assign_ticket(#[state] desk: &Helpdesk, ticket_id: String, assignee: Option<String>) -> Ticket {
    let mut ticket = get_ticket(desk, ticket_id.clone());
    ticket.assignee = assignee;
    desk.0.lock().unwrap().insert(ticket_id, ticket.clone());
    ticket
}

/// Close a ticket with a resolution: no parameter names a field of `get_ticket`'s result,
/// and undo is told to leave it out.
#[tool(format = "json", kind = "action", undo = false)]
fn close_ticket(#[state] desk: &Helpdesk, ticket_id: String, resolution: String) -> Ticket {
    let _ = resolution;
    let mut ticket = get_ticket(desk, ticket_id.clone());
    ticket.status = "closed".into();
    desk.0.lock().unwrap().insert(ticket_id, ticket.clone());
    ticket
}

/// Comment on a ticket: appends what `get_ticket` does not read.
#[tool(format = "json", kind = "action", undo = false)]
fn add_comment(ticket_id: String, author: String, text: String) -> String {
    format!("{author} on {ticket_id}: {text}")
}

/// Hand a ticket over with a reason and a note: `assignee` is a field, the others are not.
#[tool(format = "json", kind = "action")]
fn hand_over_ticket(
    #[state] desk: &Helpdesk,
    ticket_id: String,
    assignee: Option<String>,
    reason: String,
    note: String,
) -> Ticket {
    let _ = (reason, note);
    assign_ticket(desk, ticket_id, assignee)
}

/// `add_comment` again, as a new user first writes it: nothing said about undo.
#[tool(format = "json", kind = "action")]
fn comment_on_ticket(ticket_id: String, author: String, text: String) -> String {
    add_comment(ticket_id, author, text)
}

#[test]
fn an_action_that_names_no_field_is_refused_with_the_declaration_that_leaves_it_out() {
    let tools: ToolSet<Helpdesk> =
        ToolSet::new(tools![get_ticket, assign_ticket, comment_on_ticket]).unwrap();
    assert_eq!(
        Undo::for_tools(&tools).unwrap_err().to_string(),
        "undo cannot restore every action:\n- `comment_on_ticket` takes the key of `get_ticket` \
         (`ticket_id`), but its other parameters `author` and `text` name no field of \
         `get_ticket`'s result (fields: assignee, status, ticket_id), so calling it again could \
         not restore it: if it sets nothing `get_ticket` reads (a comment, a notification), \
         leave it out of undo with `#[tool(kind = \"action\", undo = false)]` on \
         `comment_on_ticket`; if it does, name its parameters like the fields \
         (`#[arg(rename = \"...\")]`)"
    );
}

#[test]
fn actions_declared_undo_false_are_left_out() {
    let tools: ToolSet<Helpdesk> =
        ToolSet::new(tools![get_ticket, assign_ticket, close_ticket, add_comment]).unwrap();
    let undo = Undo::for_tools(&tools).unwrap();
    assert_eq!(
        undo.undoable().collect::<Vec<_>>(),
        [("assign_ticket", "get_ticket")]
    );
    assert_eq!(
        undo.left_out().collect::<Vec<_>>(),
        ["add_comment", "close_ticket"]
    );
    assert!(!tools.info("close_ticket").unwrap().undo());
    assert!(tools.info("assign_ticket").unwrap().undo());
}

#[test]
fn a_setter_with_parameters_no_field_names_is_still_refused() {
    // Restoring `hand_over_ticket` would have to make up a `reason` and a `note`.
    let tools: ToolSet<Helpdesk> = ToolSet::new(tools![get_ticket, hand_over_ticket]).unwrap();
    let error = Undo::for_tools(&tools).unwrap_err().to_string();
    assert_eq!(
        error,
        "undo cannot restore every action:\n- `hand_over_ticket` sets what `get_ticket` reads, \
         but its parameters `note` and `reason` name no field of `get_ticket`'s result \
         (fields: assignee, status, ticket_id); name the parameter like the field \
         (`#[arg(rename = \"...\")]`), or leave the action out of undo with \
         `#[tool(kind = \"action\", undo = false)]` on `hand_over_ticket`"
    );
}

/// The id the journal gave an action's call, from its result.
fn recorded_id(result: &toolshape::rmcp::model::CallToolResult) -> u64 {
    result.meta.as_ref().expect("recorded")[toolshape::undo::RECORDED_META_KEY]["id"]
        .as_u64()
        .unwrap()
}

#[tokio::test]
async fn an_undo_that_names_its_action_is_refused_once_another_came_after() {
    let tools: ToolSet<Helpdesk> =
        ToolSet::new(tools![get_ticket, assign_ticket, close_ticket, add_comment]).unwrap();
    let undo = Undo::for_tools(&tools).unwrap();
    let server = Server::new(Helpdesk::default(), tools.layer(undo));
    let client = connect(server, versions()[0].clone()).await;
    let assign = |who: &'static str| {
        call(
            &client,
            "assign_ticket",
            json!({"ticket_id": "t1", "assignee": who}),
        )
    };
    let first = recorded_id(&assign("ada").await.unwrap());
    let second = recorded_id(&assign("grace").await.unwrap());
    // Declared `undo = false`, so not recorded: the newest entry is still the second
    // assignment.
    let closed = call(
        &client,
        "close_ticket",
        json!({"ticket_id": "t1", "resolution": "fixed"}),
    )
    .await
    .unwrap();
    assert!(
        closed
            .meta
            .as_ref()
            .is_none_or(|meta| !meta.0.contains_key(toolshape::undo::RECORDED_META_KEY))
    );

    let refused = call(&client, "undo_last_action", json!({"id": first}))
        .await
        .unwrap();
    assert_eq!(refused.is_error, Some(true));
    assert_eq!(
        refused.content[0].as_text().unwrap().text,
        format!(
            "Error: cannot undo: entry {first} (`assign_ticket`) is no longer the newest: \
             `assign_ticket` (entry {second}) ran after it; undo that first, or leave it"
        )
    );
    let undone = call(&client, "undo_last_action", json!({"id": second}))
        .await
        .unwrap();
    assert_eq!(undone.is_error, Some(false), "{undone:?}");
    let undone = &undone.structured_content.unwrap()["data"]["undone"];
    assert_eq!(undone["id"], second);
    assert_eq!(
        undone["restore_arguments"],
        json!({"ticket_id": "t1", "assignee": "ada"})
    );
    // Undone already: named again, it is refused rather than taking the first one back.
    let again = call(&client, "undo_last_action", json!({"id": second}))
        .await
        .unwrap();
    assert_eq!(
        again.content[0].as_text().unwrap().text,
        format!(
            "Error: cannot undo: there is no entry {second} in the journal (undone already, or \
             never recorded); the newest is entry {first} (`assign_ticket`)"
        )
    );
    let _ = client.cancel().await;
}
