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
         so that undo can restore the empty state, or leave the action out with \
         `Undo::builder().skip(\"lend_book_strictly\")`"
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
