//! [`Plot`]: an image a tool attaches to its result, sent as an MCP image content block.

use base64::Engine as _;
use rmcp::model::ContentBlock;
use serde_json::Value;

/// An image attached to a result with [`Hybrid::with_plot`](crate::formats::Hybrid::with_plot).
///
/// It travels as an MCP `image` content block after the text (base64 there, as MCP requires,
/// never inside the JSON envelope); the envelope's `plots` lists
/// `{"content_index", "mime_type", "title", "width", "height"}` for each one.
///
/// Draw it with any crate that encodes PNG or writes SVG (`plotters` does both).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plot {
    bytes: Vec<u8>,
    mime_type: &'static str,
    title: String,
    size: Option<(u32, u32)>,
}

const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

impl Plot {
    /// A PNG image. Its width and height, read from the PNG header, are stated in the
    /// envelope.
    ///
    /// # Panics
    /// When `png` does not start with a PNG signature and header: a tool passing anything
    /// else is a bug to find in its first test, not a condition for clients to handle.
    pub fn png(png: impl Into<Vec<u8>>, title: impl Into<String>) -> Self {
        let bytes = png.into();
        let size = png_size(&bytes).expect("`Plot::png` takes PNG bytes (signature and IHDR)");
        Plot {
            bytes,
            mime_type: "image/png",
            title: title.into(),
            size: Some(size),
        }
    }

    /// An SVG image, as its XML text.
    pub fn svg(svg: impl Into<String>, title: impl Into<String>) -> Self {
        Plot {
            bytes: svg.into().into_bytes(),
            mime_type: "image/svg+xml",
            title: title.into(),
            size: None,
        }
    }

    /// The image's MIME type: `image/png` or `image/svg+xml`.
    pub fn mime_type(&self) -> &'static str {
        self.mime_type
    }

    /// The title, as stated in the envelope.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// Width and height in pixels, for a PNG.
    pub fn size(&self) -> Option<(u32, u32)> {
        self.size
    }

    /// The encoded image.
    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    pub(crate) fn content_block(&self) -> ContentBlock {
        let data = base64::engine::general_purpose::STANDARD.encode(&self.bytes);
        ContentBlock::image(data, self.mime_type)
    }

    /// The envelope's reference to this plot, sent as `content[content_index]`.
    pub(crate) fn reference(&self, content_index: usize) -> Value {
        let mut reference = serde_json::json!({
            "content_index": content_index,
            "mime_type": self.mime_type,
            "title": self.title,
        });
        if let (Some((width, height)), Value::Object(object)) = (self.size, &mut reference) {
            object.insert("width".into(), width.into());
            object.insert("height".into(), height.into());
        }
        reference
    }
}

/// Width and height from a PNG's signature and IHDR chunk (its first 24 bytes).
fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.len() < 24 || &bytes[..8] != PNG_SIGNATURE || &bytes[12..16] != b"IHDR" {
        return None;
    }
    let width = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
    let height = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
    Some((width, height))
}

/// The `outputSchema` of the envelope's `plots`.
pub(crate) fn reference_schema() -> Value {
    serde_json::json!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "content_index": {"type": "integer", "minimum": 1},
                "mime_type": {"enum": ["image/png", "image/svg+xml"]},
                "title": {"type": "string"},
                "width": {"type": "integer", "minimum": 0},
                "height": {"type": "integer", "minimum": 0}
            },
            "required": ["content_index", "mime_type", "title"]
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn png_size_reads_the_header() {
        let mut header = PNG_SIGNATURE.to_vec();
        header.extend([0, 0, 0, 13]);
        header.extend(b"IHDR");
        header.extend(640u32.to_be_bytes());
        header.extend(480u32.to_be_bytes());
        assert_eq!(png_size(&header), Some((640, 480)));
        assert_eq!(png_size(b"GIF89a........................"), None);
    }
}
