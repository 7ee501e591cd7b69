//! What toolshape's transports answer themselves, before rmcp sees a message: the JSON-RPC
//! errors rmcp's own transports leave unanswered or answer with the wrong code.
//!
//! - A message that is not JSON (a bare `NaN`, invalid UTF-8, a lone surrogate escape, a
//!   truncated object, nesting deeper than serde_json's 128 levels): `-32700` (parse error)
//!   with `id: null`, since no id can be read.
//! - JSON that is not a JSON-RPC 2.0 message: `-32600` (invalid request), with the
//!   request's `id` when it can be read (a string or an integer), else `null`.
//! - A request of a method MCP defines whose `params` do not fit it (`tools/call` without
//!   `params`, with `arguments` that is not an object, with a `name` that is not a string,
//!   `tools/list` with an array for `params`): `-32602` (invalid params) with the request's
//!   id and a message naming the member that is wrong and what was expected. rmcp would take
//!   such a request for an unknown method, or not for a request at all.
//! - A request whose params hold a number no JSON parser here can represent (`1e400`, valid
//!   in JSON's grammar): `-32602` naming the member, with the request's id, rather than a
//!   parse error that would lose the request.
//!
//! Everything else goes to rmcp unchanged.
//!
//! Over HTTP, rmcp reads a body first and [`classify`] runs only on a body rmcp refused; a
//! request rmcp read as an unknown method although MCP defines it reaches the handler, where
//! toolshape's [`Server`](crate::Server) answers it with [`custom_request_problem`]. A good
//! message is parsed once, by rmcp.

// Without a transport, only the check of a request rmcp read as an unknown method is used.
#![cfg_attr(not(any(feature = "stdio", feature = "http")), allow(dead_code))]

use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// JSON-RPC 2.0's parse error.
pub(crate) const PARSE_ERROR: i32 = -32700;
/// JSON-RPC 2.0's invalid request.
pub(crate) const INVALID_REQUEST: i32 = -32600;
/// JSON-RPC 2.0's invalid params.
pub(crate) const INVALID_PARAMS: i32 = -32602;

/// A message read from a client, sorted.
#[derive(Debug)]
pub(crate) enum Incoming {
    /// A JSON-RPC message for rmcp (HTTP hands rmcp the bytes instead).
    Message(#[cfg_attr(not(feature = "stdio"), allow(dead_code))] Box<ClientJsonRpcMessage>),
    /// The error response to send back instead (a JSON-RPC error object, serialised).
    Reply(Rejection),
}

/// A message toolshape answers itself with a JSON-RPC error.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Rejection {
    /// `-32700`, `-32600` or `-32602`.
    pub(crate) code: i32,
    /// What was wrong, for the client.
    pub(crate) message: String,
    /// The request's id when it could be read; `null` otherwise.
    pub(crate) id: Value,
}

impl Rejection {
    /// A message longer than `limit` bytes: `-32600` with `id: null` (the message was not
    /// read, so neither was its id).
    #[cfg(feature = "stdio")]
    pub(crate) fn too_long(limit: usize) -> Self {
        Rejection {
            code: INVALID_REQUEST,
            message: format!("Invalid Request: the message is longer than {limit} bytes"),
            id: Value::Null,
        }
    }

    /// The JSON-RPC error response: `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…}}`.
    pub(crate) fn to_json(&self) -> Vec<u8> {
        let response = serde_json::json!({
            "jsonrpc": "2.0",
            "id": self.id,
            "error": {"code": self.code, "message": self.message},
        });
        // A `Value` of strings and numbers always serialises.
        serde_json::to_vec(&response).unwrap_or_default()
    }
}

/// Sorts one message's bytes: for rmcp, or answered here.
///
/// A good message costs what rmcp's own transports pay, one typed parse; only a message
/// that fails it, or that rmcp would take for an unknown method, is looked at again.
pub(crate) fn classify(bytes: &[u8]) -> Incoming {
    let message = match serde_json::from_slice::<ClientJsonRpcMessage>(bytes) {
        Ok(message) => message,
        Err(error) => return Incoming::Reply(unreadable(bytes, &error)),
    };
    if let JsonRpcMessage::Request(request) = &message
        && let ClientRequest::CustomRequest(custom) = &request.request
        && checker(&custom.method).is_some()
        && let Ok(value) = serde_json::from_slice::<Value>(bytes)
        && let Some(problem) = known_method_problem(&custom.method, &value)
    {
        return Incoming::Reply(Rejection {
            code: INVALID_PARAMS,
            message: format!("Invalid params for `{}`: {problem}", custom.method),
            id: readable_id(&value),
        });
    }
    Incoming::Message(Box::new(message))
}

/// Why bytes that are not a message of MCP were refused: not JSON at all (`-32700`), JSON
/// that is not a JSON-RPC message (`-32600`, keeping a readable id), or a request of an MCP
/// method whose params do not fit it (`-32602`).
fn unreadable(bytes: &[u8], typed: &serde_json::Error) -> Rejection {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(value) => invalid(&value, typed),
        Err(error) => out_of_range(bytes, &error).unwrap_or_else(|| Rejection {
            code: PARSE_ERROR,
            message: format!("Parse error: {error}"),
            id: Value::Null,
        }),
    }
}

/// JSON that rmcp could not read as a message: `-32602` for a request of a method MCP
/// defines whose params are what does not fit, else `-32600`.
fn invalid(value: &Value, typed: &serde_json::Error) -> Rejection {
    let id = readable_id(value);
    if let Some(method) = request_method(value, &id)
        && let Some(problem) = known_method_problem(method, value)
    {
        return Rejection {
            code: INVALID_PARAMS,
            message: format!("Invalid params for `{method}`: {problem}"),
            id,
        };
    }
    Rejection {
        code: INVALID_REQUEST,
        message: format!("Invalid Request: not a JSON-RPC 2.0 message of MCP: {typed}"),
        id,
    }
}

/// The method of a JSON-RPC 2.0 request with a readable `id` (`jsonrpc` is `"2.0"`, `method`
/// a string); `None` for anything else, whose params are not what is wrong.
fn request_method<'a>(value: &'a Value, id: &Value) -> Option<&'a str> {
    if id.is_null() || value.get("jsonrpc")? != "2.0" {
        return None;
    }
    value.get("method")?.as_str()
}

/// A request whose JSON is well formed but holds a number serde_json cannot represent
/// (`1e400`: JSON's grammar has no limit, an `f64` has): the request is read past the
/// number, so its id is kept, and the member holding it is named. `None` for bytes that
/// are not JSON at all.
fn out_of_range(bytes: &[u8], error: &serde_json::Error) -> Option<Rejection> {
    /// The members of a request that say who asked and for what; the rest is skipped
    /// unread, numbers included.
    #[derive(serde::Deserialize)]
    struct Head {
        jsonrpc: Option<String>,
        id: Option<Value>,
        method: Option<String>,
    }
    // serde_json has no error kind for this, only its message.
    if !error.to_string().starts_with("number out of range") {
        return None;
    }
    let head: Head = serde_json::from_slice(bytes).ok()?;
    let path = match serde_path_to_error::deserialize::<_, Value>(
        &mut serde_json::Deserializer::from_slice(bytes),
    ) {
        Err(error) => error.path().to_string(),
        Ok(_) => return None,
    };
    let id = head.id.as_ref().map_or(Value::Null, exact_id);
    let request = serde_json::json!({"jsonrpc": head.jsonrpc, "method": head.method});
    let message = format!("`{path}`: {error}");
    Some(match request_method(&request, &id) {
        Some(method) if path == "params" || path.starts_with("params.") => Rejection {
            code: INVALID_PARAMS,
            message: format!("Invalid params for `{method}`: {message}"),
            id,
        },
        _ => Rejection {
            code: INVALID_REQUEST,
            message: format!("Invalid Request: {message}"),
            id,
        },
    })
}

/// A request rmcp read as one of a method it does not know (an MCP method whose params do
/// not fit it reads so): the `-32602` message naming the member, when the method is one MCP
/// defines and its params do not fit it. `None` for any other method.
///
/// `revision` is the request's protocol version (rmcp has moved `_meta` out of `params`).
pub(crate) fn custom_request_problem(
    method: &str,
    params: Option<&Value>,
    revision: Option<&str>,
) -> Option<String> {
    checker(method)?;
    if removed_in(method, revision) {
        return None;
    }
    let mut request = serde_json::Map::new();
    request.insert("method".into(), method.into());
    if let Some(params) = params {
        request.insert("params".into(), params.clone());
    }
    let problem = known_method_problem(method, &Value::Object(request))?;
    Some(format!("Invalid params for `{method}`: {problem}"))
}

/// What is wrong with a request of one method, if anything: [`check`] for its types.
type Check = fn(&Value) -> Option<String>;

/// Every request method rmcp reads from a client, each with its request and params types.
/// The names come from rmcp's own method constants, so a name cannot drift from its types,
/// and this is the one list: a method is known when it is here.
macro_rules! methods {
    ($($method:ident => $request:ident, $params:ty;)*) => {
        /// The check of a method MCP defines; `None` for any other method.
        #[allow(deprecated)] // logging/setLevel and resources/(un)subscribe: legacy, still served
        fn checker(method: &str) -> Option<Check> {
            use rmcp::model as m;
            use rmcp::model::ConstString as _;
            $(
                if method == m::$method::VALUE {
                    return Some(check::<m::$request, $params>);
                }
            )*
            None
        }
    };
}

methods! {
    CallToolRequestMethod => CallToolRequest, m::CallToolRequestParams;
    ListToolsRequestMethod => ListToolsRequest, m::PaginatedRequestParams;
    InitializeResultMethod => InitializeRequest, m::InitializeRequestParams;
    DiscoverRequestMethod => DiscoverRequest, m::DiscoverRequestParams;
    PingRequestMethod => PingRequest, serde::de::IgnoredAny;
    CompleteRequestMethod => CompleteRequest, m::CompleteRequestParams;
    SetLevelRequestMethod => SetLevelRequest, m::SetLevelRequestParams;
    GetPromptRequestMethod => GetPromptRequest, m::GetPromptRequestParams;
    ListPromptsRequestMethod => ListPromptsRequest, m::PaginatedRequestParams;
    ListResourcesRequestMethod => ListResourcesRequest, m::PaginatedRequestParams;
    ListResourceTemplatesRequestMethod => ListResourceTemplatesRequest, m::PaginatedRequestParams;
    ReadResourceRequestMethod => ReadResourceRequest, m::ReadResourceRequestParams;
    ReadResourceDirectoryRequestMethod => ReadResourceDirectoryRequest, m::ReadResourceDirectoryRequestParams;
    SubscribeRequestMethod => SubscribeRequest, m::SubscribeRequestParams;
    UnsubscribeRequestMethod => UnsubscribeRequest, m::UnsubscribeRequestParams;
    SubscriptionsListenRequestMethod => SubscriptionsListenRequest, m::SubscriptionsListenRequestParams;
    GetTaskMethod => GetTaskRequest, m::GetTaskParams;
    UpdateTaskMethod => UpdateTaskRequest, m::UpdateTaskParams;
    CancelTaskMethod => CancelTaskRequest, m::CancelTaskParams;
    ListSkillsRequestMethod => ListSkillsRequest, m::PaginatedRequestParams;
    GetSkillRequestMethod => GetSkillRequest, m::GetSkillRequestParams;
}

/// The id of a request object, if it is one MCP allows (a string or an integer).
fn readable_id(value: &Value) -> Value {
    value.get("id").map_or(Value::Null, exact_id)
}

/// `id` itself if it is a string or an integer, which an answer can give back exactly;
/// `null` for anything else (a fraction, an integer too large for 64 bits that was read as
/// a float: echoed, it would not be the id the client sent).
fn exact_id(id: &Value) -> Value {
    match id {
        Value::String(_) => id.clone(),
        Value::Number(number) if number.is_i64() || number.is_u64() => id.clone(),
        _ => Value::Null,
    }
}

/// For a request that rmcp took for an unknown method: if the method is one MCP defines,
/// what is wrong with its params (deserialised as that method's request, with the path of
/// the member that does not fit).
fn known_method_problem(method: &str, request: &Value) -> Option<String> {
    // A request of that revision says so in its `_meta`.
    let revision = request
        .pointer("/params/_meta/io.modelcontextprotocol~1protocolVersion")
        .and_then(Value::as_str);
    if removed_in(method, revision) {
        return None;
    }
    checker(method)?(request)
}

/// Whether `method` is one 2026-07-28 removed and `revision` is that one or later: such a
/// request is left for rmcp to answer "method not found", as the revision requires.
fn removed_in(method: &str, revision: Option<&str>) -> bool {
    const REMOVED_IN_2026_07_28: [&str; 5] = [
        "initialize",
        "ping",
        "logging/setLevel",
        "resources/subscribe",
        "resources/unsubscribe",
    ];
    REMOVED_IN_2026_07_28.contains(&method)
        && revision
            .is_some_and(|revision| revision >= rmcp::model::ProtocolVersion::V_2026_07_28.as_str())
}

/// What is wrong with `request` as a `Req`, whose params are a `P`: `None` if nothing; the
/// member of `params` that does not fit, with serde's account of what it expected; else
/// serde's message for the whole request (`missing field `params``).
fn check<Req: DeserializeOwned, P: DeserializeOwned>(request: &Value) -> Option<String> {
    let error = Req::deserialize(request).err()?;
    // MCP's params are always an object (serde would read a struct from an array too, and
    // name an item of it).
    let kind = match request.get("params") {
        Some(Value::Array(_)) => Some("an array"),
        Some(Value::String(_)) => Some("a string"),
        Some(Value::Number(_)) => Some("a number"),
        Some(Value::Bool(_)) => Some("a boolean"),
        _ => None,
    };
    if let Some(kind) = kind {
        return Some(format!("`params`: expected an object, found {kind}"));
    }
    if let Some(params) = request.get("params")
        && let Err(error) = serde_path_to_error::deserialize::<_, P>(params)
    {
        let path = error.path().to_string();
        let inner = error.into_inner();
        return Some(if path == "." {
            format!("`params`: {inner}")
        } else {
            format!("`params.{path}`: {inner}")
        });
    }
    Some(error.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn methods_removed_in_2026_07_28_pass_on_for_method_not_found() {
        let meta = json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28"});
        for method in [
            "initialize",
            "ping",
            "logging/setLevel",
            "resources/subscribe",
        ] {
            let request =
                json!({"jsonrpc": "2.0", "id": 1, "method": method, "params": {"_meta": meta}});
            assert!(known_method_problem(method, &request).is_none(), "{method}");
        }
        // Without that revision, a malformed `initialize` is still named.
        let request = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}});
        assert!(known_method_problem("initialize", &request).is_some());
    }

    #[test]
    fn requests_rmcp_read_as_unknown_are_checked_unless_the_revision_removed_them() {
        // rmcp hands the handler a 2026-07-28 `initialize` as a method it does not know,
        // with `_meta` moved out of the params: the request's revision is given apart.
        let problem = custom_request_problem;
        assert_eq!(
            problem("initialize", Some(&json!({})), Some("2026-07-28")),
            None
        );
        assert_eq!(problem("logging/setLevel", None, Some("2026-07-28")), None);
        assert!(problem("initialize", Some(&json!({})), Some("2025-11-25")).is_some());
        let arguments = json!({"name": "t", "arguments": "x"});
        let message = problem("tools/call", Some(&arguments), Some("2026-07-28")).unwrap();
        assert!(
            message.starts_with("Invalid params for `tools/call`: `params.arguments`"),
            "{message}"
        );
        assert_eq!(problem("vendor/thing", None, None), None);
    }

    fn rejected(bytes: &[u8]) -> Rejection {
        match classify(bytes) {
            Incoming::Reply(rejection) => rejection,
            Incoming::Message(message) => panic!("passed on: {message:?}"),
        }
    }

    #[test]
    fn unreadable_messages_are_parse_errors_without_an_id() {
        let deep = "[".repeat(100_000);
        for bytes in [
            &b"NaN"[..],
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"",
            b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"\xff\"}",
            br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\ud800"}}"#,
            deep.as_bytes(),
            b"",
        ] {
            let rejection = rejected(bytes);
            assert_eq!(rejection.code, PARSE_ERROR, "{rejection:?}");
            assert_eq!(rejection.id, Value::Null);
        }
    }

    #[test]
    fn malformed_known_params_are_invalid_params_with_the_id() {
        for (request, names) in [
            (
                json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": {"name": "t", "arguments": "x"}}),
                "params.arguments",
            ),
            (
                json!({"jsonrpc": "2.0", "id": "a", "method": "tools/call"}),
                "params",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 9, "method": "tools/call", "params": {"name": 3}}),
                "params.name",
            ),
            // The tasks extension's methods, and every other method rmcp reads.
            (
                json!({"jsonrpc": "2.0", "id": 10, "method": "tasks/get", "params": {}}),
                "taskId",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 11, "method": "tasks/get", "params": {"taskId": 5}}),
                "params.taskId",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 12, "method": "tasks/update", "params": {"taskId": "t"}}),
                "inputResponses",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 13, "method": "tasks/cancel"}),
                "params",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 14, "method": "skills/get", "params": {"uri": 1}}),
                "params.uri",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 15, "method": "resources/directory/read", "params": {}}),
                "uri",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 16, "method": "subscriptions/listen", "params": {"notifications": 3}}),
                "params.notifications",
            ),
        ] {
            let rejection = rejected(&serde_json::to_vec(&request).unwrap());
            assert_eq!(rejection.code, INVALID_PARAMS, "{rejection:?}");
            assert_eq!(rejection.id, request["id"]);
            assert!(rejection.message.contains(names), "{rejection:?}");
        }
    }

    #[test]
    fn known_methods_with_params_of_the_wrong_json_type_are_invalid_params() {
        // rmcp reads these as no request at all (params an array, a string, a number).
        for (request, names) in [
            (
                json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": [1]}),
                "`params`: expected an object, found an array",
            ),
            (
                json!({"jsonrpc": "2.0", "id": "b", "method": "tools/call", "params": "add"}),
                "`params`: expected an object, found a string",
            ),
            (
                json!({"jsonrpc": "2.0", "id": 3, "method": "resources/read", "params": 7}),
                "`params`: expected an object, found a number",
            ),
        ] {
            let rejection = rejected(&serde_json::to_vec(&request).unwrap());
            assert_eq!(rejection.code, INVALID_PARAMS, "{rejection:?}");
            assert_eq!(rejection.id, request["id"]);
            assert!(rejection.message.contains(names), "{rejection:?}");
        }
        // Not a JSON-RPC 2.0 request: the params are not what is wrong.
        for bytes in [
            &br#"{"jsonrpc":"1.0","id":1,"method":"tools/list","params":[1]}"#[..],
            br#"{"jsonrpc":"2.0","id":{},"method":"tools/list","params":[1]}"#,
        ] {
            assert_eq!(rejected(bytes).code, INVALID_REQUEST);
        }
    }

    #[test]
    fn numbers_out_of_range_name_their_member_and_keep_the_id() {
        let rejection = rejected(
            br#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"add","arguments":{"a":1,"b":1e400}}}"#,
        );
        assert_eq!(rejection.code, INVALID_PARAMS, "{rejection:?}");
        assert_eq!(rejection.id, json!(4));
        assert!(
            rejection.message.starts_with(
                "Invalid params for `tools/call`: `params.arguments.b`: number out of range"
            ),
            "{rejection:?}"
        );
        // Outside params: an invalid request, still with its id.
        let rejection = rejected(br#"{"jsonrpc":"2.0","id":"x","method":"ping","extra":-1e999}"#);
        assert_eq!(rejection.code, INVALID_REQUEST, "{rejection:?}");
        assert_eq!(rejection.id, json!("x"));
        // The id itself out of range: no id to give back.
        let rejection = rejected(br#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#);
        assert_eq!(rejection.code, PARSE_ERROR, "{rejection:?}");
        assert_eq!(rejection.id, Value::Null);
    }

    #[test]
    fn ids_that_cannot_be_given_back_exactly_are_null() {
        for bytes in [
            &br#"{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}"#[..],
            br#"{"jsonrpc":"2.0","id":1.5,"method":"ping"}"#,
            br#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#,
        ] {
            let rejection = rejected(bytes);
            assert_eq!(rejection.code, INVALID_REQUEST, "{rejection:?}");
            assert_eq!(rejection.id, Value::Null, "{rejection:?}");
        }
    }

    #[test]
    fn invalid_requests_keep_a_readable_id() {
        let rejection = rejected(br#"{"jsonrpc":"1.0","id":5,"method":"ping"}"#);
        assert_eq!(rejection.code, INVALID_REQUEST);
        assert_eq!(rejection.id, json!(5));
        let rejection = rejected(br#"[1, 2]"#);
        assert_eq!(rejection.code, INVALID_REQUEST);
        assert_eq!(rejection.id, Value::Null);
    }

    #[test]
    fn good_messages_pass() {
        for request in [
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "t", "arguments": {"a": 1}}}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}),
            json!({"jsonrpc": "2.0", "id": 1, "method": "vendor/thing", "params": {"x": 3}}),
            json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        ] {
            assert!(
                matches!(
                    classify(&serde_json::to_vec(&request).unwrap()),
                    Incoming::Message(_)
                ),
                "{request}"
            );
        }
    }
}
