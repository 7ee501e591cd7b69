//! End to end: the forms of declaring a tool that a Rust developer writes without thinking
//! about toolshape, served by `toolshape::Server` and driven by rmcp's client: what the
//! listing says of each, and what a call does.

use toolshape_test_support as common;

use common::{call, check_error, check_json_success, connect, versions};
use serde_json::json;
use toolshape::{Server, ToolError, ToolSet, tool, tools};

/// The title, a `const`.
const ECHO_TITLE: &str = "Echo";

/// The name, shared with client code as a `const`.
const ECHO_NAME: &str = "echo.word";

/// Names, descriptions and titles as constant expressions: `concat!`, `env!`, a `const`.
#[tool(
    format = "json",
    name = ECHO_NAME,
    title = ECHO_TITLE,
    description = concat!("Echo a word back. Served by ", env!("CARGO_PKG_NAME"), "."),
)]
fn echo(
    /// Replaced by the `description` below.
    #[arg(description = WORD_HELP)]
    word: String,
) -> String {
    word
}

/// A parameter's description shared by several tools, as a `const`.
const WORD_HELP: &str = concat!("The word to echo; formats: ", "plain text.");

#[tokio::test]
async fn names_descriptions_and_titles_from_constant_expressions() {
    for version in versions() {
        let tools = ToolSet::new(tools![echo]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let echo = listed
            .iter()
            .find(|t| t.name == ECHO_NAME)
            .expect("echo listed under its constant name");
        assert_eq!(
            echo.description.as_deref(),
            Some("Echo a word back. Served by toolshape-tests.")
        );
        assert_eq!(echo.title.as_deref(), Some("Echo"));
        assert_eq!(
            echo.input_schema["properties"]["word"]["description"],
            json!("The word to echo; formats: plain text.")
        );
        let result = call(&client, ECHO_NAME, json!({"word": "hi"}))
            .await
            .unwrap();
        assert_eq!(check_json_success(echo, &result), json!("hi"));
        client.cancel().await.unwrap();
    }
}

mod handlers {
    /// The server's state; named like the state parameter of generated code on purpose.
    pub struct State {
        pub greeting: &'static str,
    }

    /// Greet someone.
    #[toolshape::tool(format = "json")]
    pub fn greet(#[state] state: &State, name: String) -> String {
        format!("{} {name}", state.greeting)
    }

    pub mod nested {
        /// Count to three.
        #[toolshape::tool(format = "json")]
        pub fn three() -> u32 {
            3
        }
    }

    /// Re-exported under another path.
    pub use nested::three;
}

#[tokio::test]
async fn imported_and_reexported_tools_register_by_their_names() {
    use handlers::greet;
    use handlers::three as renamed_three;
    for version in versions() {
        let tools = ToolSet::new(tools![greet, renamed_three]).unwrap();
        let state = handlers::State { greeting: "Hello" };
        let client = connect(Server::new(state, tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let names: Vec<_> = listed.iter().map(|t| t.name.to_string()).collect();
        assert_eq!(names, ["greet", "three"]);
        let result = call(&client, "greet", json!({"name": "Ada"}))
            .await
            .unwrap();
        assert_eq!(check_json_success(&listed[0], &result), json!("Hello Ada"));
        let result = call(&client, "three", json!({})).await.unwrap();
        assert_eq!(check_json_success(&listed[1], &result), json!(3));
        client.cancel().await.unwrap();
    }
    // The same tool through its other path.
    let set = ToolSet::<()>::new(tools![handlers::three]).unwrap();
    assert_eq!(set.list()[0].name, "three");
}

/// Borrowed and copy-on-write text, slices, and a parameter under `#[cfg]`.
#[tool(format = "json")]
fn join(
    /// The separator.
    separator: &str,
    /// The words.
    words: &[String],
    /// Said at the end.
    ending: std::borrow::Cow<'_, str>,
    /// Only outside tests (never here): compiled out of the function, the schema and the
    /// call.
    #[cfg(not(test))]
    verbose: bool,
    /// Only in tests (always on here).
    #[cfg(test)]
    shout: Option<bool>,
) -> String {
    let joined = words.join(separator) + &ending;
    if shout == Some(true) {
        joined.to_uppercase()
    } else {
        joined
    }
}

/// Names as the client sees them, and defaults.
#[tool(format = "json", rename_all = "camelCase")]
fn find_entities(
    /// The entities to find.
    entity_names: Vec<String>,
    /// At most this many.
    #[arg(default = 10)]
    max_results: u32,
    /// Include deleted ones.
    #[arg(default)]
    include_deleted: bool,
    /// The sort key.
    #[arg(rename = "order_by", default = "name")]
    sort: &str,
    /// Which entities: a string literal default for an owned `String`.
    #[arg(default = "all")]
    status: String,
) -> String {
    format!("{entity_names:?} {max_results} {include_deleted} {sort} {status}")
}

/// Lenient about arguments it does not take.
#[tool(format = "json", unknown_arguments = "ignore", name = "ping")]
fn lenient_ping() -> &'static str {
    "pong"
}

/// A set that drops unknown arguments for every tool, as the MCP SDKs of other languages do:
/// `join` (which refuses them on its own) and `lenient_ping` added after the switch.
#[tokio::test]
async fn a_set_can_ignore_unknown_arguments_for_every_tool() {
    let mut tools = ToolSet::new(tools![join])
        .unwrap()
        .ignore_unknown_arguments();
    tools
        .add(tools![lenient_ping].into_iter().next().unwrap())
        .unwrap();
    for version in versions() {
        let client = connect(Server::new((), tools.clone()), version).await;
        for tool in client.list_all_tools().await.unwrap() {
            assert!(
                tool.input_schema.get("additionalProperties").is_none(),
                "{}: the schema admits what the tool accepts",
                tool.name
            );
        }
        let result = call(
            &client,
            "join",
            json!({"separator": "-", "words": ["a", "b"], "ending": "!", "extra": {"x": 1}}),
        )
        .await
        .unwrap();
        assert_eq!(result.is_error, Some(false), "{result:?}");
        assert_eq!(result.structured_content.unwrap()["data"], json!("a-b!"));
        // Arguments it does take are still checked.
        let result = call(&client, "join", json!({"separator": 1, "extra": 2}))
            .await
            .unwrap();
        assert!(check_error(&result).contains("parameter `separator`"));
        client.cancel().await.unwrap();
    }
    // Without the switch, the same call is refused, naming the argument.
    let strict = ToolSet::new(tools![join]).unwrap();
    let client = connect(Server::new((), strict), versions()[0].clone()).await;
    let result = call(
        &client,
        "join",
        json!({"separator": "-", "words": [], "ending": "", "extra": 1}),
    )
    .await
    .unwrap();
    assert!(check_error(&result).contains("extra"));
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn parameters_as_rust_developers_write_them() {
    for version in versions() {
        let tools = ToolSet::new(tools![join, find_entities, lenient_ping]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let names: Vec<_> = listed.iter().map(|t| t.name.to_string()).collect();
        assert_eq!(
            names,
            ["find_entities", "join", "ping"],
            "rename_all renames parameters, not the tool"
        );

        let join = &listed[1];
        let schema = serde_json::Value::Object((*join.input_schema).clone());
        assert_eq!(
            schema["properties"]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            ["ending", "separator", "shout", "words"],
            "the parameter under a false #[cfg] is not in the schema"
        );
        assert_eq!(schema["properties"]["separator"]["type"], json!("string"));
        assert_eq!(schema["properties"]["words"]["type"], json!("array"));
        assert_eq!(schema["properties"]["ending"]["type"], json!("string"));
        assert_eq!(schema["required"], json!(["separator", "words", "ending"]));
        let result = call(
            &client,
            "join",
            json!({"separator": "-", "words": ["a", "b"], "ending": "!", "shout": true}),
        )
        .await
        .unwrap();
        assert_eq!(check_json_success(join, &result), json!("A-B!"));
        let result = call(
            &client,
            "join",
            json!({"separator": "-", "words": [], "ending": ".", "verbose": true}),
        )
        .await
        .unwrap();
        assert_eq!(
            common::check_error(&result),
            "Error: invalid arguments for tool `join`:\n\
             - unknown parameter `verbose`; this tool takes `separator`, `words`, `ending`, `shout`"
        );

        let find = &listed[0];
        let schema = serde_json::Value::Object((*find.input_schema).clone());
        assert_eq!(
            schema["properties"]
                .as_object()
                .unwrap()
                .keys()
                .collect::<Vec<_>>(),
            [
                "entityNames",
                "includeDeleted",
                "maxResults",
                "order_by",
                "status"
            ]
        );
        assert_eq!(schema["required"], json!(["entityNames"]));
        assert_eq!(schema["properties"]["maxResults"]["default"], json!(10));
        assert_eq!(
            schema["properties"]["includeDeleted"]["default"],
            json!(false)
        );
        assert_eq!(schema["properties"]["order_by"]["default"], json!("name"));
        assert_eq!(schema["properties"]["status"]["default"], json!("all"));
        assert_eq!(
            schema["properties"]["maxResults"]["description"],
            json!("At most this many.")
        );
        let result = call(&client, "find_entities", json!({"entityNames": ["x"]}))
            .await
            .unwrap();
        assert_eq!(
            check_json_success(find, &result),
            json!("[\"x\"] 10 false name all")
        );
        let result = call(
            &client,
            "find_entities",
            json!({"entityNames": [], "maxResults": 3, "includeDeleted": true, "order_by": "id", "status": "open"}),
        )
        .await
        .unwrap();
        assert_eq!(
            check_json_success(find, &result),
            json!("[] 3 true id open")
        );

        let ping = &listed[2];
        let schema = serde_json::Value::Object((*ping.input_schema).clone());
        assert!(
            schema.get("additionalProperties").is_none(),
            "a tool that ignores unknown arguments does not say it refuses them: {schema}"
        );
        let refusing = serde_json::Value::Object((*listed[0].input_schema).clone());
        assert_eq!(refusing["additionalProperties"], json!(false));
        let result = call(&client, "ping", json!({"anything": 1})).await.unwrap();
        assert_eq!(check_json_success(ping, &result), json!("pong"));
        client.cancel().await.unwrap();
    }
}

/// Icons in the listing.
#[tool(
    format = "json",
    icon(
        src = "https://example.com/sun.png",
        mime_type = "image/png",
        sizes = "48x48 96x96"
    ),
    icon(
        src = "https://example.com/sun-dark.svg",
        sizes = "any",
        theme = "dark"
    )
)]
fn sunshine() -> u32 {
    7
}

#[tokio::test]
async fn icons_from_the_attribute_are_in_the_listing() {
    for version in versions() {
        let tools = ToolSet::new(tools![sunshine, echo]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let sunshine = listed.iter().find(|t| t.name == "sunshine").unwrap();
        let icons = serde_json::to_value(sunshine.icons.as_ref().expect("icons listed")).unwrap();
        assert_eq!(
            icons,
            json!([
                {"src": "https://example.com/sun.png", "mimeType": "image/png", "sizes": ["48x48", "96x96"]},
                {"src": "https://example.com/sun-dark.svg", "sizes": ["any"], "theme": "dark"}
            ])
        );
        let echo = listed.iter().find(|t| t.name == ECHO_NAME).unwrap();
        assert!(echo.icons.is_none(), "a tool without icon(...) lists none");
        client.cancel().await.unwrap();
    }
}

/// Says the word twice.
#[doc = concat!("Served by ", env!("CARGO_PKG_NAME"), ".")]
#[tool(format = "json")]
fn twice(#[doc = concat!("The word ", "to say.")] word: String) -> String {
    format!("{word} {word}")
}

#[tokio::test]
async fn doc_attributes_from_macros_are_descriptions() {
    let client = connect(
        Server::new((), ToolSet::new(tools![twice]).unwrap()),
        versions()[0].clone(),
    )
    .await;
    let listed = client.list_all_tools().await.unwrap();
    assert_eq!(
        listed[0].description.as_deref(),
        Some("Says the word twice.\nServed by toolshape-tests.")
    );
    assert_eq!(
        listed[0].input_schema["properties"]["word"]["description"],
        "The word to say."
    );
    client.cancel().await.unwrap();
}

/// Search the catalogue.
#[tool(format = "json")]
fn search_catalogue(
    /// What to look for.
    #[arg(length(min = 2, max = 20), pattern = "^[a-z ]+$")]
    query: String,
    /// How many results.
    #[arg(range(min = 1, max = 50), default = 10)]
    limit: u32,
    /// The order.
    #[arg(one_of("asc", "desc"))]
    order: Option<String>,
    /// Tags, at most three.
    #[arg(length(max = 3))]
    tags: Vec<String>,
    /// A score threshold.
    #[arg(range(min = -1.5, max = 1.5))]
    threshold: Option<f64>,
    /// The shop, also sent by HTTP clients as the header `Mcp-Param-Shop`.
    #[arg(header = "Shop", default)]
    shop: String,
) -> String {
    format!("{query} {limit} {order:?} {tags:?} {threshold:?} {shop}")
}

/// Book a call back, by phone or by email.
#[tool(format = "text", extend_schema = phone_or_email)]
fn call_back(phone: Option<String>, email: Option<String>) -> Result<String, ToolError> {
    match (phone, email) {
        (None, None) => Err(ToolError::new("give a phone or an email")),
        (phone, email) => Ok(format!("{phone:?} {email:?}")),
    }
}

fn phone_or_email() -> serde_json::Value {
    json!({
        "anyOf": [{"required": ["phone"]}, {"required": ["email"]}],
        "$comment": "one way to call back",
        // Members the parameters make are kept, whatever this says.
        "type": "array",
        "properties": {},
    })
}

#[tokio::test]
async fn extend_schema_adds_rules_across_parameters() {
    for version in versions() {
        let tools = ToolSet::new(tools![call_back]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let schema = &client.list_all_tools().await.unwrap()[0].input_schema;
        assert_eq!(
            schema["anyOf"],
            json!([{"required": ["phone"]}, {"required": ["email"]}])
        );
        assert_eq!(schema["$comment"], "one way to call back");
        assert_eq!(schema["type"], "object");
        assert!(schema["properties"]["phone"].is_object(), "{schema:?}");
        assert_eq!(schema["additionalProperties"], false);
        client.cancel().await.unwrap();
    }
}

#[tokio::test]
async fn constraints_are_in_the_schema_and_enforced() {
    for version in versions() {
        let tools = ToolSet::new(tools![search_catalogue]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let properties = &listed[0].input_schema["properties"];
        assert_eq!(properties["query"]["minLength"], 2);
        assert_eq!(properties["shop"]["x-mcp-header"], "Shop");
        assert!(properties["query"].get("x-mcp-header").is_none());
        assert_eq!(properties["query"]["maxLength"], 20);
        assert_eq!(properties["query"]["pattern"], "^[a-z ]+$");
        assert_eq!(properties["limit"]["minimum"], 1);
        assert_eq!(properties["limit"]["maximum"], 50);
        assert_eq!(properties["limit"]["default"], 10);
        // `null` for an optional parameter means absent: the listing does not offer it.
        assert_eq!(properties["order"]["enum"], json!(["asc", "desc"]));
        assert_eq!(properties["tags"]["maxItems"], 3);
        assert!(properties["tags"].get("maxLength").is_none());
        assert_eq!(properties["threshold"]["minimum"], -1.5);

        let ok = call(
            &client,
            "search_catalogue",
            json!({"query": "red shoes", "limit": 50, "order": "asc", "tags": ["a"], "threshold": 1.5}),
        )
        .await
        .unwrap();
        assert_eq!(ok.is_error, Some(false), "{ok:?}");

        let bad = call(
            &client,
            "search_catalogue",
            json!({"query": "Red!", "limit": 51, "order": "up", "tags": ["a", "b", "c", "d"], "threshold": -2}),
        )
        .await
        .unwrap();
        assert_eq!(bad.is_error, Some(true));
        let text = &bad.content[0].as_text().unwrap().text;
        for expected in [
            "parameter `query`: expected a string matching the pattern `^[a-z ]+$`, got the string \"Red!\"",
            "parameter `limit`: expected a number from 1 to 50, got the number 51",
            "parameter `order`: expected one of: asc, desc, got the string \"up\"",
            "parameter `tags`: expected an array of at most 3 items, got 4 items",
            "parameter `threshold`: expected a number from -1.5 to 1.5, got the number -2",
        ] {
            assert!(text.contains(expected), "{expected}\nin: {text}");
        }
        let short = call(
            &client,
            "search_catalogue",
            json!({"query": "a", "tags": []}),
        )
        .await
        .unwrap();
        let text = &short.content[0].as_text().unwrap().text;
        assert!(
            text.contains(
                "parameter `query`: expected a string of 2 to 20 characters, got 1 character"
            ),
            "{text}"
        );
        // null for an optional parameter is not checked against its constraints
        let null = call(
            &client,
            "search_catalogue",
            json!({"query": "ab", "tags": [], "order": null, "threshold": null}),
        )
        .await
        .unwrap();
        assert_eq!(null.is_error, Some(false), "{null:?}");
        client.cancel().await.unwrap();
    }
}

/// Every borrowed form, read as its owned form: inside `Option` and `Vec`, `Cow` with its
/// lifetime elided and with a default, and the context by reference.
#[allow(clippy::too_many_arguments)]
#[tool(format = "json")]
fn borrowed_forms(
    /// A prefix, perhaps.
    prefix: Option<&str>,
    /// Words.
    words: Vec<&str>,
    /// Numbers, perhaps.
    numbers: Option<&[u32]>,
    /// Optional words.
    maybe: Option<Vec<&str>>,
    /// Copy-on-write text with a default.
    #[arg(default = "!")]
    ending: std::borrow::Cow<str>,
    /// Copy-on-write text, perhaps.
    tail: Option<std::borrow::Cow<'_, str>>,
    /// Ranges.
    spans: &[(u32, u32)],
    #[context] cx: &toolshape::Context,
) -> String {
    let cancelled = if cx.is_cancelled() { "cancelled" } else { "" };
    format!(
        "{cancelled}{}{}|{:?}|{:?}|{}{}|{:?}",
        prefix.unwrap_or("-"),
        words.join(" "),
        numbers,
        maybe,
        ending,
        tail.as_deref().unwrap_or(""),
        spans
    )
}

/// A name MCP allows that is not a Rust identifier, with a default.
#[tool(format = "json")]
fn dotted(
    /// The page size.
    #[arg(rename = "page.size", default = 20)]
    page_size: u32,
    /// The page, with a dash.
    #[arg(rename = "page-number", default)]
    page: u32,
    /// Defaults written as the borrowed types have them.
    #[arg(default = Some("en"))]
    lang: Option<&str>,
    /// Likewise.
    #[arg(default = vec!["a", "b"])]
    tags: Vec<&str>,
) -> String {
    format!("{page_size} {page} {lang:?} {tags:?}")
}

#[tokio::test]
async fn borrowed_forms_and_unusual_names_are_read_and_called() {
    for version in versions() {
        let tools = ToolSet::new(tools![borrowed_forms, dotted]).unwrap();
        let client = connect(Server::new((), tools), version).await;
        let listed = client.list_all_tools().await.unwrap();
        let forms = listed.iter().find(|t| t.name == "borrowed_forms").unwrap();
        let schema = serde_json::Value::Object((*forms.input_schema).clone());
        assert_eq!(
            schema["required"],
            json!(["words", "spans"]),
            "Option of a borrowed form is optional, a default too"
        );
        assert_eq!(schema["properties"]["ending"]["default"], json!("!"));
        let result = call(
            &client,
            "borrowed_forms",
            json!({"prefix": ">", "words": ["a", "b"], "numbers": [1, 2],
                   "maybe": ["x"], "tail": "?", "spans": [[1, 9]]}),
        )
        .await
        .unwrap();
        assert_eq!(
            check_json_success(forms, &result),
            json!(">a b|Some([1, 2])|Some([\"x\"])|!?|[(1, 9)]")
        );
        let result = call(&client, "borrowed_forms", json!({"words": [], "spans": []}))
            .await
            .unwrap();
        assert_eq!(
            check_json_success(forms, &result),
            json!("-|None|None|!|[]")
        );

        let dotted = listed.iter().find(|t| t.name == "dotted").unwrap();
        let schema = serde_json::Value::Object((*dotted.input_schema).clone());
        assert_eq!(schema["properties"]["page.size"]["default"], json!(20));
        assert_eq!(schema["properties"]["page-number"]["default"], json!(0));
        assert_eq!(schema["properties"]["lang"]["default"], json!("en"));
        assert_eq!(schema["properties"]["tags"]["default"], json!(["a", "b"]));
        let result = call(
            &client,
            "dotted",
            json!({"page.size": 5, "lang": "fr", "tags": ["c"]}),
        )
        .await
        .unwrap();
        assert_eq!(
            check_json_success(dotted, &result),
            json!("5 0 Some(\"fr\") [\"c\"]")
        );
        let result = call(&client, "dotted", json!({})).await.unwrap();
        assert_eq!(
            check_json_success(dotted, &result),
            json!("20 0 Some(\"en\") [\"a\", \"b\"]")
        );
        client.cancel().await.unwrap();
    }
}
