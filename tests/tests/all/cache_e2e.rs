//! Cache hints (MCP 2026-07-28, SEP-2549) as rmcp's client reads and honours them: every
//! listing and read says how long it is fresh (`ttlMs`) and for whom (`cacheScope`), by what
//! it depends on (`toolshape::serve::CacheHints`); rmcp's client keeps a listing for its TTL
//! (it does not ask the server again, so a change it was not told of is not seen until then)
//! and drops it when a 2025-11-25 session is told `notifications/tools/list_changed`.

use std::sync::atomic::Ordering;
use std::time::Duration;

use rmcp::model::{CacheScope, ProtocolVersion, ReadResourceRequestParams};
use rmcp::service::{RoleClient, RunningService};
use toolshape::serve::{About, Access, CacheHints, ToolSwitch};
use toolshape::{Server, ToolSet, tool, tools};

// The tools, the server and rmcp's client (its response cache on, as by default) over
// toolshape's line transport in memory, as the switch's tests have them.
use crate::tool_switch_e2e::{Counting, add, connect, server};

/// Delete the billing records (administrators only).
#[tool(format = "text", kind = "action", scopes = ["admin"])]
fn purge_billing() -> String {
    "purged".into()
}

/// Show the billing dashboard.
#[tool(format = "text", app)]
fn dashboard() -> String {
    "ok".into()
}

/// The names of the tools rmcp's client lists (from its cache while the listing is fresh).
async fn names(client: &RunningService<RoleClient, Counting>) -> Vec<String> {
    let mut names: Vec<String> = (client.list_tools(None).await.unwrap().tools.into_iter())
        .map(|tool| tool.name.into_owned())
        .collect();
    names.sort();
    names
}

async fn tools_hint(server: Server<()>) -> (Option<u64>, Option<CacheScope>) {
    let (client, _) = connect(server, ProtocolVersion::V_2026_07_28).await;
    let listing = client.list_tools(None).await.unwrap();
    (listing.ttl_ms, listing.cache_scope)
}

#[tokio::test]
async fn each_listing_says_how_long_it_is_fresh_and_for_whom() {
    let public = Some(CacheScope::Public);
    let private = Some(CacheScope::Private);
    // the same tools for everyone, for the server's life: ten minutes, public
    assert_eq!(tools_hint(server()).await, (Some(600_000), public));
    // a switch can change them: 30 s, private
    let switched = server().with_access(Access::new().with_switch(&ToolSwitch::new()));
    assert_eq!(tools_hint(switched).await, (Some(30_000), private));
    // scopes or a filter decide per token: stale at once, private
    let scoped = Server::new((), ToolSet::new(tools![add, purge_billing]).unwrap());
    assert_eq!(tools_hint(scoped).await, (Some(0), private));
    let filtered = server().with_access(Access::new().with_filter(|_, _, _| true));
    assert_eq!(tools_hint(filtered).await, (Some(0), private));
    // the server's own choice
    let minute = CacheHints::new().with_ttl(Duration::from_secs(60));
    let set = server().with_info(About::default().with_cache_hints(minute));
    assert_eq!(tools_hint(set).await, (Some(60_000), public));
    let off = server().with_info(About::default().with_cache_hints(CacheHints::off()));
    assert_eq!(tools_hint(off).await, (Some(0), private));

    // prompts and resources of a server without a handler, and an MCP Apps view
    let with_view = Server::new((), ToolSet::new(tools![add, dashboard]).unwrap());
    let (client, _) = connect(with_view, ProtocolVersion::V_2026_07_28).await;
    let prompts = client.list_prompts(None).await.unwrap();
    assert_eq!(
        (prompts.ttl_ms, prompts.cache_scope),
        (Some(600_000), public)
    );
    let resources = client.list_resources(None).await.unwrap();
    assert_eq!(
        (resources.ttl_ms, resources.cache_scope),
        (Some(600_000), public)
    );
    let view = resources.resources[0].uri.clone();
    let read = client
        .read_resource(ReadResourceRequestParams::new(view))
        .await
        .unwrap();
    assert_eq!((read.ttl_ms, read.cache_scope), (Some(600_000), public));
}

#[tokio::test]
async fn a_client_keeps_a_listing_for_its_ttl_and_lists_again_after() {
    // A stateless client is told of no change: it reuses its listing while it is fresh.
    let switch = ToolSwitch::new();
    let hints = CacheHints::new().with_ttl(Duration::from_millis(400));
    let (client, _) = connect(
        server()
            .with_access(Access::new().with_switch(&switch))
            .with_info(About::default().with_cache_hints(hints)),
        ProtocolVersion::V_2026_07_28,
    )
    .await;
    assert_eq!(names(&client).await, ["add", "restart_billing"]);
    assert!(switch.disable("restart_billing"));
    // within the TTL: the cached listing, not the server's (which no longer has the tool)
    assert_eq!(names(&client).await, ["add", "restart_billing"]);
    tokio::time::sleep(Duration::from_millis(500)).await;
    // after it: listed again, the change seen
    assert_eq!(names(&client).await, ["add"]);
}

#[tokio::test]
async fn a_2025_11_25_session_lists_again_when_told_of_a_change() {
    let switch = ToolSwitch::new();
    let (client, changes) = connect(
        server().with_access(Access::new().with_switch(&switch)),
        ProtocolVersion::V_2025_11_25,
    )
    .await;
    assert_eq!(names(&client).await, ["add", "restart_billing"]);
    assert!(switch.disable("restart_billing"));
    for _ in 0..200 {
        if changes.load(Ordering::SeqCst) == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(changes.load(Ordering::SeqCst), 1, "told of the change");
    // well within the listing's 30 s: the client dropped it when told, and asked again
    assert_eq!(names(&client).await, ["add"]);
}
