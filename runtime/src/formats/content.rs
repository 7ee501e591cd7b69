//! Rich content beside a tool's data: images, audio, embedded resources, resource links and
//! further text, sent as MCP content blocks after the text and referred to by the envelope.

use base64::Engine as _;
use rmcp::model::{ContentBlock, ResourceContents};
use serde_json::Value;

/// Content a tool attaches to its result: an image, audio, an embedded resource (text or
/// bytes), a link to a resource, or a further text block (a caption after an image).
///
/// Each one travels as its own MCP content block after the result's text block (bytes in
/// base64 there, as MCP requires, never inside the JSON envelope). The envelope of a json or
/// hybrid result lists them in `attachments`:
/// `{"content_index", "type", "mime_type"?, "uri"?, "title"?}`, `content_index` being the
/// block's index in `content`.
///
/// Attach them with [`Rich`] (any format) or [`Hybrid::with_attachment`](crate::formats::Hybrid::with_attachment).
///
/// ```
/// use toolshape::formats::Attachment;
///
/// let report = Attachment::resource_text("report://q3", "text/csv", "region,total\nemea,12\n")
///     .titled("Q3 totals");
/// let link = Attachment::link("file:///var/log/app.log", "app.log")
///     .with_mime_type("text/plain")
///     .described("The service's log, newest last.");
/// // A caption after an image, for the user only (MCP's content annotations).
/// let caption = Attachment::text("The image above is the MCP logo.").annotated(
///     rmcp::model::Annotations::default().with_audience(vec![rmcp::model::Role::User]),
/// );
/// # let _ = (report, link, caption);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Attachment {
    kind: Kind,
    mime_type: Option<String>,
    title: Option<String>,
    description: Option<String>,
    annotations: Option<rmcp::model::Annotations>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    Image(Vec<u8>),
    Audio(Vec<u8>),
    Text { uri: String, text: String },
    Blob { uri: String, bytes: Vec<u8> },
    Link { uri: String, name: String },
    Plain(String),
}

impl Attachment {
    /// An image: its encoded bytes and MIME type (`image/png`, `image/jpeg`, ...).
    pub fn image(bytes: impl Into<Vec<u8>>, mime_type: impl Into<String>) -> Self {
        Attachment::new(Kind::Image(bytes.into()), Some(mime_type.into()))
    }

    /// Audio: its encoded bytes and MIME type (`audio/wav`, `audio/mpeg`, ...).
    pub fn audio(bytes: impl Into<Vec<u8>>, mime_type: impl Into<String>) -> Self {
        Attachment::new(Kind::Audio(bytes.into()), Some(mime_type.into()))
    }

    /// A resource's text, embedded: its URI, MIME type and contents.
    pub fn resource_text(
        uri: impl Into<String>,
        mime_type: impl Into<String>,
        text: impl Into<String>,
    ) -> Self {
        let kind = Kind::Text {
            uri: uri.into(),
            text: text.into(),
        };
        Attachment::new(kind, Some(mime_type.into()))
    }

    /// A resource's bytes, embedded: its URI, MIME type and contents.
    pub fn resource_blob(
        uri: impl Into<String>,
        mime_type: impl Into<String>,
        bytes: impl Into<Vec<u8>>,
    ) -> Self {
        let kind = Kind::Blob {
            uri: uri.into(),
            bytes: bytes.into(),
        };
        Attachment::new(kind, Some(mime_type.into()))
    }

    /// A link to a resource the client can read itself: its URI and name.
    pub fn link(uri: impl Into<String>, name: impl Into<String>) -> Self {
        let kind = Kind::Link {
            uri: uri.into(),
            name: name.into(),
        };
        Attachment::new(kind, None)
    }

    /// A further text block, after the result's text and the attachments before it: a
    /// caption after an image, a hint after an embedded resource.
    pub fn text(text: impl Into<String>) -> Self {
        Attachment::new(Kind::Plain(text.into()), None)
    }

    fn new(kind: Kind, mime_type: Option<String>) -> Self {
        Attachment {
            kind,
            mime_type,
            title: None,
            description: None,
            annotations: None,
        }
    }

    /// Describes a link (`description` in its `resource_link` block); other attachments
    /// have no description in MCP and ignore it.
    #[must_use]
    pub fn described(mut self, description: impl Into<String>) -> Self {
        self.description = Some(description.into());
        self
    }

    /// MCP's annotations of the content block: who it is for (`audience`), how much it
    /// matters (`priority`, 0 to 1), when it last changed (`lastModified`).
    #[must_use]
    pub fn annotated(mut self, annotations: rmcp::model::Annotations) -> Self {
        self.annotations = Some(annotations);
        self
    }

    /// Gives it a title, stated in the envelope's reference (and a link's listing).
    #[must_use]
    pub fn titled(mut self, title: impl Into<String>) -> Self {
        self.title = Some(title.into());
        self
    }

    /// Sets the MIME type (for a link, whose type is otherwise unstated).
    #[must_use]
    pub fn with_mime_type(mut self, mime_type: impl Into<String>) -> Self {
        self.mime_type = Some(mime_type.into());
        self
    }

    /// The content block's type: `image`, `audio`, `resource`, `resource_link` or `text`.
    pub fn content_type(&self) -> &'static str {
        match self.kind {
            Kind::Image(_) => "image",
            Kind::Audio(_) => "audio",
            Kind::Text { .. } | Kind::Blob { .. } => "resource",
            Kind::Link { .. } => "resource_link",
            Kind::Plain(_) => "text",
        }
    }

    /// The MIME type, if stated.
    pub fn mime_type(&self) -> Option<&str> {
        self.mime_type.as_deref()
    }

    /// The resource's URI, for resources and links.
    pub fn uri(&self) -> Option<&str> {
        match &self.kind {
            Kind::Text { uri, .. } | Kind::Blob { uri, .. } | Kind::Link { uri, .. } => Some(uri),
            Kind::Image(_) | Kind::Audio(_) | Kind::Plain(_) => None,
        }
    }

    pub(crate) fn content_block(&self) -> ContentBlock {
        let base64 = |bytes: &[u8]| base64::engine::general_purpose::STANDARD.encode(bytes);
        let mime_type = self.mime_type.clone().unwrap_or_default();
        let mut block = match &self.kind {
            Kind::Image(bytes) => ContentBlock::image(base64(bytes), mime_type),
            Kind::Audio(bytes) => ContentBlock::audio(base64(bytes), mime_type),
            Kind::Text { uri, text } => ContentBlock::resource(
                ResourceContents::text(text.clone(), uri.clone()).with_mime_type(mime_type),
            ),
            Kind::Blob { uri, bytes } => ContentBlock::resource(
                ResourceContents::blob(base64(bytes), uri.clone()).with_mime_type(mime_type),
            ),
            Kind::Link { uri, name } => {
                let mut resource = rmcp::model::Resource::new(uri.clone(), name.clone());
                if let Some(mime_type) = &self.mime_type {
                    resource = resource.with_mime_type(mime_type.clone());
                }
                if let Some(title) = &self.title {
                    resource = resource.with_title(title.clone());
                }
                if let Some(description) = &self.description {
                    resource = resource.with_description(description.clone());
                }
                ContentBlock::resource_link(resource)
            }
            Kind::Plain(text) => ContentBlock::text(text.clone()),
        };
        if let Some(annotations) = &self.annotations {
            let slot = match &mut block {
                ContentBlock::Text(content) => &mut content.annotations,
                ContentBlock::Image(content) => &mut content.annotations,
                ContentBlock::Audio(content) => &mut content.annotations,
                ContentBlock::Resource(content) => &mut content.annotations,
                ContentBlock::ResourceLink(resource) => &mut resource.annotations,
                // a kind of block this version of rmcp adds later: none is made above
                _ => return block,
            };
            *slot = Some(annotations.clone());
        }
        block
    }

    /// The envelope's reference to this attachment, sent as `content[content_index]`.
    pub(crate) fn reference(&self, content_index: usize) -> Value {
        let mut reference = serde_json::Map::new();
        reference.insert("content_index".into(), content_index.into());
        reference.insert("type".into(), self.content_type().into());
        if let Some(mime_type) = &self.mime_type {
            reference.insert("mime_type".into(), mime_type.clone().into());
        }
        if let Some(uri) = self.uri() {
            reference.insert("uri".into(), uri.into());
        }
        if let Some(title) = &self.title {
            reference.insert("title".into(), title.clone().into());
        }
        Value::Object(reference)
    }
}

/// A tool's value with attachments, for any format: a `json` tool's data, a `text` tool's
/// text or a `hybrid` tool's narrated output, followed by [`Attachment`]s.
///
/// A `text` tool with nothing to say but its attachments returns an empty text,
/// `Rich::new(String::new())`: the result is then the attachments alone, with no empty text
/// block before them.
///
/// ```
/// use toolshape::{formats::Attachment, formats::Rich};
///
/// /// The waveform of a recording, and the recording.
/// #[toolshape::tool(format = "text")]
/// fn recording(id: String) -> Rich<String> {
///     let wav = b"RIFF\x24\0\0\0WAVEfmt ".to_vec();
///     Rich::new(format!("Recording {id}: 1 channel, 8 kHz."))
///         .with(Attachment::audio(wav, "audio/wav").titled(id))
/// }
/// # let _: [toolshape::tool::ToolDef<()>; 1] = toolshape::tools![recording];
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Rich<T> {
    /// The value, rendered as the tool's format renders it.
    pub value: T,
    attachments: Vec<Attachment>,
}

impl<T> Rich<T> {
    /// The value, without attachments yet.
    pub fn new(value: T) -> Self {
        Rich {
            value,
            attachments: Vec::new(),
        }
    }

    /// Attaches content after the value's text, in order.
    #[must_use]
    pub fn with(mut self, attachment: Attachment) -> Self {
        self.attachments.push(attachment);
        self
    }

    /// The attachments, in order.
    pub fn attachments(&self) -> &[Attachment] {
        &self.attachments
    }

    pub(crate) fn into_parts(self) -> (T, Vec<Attachment>) {
        (self.value, self.attachments)
    }
}

/// The `outputSchema` of the envelope's `attachments`.
pub(crate) fn reference_schema() -> Value {
    serde_json::json!({
        "type": "array",
        "items": {
            "type": "object",
            "properties": {
                "content_index": {"type": "integer", "minimum": 1},
                "type": {"enum": ["image", "audio", "resource", "resource_link", "text"]},
                "mime_type": {"type": "string"},
                "uri": {"type": "string"},
                "title": {"type": "string"}
            },
            "required": ["content_index", "type"]
        }
    })
}
