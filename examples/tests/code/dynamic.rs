//! A tool declared at run time (`ToolDef::dynamic`) in a script, beside its `#[tool]` twin:
//! the same value in a script, the same error.

use rmcp::model::ProtocolVersion;
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::{Value, json};
use toolshape::code::CodeMode;
use toolshape::formats::Format;
use toolshape::tool::{Kind, ToolDef};
use toolshape::{Context, Server, ToolError, ToolSet, tool, tools};
use toolshape_test_support as common;

/// A product's price.
#[derive(Serialize, JsonSchema)]
struct Price {
    /// The product.
    product: String,
    /// Its price, in cents.
    cents: u64,
}

/// The price of a product, in cents.
#[tool(format = "json", kind = "read")]
async fn price_typed(
    /// The product's name.
    product: String,
) -> Result<Price, ToolError> {
    price_of(&product).map(|cents| Price { product, cents })
}

fn price_of(product: &str) -> Result<u64, ToolError> {
    match product {
        "tea" => Ok(350),
        _ => Err(ToolError::new(format!("no product is named `{product}`"))),
    }
}

fn server() -> Server<()> {
    let mut set = ToolSet::new(tools![price_typed]).unwrap();
    let dynamic = ToolDef::<()>::dynamic("price_dynamic")
        .description("The price of a product, in cents.")
        .input_schema(json!({
            "type": "object",
            "properties": {"product": {"type": "string", "description": "The product's name."}},
            "required": ["product"],
            "additionalProperties": false
        }))
        .output_schema(json!({
            "type": "object",
            "properties": {
                "product": {"type": "string", "description": "The product."},
                "cents": {"type": "integer", "minimum": 0, "description": "Its price, in cents."}
            },
            "required": ["product", "cents"]
        }))
        .kind(Kind::Read)
        .format(Format::Json)
        .handler(|_: &(), arguments, _: Context| {
            Box::pin(async move {
                let product = arguments["product"].as_str().unwrap_or_default().to_owned();
                let cents = price_of(&product)?;
                Ok::<_, ToolError>(json!({"product": product, "cents": cents}))
            })
        })
        .build()
        .expect("the run-time tool is well declared");
    set.add(dynamic).unwrap();
    Server::new((), set).with_tool_search(CodeMode::new())
}

#[tokio::test]
async fn a_run_time_tool_answers_a_script_as_its_twin_does() {
    let client = common::connect(server(), ProtocolVersion::V_2026_07_28).await;
    let script = r#"
typed = await price_typed(product="tea")
dynamic = await price_dynamic(product="tea")
errors = []
for name in ["price_typed", "price_dynamic"]:
    try:
        await call_tool(name, {"product": "coffee"})
    except Exception as error:
        errors.append(str(error).replace(name, "NAME"))
return {"typed": typed, "dynamic": dynamic, "errors": errors}
"#;
    let result = common::call(&client, "execute", json!({ "code": script }))
        .await
        .expect("execute answers");
    assert_ne!(result.is_error, Some(true), "{}", common::text_of(&result));
    let value: &Value = &result.structured_content.as_ref().unwrap()["result"];
    assert_eq!(value["typed"], json!({"product": "tea", "cents": 350}));
    assert_eq!(value["dynamic"], value["typed"]);
    let errors = value["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2, "{value}");
    assert_eq!(errors[0], errors[1], "the same error from both");
    assert!(
        errors[0]
            .as_str()
            .unwrap()
            .contains("no product is named `coffee`")
    );
}
