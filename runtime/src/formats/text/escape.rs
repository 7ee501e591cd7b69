//! The escape for values inside a code block, and the fence that encloses them.
//!
//! A value is written on the line of its label, so it can never begin a line and close the
//! block. The escape makes sure of it and of more: every character that would break the line
//! or hide what the line says becomes a visible escape.
//!
//! | character                                              | written as         |
//! |--------------------------------------------------------|--------------------|
//! | line feed, carriage return                              | `\n`, `\r`         |
//! | other C0 controls (NUL, ESC, …), DEL, C1 controls       | `\u{1B}` (hex)     |
//! | zero-width, bidirectional and invisible format chars    | `\u{200B}` (hex)   |
//! | line and paragraph separators (U+2028, U+2029)          | `\u{2028}` (hex)   |
//!
//! Tabs, backticks, tildes and every other character are written unaltered; backslashes too,
//! so `\n` in a value is ambiguous with an escaped line feed (a choice for readability of
//! paths and regular expressions, documented in `docs/text-format.md`).
//!
//! The fence is CommonMark's: a run of backticks longer than the longest run of backticks
//! inside the block, and at least three.

use std::fmt;

/// Whether `c` is written as an escape inside a code block.
pub fn needs_escape(c: char) -> bool {
    match c {
        '\t' => false,
        c if c.is_control() => true,
        '\u{00AD}'
        | '\u{061C}'
        | '\u{115F}'
        | '\u{1160}'
        | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{2028}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}'
        | '\u{3164}'
        | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}'
        | '\u{FFA0}'
        | '\u{FFF9}'..='\u{FFFB}'
        | '\u{E0000}'..='\u{E007F}' => true,
        _ => false,
    }
}

/// Writes the escape of one character that [`needs_escape`].
fn push_escape(out: &mut String, c: char) {
    match c {
        '\n' => out.push_str("\\n"),
        '\r' => out.push_str("\\r"),
        c => {
            use fmt::Write as _;
            // Writing into a String cannot fail.
            let _ = write!(out, "\\u{{{:X}}}", u32::from(c));
        }
    }
}

/// `value` as it appears inside a code block: the documented escaped form.
///
/// ```
/// assert_eq!(toolshape::formats::text::escape("a\nb\u{200B}c`"), "a\\nb\\u{200B}c`");
/// ```
pub fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    let mut longest = 0;
    let mut escaped = Escaped::new(&mut out, &mut longest);
    escaped.push(value);
    out
}

/// A writer that escapes what it is given into the block being written, and tracks the
/// longest run of backticks for the fence.
pub struct Escaped<'w> {
    out: &'w mut String,
    run: usize,
    longest: &'w mut usize,
    /// The character that separates values on this line, written with a backslash before
    /// it inside a value: `|` in a table cell, `,` in an inline list.
    separator: Option<u8>,
}

impl<'w> Escaped<'w> {
    pub(crate) fn new(out: &'w mut String, longest: &'w mut usize) -> Self {
        Escaped {
            out,
            run: 0,
            longest,
            separator: None,
        }
    }

    /// A table cell: `|` is written `\|`.
    pub(crate) fn cell(out: &'w mut String, longest: &'w mut usize) -> Self {
        Escaped {
            separator: Some(b'|'),
            ..Escaped::new(out, longest)
        }
    }

    /// An item of an inline list: `,` is written `\,`.
    pub(crate) fn list_item(out: &'w mut String, longest: &'w mut usize) -> Self {
        Escaped {
            separator: Some(b','),
            ..Escaped::new(out, longest)
        }
    }

    /// Appends `s`, escaped.
    pub fn push(&mut self, s: &str) {
        // Fast path: printable ASCII without backticks is written as it is.
        if s.bytes()
            .all(|b| (0x20..0x7f).contains(&b) && b != b'`' && Some(b) != self.separator)
        {
            if !s.is_empty() {
                self.run = 0;
            }
            self.out.push_str(s);
            return;
        }
        for c in s.chars() {
            if c == '`' {
                self.run += 1;
                *self.longest = (*self.longest).max(self.run);
                self.out.push(c);
                continue;
            }
            self.run = 0;
            if c.is_ascii() && Some(c as u8) == self.separator {
                self.out.push('\\');
                self.out.push(c);
            } else if needs_escape(c) {
                push_escape(self.out, c);
            } else {
                self.out.push(c);
            }
        }
    }
}

impl fmt::Write for Escaped<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.push(s);
        Ok(())
    }
}

/// Writes a fenced code block whose content `body` writes, with a fence longer than any
/// backtick run `body` reports through its `&mut usize`. Not generic (`body` is called
/// through `dyn`): compiled once, not once per record type.
pub(crate) fn fenced(out: &mut String, body: &mut dyn FnMut(&mut String, &mut usize)) {
    let start = out.len();
    out.push_str("```\n");
    let mut longest = 0;
    body(out, &mut longest);
    let fence = longest.max(2) + 1;
    if fence > 3 {
        out.insert_str(start, &"`".repeat(fence - 3));
    }
    for _ in 0..fence {
        out.push('`');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_controls_and_invisibles() {
        assert_eq!(escape("a\r\nb"), "a\\r\\nb");
        assert_eq!(escape("\0\u{1b}[31m"), "\\u{0}\\u{1B}[31m");
        assert_eq!(escape("x\u{202E}y\u{FEFF}"), "x\\u{202E}y\\u{FEFF}");
        assert_eq!(escape("tab\there ~~~ ```"), "tab\there ~~~ ```");
        assert_eq!(escape("naïve “q” 😀"), "naïve “q” 😀");
    }

    #[test]
    fn fence_outgrows_backtick_runs() {
        let mut out = String::from("x");
        fenced(&mut out, &mut |out, longest| {
            {
                let mut e = Escaped::new(out, longest);
                e.push("a ``");
                e.push("``` b");
            }
            out.push('\n');
        });
        assert_eq!(out, "x``````\na ````` b\n``````");
    }
}
