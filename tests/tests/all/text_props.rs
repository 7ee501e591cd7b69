//! Property tests of fence safety: arbitrary strings in every field of a record, rendered,
//! parsed as CommonMark by pulldown-cmark. Each record is exactly one code block, nothing
//! but the `Found N users:` line is outside the blocks, and every value appears in its
//! documented form (`docs/text-format.md`, "Escapes"), reimplemented here from the doc.

use proptest::prelude::*;
use pulldown_cmark::{CodeBlockKind, Event, Parser, Tag, TagEnd};
use toolshape::ToolText;
use toolshape::formats::text::render;

#[derive(Debug, Clone, ToolText)]
#[text(
    noun = "user",
    empty = "No users found matching your criteria.",
    layout = "blocks"
)]
struct User {
    #[text(label = "User ID")]
    id: u64,
    name: String,
    surname: String,
    email: String,
    phone: Option<String>,
    company: Option<String>,
    about: Option<String>,
    tags: Vec<String>,
}

/// The escape as `docs/text-format.md` documents it.
fn documented(value: &str) -> String {
    let mut out = String::new();
    for c in value.chars() {
        let invisible = matches!(
            c,
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
                | '\u{E0000}'..='\u{E007F}'
        );
        match c {
            '\t' => out.push(c),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() || invisible => out.push_str(&format!("\\u{{{:X}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// A flat user for `layout = "table"`.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "user", layout = "table")]
struct Row {
    #[text(label = "User ID")]
    id: u64,
    name: String,
    phone: Option<String>,
}

fn row() -> impl Strategy<Value = Row> {
    (any::<u64>(), hostile(), proptest::option::of(hostile())).prop_map(|(id, name, phone)| Row {
        id,
        name,
        phone,
    })
}

/// A cell: the documented escape, and `|` written `\|`.
fn cell(value: &str) -> String {
    documented(value).replace('|', "\\|")
}

/// The lines of a user's block, from the documented rules.
fn expected_lines(user: &User) -> String {
    let mut lines = format!("User ID: {}\n", user.id);
    for (label, value) in [
        ("Name", Some(&user.name)),
        ("Surname", Some(&user.surname)),
        ("Email", Some(&user.email)),
        ("Phone", user.phone.as_ref()),
        ("Company", user.company.as_ref()),
        ("About", user.about.as_ref()),
    ] {
        match value {
            Some(value) => lines.push_str(&format!("{label}: {}\n", documented(value))),
            None => lines.push_str(&format!("{label}: N/A\n")),
        }
    }
    if user.tags.is_empty() {
        lines.push_str("Tags: N/A\n");
    } else {
        // A list of scalars: one line, `,` inside a value written `\,`.
        let tags: Vec<String> = user
            .tags
            .iter()
            .map(|tag| documented(tag).replace(',', "\\,"))
            .collect();
        lines.push_str(&format!("Tags: {}\n", tags.join(", ")));
    }
    lines
}

/// Hostile strings: fences, controls, invisibles, markdown, and arbitrary Unicode.
fn hostile() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[`~\\\\\n\r\t\0\u{1b}\u{7f}\u{85}\u{200b}\u{202e}\u{2066}\u{2028}\u{feff}#>*_\\[\\]()|<!, a-z0-9-]{0,60}",
        "(`{1,12}|~{3,6}|\n|\r\n|\u{1b}\\[3[0-9]m|<script>|# |- |    ){0,12}",
        "[a-z `]{500,3000}",
    ]
}

fn user() -> impl Strategy<Value = User> {
    (
        any::<u64>(),
        hostile(),
        hostile(),
        hostile(),
        proptest::option::of(hostile()),
        proptest::option::of(hostile()),
        proptest::option::of(hostile()),
        proptest::collection::vec(hostile(), 0..3),
    )
        .prop_map(
            |(id, name, surname, email, phone, company, about, tags)| User {
                id,
                name,
                surname,
                email,
                phone,
                company,
                about,
                tags,
            },
        )
}

/// The code blocks of `text` and everything outside them, as pulldown-cmark sees it.
fn parse(text: &str) -> (Vec<String>, Vec<String>) {
    let mut blocks = Vec::new();
    let mut outside = Vec::new();
    let mut current: Option<String> = None;
    for event in Parser::new(text) {
        match event {
            Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(info))) => {
                assert!(current.is_none(), "nested code block");
                assert!(info.is_empty(), "info string {info:?}");
                current = Some(String::new());
            }
            Event::End(TagEnd::CodeBlock) => blocks.push(current.take().expect("open block")),
            Event::Text(t) if current.is_some() => current.as_mut().unwrap().push_str(&t),
            other => {
                assert!(
                    current.is_none(),
                    "unexpected event inside a block: {other:?}"
                );
                outside.push(format!("{other:?}"));
            }
        }
    }
    assert!(current.is_none(), "unclosed block");
    (blocks, outside)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn one_record_is_one_block(user in user()) {
        let text = render(&user);
        let (blocks, outside) = parse(&text);
        prop_assert_eq!(outside, Vec::<String>::new(), "{}", text);
        prop_assert_eq!(blocks.len(), 1);
        prop_assert_eq!(&blocks[0], &expected_lines(&user));
    }

    #[test]
    fn lists_are_one_block_per_record(users in proptest::collection::vec(user(), 0..5)) {
        let text = render(&users);
        let (blocks, outside) = parse(&text);
        if users.is_empty() {
            prop_assert_eq!(text, "No users found matching your criteria.");
            return Ok(());
        }
        let noun = if users.len() == 1 { "user" } else { "users" };
        let found = format!("Found {} {noun}:", users.len());
        prop_assert_eq!(
            outside,
            vec![
                "Start(Paragraph)".to_owned(),
                format!("Text(Borrowed({found:?}))"),
                "End(Paragraph)".to_owned(),
            ],
            "{}", text
        );
        prop_assert_eq!(blocks.len(), users.len());
        for (block, user) in blocks.iter().zip(&users) {
            prop_assert_eq!(block, &expected_lines(user));
        }
    }

    #[test]
    fn tables_are_one_block_with_one_row_per_record(rows in proptest::collection::vec(row(), 1..5)) {
        let text = render(&rows);
        let (blocks, outside) = parse(&text);
        prop_assert_eq!(outside.len(), 3, "{}", text);
        prop_assert_eq!(blocks.len(), 1);
        let mut expected = String::from("| User ID | Name | Phone |\n|---|---|---|\n");
        for row in &rows {
            let phone = row.phone.as_deref().map_or("N/A".to_owned(), cell);
            expected.push_str(&format!("| {} | {} | {phone} |\n", row.id, cell(&row.name)));
        }
        prop_assert_eq!(&blocks[0], &expected);
    }
}
