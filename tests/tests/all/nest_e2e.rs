//! Tool sets written apart, combined into one server (`ToolSet::merge`, `ToolSet::nest`):
//! the prefix everywhere a client reads a name (listing, search, provenance, errors), a
//! collision as an error naming both tools, each set's layers kept to its own tools, and undo
//! and scopes still working on a nested tool.

use toolshape_test_support as common;

use std::sync::{Arc, Mutex};

use rmcp::ErrorData;
use rmcp::model::CallToolResult;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::layer::{Call, Layer, Next};
use toolshape::search::ToolSearch;
use toolshape::tool::{BoxFuture, ToolDef};
use toolshape::undo::Undo;
use toolshape::{Context, Server, ToolError, ToolSet, tool, tools};

use common::{call, check_error, check_json_success, connect, text_of};

/// The billing team's state: invoice statuses.
#[derive(Default)]
struct Ledger(Mutex<std::collections::BTreeMap<String, String>>);

#[derive(Serialize, JsonSchema)]
struct Invoice {
    invoice_id: String,
    status: String,
}

/// Read an invoice's status.
#[tool(format = "json", kind = "state")]
fn get_invoice(#[state] ledger: &Ledger, invoice_id: String) -> Result<Invoice, ToolError> {
    let status = ledger.0.lock().unwrap().get(&invoice_id).cloned();
    status
        .map(|status| Invoice { invoice_id, status })
        .ok_or_else(|| ToolError::new("no such invoice"))
}

/// Set an invoice's status.
#[tool(format = "json", kind = "action", scopes = ["billing:write"])]
fn set_invoice_status(
    #[state] ledger: &Ledger,
    invoice_id: String,
    status: String,
) -> Result<Invoice, ToolError> {
    let mut invoices = ledger.0.lock().unwrap();
    let current = invoices
        .get_mut(&invoice_id)
        .ok_or_else(|| ToolError::new("no such invoice"))?;
    current.clone_from(&status);
    Ok(Invoice { invoice_id, status })
}

/// Open a support ticket.
#[tool(format = "text")]
fn open_ticket(subject: String) -> String {
    format!("Ticket opened: {subject}")
}

/// Check the server is up.
#[tool(format = "text")]
fn ping() -> String {
    "pong".to_owned()
}

/// A layer that writes down the name of every call it sees, as it sees it.
#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<String>>>);

impl Seen {
    fn take(&self) -> Vec<String> {
        std::mem::take(&mut self.0.lock().unwrap())
    }
}

impl<S: Send + Sync + 'static> Layer<S> for Seen {
    fn call<'a>(
        &'a self,
        call: Call<'a, S>,
        next: Next<'a, S>,
    ) -> BoxFuture<'a, Result<CallToolResult, ErrorData>> {
        self.0.lock().unwrap().push(call.name().to_owned());
        next.run(call)
    }
}

fn ledger() -> Ledger {
    Ledger(Mutex::new([("INV-1".to_owned(), "open".to_owned())].into()))
}

fn billing() -> ToolSet<Ledger> {
    ToolSet::new(tools![get_invoice, set_invoice_status]).unwrap()
}

#[tokio::test]
async fn nested_tools_are_prefixed_wherever_a_client_reads_a_name() {
    let tools = ToolSet::new(tools![ping])
        .unwrap()
        .nest("billing", billing())
        .unwrap()
        .merge(ToolSet::new(tools![open_ticket]).unwrap())
        .unwrap();
    assert_eq!(
        tools
            .list()
            .iter()
            .map(|t| t.name.to_string())
            .collect::<Vec<_>>(),
        [
            "billing_get_invoice",
            "billing_set_invoice_status",
            "open_ticket",
            "ping"
        ]
    );
    assert_eq!(
        tools.scopes("billing_set_invoice_status"),
        ["billing:write"]
    );
    let info = tools.info("billing_get_invoice").unwrap();
    assert_eq!(info.params().collect::<Vec<_>>(), ["invoice_id"]);

    let client = connect(
        Server::new(ledger(), tools.clone()),
        common::versions()[0].clone(),
    )
    .await;
    let listed = client.list_all_tools().await.unwrap();
    let tool = listed
        .iter()
        .find(|t| t.name == "billing_get_invoice")
        .unwrap();
    let found = call(
        &client,
        "billing_get_invoice",
        json!({"invoice_id": "INV-1"}),
    )
    .await
    .unwrap();
    assert_eq!(check_json_success(tool, &found)["status"], "open");
    let envelope = found.structured_content.unwrap();
    assert_eq!(envelope["metadata"]["tool"], "billing_get_invoice");
    let bad = call(&client, "billing_get_invoice", json!({}))
        .await
        .unwrap();
    assert_eq!(
        check_error(&bad),
        "Error: invalid arguments for tool `billing_get_invoice`:\n- missing required parameter \
         `invoice_id` (a string)"
    );
    client.cancel().await.unwrap();

    // tool search finds and calls them by their prefixed names
    let server = Server::new(ledger(), tools).with_tool_search(ToolSearch::new());
    let client = connect(server, common::versions()[0].clone()).await;
    let answer = call(&client, "search_tools", json!({"query": "invoice status"}))
        .await
        .unwrap();
    let text = text_of(&answer);
    assert!(text.contains("billing_get_invoice"), "{text}");
    assert!(!text.contains(" get_invoice"), "{text}");
    let through = call(
        &client,
        "call_tool",
        json!({"name": "billing_get_invoice", "arguments": {"invoice_id": "INV-1"}}),
    )
    .await
    .unwrap();
    assert_eq!(
        through.structured_content.unwrap()["data"]["status"],
        "open"
    );
    client.cancel().await.unwrap();
}

#[test]
fn a_name_both_sets_have_is_an_error_naming_both_tools() {
    let plugin = |place: &'static str| {
        ToolDef::<()>::dynamic("lookup")
            .description("Look something up.")
            .declared_at(place)
            .handler(|_: &(), _, _| Box::pin(async { Ok::<_, ToolError>(Value::Null) }))
            .build()
            .unwrap()
    };
    let error = ToolSet::new([plugin("plugins/a.json")])
        .unwrap()
        .merge(ToolSet::new([plugin("plugins/b.json")]).unwrap())
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "two tools are named `lookup`: a tool declared at run time (plugins/a.json) and a tool \
         declared at run time (plugins/b.json); give one of them another name (`#[tool(name = \
         \"...\")]`), or nest one's set under a prefix (`ToolSet::nest`)"
    );

    let taken = ToolDef::<()>::dynamic("maps_lookup")
        .description("Look a place up.")
        .declared_at("plugins/maps.json")
        .handler(|_: &(), _, _| Box::pin(async { Ok::<_, ToolError>(Value::Null) }))
        .build()
        .unwrap();
    let error = ToolSet::new([taken])
        .unwrap()
        .nest("maps", ToolSet::new([plugin("plugins/c.json")]).unwrap())
        .unwrap_err();
    assert_eq!(error.name, "maps_lookup");
    assert_eq!(
        error.first,
        "a tool declared at run time (plugins/maps.json)"
    );
    assert_eq!(
        error.second,
        "a tool declared at run time (plugins/c.json), nested under the prefix `maps_`"
    );

    // the `#[tool]`s: their Rust paths and places
    mod other {
        /// Another ping.
        #[toolshape::tool(format = "text")]
        pub fn ping() -> String {
            "pong".to_owned()
        }
    }
    let error = ToolSet::<()>::new(tools![ping])
        .unwrap()
        .merge(ToolSet::new(tools![other::ping]).unwrap())
        .unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with(
            "two tools are named `ping`: `all::nest_e2e::ping` (tests/tests/all/nest_e2e.rs:"
        ),
        "{message}"
    );
    assert!(
        message.contains(" and `all::nest_e2e::other::ping` (tests/tests/all/nest_e2e.rs:"),
        "{message}"
    );
}

#[tokio::test]
async fn each_set_keeps_its_layers_to_its_own_tools() {
    let (inner, outer, before) = (Seen::default(), Seen::default(), Seen::default());
    let support = ToolSet::new(tools![ping]).unwrap().layer(before.clone());
    let tools = support
        .nest("billing", billing().layer(inner.clone()))
        .unwrap()
        .layer(outer.clone());
    let detached = Context::detached;
    let state = ledger();
    for (name, arguments) in [
        ("billing_get_invoice", json!({"invoice_id": "INV-1"})),
        ("ping", json!({})),
    ] {
        let result = tools
            .call_json(&state, name, arguments, detached())
            .await
            .unwrap();
        assert_eq!(result.is_error, Some(false), "{result:?}");
    }
    // the combined set's layer sees every call, by the names the server lists
    assert_eq!(outer.take(), ["billing_get_invoice", "ping"]);
    // billing's layer sees billing's calls only, by the names it was written for
    assert_eq!(inner.take(), ["get_invoice"]);
    // a layer the set had before it was combined keeps to that set's tools
    assert_eq!(before.take(), ["ping"]);
}

#[tokio::test]
async fn undo_of_a_nested_set_and_of_the_combined_one() {
    for undo_inside in [true, false] {
        let billing = if undo_inside {
            let set = billing();
            let undo = Undo::for_tools(&set).unwrap();
            set.layer(undo)
        } else {
            billing()
        };
        let mut tools = ToolSet::new(tools![ping])
            .unwrap()
            .nest("billing", billing)
            .unwrap();
        if !undo_inside {
            let undo = Undo::for_tools(&tools).unwrap();
            assert_eq!(
                undo.undoable().collect::<Vec<_>>(),
                [("billing_set_invoice_status", "billing_get_invoice")]
            );
            tools = tools.layer(undo);
        }
        let client = connect(Server::new(ledger(), tools), common::versions()[0].clone()).await;
        let set = call(
            &client,
            "billing_set_invoice_status",
            json!({"invoice_id": "INV-1", "status": "paid"}),
        )
        .await
        .unwrap();
        assert_eq!(set.is_error, Some(false), "{set:?}");
        // the tool that undoes it, as the client calls it
        let undo_tool = set.meta.as_ref().unwrap()["dev.toolshape/undo"]["tool"]
            .as_str()
            .unwrap()
            .to_owned();
        let expected = if undo_inside {
            "billing_undo_last_action"
        } else {
            "undo_last_action"
        };
        assert_eq!(undo_tool, expected);
        let undone = call(&client, &undo_tool, json!({})).await.unwrap();
        let outcome = undone.structured_content.unwrap();
        assert_eq!(
            outcome["data"]["undone"]["state_restored"], true,
            "{outcome}"
        );
        let read = call(
            &client,
            "billing_get_invoice",
            json!({"invoice_id": "INV-1"}),
        )
        .await
        .unwrap();
        assert_eq!(read.structured_content.unwrap()["data"]["status"], "open");
        client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn a_nested_tool_keeps_its_scopes() {
    let tools = ToolSet::new(tools![ping])
        .unwrap()
        .nest("billing", billing())
        .unwrap();
    let caller = toolshape::context::Caller::with_token(
        Some("bob".into()),
        None,
        ["billing:read"],
        Default::default(),
    );
    let listed = tools.list_for(&caller);
    assert_eq!(
        listed
            .iter()
            .map(|t| t.name.to_string())
            .collect::<Vec<_>>(),
        ["billing_get_invoice", "ping"]
    );
    let mut request = Context::detached().request().clone();
    request.extensions.insert(caller);
    let refused = tools
        .call(
            &ledger(),
            rmcp::model::CallToolRequestParams::new("billing_set_invoice_status").with_arguments(
                json!({"invoice_id": "INV-1", "status": "paid"})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
            request,
        )
        .await
        .unwrap();
    assert_eq!(
        check_error(&refused),
        "Error: `billing_set_invoice_status` needs the scope `billing:write`, which the caller's \
         access token does not grant; the tool did not run"
    );
}
