//! End to end: the users example's `format = "text"` tools over a fresh SQLite database,
//! served by `toolshape::Server`, driven by rmcp's own client over both supported protocol
//! versions.

use toolshape_test_support as common;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{Client, call, check_error, check_text_success, connect, versions};
use rmcp::model::Tool;
use serde_json::{Value, json};
use toolshape::Server;
use toolshape_examples::users::{SEED, UserDb, search_user, toolset};

/// A database file of its own in a fresh directory, removed on drop.
struct TempDb {
    dir: PathBuf,
}

impl TempDb {
    fn new() -> Self {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "toolshape-text-e2e-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDb { dir }
    }

    fn path(&self) -> PathBuf {
        self.dir.join("users.sqlite3")
    }

    fn open(&self) -> UserDb {
        UserDb::open(self.path()).expect("database opens")
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

async fn serve(db: UserDb) -> (Client, Vec<Tool>) {
    // Each test gets its own clients; `versions()` is exercised in `users_over_rmcp_client`.
    let client = connect(Server::new(db, toolset()), versions()[0].clone()).await;
    let tools = client.list_all_tools().await.expect("tools/list");
    (client, tools)
}

fn tool(tools: &[Tool], name: &str) -> Tool {
    tools.iter().find(|t| t.name == name).expect(name).clone()
}

async fn ok(client: &Client, tools: &[Tool], name: &str, args: Value) -> String {
    let result = call(client, name, args).await.unwrap();
    check_text_success(&tool(tools, name), &result)
}

async fn err(client: &Client, name: &str, args: Value) -> String {
    let result = call(client, name, args).await.unwrap();
    check_error(&result)
}

#[tokio::test]
async fn users_over_rmcp_client() {
    for version in versions() {
        let db = TempDb::new();
        let server = Server::new(db.open(), toolset());
        let client = connect(server, version.clone()).await;
        let tools = client.list_all_tools().await.expect("tools/list");
        assert_eq!(tools.len(), 5);
        for t in &tools {
            assert!(t.output_schema.is_none(), "{}: no outputSchema", t.name);
            let hints = t.annotations.as_ref().expect("annotations from `kind`");
            let read = t.name == "get_user_by_id" || t.name == "search_user";
            assert_eq!(hints.read_only_hint, Some(read), "{}", t.name);
        }

        // Example 1.
        let text = ok(&client, &tools, "get_user_by_id", json!({"id": 42})).await;
        assert_eq!(
            text,
            "```\nUser ID: 42\nName: Alice\nSurname: Johnson\nEmail: alice@example.com\n\
             Phone: +1234567890\nCompany: Google\nSalary: $120,000.00\n\
             About: Software engineer with 10 years experience\n```"
        );

        // Example 2 and 3: a list that fits one page has no paging line.
        let text = ok(&client, &tools, "search_user", json!({"name": "john"})).await;
        assert!(
            text.starts_with("Found 2 users:\n\n```\nUser ID: 15\n"),
            "{text}"
        );
        assert!(text.contains("```\n\n```\nUser ID: 28\n"), "{text}");
        assert!(text.contains("Phone: N/A\n"), "{text}");
        assert!(text.ends_with("```\n"), "{text}");
        assert!(!text.contains("Showing"), "{text}");
        let text = ok(&client, &tools, "search_user", json!({"name": "zed"})).await;
        assert_eq!(text, "No users found matching your criteria.");

        // Create, update: the confirmation, then the record.
        let text = ok(
            &client,
            &tools,
            "create_user",
            json!({"name": "Bob", "surname": "Stone", "email": "bob@example.com", "salary": 1234.5}),
        )
        .await;
        assert_eq!(
            text,
            "User successfully created:\n\n```\nUser ID: 51\nName: Bob\nSurname: Stone\n\
             Email: bob@example.com\nPhone: N/A\nCompany: N/A\nSalary: $1,234.50\nAbout: N/A\n```"
        );
        let text = ok(
            &client,
            &tools,
            "update_user",
            json!({"id": 51, "phone": "+1 555 0100"}),
        )
        .await;
        assert!(
            text.starts_with("User successfully updated:\n\n```\n"),
            "{text}"
        );
        assert!(text.contains("\nPhone: +1 555 0100\n"), "{text}");

        // A confirmation sentence, then the error text.
        let text = ok(&client, &tools, "delete_user", json!({"id": 51})).await;
        assert_eq!(text, "User successfully deleted");
        let text = err(&client, "delete_user", json!({"id": 51})).await;
        assert_eq!(text, "Error: User with ID 51 not found");
        err(&client, "get_user_by_id", json!({"id": "x"})).await;

        client.cancel().await.ok();
    }
}

#[tokio::test]
async fn search_pages_with_a_line_after_the_blocks() {
    let db = TempDb::new();
    let (client, tools) = serve(db.open()).await;
    // Every seeded address contains "example.".
    let total = SEED.len();
    assert_eq!(total, 50);

    let first = ok(&client, &tools, "search_user", json!({"email": "example."})).await;
    assert!(
        first.starts_with("Found 10 users:\n\n```\nUser ID: 1\n"),
        "{first}"
    );
    assert_eq!(first.matches("User ID: ").count(), 10);
    assert!(
        first.ends_with(
            "```\n\nShowing users 1 to 10 of 50. For the next page, call search_user again \
             with the same criteria and offset=10.\n"
        ),
        "{first}"
    );

    let second = ok(
        &client,
        &tools,
        "search_user",
        json!({"email": "EXAMPLE.", "offset": 10}),
    )
    .await;
    assert!(
        second.starts_with("Found 10 users:\n\n```\nUser ID: 11\n"),
        "{second}"
    );
    assert!(
        second.contains("Showing users 11 to 20 of 50. ") && second.contains("offset=20."),
        "{second}"
    );

    let last = ok(
        &client,
        &tools,
        "search_user",
        json!({"email": "example.", "offset": 40, "limit": 25}),
    )
    .await;
    assert!(last.starts_with("Found 10 users:\n\n```\nUser ID: 41\n"));
    assert!(
        last.ends_with("```\n\nShowing users 41 to 50 of 50. This is the last page.\n"),
        "{last}"
    );

    // Fragments combine, case-insensitively beyond ASCII.
    let text = ok(
        &client,
        &tools,
        "search_user",
        json!({"name": "ZOË", "surname": "ad"}),
    )
    .await;
    assert!(
        text.starts_with("Found 1 user:\n\n```\nUser ID: 35\nName: Zoë\n"),
        "{text}"
    );

    let text = err(
        &client,
        "search_user",
        json!({"email": "example.", "offset": 50}),
    )
    .await;
    assert_eq!(text, "Error: `offset` 50 is past the end: 50 users match");
    for limit in [0, 51] {
        let text = err(
            &client,
            "search_user",
            json!({"email": "example.", "limit": limit}),
        )
        .await;
        assert!(text.contains("`limit` must be between 1 and 50"), "{text}");
    }
    client.cancel().await.ok();
}

#[tokio::test]
async fn search_without_criteria_is_a_tool_error() {
    let db = TempDb::new();
    let (client, _) = serve(db.open()).await;
    for args in [
        json!({}),
        json!({"limit": 5}),
        json!({"name": "  ", "email": ""}),
    ] {
        let text = err(&client, "search_user", args).await;
        assert_eq!(
            text,
            "Error: give at least one of `name`, `surname` or `email` to search by"
        );
    }
    client.cancel().await.ok();
}

#[tokio::test]
async fn create_get_update_delete_round_trip_persists_in_the_file() {
    let db = TempDb::new();
    let (client, tools) = serve(db.open()).await;

    let created = ok(
        &client,
        &tools,
        "create_user",
        json!({"name": "Ada", "surname": "Lovelace", "email": "ada@example.org",
               "company": "Analytical Engines", "salary": 150000, "about": "Wrote the first program"}),
    )
    .await;
    let record = created
        .strip_prefix("User successfully created:\n\n")
        .expect("confirmation");
    assert!(record.starts_with("```\nUser ID: 51\n"), "{created}");
    // What get returns is the record create confirmed.
    assert_eq!(
        ok(&client, &tools, "get_user_by_id", json!({"id": 51})).await,
        record
    );

    // The e-mail is unique, case-insensitively.
    let text = err(
        &client,
        "create_user",
        json!({"name": "A", "surname": "L", "email": "ADA@example.org"}),
    )
    .await;
    assert_eq!(
        text,
        "Error: a user with e-mail ADA@example.org already exists"
    );
    let text = err(
        &client,
        "update_user",
        json!({"id": 1, "email": "ada@example.org"}),
    )
    .await;
    assert!(text.contains("already exists"), "{text}");
    let text = err(&client, "update_user", json!({"id": 51})).await;
    assert!(text.starts_with("Error: nothing to update"), "{text}");

    let updated = ok(
        &client,
        &tools,
        "update_user",
        json!({"id": 51, "salary": 175000.25, "phone": "+44 20 7946 0000"}),
    )
    .await;
    assert_eq!(
        updated,
        "User successfully updated:\n\n```\nUser ID: 51\nName: Ada\nSurname: Lovelace\n\
         Email: ada@example.org\nPhone: +44 20 7946 0000\nCompany: Analytical Engines\n\
         Salary: $175,000.25\nAbout: Wrote the first program\n```"
    );
    client.cancel().await.ok();

    // The file keeps the change, and reopening it does not seed it again.
    let (client, tools) = serve(db.open()).await;
    let text = ok(&client, &tools, "get_user_by_id", json!({"id": 51})).await;
    assert!(text.contains("Salary: $175,000.25\n"), "{text}");
    assert_eq!(
        ok(&client, &tools, "delete_user", json!({"id": 51})).await,
        "User successfully deleted"
    );
    assert_eq!(
        err(&client, "get_user_by_id", json!({"id": 51})).await,
        "Error: User with ID 51 not found"
    );
    let text = ok(
        &client,
        &tools,
        "search_user",
        json!({"surname": "lovelace"}),
    )
    .await;
    assert_eq!(text, "No users found matching your criteria.");
    client.cancel().await.ok();
}

#[test]
fn servers_opening_a_new_file_at_once_seed_it_once() {
    let db = TempDb::new();
    let dbs: Vec<UserDb> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4).map(|_| s.spawn(|| db.open())).collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for opened in &dbs {
        // The tool functions stay callable as plain functions.
        let page = search_user(opened, None, None, Some("@".into()), Some(1), None).unwrap();
        assert_eq!(page.total, SEED.len() as u64);
        assert_eq!(page.users[0].id, 1);
    }
}

/// A client whose user answers "delete this user?" with `confirm` (or declines), and which
/// records the questions it was asked.
#[derive(Clone)]
struct Confirming {
    answer: Option<bool>,
    version: rmcp::model::ProtocolVersion,
    asked: std::sync::Arc<std::sync::Mutex<Vec<String>>>,
}

impl rmcp::ClientHandler for Confirming {
    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        _: rmcp::service::RequestContext<rmcp::RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::ErrorData> {
        use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction};
        if let ElicitRequestParams::FormElicitationParams { message, .. } = &request {
            self.asked.lock().unwrap().push(message.clone());
        }
        Ok(match self.answer {
            Some(confirm) => ElicitResult::new(ElicitationAction::Accept)
                .with_content(json!({ "confirm": confirm })),
            None => ElicitResult::new(ElicitationAction::Decline),
        })
    }

    fn get_info(&self) -> rmcp::model::ClientConfig {
        let mut capabilities = rmcp::model::ClientCapabilities::default();
        capabilities.elicitation = Some(rmcp::model::ElicitationCapability::default());
        rmcp::model::ClientConfig::new(
            capabilities,
            rmcp::model::Implementation::new("users-tests", "0.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }
}

#[tokio::test]
async fn delete_user_asks_a_client_that_can_ask_its_user() {
    for version in versions() {
        for (answer, deleted) in [(Some(true), true), (Some(false), false), (None, false)] {
            let temp = TempDb::new();
            let server = Server::new(temp.open(), toolset());
            let handler = Confirming {
                answer,
                version: version.clone(),
                asked: Default::default(),
            };
            let client = toolshape::testing::connect_with_client(server, handler.clone())
                .await
                .unwrap();
            let arguments = json!({"id": 7}).as_object().cloned().unwrap();
            let request = rmcp::model::CallToolRequestParams::new("delete_user")
                .with_arguments(arguments.clone());
            let result = client.call_tool(request).await.unwrap();
            let text = result.content[0].as_text().unwrap().text.clone();
            let asked = handler.asked.lock().unwrap().clone();
            assert_eq!(asked.len(), 1, "{version:?} {answer:?}: {asked:?} {text}");
            assert!(
                asked[0].starts_with("Delete user 7 (")
                    && asked[0].ends_with("This cannot be undone."),
                "{}",
                asked[0]
            );
            if deleted {
                assert_eq!(text, "User successfully deleted", "{version:?}");
            } else {
                assert_eq!(result.is_error, Some(true), "{version:?} {answer:?}");
                assert_eq!(
                    text,
                    "Error: User 7 was not deleted: the deletion was not confirmed"
                );
                // still there
                let request = rmcp::model::CallToolRequestParams::new("get_user_by_id")
                    .with_arguments(arguments);
                let user = client.call_tool(request).await.unwrap();
                assert_eq!(user.is_error, Some(false), "{version:?} {answer:?}");
            }
            client.cancel().await.unwrap();
        }
    }
}
