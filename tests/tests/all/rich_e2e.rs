//! Rich content through rmcp's client, in both protocol eras: images, audio, embedded
//! resources (text and bytes) and resource links attached to json, hybrid and text results,
//! each sent as its own content block and, in an envelope, referred to by its index.

use toolshape_test_support as common;

use base64::Engine as _;
use rmcp::model::{CallToolResult, ContentBlock, ResourceContents};
use serde_json::{Value, json};
use toolshape::{
    Server, ToolSet, formats::Attachment, formats::Hybrid, formats::Rich, tool, tools,
};

const PNG: &[u8] =
    b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89";
const WAV: &[u8] =
    b"RIFF\x24\0\0\0WAVEfmt \x10\0\0\0\x01\0\x01\0\x40\x1f\0\0\x80\x3e\0\0\x02\0\x10\0data\0\0\0\0";

fn attachments() -> [Attachment; 5] {
    [
        Attachment::image(PNG, "image/png").titled("dot"),
        Attachment::audio(WAV, "audio/wav"),
        Attachment::resource_text("test://notes", "text/plain", "some notes"),
        Attachment::resource_blob(
            "test://raw",
            "application/octet-stream",
            vec![0u8, 1, 2, 255],
        ),
        Attachment::link("file:///var/log/app.log", "app.log").with_mime_type("text/plain"),
    ]
}

/// Data with every kind of attachment.
#[tool(format = "json")]
fn json_rich() -> Rich<Vec<u32>> {
    attachments()
        .into_iter()
        .fold(Rich::new(vec![1, 2]), Rich::with)
}

/// A narrative with a plot and every kind of attachment.
#[tool(format = "hybrid")]
fn hybrid_rich() -> Hybrid<Vec<u32>> {
    let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"#;
    attachments().into_iter().fold(
        Hybrid::new("Two numbers.", vec![1, 2])
            .with_plot(toolshape::formats::Plot::svg(svg, "plot")),
        Hybrid::with_attachment,
    )
}

/// Text with every kind of attachment.
#[tool(format = "text")]
fn text_rich() -> Rich<String> {
    attachments()
        .into_iter()
        .fold(Rich::new("Here they are.".to_owned()), Rich::with)
}

/// Attachments alone: an empty text sends no text block.
#[tool(format = "text")]
fn attachments_only() -> Rich<String> {
    attachments()
        .into_iter()
        .fold(Rich::new(String::new()), Rich::with)
}

/// Text before and after an image, as reference servers answer: a caption for the user
/// only, and a described link.
#[tool(format = "text")]
fn captioned() -> Rich<String> {
    let user_only = rmcp::model::Annotations::default()
        .with_audience(vec![rmcp::model::Role::User])
        .with_priority(0.5);
    Rich::new("This is a tiny image:".to_owned())
        .with(Attachment::image(PNG.to_vec(), "image/png"))
        .with(Attachment::text("The image above is a dot.").annotated(user_only))
        .with(
            Attachment::link("test://static/resource/1", "Resource 1")
                .described("Resource 1: plaintext resource"),
        )
}

/// The same attachments in an envelope: each referred to by its index and type.
#[tool(format = "json")]
fn captioned_json() -> Rich<u32> {
    Rich::new(7)
        .with(Attachment::image(PNG.to_vec(), "image/png"))
        .with(Attachment::text("A dot."))
}

/// Nothing at all: the empty text block stays, so the result has content.
#[tool(format = "text")]
fn empty_text() -> Rich<String> {
    Rich::new(String::new())
}

fn base64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

/// The attachment blocks, from `first` on, as `attachments()` makes them.
fn check_blocks(result: &CallToolResult, first: usize) {
    let blocks = &result.content[first..];
    assert_eq!(blocks.len(), 5, "{result:?}");
    let image = blocks[0].as_image().expect("an image block");
    assert_eq!(
        (image.data.as_str(), image.mime_type.as_str()),
        (base64(PNG).as_str(), "image/png")
    );
    let ContentBlock::Audio(audio) = &blocks[1] else {
        panic!("an audio block: {:?}", blocks[1])
    };
    assert_eq!(
        (audio.data.as_str(), audio.mime_type.as_str()),
        (base64(WAV).as_str(), "audio/wav")
    );
    let ContentBlock::Resource(text) = &blocks[2] else {
        panic!("a resource")
    };
    let ResourceContents::TextResourceContents {
        uri,
        text,
        mime_type,
        ..
    } = &text.resource
    else {
        panic!("text contents")
    };
    assert_eq!(
        (uri.as_str(), text.as_str(), mime_type.as_deref()),
        ("test://notes", "some notes", Some("text/plain"))
    );
    let ContentBlock::Resource(blob) = &blocks[3] else {
        panic!("a resource")
    };
    let ResourceContents::BlobResourceContents { uri, blob, .. } = &blob.resource else {
        panic!("blob contents")
    };
    assert_eq!(
        (uri.as_str(), blob.as_str()),
        ("test://raw", base64(&[0, 1, 2, 255]).as_str())
    );
    let ContentBlock::ResourceLink(link) = &blocks[4] else {
        panic!("a resource link")
    };
    assert_eq!(
        (link.uri.as_str(), link.name.as_str()),
        ("file:///var/log/app.log", "app.log")
    );
}

fn expected_refs(first: usize) -> Value {
    json!([
        {"content_index": first, "type": "image", "mime_type": "image/png", "title": "dot"},
        {"content_index": first + 1, "type": "audio", "mime_type": "audio/wav"},
        {"content_index": first + 2, "type": "resource", "mime_type": "text/plain", "uri": "test://notes"},
        {"content_index": first + 3, "type": "resource", "mime_type": "application/octet-stream", "uri": "test://raw"},
        {"content_index": first + 4, "type": "resource_link", "mime_type": "text/plain", "uri": "file:///var/log/app.log"},
    ])
}

#[tokio::test]
async fn every_format_attaches_every_kind_in_both_eras() {
    let tools = ToolSet::new(tools![
        json_rich,
        hybrid_rich,
        text_rich,
        attachments_only,
        empty_text,
        captioned,
        captioned_json
    ])
    .unwrap();
    for version in common::versions() {
        let client = common::connect(Server::new((), tools.clone()), version.clone()).await;
        let listed = client.list_all_tools().await.unwrap();
        let tool = |name: &str| listed.iter().find(|t| t.name == name).unwrap().clone();

        let result = common::call(&client, "json_rich", json!({})).await.unwrap();
        let structured = result.structured_content.clone().unwrap();
        common::validate(&tool("json_rich"), &structured);
        assert_eq!(structured["data"], json!([1, 2]), "{version}");
        assert_eq!(structured["attachments"], expected_refs(1), "{version}");
        check_blocks(&result, 1);

        let result = common::call(&client, "hybrid_rich", json!({}))
            .await
            .unwrap();
        let structured = result.structured_content.clone().unwrap();
        common::validate(&tool("hybrid_rich"), &structured);
        assert_eq!(structured["plots"][0]["content_index"], 1);
        assert_eq!(structured["attachments"], expected_refs(2), "{version}");
        check_blocks(&result, 2);

        let result = common::call(&client, "text_rich", json!({})).await.unwrap();
        assert_eq!(result.content[0].as_text().unwrap().text, "Here they are.");
        assert!(result.structured_content.is_none());
        check_blocks(&result, 1);

        let result = common::call(&client, "attachments_only", json!({}))
            .await
            .unwrap();
        check_blocks(&result, 0);
        assert_eq!(result.is_error, Some(false));
        let result = common::call(&client, "captioned", json!({})).await.unwrap();
        let blocks = serde_json::to_value(&result.content).unwrap();
        assert_eq!(blocks[0]["text"], "This is a tiny image:");
        assert_eq!(blocks[1]["type"], "image");
        assert_eq!(
            (&blocks[2]["type"], &blocks[2]["text"]),
            (&json!("text"), &json!("The image above is a dot."))
        );
        assert_eq!(
            blocks[2]["annotations"],
            json!({"audience": ["user"], "priority": 0.5})
        );
        assert_eq!(blocks[3]["type"], "resource_link");
        assert_eq!(blocks[3]["description"], "Resource 1: plaintext resource");

        let result = common::call(&client, "captioned_json", json!({}))
            .await
            .unwrap();
        let structured = result.structured_content.clone().unwrap();
        common::validate(&tool("captioned_json"), &structured);
        assert_eq!(
            structured["attachments"],
            json!([{"content_index": 1, "type": "image", "mime_type": "image/png"},
                   {"content_index": 2, "type": "text"}])
        );
        assert_eq!(result.content[2].as_text().unwrap().text, "A dot.");

        let result = common::call(&client, "empty_text", json!({}))
            .await
            .unwrap();
        assert_eq!(result.content.len(), 1, "{result:?}");
        assert_eq!(result.content[0].as_text().unwrap().text, "");
    }
}
