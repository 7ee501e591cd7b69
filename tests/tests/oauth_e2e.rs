//! OAuth over streamable HTTP against a real authorization server (panva's oidc-provider,
//! started from `tests/oauth/server.mjs`): the users example's tools behind
//! `HttpOptions::with_oauth`, tokens the authorization server issues by the client
//! credentials grant with a resource indicator, and the hostile-token catalogue (tokens
//! the authorization server's key or a foreign key signs with bad claims, `alg: none`,
//! HS256 keyed with the public key, a tampered payload, a token for another resource, a
//! token in the query string, a missing scope): each refused with its status, no tool run,
//! no token in the logs.
//!
//! A test binary of its own, not a module of `all/`: it installs the process's `tracing`
//! subscriber (capturing every level), which one process can install only once.

use std::io::BufRead as _;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};

use serde_json::{Value, json};
use toolshape::serve::HttpOptions;
use toolshape::serve::oauth::OAuth;
use toolshape::{Context, Server, ToolSet, context::Caller, tool, tools};
use toolshape_examples::users::{UserDb, toolset};

/// Everything every test of this binary logged, at every level (rmcp's traces included).
fn logs() -> &'static Mutex<Vec<u8>> {
    static LOGS: OnceLock<Mutex<Vec<u8>>> = OnceLock::new();
    LOGS.get_or_init(|| {
        struct Sink;
        impl std::io::Write for Sink {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                logs().lock().unwrap().extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let _ = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::TRACE)
            .with_writer(|| Sink)
            .with_ansi(false)
            .try_init();
        Mutex::new(Vec::new())
    })
}

/// The authorization server, stopped (by its PID) when dropped.
struct AuthServer {
    child: Child,
    issuer: String,
}

impl AuthServer {
    fn start() -> AuthServer {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/oauth");
        toolshape_test_support::prereq::npm_ci(std::path::Path::new(dir));
        let mut child = Command::new("node")
            .arg(format!("{dir}/server.mjs"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("node (Node 20) is needed for the authorization server");
        let mut line = String::new();
        let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        stdout.read_line(&mut line).unwrap();
        // drained until it ends: a write to a closed pipe would stop the server
        std::thread::spawn(move || std::io::copy(&mut stdout, &mut std::io::sink()));
        let started: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("the authorization server did not start: {e}: {line:?}"));
        AuthServer {
            child,
            issuer: started["issuer"].as_str().unwrap().to_owned(),
        }
    }

    /// An access token by the client credentials grant, for `resource`, with `scope`.
    async fn token(&self, client: &str, scope: &str, resource: &str) -> String {
        let answer: Value = reqwest::Client::new()
            .post(format!("{}/token", self.issuer))
            .basic_auth(client, Some(format!("{client}-secret")))
            .form(&[
                ("grant_type", "client_credentials"),
                ("scope", scope),
                ("resource", resource),
            ])
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        answer["access_token"]
            .as_str()
            .unwrap_or_else(|| panic!("no token: {answer}"))
            .to_owned()
    }

    /// A token the test server signs: with its own key, a foreign one, `none`, or HS256.
    async fn mint(&self, claims: Value, key: &str) -> String {
        reqwest::Client::new()
            .post(format!("{}/test/mint", self.issuer))
            .json(&json!({"claims": claims, "key": key}))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    }
}

impl Drop for AuthServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The users example over HTTP with OAuth on a free loopback port: its resource URI and the
/// server (whose state the test reads).
async fn start_users(issuer: &str) -> (String, Server<UserDb>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let resource = format!("http://{}/mcp", listener.local_addr().unwrap());
    let server = Server::new(UserDb::open_in_memory().unwrap(), toolset());
    let oauth = OAuth::new(&resource, issuer);
    oauth.fetch_keys().await.unwrap();
    let app = server.http_router(&HttpOptions::default().with_oauth(oauth));
    tokio::spawn(toolshape::serve::app_on(app, listener));
    (resource, server)
}

struct Answer {
    status: u16,
    challenge: String,
    body: Value,
}

/// One stateless (2026-07-28) request to `url` with `token` as bearer, if any.
async fn request(url: &str, token: Option<&str>, method: &str, params: Value) -> Answer {
    let mut params = params;
    params["_meta"] = json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "oauth-test", "version": "0"},
    });
    let mut builder = reqwest::Client::new()
        .post(url)
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2026-07-28")
        .header("mcp-method", method)
        .json(&json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": params}));
    if let Some(name) = params.get("name").and_then(Value::as_str) {
        builder = builder.header("mcp-name", name);
    }
    if let Some(token) = token {
        builder = builder.bearer_auth(token);
    }
    let response = builder.send().await.unwrap();
    let status = response.status().as_u16();
    let challenge = response
        .headers()
        .get("www-authenticate")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let text = response.text().await.unwrap();
    // a JSON body, or the last `data:` event of a stream
    let body = serde_json::from_str(&text).unwrap_or_else(|_| {
        text.lines()
            .rev()
            .filter_map(|line| line.strip_prefix("data:"))
            .find_map(|data| serde_json::from_str::<Value>(data.trim()).ok())
            .unwrap_or(Value::Null)
    });
    Answer {
        status,
        challenge,
        body,
    }
}

async fn call(url: &str, token: Option<&str>, tool: &str, arguments: Value) -> Answer {
    request(
        url,
        token,
        "tools/call",
        json!({"name": tool, "arguments": arguments}),
    )
    .await
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        .try_into()
        .unwrap()
}

/// Whether user `id` is still in the directory (asked in-process, as the local user).
async fn exists(server: &Server<UserDb>, id: u64) -> bool {
    let result = server
        .tools()
        .call_json(
            server.state(),
            "get_user_by_id",
            json!({"id": id}),
            Context::detached(),
        )
        .await
        .unwrap();
    result.is_error != Some(true)
}

#[tokio::test(flavor = "multi_thread")]
async fn hostile_tokens_are_refused_with_their_status_and_nothing_runs() {
    logs();
    let auth = AuthServer::start();
    let (resource, server) = start_users(&auth.issuer).await;
    let metadata_url = resource.replace("/mcp", "/.well-known/oauth-protected-resource/mcp");
    let iss = auth.issuer.clone();
    let claims = |change: Value| {
        let mut claims = json!({
            "iss": iss, "aud": resource, "sub": "mallory", "client_id": "writer",
            "scope": "users:read users:write", "iat": now(), "exp": now() + 300,
        });
        for (key, value) in change.as_object().unwrap() {
            claims[key] = value.clone();
        }
        claims
    };
    let writer = auth
        .token("writer", "users:read users:write", &resource)
        .await;
    let reader = auth.token("reader", "users:read", &resource).await;
    let [header, _, signature]: [&str; 3] =
        writer.split('.').collect::<Vec<_>>().try_into().unwrap();
    let tampered = {
        use base64::Engine as _;
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let mut payload: Value =
            serde_json::from_slice(&b64.decode(writer.split('.').nth(1).unwrap()).unwrap())
                .unwrap();
        payload["sub"] = json!("admin");
        let payload = b64.encode(serde_json::to_vec(&payload).unwrap());
        format!("{header}.{payload}.{signature}")
    };
    let other_resource = auth
        .token("writer", "users:read users:write", "http://127.0.0.1:1/mcp")
        .await;

    // (what, token, the description's words); each deletes its own user, who must survive
    let hostile: Vec<(&str, String, &str)> = vec![
        (
            "expired",
            auth.mint(
                claims(json!({"exp": now() - 3600, "iat": now() - 7200})),
                "issuer",
            )
            .await,
            "expired",
        ),
        (
            "not yet valid",
            auth.mint(claims(json!({"nbf": now() + 3600})), "issuer")
                .await,
            "not valid yet",
        ),
        (
            "wrong audience",
            auth.mint(claims(json!({"aud": "http://127.0.0.1:1/mcp"})), "issuer")
                .await,
            "another resource",
        ),
        (
            "wrong issuer",
            auth.mint(claims(json!({"iss": "http://127.0.0.1:1"})), "issuer")
                .await,
            "not issued by",
        ),
        (
            "alg none",
            auth.mint(claims(json!({})), "none").await,
            "not a JWT this server can read",
        ),
        (
            "HS256 keyed with the RSA public key",
            auth.mint(claims(json!({})), "hs256-public").await,
            "HS256 are not accepted",
        ),
        (
            "unknown kid",
            auth.mint(claims(json!({})), "foreign").await,
            "does not publish (kid `not-published`)",
        ),
        ("tampered payload", tampered, "signature does not verify"),
        (
            "a token for another resource",
            other_resource,
            "another resource",
        ),
        ("not a token", "garbage".to_owned(), "not a JWT"),
    ];
    let mut tokens = vec![writer.clone(), reader.clone()];
    for (id, (what, token, words)) in (1u64..).zip(&hostile) {
        let answer = call(&resource, Some(token), "delete_user", json!({"id": id})).await;
        assert_eq!(answer.status, 401, "{what}: {}", answer.body);
        assert!(
            answer.challenge.starts_with(&format!(
                "Bearer resource_metadata=\"{metadata_url}\", error=\"invalid_token\""
            )),
            "{what}: {}",
            answer.challenge
        );
        assert!(
            answer.challenge.contains(words),
            "{what}: {}",
            answer.challenge
        );
        assert_eq!(answer.body["error"], "invalid_token", "{what}");
        tokens.push(token.clone());
    }

    // no token: 401 with where the metadata is, and no error (RFC 6750 §3.1)
    let answer = call(&resource, None, "delete_user", json!({"id": 20})).await;
    assert_eq!(answer.status, 401);
    assert_eq!(
        answer.challenge,
        format!("Bearer resource_metadata=\"{metadata_url}\"")
    );

    // a token in the query string: refused even beside a good header
    let query = format!("{resource}?access_token={writer}");
    for header in [None, Some(writer.as_str())] {
        let answer = call(&query, header, "delete_user", json!({"id": 21})).await;
        assert_eq!(answer.status, 400, "{}", answer.body);
        assert!(
            answer.challenge.contains("error=\"invalid_request\""),
            "{}",
            answer.challenge
        );
    }

    // a missing scope: 403 naming it, the tool not run
    let answer = call(&resource, Some(&reader), "delete_user", json!({"id": 22})).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert_eq!(
        answer.challenge,
        format!(
            "Bearer resource_metadata=\"{metadata_url}\", error=\"insufficient_scope\", \
             error_description=\"`delete_user` needs the scope users:write that the access token does not grant\", \
             scope=\"users:write\""
        )
    );

    for id in (1..=hostile.len() as u64).chain([20, 21, 22]) {
        assert!(exists(&server, id).await, "user {id} was deleted");
    }
    // the same call with the writer's token does run (the catalogue's refusals are the
    // tokens', not the call's)
    let answer = call(&resource, Some(&writer), "delete_user", json!({"id": 22})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["result"]["isError"], false, "{}", answer.body);
    assert!(!exists(&server, 22).await);

    let logged = String::from_utf8_lossy(&logs().lock().unwrap()).into_owned();
    assert!(
        logged.contains("access token refused"),
        "nothing was logged"
    );
    for token in &tokens {
        assert!(!logged.contains(token.as_str()), "a token was logged");
        for part in token.split('.').filter(|part| part.len() > 16) {
            assert!(!logged.contains(part), "a part of a token was logged");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn each_token_lists_and_calls_only_the_tools_its_scopes_allow() {
    logs();
    let auth = AuthServer::start();
    let (resource, server) = start_users(&auth.issuer).await;
    let reader = auth.token("reader", "users:read", &resource).await;
    let writer = auth.token("writer", "users:write", &resource).await;
    let names = |answer: &Answer| -> Vec<String> {
        answer.body["result"]["tools"]
            .as_array()
            .unwrap_or_else(|| panic!("{}", answer.body))
            .iter()
            .map(|tool| tool["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let listed = request(&resource, Some(&reader), "tools/list", json!({})).await;
    assert_eq!(names(&listed), ["get_user_by_id", "search_user"]);
    let listed = request(&resource, Some(&writer), "tools/list", json!({})).await;
    assert_eq!(
        names(&listed),
        ["create_user", "delete_user", "update_user"]
    );

    // each can call its own tools...
    let answer = call(
        &resource,
        Some(&reader),
        "get_user_by_id",
        json!({"id": 15}),
    )
    .await;
    assert_eq!(answer.status, 200);
    let text = answer.body["result"]["content"][0]["text"]
        .as_str()
        .unwrap();
    assert!(text.contains("John"), "{text}");
    let answer = call(
        &resource,
        Some(&writer),
        "update_user",
        json!({"id": 15, "name": "Jon"}),
    )
    .await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["result"]["isError"], false, "{}", answer.body);

    // ...and neither the other's
    let answer = call(
        &resource,
        Some(&writer),
        "get_user_by_id",
        json!({"id": 15}),
    )
    .await;
    assert_eq!(answer.status, 403);
    assert!(
        answer.challenge.contains("scope=\"users:read\""),
        "{}",
        answer.challenge
    );
    let answer = call(
        &resource,
        Some(&reader),
        "update_user",
        json!({"id": 15, "name": "X"}),
    )
    .await;
    assert_eq!(answer.status, 403);
    assert!(
        answer.challenge.contains("scope=\"users:write\""),
        "{}",
        answer.challenge
    );
    let user = server
        .tools()
        .call_json(
            server.state(),
            "get_user_by_id",
            json!({"id": 15}),
            Context::detached(),
        )
        .await
        .unwrap();
    let text = serde_json::to_string(&user.content).unwrap();
    assert!(
        text.contains("Jon") && !text.contains("\\nName: X"),
        "{text}"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_metadata_names_the_resource_its_authorization_server_and_scopes() {
    logs();
    let auth = AuthServer::start();
    let (resource, _server) = start_users(&auth.issuer).await;
    let base = resource.trim_end_matches("/mcp");
    for path in [
        "/.well-known/oauth-protected-resource/mcp",
        "/.well-known/oauth-protected-resource",
    ] {
        let document: Value = reqwest::get(format!("{base}{path}"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(document["resource"], json!(resource), "{path}");
        assert_eq!(document["authorization_servers"], json!([auth.issuer]));
        assert_eq!(
            document["scopes_supported"],
            json!(["users:read", "users:write"])
        );
        assert_eq!(document["bearer_methods_supported"], json!(["header"]));
    }
}

/// Who am I? (the caller's subject, client and scopes)
#[tool(format = "json")]
fn whoami(#[context] cx: Context) -> Value {
    let caller: Caller = cx.caller();
    json!({
        "subject": caller.subject(),
        "client_id": caller.client_id(),
        "scopes": caller.scopes().map(|scopes| scopes.collect::<Vec<_>>()),
        "aud": caller.claims().get("aud"),
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn a_tool_sees_the_caller_of_the_token_and_the_server_requires_its_scopes() {
    logs();
    let auth = AuthServer::start();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let resource = format!("http://{}/mcp", listener.local_addr().unwrap());
    let server = Server::new((), ToolSet::new(tools![whoami]).unwrap())
        .with_info(toolshape::serve::About::default().with_caller_in_provenance());
    let oauth = OAuth::new(&resource, &auth.issuer)
        .with_jwks_uri(format!("{}/jwks", auth.issuer))
        .with_required_scopes(["users:read"]);
    let app = server.http_router(&HttpOptions::default().with_oauth(oauth));
    tokio::spawn(toolshape::serve::app_on(app, listener));

    let token = auth.token("reader", "users:read", &resource).await;
    let answer = call(&resource, Some(&token), "whoami", json!({})).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let data = &answer.body["result"]["structuredContent"]["data"];
    assert_eq!(data["client_id"], "reader", "{data}");
    assert_eq!(data["subject"], "reader", "{data}");
    assert_eq!(data["scopes"], json!(["users:read"]), "{data}");
    assert_eq!(data["aud"], json!(resource), "{data}");
    // the audit trail says who asked
    let metadata = &answer.body["result"]["structuredContent"]["metadata"];
    assert_eq!(metadata["caller"], "reader", "{metadata}");

    // the server's own scope is required of every request
    let token = auth.token("writer", "users:write", &resource).await;
    let answer = request(&resource, Some(&token), "tools/list", json!({})).await;
    assert_eq!(answer.status, 403);
    assert!(
        answer.challenge.contains("scope=\"users:read\""),
        "{}",
        answer.challenge
    );

    // in-process, the caller is the local user
    let local = server
        .tools()
        .call_json(&(), "whoami", json!({}), Context::detached())
        .await
        .unwrap();
    let structured = local.structured_content.unwrap();
    assert_eq!(structured["data"]["scopes"], Value::Null, "{structured}");
    // called outside the server, nothing asked for the caller in provenance
    assert_eq!(structured["metadata"].get("caller"), None, "{structured}");
    assert!(Caller::local().is_local());
}

#[tokio::test(flavor = "multi_thread")]
async fn opaque_tokens_are_checked_by_introspection() {
    let auth = AuthServer::start();
    // the authorization server issues opaque tokens for resources under `/opaque`
    let resource = "http://127.0.0.1:9/opaque/mcp";
    let oauth = OAuth::new(resource, &auth.issuer).with_introspection(
        format!("{}/token/introspection", auth.issuer),
        "resource-server",
        "rs-secret",
    );
    let token = auth.token("reader", "users:read", resource).await;
    assert!(!token.contains('.'), "not an opaque token: {token}");
    let caller = oauth.verify(&token).await.unwrap();
    assert_eq!(caller.client_id(), Some("reader"));
    assert_eq!(caller.scopes().unwrap().collect::<Vec<_>>(), ["users:read"]);

    let other = auth
        .token("reader", "users:read", "http://127.0.0.1:9/opaque/other")
        .await;
    let refused = oauth.verify(&other).await.unwrap_err();
    assert!(
        refused.to_string().contains("another resource"),
        "{refused}"
    );
    let refused = oauth.verify("made-up-token").await.unwrap_err();
    assert!(refused.to_string().contains("not active"), "{refused}");
    assert!(!refused.is_unavailable());

    // an introspection endpoint that does not know the server: unavailable, not invalid
    let wrong = OAuth::new(resource, &auth.issuer).with_introspection(
        format!("{}/token/introspection", auth.issuer),
        "resource-server",
        "wrong-secret",
    );
    assert!(wrong.verify(&token).await.unwrap_err().is_unavailable());
}

/// The users example's command line: `--issuer URL --audience URL [--jwks URL]` after
/// `--http ADDR`, the keys found through the issuer's metadata without `--jwks`; unknown
/// arguments and an issuer without an audience are errors.
#[tokio::test(flavor = "multi_thread")]
async fn the_users_example_takes_issuer_audience_and_jwks_after_http() {
    let auth = AuthServer::start();
    let users = env!("CARGO_BIN_EXE_servers");
    for args in [
        vec!["--http", "127.0.0.1:0", "--issuer", "http://x"],
        vec!["--issuer", "http://x", "--audience", "http://y", "--http"],
        vec!["--http", "127.0.0.1:0", "--bogus"],
    ] {
        let output = Command::new(users)
            .arg("users")
            .args(&args)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{args:?} was accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains("usage: users"), "{args:?}: {stderr}");
    }
    let jwks = format!("{}/jwks", auth.issuer);
    for jwks in [None, Some(jwks.as_str())] {
        let users = UsersBinary::start(&auth, jwks).await;
        let token = auth.token("reader", "users:read", &users.resource).await;
        let answer = call(
            &users.resource,
            Some(&token),
            "get_user_by_id",
            json!({"id": 42}),
        )
        .await;
        assert_eq!(answer.status, 200, "{jwks:?}: {}", answer.body);
        let text = answer.body["result"]["content"][0]["text"]
            .as_str()
            .unwrap();
        assert!(text.contains("Alice"), "{text}");
    }
}

/// The users example's binary over HTTP with OAuth, on a free loopback port with a database
/// of its own; stopped (by its PID) and its database removed when dropped.
struct UsersBinary {
    child: Child,
    resource: String,
    db: std::path::PathBuf,
}

impl UsersBinary {
    async fn start(auth: &AuthServer, jwks: Option<&str>) -> UsersBinary {
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let port = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.local_addr().unwrap().port()
        };
        let addr = format!("127.0.0.1:{port}");
        let resource = format!("http://{addr}/mcp");
        let db = std::env::temp_dir().join(format!(
            "toolshape-oauth-{}-{}.sqlite3",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        let _ = std::fs::remove_file(&db);
        let mut args = vec![
            "--db",
            db.to_str().unwrap(),
            "--http",
            &addr,
            "--issuer",
            &auth.issuer,
            "--audience",
            &resource,
        ];
        args.extend(jwks.iter().flat_map(|jwks| ["--jwks", *jwks]));
        let child = Command::new(env!("CARGO_BIN_EXE_servers"))
            .arg("users")
            .args(&args)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let users = UsersBinary {
            child,
            resource,
            db,
        };
        for _ in 0..100 {
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            if std::net::TcpStream::connect(&addr).is_ok() {
                return users;
            }
        }
        panic!("the users example did not listen");
    }
}

impl Drop for UsersBinary {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.db);
    }
}

/// The scope a `401` names is a hint, not a requirement: the users example suggests
/// `users:read`, and a write-only service account (a token of `users:write` alone) gets
/// in, lists the tools its scope allows and deletes a user; a read is refused it with the
/// scope it needs.
#[tokio::test(flavor = "multi_thread")]
async fn a_write_only_service_account_lists_its_tools_and_deletes_a_user() {
    let auth = AuthServer::start();
    let users = UsersBinary::start(&auth, None).await;
    let url = &users.resource;

    // no token: the 401 suggests the read scope
    let answer = request(url, None, "tools/list", json!({})).await;
    assert_eq!(answer.status, 401);
    assert!(
        answer.challenge.contains("scope=\"users:read\""),
        "{}",
        answer.challenge
    );

    let writer = auth.token("writer", "users:write", url).await;
    let listed = request(url, Some(&writer), "tools/list", json!({})).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let names: Vec<&str> = listed.body["result"]["tools"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", listed.body))
        .iter()
        .map(|tool| tool["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["create_user", "delete_user", "update_user"]);

    let deleted = call(url, Some(&writer), "delete_user", json!({"id": 42})).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(deleted.body["result"]["isError"], false, "{}", deleted.body);

    // the user is gone: a reader no longer finds it
    let reader = auth.token("reader", "users:read", url).await;
    let found = call(url, Some(&reader), "get_user_by_id", json!({"id": 42})).await;
    assert_eq!(found.status, 200, "{}", found.body);
    assert_eq!(found.body["result"]["isError"], true, "{}", found.body);

    // and the writer's read is refused, naming the scope it needs
    let read = call(url, Some(&writer), "get_user_by_id", json!({"id": 15})).await;
    assert_eq!(read.status, 403, "{}", read.body);
    assert!(
        read.challenge.contains("scope=\"users:read\""),
        "{}",
        read.challenge
    );
}

/// The official Python MCP SDK (`mcp` on PyPI, `tests/interop/oauth_client.py`) against the
/// users example's binary: given only the server's URL and its client credentials, the
/// SDK's `ClientCredentialsOAuthProvider` finds the authorization server from the `401`
/// (RFC 9728 metadata, then the issuer's metadata), asks for a token for this resource
/// (RFC 8707) and the scope the `401` names, and lists and calls tools, in the 2026-07-28
/// and 2025-11-25 eras. The read-only client sees only reads and its write is refused (the
/// authorization server does not grant the step-up); the writer steps up on the `403` and
/// creates a user, found in the database afterwards.
#[tokio::test(flavor = "multi_thread")]
async fn the_python_sdk_finds_the_authorization_server_and_steps_up_for_a_write() {
    let auth = AuthServer::start();
    let users = env!("CARGO_BIN_EXE_servers");
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.local_addr().unwrap().port()
    };
    let addr = format!("127.0.0.1:{port}");
    let resource = format!("http://{addr}/mcp");
    let db = std::env::temp_dir().join(format!(
        "toolshape-oauth-sdk-{}.sqlite3",
        std::process::id()
    ));
    let _ = std::fs::remove_file(&db);
    let mut child = Command::new(users)
        .arg("users")
        .args(["--db", db.to_str().unwrap(), "--http", &addr])
        .args(["--issuer", &auth.issuer, "--audience", &resource])
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    for _ in 0..200 {
        if std::net::TcpStream::connect(&addr).is_ok() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let args = [resource.clone(), auth.issuer.clone()];
    let ran = tokio::task::spawn_blocking(move || {
        toolshape_test_support::python::run_script(
            "oauth_client.py",
            &[args[0].as_str(), args[1].as_str()],
            120,
        )
    })
    .await;
    let _ = child.kill();
    let _ = child.wait();
    let output = ran.unwrap();
    eprintln!("{output}");
    assert!(output.contains(" passed, 0 failed"), "{output}");

    // What the writer created, and nothing the reader tried, is in the database.
    let server = Server::new(UserDb::open(&db).unwrap(), toolset());
    let client =
        toolshape_test_support::connect(server, rmcp::model::ProtocolVersion::V_2026_07_28).await;
    for (email, found) in [
        ("writer-auto@example.org", true),
        ("writer-legacy@example.org", true),
        ("reader-", false),
    ] {
        let result = toolshape_test_support::call(&client, "search_user", json!({"email": email}))
            .await
            .unwrap();
        let text = toolshape_test_support::text_of(&result);
        assert_eq!(text.contains("User ID:"), found, "{email}: {text}");
    }
    let _ = std::fs::remove_file(&db);
}

/// One 2025-11-25 request over HTTP: the status, the session it names (or creates) and the
/// body.
async fn legacy_post(
    url: &str,
    token: &str,
    session: Option<&str>,
    method: reqwest::Method,
    body: Option<Value>,
) -> (u16, Option<String>, String) {
    let mut builder = reqwest::Client::new()
        .request(method, url)
        .bearer_auth(token)
        .header("accept", "application/json, text/event-stream")
        .header("content-type", "application/json");
    if let Some(session) = session {
        builder = builder
            .header("mcp-session-id", session)
            .header("mcp-protocol-version", "2025-11-25");
    }
    if let Some(body) = body {
        builder = builder.body(body.to_string());
    }
    let response = builder.send().await.unwrap();
    let status = response.status().as_u16();
    let session = response
        .headers()
        .get("mcp-session-id")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, session, response.text().await.unwrap())
}

/// A 2025-11-25 session belongs to the subject whose token started it: another subject's
/// token (from the same authorization server, with every scope the session's calls need)
/// is answered `404` with the session's id, for requests and for a `DELETE`, and the
/// session goes on for its owner, with a fresh token of the same subject too.
#[tokio::test(flavor = "multi_thread")]
async fn a_session_is_refused_to_another_subjects_token() {
    let auth = AuthServer::start();
    let (resource, _server) = start_users(&auth.issuer).await;
    let owner = auth
        .token("writer", "users:read users:write", &resource)
        .await;
    let other = auth.token("reader", "users:read", &resource).await;
    let post = reqwest::Method::POST;
    let initialize = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "legacy", "version": "0"}}});
    let (status, session, body) =
        legacy_post(&resource, &owner, None, post.clone(), Some(initialize)).await;
    assert_eq!(status, 200, "{body}");
    let session = session.expect("a session");
    let initialized = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    let (status, _, _) = legacy_post(
        &resource,
        &owner,
        Some(&session),
        post.clone(),
        Some(initialized),
    )
    .await;
    assert_eq!(status, 202);
    let get = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
        "params": {"name": "get_user_by_id", "arguments": {"id": 42}}});

    let (status, _, body) = legacy_post(
        &resource,
        &owner,
        Some(&session),
        post.clone(),
        Some(get.clone()),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Alice"), "{body}");

    // another subject, a valid token with the scope the call needs: no such session
    let (status, _, body) = legacy_post(
        &resource,
        &other,
        Some(&session),
        post.clone(),
        Some(get.clone()),
    )
    .await;
    assert_eq!(status, 404, "{body}");
    assert!(!body.contains("Alice"), "{body}");
    let (status, _, _) = legacy_post(
        &resource,
        &other,
        Some(&session),
        reqwest::Method::DELETE,
        None,
    )
    .await;
    assert_eq!(status, 404);

    // the session is still its owner's, with a fresh token of the same subject too
    let again = auth.token("writer", "users:read", &resource).await;
    assert_ne!(again, owner);
    let (status, _, body) =
        legacy_post(&resource, &again, Some(&session), post.clone(), Some(get)).await;
    assert_eq!(status, 200, "{body}");
    assert!(body.contains("Alice"), "{body}");
    let (status, _, _) = legacy_post(
        &resource,
        &owner,
        Some(&session),
        reqwest::Method::DELETE,
        None,
    )
    .await;
    assert!((200..300).contains(&status), "{status}");
}

/// With tool search on, each token finds only the tools its scopes allow, and `call_tool`
/// of a tool it lacks the scopes for is refused as a direct call is: `403` with the tool's
/// scope in the challenge, the tool not run.
#[tokio::test(flavor = "multi_thread")]
async fn with_tool_search_each_token_finds_and_calls_only_its_tools() {
    logs();
    let auth = AuthServer::start();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let resource = format!("http://{}/mcp", listener.local_addr().unwrap());
    let server = Server::new(UserDb::open_in_memory().unwrap(), toolset())
        .with_tool_search(toolshape::search::ToolSearch::new().limit(10));
    let oauth = OAuth::new(&resource, &auth.issuer);
    oauth.fetch_keys().await.unwrap();
    let app = server.http_router(&HttpOptions::default().with_oauth(oauth));
    tokio::spawn(toolshape::serve::app_on(app, listener));
    let reader = auth.token("reader", "users:read", &resource).await;
    let writer = auth.token("writer", "users:write", &resource).await;

    let found = |answer: &Answer| -> Vec<String> {
        let tools = answer.body["result"]["structuredContent"]["tools"].as_array();
        let tools = tools.unwrap_or_else(|| panic!("{}", answer.body));
        let mut names: Vec<String> = (tools.iter())
            .map(|tool| tool["name"].as_str().unwrap().to_owned())
            .collect();
        names.sort();
        names
    };
    let query = json!({"query": "user"});
    let answer = call(&resource, Some(&reader), "search_tools", query.clone()).await;
    assert_eq!(found(&answer), ["get_user_by_id", "search_user"]);
    let answer = call(&resource, Some(&writer), "search_tools", query).await;
    assert_eq!(
        found(&answer),
        ["create_user", "delete_user", "update_user"]
    );

    let through = json!({"name": "update_user", "arguments": {"id": 15, "name": "X"}});
    let direct = call(
        &resource,
        Some(&reader),
        "update_user",
        through["arguments"].clone(),
    )
    .await;
    let routed = call(&resource, Some(&reader), "call_tool", through.clone()).await;
    assert_eq!((routed.status, direct.status), (403, 403));
    assert!(
        routed.challenge.contains("scope=\"users:write\""),
        "{}",
        routed.challenge
    );
    let answer = call(&resource, Some(&writer), "call_tool", through).await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body["result"]["isError"], false, "{}", answer.body);
}
