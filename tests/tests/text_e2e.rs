//! End to end: the users example's `format = "text"` tools, served by `toolshape::Server`,
//! driven by rmcp's own client over both supported protocol versions.

mod common;

use common::{call, check_error, check_text_success, connect, versions};
use serde_json::json;
use toolshape::Server;
use toolshape_examples::users::{UserStore, toolset};

#[tokio::test]
async fn users_over_rmcp_client() {
    for version in versions() {
        let server = Server::new(UserStore::default(), toolset());
        let client = connect(server, version.clone()).await;
        let tools = client.list_all_tools().await.expect("tools/list");
        let tool = |name: &str| tools.iter().find(|t| t.name == name).expect(name).clone();
        assert_eq!(tools.len(), 5);
        for t in &tools {
            assert!(t.output_schema.is_none(), "{}: no outputSchema", t.name);
        }

        // Example 1.
        let result = call(&client, "get_user_by_id", json!({"id": 42}))
            .await
            .unwrap();
        let text = check_text_success(&tool("get_user_by_id"), &result);
        assert_eq!(
            text,
            "```\nUser ID: 42\nName: Alice\nSurname: Johnson\nEmail: alice@example.com\n\
             Phone: +1234567890\nCompany: Google\nSalary: $120,000.00\n\
             About: Software engineer with 10 years experience\n```"
        );

        // Example 2 and 3.
        let result = call(&client, "search_user", json!({"name": "john"}))
            .await
            .unwrap();
        let text = check_text_success(&tool("search_user"), &result);
        assert!(
            text.starts_with("Found 2 users:\n\n```\nUser ID: 15\n"),
            "{text}"
        );
        assert!(text.contains("```\n\n```\nUser ID: 28\n"), "{text}");
        assert!(text.contains("Phone: N/A\n"), "{text}");
        let result = call(&client, "search_user", json!({"name": "zed"}))
            .await
            .unwrap();
        assert_eq!(
            check_text_success(&tool("search_user"), &result),
            "No users found matching your criteria."
        );

        // Create, update: the confirmation, then the record.
        let result = call(
            &client,
            "create_user",
            json!({"name": "Bob", "surname": "Stone", "email": "bob@example.com", "salary": 1234.5}),
        )
        .await
        .unwrap();
        let text = check_text_success(&tool("create_user"), &result);
        assert_eq!(
            text,
            "User successfully created:\n\n```\nUser ID: 43\nName: Bob\nSurname: Stone\n\
             Email: bob@example.com\nPhone: N/A\nCompany: N/A\nSalary: $1,234.50\nAbout: N/A\n```"
        );
        let result = call(
            &client,
            "update_user",
            json!({"id": 43, "phone": "+1 555 0100"}),
        )
        .await
        .unwrap();
        let text = check_text_success(&tool("update_user"), &result);
        assert!(
            text.starts_with("User successfully updated:\n\n```\n"),
            "{text}"
        );
        assert!(text.contains("\nPhone: +1 555 0100\n"), "{text}");

        // Example 4, then the error of ADR-002.
        let result = call(&client, "delete_user", json!({"id": 43}))
            .await
            .unwrap();
        assert_eq!(
            check_text_success(&tool("delete_user"), &result),
            "User successfully deleted"
        );
        let result = call(&client, "delete_user", json!({"id": 43}))
            .await
            .unwrap();
        assert_eq!(check_error(&result), "Error: User with ID 43 not found");
        let result = call(&client, "get_user_by_id", json!({"id": "x"}))
            .await
            .unwrap();
        check_error(&result);

        client.cancel().await.ok();
    }
}
