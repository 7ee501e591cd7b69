// The block of the `Render` trait's rustdoc (runtime/src/formats/mod.rs) that must not
// compile: docs/src/tests.rs checks that every `compile_fail` block of the documentation is a
// case here.
use toolshape::rmcp::model::{CallToolResult, JsonObject};
use toolshape::{formats::CallFacts, formats::Format, formats::Render};

struct Mine;

impl Render<String> for Mine {
    const FORMAT: Format = Format::Json;
    fn output_schema() -> Option<JsonObject> {
        None
    }
    fn render(_value: String, _facts: &CallFacts<'_>) -> CallToolResult {
        CallToolResult::success(vec![])
    }
}

fn main() {}
