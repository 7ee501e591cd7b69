//! toolshape's stdio transport: newline-delimited JSON-RPC over any reader and writer, with
//! the answers rmcp's own line transport leaves out (see [`protocol`](super::protocol)).

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::model::ServerJsonRpcMessage;
use rmcp::transport::Transport;
use tokio::io::{AsyncBufRead, AsyncBufReadExt as _, AsyncWrite, AsyncWriteExt as _};
use tokio::sync::Mutex;

use super::Limits;
use crate::handler::protocol::{self, Incoming, Rejection};

/// A line-delimited JSON-RPC transport over a reader and a writer (stdin and stdout, or a
/// pipe in tests) that answers every line: a message for rmcp is handed to it, anything else
/// gets its JSON-RPC error on the spot. Lines are bounded by
/// [`Limits::max_message_bytes`]; a longer line is skipped, without being buffered, and
/// answered with `-32600`.
pub struct LineTransport<R, W> {
    reader: R,
    writer: Arc<Mutex<W>>,
    /// The line read so far (kept here so that a cancelled `receive` loses nothing).
    line: Vec<u8>,
    /// The current line is over the limit: skip to its end.
    skipping: bool,
    max: usize,
}

impl<R, W> LineTransport<R, W>
where
    R: AsyncBufRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    /// A transport reading lines from `reader` and writing lines to `writer`.
    pub fn new(reader: R, writer: W, limits: &Limits) -> Self {
        LineTransport {
            reader,
            writer: Arc::new(Mutex::new(writer)),
            line: Vec::new(),
            skipping: false,
            max: limits.max_message_bytes,
        }
    }

    /// The next complete line (without its `\n`), `Err` for one over the limit, `None` at
    /// the end of input.
    async fn next_line(&mut self) -> Option<Result<Vec<u8>, Rejection>> {
        loop {
            let available = match self.reader.fill_buf().await {
                Ok(available) => available,
                Err(error) => {
                    tracing::error!(%error, "reading the client's messages failed");
                    return None;
                }
            };
            if available.is_empty() {
                // End of input: a last line without `\n` still counts.
                if self.line.is_empty() || self.skipping {
                    return None;
                }
                return Some(Ok(std::mem::take(&mut self.line)));
            }
            let (chunk, found) = match available.iter().position(|&b| b == b'\n') {
                Some(end) => (&available[..end], Some(end + 1)),
                None => (available, None),
            };
            if !self.skipping {
                if self.line.len() + chunk.len() > self.max {
                    self.skipping = true;
                    self.line = Vec::new();
                } else {
                    self.line.extend_from_slice(chunk);
                }
            }
            let consumed = found.unwrap_or(available.len());
            self.reader.consume(consumed);
            if found.is_some() {
                if std::mem::take(&mut self.skipping) {
                    return Some(Err(Rejection::too_long(self.max)));
                }
                let mut line = std::mem::take(&mut self.line);
                if line.last() == Some(&b'\r') {
                    line.pop();
                }
                if line.iter().all(u8::is_ascii_whitespace) {
                    continue; // blank lines are not messages
                }
                return Some(Ok(line));
            }
        }
    }

    /// Writes one line, in the background: the answer to a line rmcp never sees.
    fn reply(&self, rejection: &Rejection) {
        tracing::debug!(code = rejection.code, message = %rejection.message, "answered by the transport");
        let writer = self.writer.clone();
        let mut bytes = rejection.to_json();
        bytes.push(b'\n');
        tokio::spawn(async move {
            if let Err(error) = write_line(&writer, &bytes).await {
                tracing::error!(%error, "writing an error response failed");
            }
        });
    }
}

async fn write_line<W: AsyncWrite + Unpin>(writer: &Mutex<W>, bytes: &[u8]) -> std::io::Result<()> {
    let mut writer = writer.lock().await;
    writer.write_all(bytes).await?;
    writer.flush().await
}

impl<R, W> Transport<RoleServer> for LineTransport<R, W>
where
    R: AsyncBufRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = std::io::Error;

    fn name() -> Cow<'static, str> {
        "toolshape-lines".into()
    }

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let writer = self.writer.clone();
        let bytes = serde_json::to_vec(&item).map(|mut bytes| {
            bytes.push(b'\n');
            bytes
        });
        async move { write_line(&writer, &bytes?).await }
    }

    async fn receive(&mut self) -> Option<rmcp::model::ClientJsonRpcMessage> {
        loop {
            match self.next_line().await? {
                Ok(line) => match protocol::classify(&line) {
                    Incoming::Message(message) => return Some(*message),
                    Incoming::Reply(rejection) => self.reply(&rejection),
                },
                Err(rejection) => self.reply(&rejection),
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.writer.lock().await.flush().await
    }
}
