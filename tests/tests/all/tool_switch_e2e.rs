//! Tools turned off and on while a server runs (`ToolSwitch`): a 2025-11-25 client, rmcp's
//! over toolshape's line transport (what `Server::serve_stdio` runs), is sent
//! `notifications/tools/list_changed` at each change and lists the tools again; a tool
//! turned off is neither listed nor callable, in both eras; `listChanged` is advertised only
//! by a server given a switch.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rmcp::ClientHandler;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation, ProtocolVersion,
};
use rmcp::service::{NotificationContext, RoleClient, RunningService};
use toolshape::serve::{Access, ToolSwitch};
use toolshape::{Server, ToolSet, tool, tools};

/// Add two numbers.
#[tool(format = "json")]
pub(crate) fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Restart the billing service.
#[tool(format = "text", kind = "action")]
pub(crate) fn restart_billing() -> String {
    "restarted".into()
}

pub(crate) fn server() -> Server<()> {
    Server::new((), ToolSet::new(tools![add, restart_billing]).unwrap())
}

/// A client that counts the `notifications/tools/list_changed` it gets.
#[derive(Clone)]
pub(crate) struct Counting {
    version: ProtocolVersion,
    changes: Arc<AtomicUsize>,
}

impl ClientHandler for Counting {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("switch-tests", "0.0.0"),
        )
        .with_protocol_version(self.version.clone())
    }

    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        self.changes.fetch_add(1, Ordering::SeqCst);
    }
}

/// rmcp's client on `version`, over toolshape's line transport in memory.
pub(crate) async fn connect(
    server: Server<()>,
    version: ProtocolVersion,
) -> (RunningService<RoleClient, Counting>, Arc<AtomicUsize>) {
    let (serving, client_io) = toolshape::testing::serve_lines_in_memory(server);
    tokio::spawn(serving);
    let changes = Arc::new(AtomicUsize::new(0));
    let client = Counting {
        version,
        changes: changes.clone(),
    };
    let running = toolshape::testing::client_on(client_io, client)
        .await
        .expect("connects");
    (running, changes)
}

async fn names(client: &RunningService<RoleClient, Counting>) -> Vec<String> {
    let mut names: Vec<String> = client
        .list_all_tools()
        .await
        .unwrap()
        .into_iter()
        .map(|tool| tool.name.into_owned())
        .collect();
    names.sort();
    names
}

/// Waits (2 s at most) for `changes` to reach `count`.
async fn changed(changes: &AtomicUsize, count: usize) {
    for _ in 0..200 {
        if changes.load(Ordering::SeqCst) >= count {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        changes.load(Ordering::SeqCst),
        count,
        "notifications received"
    );
}

#[tokio::test]
async fn a_2025_11_25_session_is_told_when_the_tools_change() {
    let switch = ToolSwitch::new();
    let (client, changes) = connect(
        server().with_access(Access::new().with_switch(&switch)),
        ProtocolVersion::V_2025_11_25,
    )
    .await;
    let advertised = client.peer_info().unwrap().capabilities.tools.clone();
    assert_eq!(advertised.unwrap().list_changed, Some(true));
    assert_eq!(names(&client).await, ["add", "restart_billing"]);

    assert!(switch.disable("restart_billing"));
    changed(&changes, 1).await;
    assert_eq!(names(&client).await, ["add"]);
    let refused = client
        .call_tool(CallToolRequestParams::new("restart_billing"))
        .await
        .unwrap_err();
    assert!(
        refused
            .to_string()
            .contains("no tool is named `restart_billing`"),
        "{refused}"
    );

    // no change, no notification: off again, or a name the server does not have
    assert!(!switch.disable("restart_billing"));
    assert!(!switch.disable("no_such_tool"));
    assert!(switch.enable("restart_billing"));
    changed(&changes, 2).await;
    assert_eq!(names(&client).await, ["add", "restart_billing"]);
    let result = client
        .call_tool(CallToolRequestParams::new("restart_billing"))
        .await
        .unwrap();
    assert_ne!(result.is_error, Some(true));
}

#[tokio::test]
async fn a_2026_07_28_client_sees_the_change_at_its_next_listing() {
    let switch = ToolSwitch::new();
    let (client, changes) = connect(
        server().with_access(Access::new().with_switch(&switch)),
        ProtocolVersion::V_2026_07_28,
    )
    .await;
    assert!(switch.disable("add"));
    assert_eq!(names(&client).await, ["restart_billing"]);
    let refused = client
        .call_tool(
            CallToolRequestParams::new("add").with_arguments(
                serde_json::json!({"a": 1, "b": 2})
                    .as_object()
                    .unwrap()
                    .clone(),
            ),
        )
        .await
        .unwrap_err();
    assert!(
        refused.to_string().contains("no tool is named `add`"),
        "{refused}"
    );
    // a stateless client has no session to be told on
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(changes.load(Ordering::SeqCst), 0);
}

#[tokio::test]
async fn list_changed_is_advertised_only_by_a_server_whose_tools_can_change() {
    for version in [ProtocolVersion::V_2025_11_25, ProtocolVersion::V_2026_07_28] {
        let (client, _) = connect(server(), version.clone()).await;
        let tools = client.peer_info().unwrap().capabilities.tools.clone();
        assert_eq!(tools.unwrap().list_changed, None, "{version:?}");
        let (client, _) = connect(
            server().with_access(Access::new().with_switch(&ToolSwitch::new())),
            version.clone(),
        )
        .await;
        let tools = client.peer_info().unwrap().capabilities.tools.clone();
        assert_eq!(tools.unwrap().list_changed, Some(true), "{version:?}");
    }
}

/// Turns `restart_billing` off (`on: true`) or back on.
#[tool(format = "text", kind = "action")]
fn maintenance(#[state] switch: &ToolSwitch, on: bool) -> String {
    if on {
        switch.disable("restart_billing");
        "maintenance: restart_billing is off".into()
    } else {
        switch.enable("restart_billing");
        "maintenance over".into()
    }
}

/// The official Python SDK (`tests/interop/list_changed_client.py`), in its 2025-11-25
/// mode over streamable HTTP: told of each change on its session's event stream, it lists
/// again and sees it.
#[tokio::test(flavor = "multi_thread")]
async fn the_python_sdk_is_told_over_http_and_lists_again() {
    let switch = ToolSwitch::new();
    let server = Server::new(
        switch.clone(),
        ToolSet::new(tools![add, restart_billing, maintenance]).unwrap(),
    )
    .with_access(Access::new().with_switch(&switch));
    let router = server.http_router(&Default::default());
    let output =
        toolshape_test_support::python::run_script_over_http(router, "list_changed_client.py", 60)
            .await;
    assert!(output.contains(" passed, 0 failed"), "{output}");
}
