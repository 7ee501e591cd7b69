//! The text form's four reference examples, reproduced byte for byte from a `User` type with attributes,
//! and the text form's other shapes (nested records, lists, formats, fences).

use toolshape::ToolText;
use toolshape::formats::text::render;

/// The ADR's user.
/// The convention's user, in its layout: one block per record in a list too.
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
    #[text(currency)]
    salary: f64,
    about: Option<String>,
    #[text(skip)]
    #[allow(dead_code)]
    password_hash: String,
}

/// The fourth reference example: a confirmation.
#[derive(ToolText)]
#[text(confirm = "User successfully deleted")]
struct Deleted;

fn alice() -> User {
    User {
        id: 42,
        name: "Alice".into(),
        surname: "Johnson".into(),
        email: "alice@example.com".into(),
        phone: Some("+1234567890".into()),
        company: Some("Google".into()),
        salary: 120_000.0,
        about: Some("Software engineer with 10 years experience".into()),
        password_hash: "not shown".into(),
    }
}

fn user(id: u64, name: &str, surname: &str, email: &str) -> User {
    User {
        id,
        name: name.into(),
        surname: surname.into(),
        email: email.into(),
        phone: None,
        company: Some("Acme".into()),
        salary: 95_500.5,
        about: None,
        password_hash: String::new(),
    }
}

/// The first reference example's text, as the original Python server returned it.
const EXAMPLE_1: &str = "```
User ID: 42
Name: Alice
Surname: Johnson
Email: alice@example.com
Phone: +1234567890
Company: Google
Salary: $120,000.00
About: Software engineer with 10 years experience
```";

/// The second reference example, where `...` stands for the fields it elides.
const EXAMPLE_2: &str = "Found 2 users:

```
User ID: 15
Name: John
Surname: Doe
Email: john.doe@example.com
...
```

```
User ID: 28
Name: Johnny
Surname: Smith
Email: johnny@example.com
...
```
";

#[test]
fn example_1_single_user() {
    assert_eq!(render(&alice()), EXAMPLE_1);
}

/// The ADR's "..." replaces the lines after `Email`: collapse ours the same way and compare
/// byte for byte, then check the elided lines themselves.
#[test]
fn example_2_multiple_users() {
    let users = vec![
        user(15, "John", "Doe", "john.doe@example.com"),
        user(28, "Johnny", "Smith", "johnny@example.com"),
    ];
    let text = render(&users);
    let mut collapsed = String::new();
    let mut eliding = false;
    for line in text.split_inclusive('\n') {
        if line.starts_with("```") {
            if eliding {
                collapsed.push_str("...\n");
            }
            eliding = false;
        } else if eliding {
            continue;
        }
        collapsed.push_str(line);
        if line.starts_with("Email: ") {
            eliding = true;
        }
    }
    assert_eq!(collapsed, EXAMPLE_2);
    let elided = "Phone: N/A\nCompany: Acme\nSalary: $95,500.50\nAbout: N/A\n```";
    assert_eq!(text.matches(elided).count(), 2, "{text}");
}

#[test]
fn example_3_empty_result() {
    assert_eq!(
        render(&Vec::<User>::new()),
        "No users found matching your criteria."
    );
}

#[test]
fn example_4_confirmation() {
    assert_eq!(render(&Deleted), "User successfully deleted");
}

#[test]
fn missing_phone_is_na_and_one_user_is_singular() {
    let mut bob = alice();
    bob.phone = None;
    let text = render(&vec![bob]);
    assert!(text.starts_with("Found 1 user:\n\n```\n"), "{text}");
    assert!(text.contains("\nPhone: N/A\n"), "{text}");
    assert!(!text.contains("not shown"), "skipped fields stay hidden");
}

#[derive(ToolText)]
#[text(missing = "omit")]
struct Contact {
    email: String,
    phone: Option<String>,
    tags: Vec<String>,
}

#[derive(ToolText)]
struct Address {
    street: String,
    city: String,
}

#[derive(Debug, ToolText, Clone, Copy)]
enum Mode {
    Off,
    GrowShrink,
}

#[derive(ToolText)]
#[text(layout = "blocks")]
struct Order {
    order_id: u32,
    #[text(currency = "€")]
    total: f64,
}

#[derive(ToolText)]
#[text(noun = "volume")]
struct Volume {
    uuid: String,
    #[text(bytes)]
    size: u64,
    #[text(bytes = "decimal")]
    used: u64,
    #[text(percent)]
    fill_ratio: f64,
    #[text(thousands)]
    files: u64,
    #[text(timestamp)]
    created_at: i64,
    #[text(timestamp = "%Y-%m-%d")]
    checked_on: i64,
    mode: Mode,
    modes: Vec<Mode>,
    avatar_url: Option<String>,
    address: Address,
    orders: Vec<Order>,
    backup: Option<Address>,
}

#[test]
fn omit_policy_drops_missing_lines() {
    let text = render(&Contact {
        email: "a@b.c".into(),
        phone: None,
        tags: vec![],
    });
    assert_eq!(text, "```\nEmail: a@b.c\n```");
}

/// Lists of scalars, on their label's line.
#[derive(ToolText)]
struct Listing {
    tags: Vec<String>,
    #[text(currency = "$")]
    prices: Vec<f64>,
    aliases: Vec<Option<String>>,
    ports: Vec<u16>,
}

#[test]
fn a_list_of_scalars_is_one_line_with_commas_inside_values_escaped() {
    let text = render(&Listing {
        tags: vec!["team:db".into(), "Smith, John".into()],
        prices: vec![1234.5, 5.0],
        aliases: vec![Some("x".into()), None],
        ports: vec![],
    });
    let expected = "```
Tags: team:db, Smith\\, John
Prices: $1\\,234.50, $5.00
Aliases: x, N/A
Ports: N/A
```";
    assert_eq!(text, expected);
}

#[test]
fn formats_nesting_and_lists() {
    let volume = Volume {
        uuid: "b6f2".into(),
        size: 107_374_182_400,
        used: 1_600_000_000,
        fill_ratio: 0.125,
        files: 1_234_567,
        created_at: 1_700_000_000,
        checked_on: 1_700_000_000,
        mode: Mode::GrowShrink,
        modes: vec![Mode::Off, Mode::GrowShrink],
        avatar_url: None,
        address: Address {
            street: "1 Main St".into(),
            city: "Springfield".into(),
        },
        orders: vec![
            Order {
                order_id: 1,
                total: 1234.5,
            },
            Order {
                order_id: 2,
                total: 5.0,
            },
        ],
        backup: None,
    };
    let expected = "```
UUID: b6f2
Size: 100 GiB
Used: 1.6 GB
Fill ratio: 12.5%
Files: 1,234,567
Created at: 2023-11-14T22:13:20Z
Checked on: 2023-11-14
Mode: Grow shrink
Modes: Off, Grow shrink
Avatar URL: N/A
Address:
 Street: 1 Main St
 City: Springfield
Orders:
 - Order ID: 1
   Total: €1,234.50
 - Order ID: 2
   Total: €5.00
Backup: N/A
```";
    assert_eq!(render(&volume), expected);
}

#[derive(ToolText)]
#[text(tag = "Kind")]
enum Event {
    Login { user_id: u64 },
    Logout,
}

#[test]
fn data_enums_are_records_with_a_tag_line() {
    assert_eq!(
        render(&Event::Login { user_id: 7 }),
        "```\nKind: Login\nUser ID: 7\n```"
    );
    assert_eq!(render(&Event::Logout), "```\nKind: Logout\n```");
}

#[test]
fn fences_outgrow_backticks_and_controls_are_escaped() {
    let mut evil = alice();
    evil.name = "a ```` b".into();
    evil.about = Some("line\n```\n# Heading\r\u{1b}[31mred\u{202e}".into());
    let text = render(&evil);
    assert!(
        text.starts_with("`````\nUser ID: 42\nName: a ```` b\n"),
        "{text}"
    );
    assert!(text.ends_with("\n`````"), "{text}");
    assert!(
        text.contains("About: line\\n```\\n# Heading\\r\\u{1B}[31mred\\u{202E}\n"),
        "{text}"
    );
}

/// The reference user, laid out as a table for lists.
#[derive(Debug, Clone, ToolText)]
#[text(
    noun = "user",
    layout = "table",
    empty = "No users found matching your criteria."
)]
struct UserRow {
    #[text(label = "User ID")]
    id: u64,
    name: String,
    surname: String,
    email: String,
    phone: Option<String>,
    company: Option<String>,
    #[text(currency)]
    salary: f64,
    about: Option<String>,
    mode: Mode,
}

impl From<User> for UserRow {
    fn from(u: User) -> Self {
        UserRow {
            id: u.id,
            name: u.name,
            surname: u.surname,
            email: u.email,
            phone: u.phone,
            company: u.company,
            salary: u.salary,
            about: u.about,
            mode: Mode::Off,
        }
    }
}

#[test]
fn table_layout_for_lists_of_flat_records() {
    let mut john: UserRow = user(15, "John", "Doe", "john.doe@example.com").into();
    john.about = Some("pipes | and ``` fences".into());
    let rows = vec![john, alice().into()];
    assert_eq!(
        render(&rows),
        "Found 2 users:

````
| User ID | Name | Surname | Email | Phone | Company | Salary | About | Mode |
|---|---|---|---|---|---|---|---|---|
| 15 | John | Doe | john.doe@example.com | N/A | Acme | $95,500.50 | pipes \\| and ``` fences | Off |
| 42 | Alice | Johnson | alice@example.com | +1234567890 | Google | $120,000.00 | Software engineer with 10 years experience | Off |
````
"
    );
    // The fence outgrew the value's ``` (CommonMark's rule); one record alone is still a
    // block of lines.
    assert!(render(&rows[1]).starts_with("```\nUser ID: 42\n"));
    assert_eq!(
        render(&Vec::<UserRow>::new()),
        "No users found matching your criteria."
    );
}

/// The reference user in the default layout of a list: compact.
#[derive(Debug, Clone, ToolText)]
#[text(noun = "user", empty = "No users found matching your criteria.")]
struct UserLine {
    id: u64,
    name: String,
    surname: String,
    email: String,
    phone: Option<String>,
    company: Option<String>,
    salary: f64,
    about: Option<String>,
}

impl From<User> for UserLine {
    fn from(u: User) -> Self {
        UserLine {
            id: u.id,
            name: u.name,
            surname: u.surname,
            email: u.email,
            phone: u.phone,
            company: u.company,
            salary: u.salary,
            about: u.about,
        }
    }
}

/// Tokens (o200k_base, GPT-4o's encoding) of a list of the reference users in the three
/// layouts: the measurement behind the default (`docs/text-format.md`, "Layouts").
#[test]
fn token_counts_of_the_three_layouts() {
    let bpe = tiktoken_rs::o200k_base_singleton();
    let users: Vec<User> = (0..20)
        .map(|i| {
            let mut u = alice();
            u.id = 100 + i;
            u.name = format!("Name{i}");
            if i % 3 == 0 {
                u.phone = None;
            }
            u
        })
        .collect();
    let rows: Vec<UserRow> = users.iter().cloned().map(Into::into).collect();
    let lines: Vec<UserLine> = users.iter().cloned().map(Into::into).collect();
    let blocks = bpe.encode_ordinary(&render(&users)).len();
    let table = bpe.encode_ordinary(&render(&rows)).len();
    let compact = bpe.encode_ordinary(&render(&lines)).len();
    let one = bpe.encode_ordinary(&render(&users[..1])).len();
    println!(
        "o200k_base tokens, 20 users: blocks {blocks}, table {table}, compact {compact}; 1 user: {one}"
    );
    assert!(table < blocks, "the table costs less than blocks");
    assert!(
        compact < table,
        "the compact layout costs less than the table"
    );
}

/// Generated code names nothing bare: this module shadows the prelude and the crate name.
mod hygiene {
    #![allow(dead_code, non_camel_case_types)]
    struct Result;
    struct Option;
    struct Some;
    struct None;
    struct Ok;
    struct Err;
    struct String;
    struct Vec;
    struct Box;
    mod toolshape {}

    #[derive(::toolshape::ToolText)]
    #[text(layout = "table")]
    pub struct Shadowed {
        a: u8,
        b: std::option::Option<u8>,
    }

    #[derive(::toolshape::ToolText)]
    pub enum Kind {
        A,
        B { x: u8 },
    }

    /// Confirms.
    #[::toolshape::tool(format = "text", confirm = "Done")]
    pub fn confirms() {}

    #[test]
    fn shadowed_names_do_not_matter() {
        let text = ::toolshape::formats::text::render(&Shadowed {
            a: 1,
            b: std::option::Option::None,
        });
        assert_eq!(text, "```\nA: 1\nB: N/A\n```");
        let _ = ::toolshape::ToolSet::<()>::new(::toolshape::tools![confirms]);
    }
}
