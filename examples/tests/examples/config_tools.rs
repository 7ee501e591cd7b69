//! The config_tools example: tools read from `examples/tools.json` at start-up, served by
//! `toolshape::Server` and driven by rmcp's client: each kind of answer, the checks a
//! `#[tool]`'s arguments get, undo over the file's action, and a file that describes a tool
//! badly stopping the server before it serves.

use toolshape_test_support as common;

use common::{call, check_error, check_json_success, check_text_success, connect, versions};
use serde_json::json;
use toolshape::Server;
use toolshape_examples::config_tools::{SAMPLE, load};

#[tokio::test]
async fn the_sample_file_is_served() {
    for version in versions() {
        let (tools, tables) = load(SAMPLE).unwrap();
        let client = connect(Server::new(tables, tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let names: Vec<&str> = listed.iter().map(|tool| &*tool.name).collect();
        assert_eq!(
            names,
            [
                "get_office",
                "list_undo_history",
                "set_office_phone",
                "undo_last_action",
                "welcome_message"
            ]
        );
        let tool = |name: &str| listed.iter().find(|tool| tool.name == name).unwrap();

        let welcome = call(
            &client,
            "welcome_message",
            json!({"name": "Ada", "city": "Lyon"}),
        )
        .await
        .unwrap();
        assert_eq!(
            check_text_success(tool("welcome_message"), &welcome),
            "Welcome to the Lyon office, Ada! Your badge is at the front desk."
        );

        let paris = call(&client, "get_office", json!({"city": "Paris"}))
            .await
            .unwrap();
        let before = check_json_success(tool("get_office"), &paris);
        assert_eq!(before["phone"], "+33 1 23 45 67 89");

        let refused = call(
            &client,
            "set_office_phone",
            json!({"city": "Paris", "phone": "call me"}),
        )
        .await
        .unwrap();
        assert_eq!(
            check_error(&refused),
            "Error: invalid arguments for tool `set_office_phone`:\n- parameter `phone`: \
             expected a string matching the pattern `^\\+[0-9 ]{6,20}$`, got the string \"call me\""
        );

        let set = call(
            &client,
            "set_office_phone",
            json!({"city": "Paris", "phone": "+33 9 99"}),
        )
        .await
        .unwrap();
        assert_eq!(
            check_json_success(tool("set_office_phone"), &set)["phone"],
            "+33 9 99"
        );
        assert!(
            set.meta.unwrap().contains_key("dev.toolshape/undo"),
            "undo recorded it"
        );

        let undone = call(&client, "undo_last_action", json!({})).await.unwrap();
        let outcome = check_json_success(tool("undo_last_action"), &undone);
        assert_eq!(outcome["undone"]["state_restored"], true);
        let after = call(&client, "get_office", json!({"city": "Paris"}))
            .await
            .unwrap();
        assert_eq!(check_json_success(tool("get_office"), &after), before);

        let nowhere = call(&client, "get_office", json!({"city": "Nice"}))
            .await
            .unwrap();
        assert_eq!(check_error(&nowhere), "Error: no city `Nice` in offices");
        client.cancel().await.unwrap();
    }
}

#[test]
fn a_tool_described_badly_stops_the_server() {
    let dir = std::env::temp_dir().join(format!("config-tools-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tools.json");
    std::fs::write(
        &path,
        r#"{"tools": [{"name": "hello", "description": "Say hello.", "format": "text",
            "input_schema": {"properties": {"name": {"type": "strin"}}},
            "answer": {"template": "Hello, {name}!"}}]}"#,
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let error = load(path).err().unwrap().to_string();
    assert_eq!(
        error,
        format!(
            "the tool `hello` ({path}, tool 1) cannot be declared:\n- input schema, at \
             /properties/name/type: `type` is one of \"null\", \"boolean\", \"object\", \
             \"array\", \"number\", \"integer\", \"string\" (or a list of them), not \"strin\""
        )
    );
    std::fs::remove_dir_all(dir).unwrap();
}
