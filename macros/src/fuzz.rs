//! A fuzz test of the expansions: generated combinations of `#[tool]`, `#[arg]` and `#[text]`
//! keys and values (valid ones, invalid ones, names MCP allows that are not Rust
//! identifiers, unusual types and signatures) run through `item::tool` and
//! `text::expand::derive` on `proc_macro2` tokens. Whatever a user writes, the macro answers
//! with code or with errors, never with a panic (a panic is rustc's "custom attribute
//! panicked", at `#[tool]`, with no hint of the fix).

use proc_macro2::TokenStream;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::sync::atomic::{AtomicU32, Ordering};

/// Values of every shape a key may be given: a string (plain, empty, with dots, spaces,
/// non-ASCII, quotes, very long), numbers, booleans, a bare word, a path, a list, nothing.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("\"json\"".to_owned()),
        Just("\"text\"".to_owned()),
        Just("\"hybrid\"".to_owned()),
        Just("\"read\"".to_owned()),
        Just("\"state\"".to_owned()),
        Just("\"camelCase\"".to_owned()),
        Just("\"ignore\"".to_owned()),
        Just("\"optional\"".to_owned()),
        Just("\"page.size\"".to_owned()),
        Just("\"page-size\"".to_owned()),
        Just("\"\"".to_owned()),
        Just("\"a b\"".to_owned()),
        Just("\"日本\"".to_owned()),
        Just("\"r#type\"".to_owned()),
        Just("\"^[a-z]+$\"".to_owned()),
        Just("\"[\"".to_owned()),
        Just("\"\\\"\\n\"".to_owned()),
        Just(format!("\"{}\"", "x".repeat(200))),
        Just("1".to_owned()),
        Just("-1".to_owned()),
        Just("0.5".to_owned()),
        Just("1e400".to_owned()),
        Just("18446744073709551616".to_owned()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        Just("json".to_owned()),
        Just("NAME".to_owned()),
        Just("crate::names::GET".to_owned()),
        Just("concat!(\"a\", \"b\")".to_owned()),
        Just("Some(3)".to_owned()),
        Just("[1, 2]".to_owned()),
        "[a-z.\\- ]{0,12}".prop_map(|s| format!("{s:?}")),
        (-1000i64..1000).prop_map(|n| n.to_string()),
    ]
}

/// One key of `#[tool(...)]`, with a value, as a list, or alone.
fn tool_key() -> impl Strategy<Value = String> {
    let keys = prop::sample::select(vec![
        "format",
        "name",
        "title",
        "description",
        "version",
        "kind",
        "read_only",
        "destructive",
        "idempotent",
        "open_world",
        "model_id",
        "confirm",
        "rename_all",
        "unknown_arguments",
        "envelope",
        "task",
        "extend_schema",
        "detail",
        "data",
        "crate",
        "icon",
        "titel",
    ]);
    (keys, value(), 0..4u8).prop_map(|(key, value, form)| match form {
        0 => key.to_owned(),
        1 => format!("{key}({value})"),
        2 if key == "icon" => format!("icon(src = {value}, sizes = {value}, theme = {value})"),
        _ => format!("{key} = {value}"),
    })
}

/// One key of `#[arg(...)]`.
fn arg_key() -> impl Strategy<Value = String> {
    let keys = prop::sample::select(vec![
        "rename",
        "default",
        "range",
        "length",
        "pattern",
        "one_of",
        "header",
        "description",
        "renmae",
    ]);
    (keys, value(), value(), name(), 0..4u8).prop_map(|(key, a, b, name, form)| match form {
        0 => key.to_owned(),
        1 if key == "one_of" => format!("one_of({a}, {b})"),
        1 => format!("{key}(min = {a}, max = {b})"),
        _ if key == "rename" => format!("rename = {name}"),
        _ => format!("{key} = {a}"),
    })
}

/// A parameter's name on the wire: names MCP allows that are not Rust identifiers, mostly.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "page.size",
            "page-size",
            "a b",
            "日本",
            "r#type",
            "type",
            "1st",
            "x",
            "",
        ])
        .prop_map(|name| format!("{name:?}")),
        "[a-zA-Z0-9.\\-_ ]{1,10}".prop_map(|name| format!("{name:?}")),
    ]
}

/// The type of a parameter: scalars, strings, borrowed forms, containers, a user's type,
/// and types no parameter can have.
fn param_type() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "u32",
        "u8",
        "i64",
        "f64",
        "bool",
        "String",
        "&str",
        "&'a str",
        "&[u32]",
        "&[&str]",
        "&mut String",
        "Option<&str>",
        "Option<Option<&str>>",
        "Vec<&str>",
        "Option<Vec<&[u8]>>",
        "std::borrow::Cow<str>",
        "Cow<'_, str>",
        "Option<Cow<'static, str>>",
        "std::collections::HashMap<&str, u32>",
        "(u32, &str)",
        "Vec<String>",
        "Filter",
        "Context",
        "impl Fn()",
        "[u8; 4]",
        "Box<dyn std::error::Error>",
    ])
}

/// A parameter: a name (a raw identifier too), a type, perhaps `#[state]`, `#[context]`,
/// `#[arg(...)]` (possibly twice), a doc comment, `#[serde]`, `#[cfg]`.
fn param() -> impl Strategy<Value = String> {
    let name = prop::sample::select(vec![
        "id",
        "page_size",
        "pageSize",
        "r#type",
        "r#match",
        "_x",
    ]);
    let marker = prop::sample::select(vec![
        "",
        "",
        "",
        "/// Doc. ",
        "#[state] ",
        "#[context] ",
        "#[state] #[context] ",
        "/// Doc. ",
        "#[serde(rename = \"x\")] ",
        "#[cfg(test)] ",
    ]);
    (
        name,
        param_type(),
        marker,
        prop::collection::vec(arg_key(), 0..4),
        any::<bool>(),
    )
        .prop_map(|(name, ty, marker, keys, twice)| {
            let arg = if keys.is_empty() {
                String::new()
            } else if twice {
                let (first, second) = keys.split_at(keys.len() / 2);
                format!(
                    "#[arg({})] #[arg({})] ",
                    first.join(", "),
                    second.join(", ")
                )
            } else {
                format!("#[arg({})] ", keys.join(", "))
            };
            format!("{marker}{arg}{name}: {ty}")
        })
}

/// A function carrying the attribute: free or a method, sync or async, with a return type
/// the formats accept or refuse, and the signatures a tool cannot have.
fn function() -> impl Strategy<Value = String> {
    let head = prop::sample::select(vec![
        "fn",
        "fn",
        "async fn",
        "pub fn",
        "unsafe fn",
        "extern \"C\" fn",
    ]);
    let receiver = prop::sample::select(vec!["", "", "", "&self, ", "&mut self, ", "self, "]);
    let generics = prop::sample::select(vec!["", "", "", "<'a>", "<T>", "<const N: usize>"]);
    let output = prop::sample::select(vec![
        "",
        "-> u32",
        "-> Result<u32, String>",
        "-> Result<(), ()>",
        "-> impl Future<Output = u32>",
        "-> Result<u32, Box<dyn std::error::Error>>",
        "-> Vec<String>",
    ]);
    let name = prop::sample::select(vec!["get", "r#type", "get_user", "x"]);
    let body = prop::sample::select(vec!["{ todo!() }", ";"]);
    (
        head,
        name,
        generics,
        receiver,
        prop::collection::vec(param(), 0..5),
        output,
        body,
        any::<bool>(),
    )
        .prop_map(
            |(head, name, generics, receiver, params, output, body, doc)| {
                let doc = if doc {
                    "/// Does it.\n"
                } else {
                    "#[doc = \"Does it.\"]\n"
                };
                format!(
                    "{doc}{head} {name}{generics}({receiver}{}) {output} {body}",
                    params.join(", ")
                )
            },
        )
}

/// A declaration that should expand to code: valid keys and signatures, with names MCP
/// allows that are not Rust identifiers, defaults and every borrowed form.
fn valid_declaration() -> impl Strategy<Value = (String, String)> {
    let ty = prop::sample::select(vec![
        "u32",
        "String",
        "&str",
        "Option<&str>",
        "Vec<&str>",
        "Option<&[u32]>",
        "std::borrow::Cow<str>",
        "bool",
        "Vec<String>",
        "f64",
    ]);
    let key = prop_oneof![
        name().prop_map(|name| format!("rename = {name}")),
        Just("default".to_owned()),
        Just("description = \"The value.\"".to_owned()),
        Just("header = \"Region\"".to_owned()),
    ];
    let param = (ty, prop::collection::vec(key, 0..3));
    let format = prop::sample::select(vec![
        "format = \"json\"",
        "format = \"json\", rename_all = \"camelCase\"",
        "format = \"hybrid\"",
        "format = \"json\", envelope = false, name = \"a.b-c\"",
        "format = \"text\", confirm = \"Done\"",
    ]);
    let receiver = prop::sample::select(vec!["", "&self, "]);
    (format, receiver, prop::collection::vec(param, 0..5)).prop_map(|(format, receiver, params)| {
        let params: Vec<String> = params
            .iter()
            .enumerate()
            .map(|(i, (ty, keys))| {
                let arg = if keys.is_empty() {
                    String::new()
                } else {
                    format!("#[arg({})] ", keys.join(", "))
                };
                format!("{arg}p{i}: {ty}")
            })
            .collect();
        (
            format.to_owned(),
            format!(
                "/// Does it.\nasync fn get({receiver}{}) -> u32 {{ 0 }}",
                params.join(", ")
            ),
        )
    })
}

/// One `#[text(...)]` key of a type or a field.
fn text_key() -> impl Strategy<Value = String> {
    let keys = prop::sample::select(vec![
        "noun",
        "plural",
        "empty",
        "missing",
        "confirm",
        "layout",
        "tag",
        "crate",
        "label",
        "skip",
        "detailed",
        "currency",
        "bytes",
        "percent",
        "thousands",
        "timestamp",
        "nuon",
    ]);
    (keys, value(), any::<bool>()).prop_map(|(key, value, bare)| {
        if bare {
            key.to_owned()
        } else {
            format!("{key} = {value}")
        }
    })
}

/// A type deriving `ToolText`: a struct of named fields, a tuple struct or an enum, with
/// `#[text(...)]` keys on it and its fields.
fn text_item() -> impl Strategy<Value = String> {
    let field_ty =
        prop::sample::select(vec!["u64", "String", "Option<f64>", "Vec<String>", "bool"]);
    let field = (
        prop::collection::vec(text_key(), 0..3),
        field_ty,
        "[a-z]{1,6}",
    )
        .prop_map(|(keys, ty, name)| {
            let attr = if keys.is_empty() {
                String::new()
            } else {
                format!("#[text({})] ", keys.join(", "))
            };
            format!("{attr}r#{name}: {ty}")
        });
    let shape = prop::sample::select(vec!["struct", "tuple", "enum", "unit"]);
    (
        prop::collection::vec(text_key(), 0..4),
        prop::collection::vec(field, 0..4),
        shape,
    )
        .prop_map(|(keys, fields, shape)| {
            let attr = if keys.is_empty() {
                String::new()
            } else {
                format!("#[text({})]\n", keys.join(", "))
            };
            match shape {
                "struct" => format!("{attr}struct Record {{ {} }}", fields.join(", ")),
                "tuple" => format!("{attr}struct Record(u32, String);"),
                "enum" => format!(
                    "{attr}enum Record {{ A {{ {} }}, B(u32), C }}",
                    fields.join(", ")
                ),
                _ => format!("{attr}struct Record;"),
            }
        })
}

/// Parses `source` as tokens; sources that are not even tokens (an unbalanced quote in a
/// generated value) are not what a macro receives, and are skipped.
fn tokens(source: &str) -> Option<TokenStream> {
    source.parse().ok()
}

/// Runs `cases` inputs generated by `strategy()` through `check`, spread over the machine's
/// cores (one runner and strategy per thread, the cases shared out), and returns how many ran.
fn run<S: Strategy>(
    cases: u32,
    strategy: impl Fn() -> S + Sync,
    check: impl Fn(S::Value) + Sync,
) -> u32
where
    S::Value: std::fmt::Debug,
{
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| u32::try_from(n.get()).unwrap_or(1))
        .clamp(1, cases.max(1));
    let ran = AtomicU32::new(0);
    std::thread::scope(|scope| {
        for part in 0..threads {
            let share = cases / threads + u32::from(part < cases % threads);
            let (strategy, check, ran) = (&strategy, &check, &ran);
            scope.spawn(move || {
                let mut runner = TestRunner::new(Config {
                    cases: share,
                    failure_persistence: None,
                    ..Config::default()
                });
                runner
                    .run(&strategy(), |input| {
                        ran.fetch_add(1, Ordering::Relaxed);
                        check(input);
                        Ok(())
                    })
                    .unwrap();
            });
        }
    });
    ran.into_inner()
}

#[test]
fn tool_expansion_never_panics() {
    // Half the declarations are valid but for their names, so that they reach code
    // generation (a declaration with an error stops at its errors); the others try
    // every key, value and signature.
    let declarations = || {
        let anything = (prop::collection::vec(tool_key(), 0..6), function())
            .prop_map(|(keys, function)| (keys.join(", "), function));
        prop_oneof![anything, valid_declaration()]
    };
    let generated = AtomicU32::new(0);
    let ran = run(4000, declarations, |(keys, function)| {
        // A method is declared in its `impl` block, which carries `#[tool]` too: an inherent
        // impl or a trait impl, alternately.
        let (args, item) = if function.contains("self") {
            let block = if function.len() % 2 == 0 {
                "impl Shop"
            } else {
                "impl Inventory for Shop"
            };
            (
                String::new(),
                format!("{block} {{ #[tool({keys})] {function} }}"),
            )
        } else {
            (keys.clone(), function.clone())
        };
        let (Some(args), Some(item)) = (tokens(&args), tokens(&item)) else {
            return;
        };
        let expanded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            crate::item::tool(args, item)
        }));
        let Ok(expanded) = expanded else {
            panic!("#[tool({keys})] panicked on:\n{function}");
        };
        if !expanded.to_string().contains("compile_error") {
            generated.fetch_add(1, Ordering::Relaxed);
        }
    });
    // Reported in the test's output (`cargo test -- --nocapture` shows it).
    println!(
        "#[tool] and #[arg]: {ran} generated declarations expanded without a panic, {} of them to code without errors",
        generated.load(Ordering::Relaxed)
    );
    assert_eq!(ran, 4000);
    assert!(
        generated.load(Ordering::Relaxed) >= 1000,
        "too few declarations reach code generation for the test to mean much"
    );
}

#[test]
fn text_derive_never_panics() {
    let ran = run(2000, text_item, |item| {
        let Some(input) = tokens(&item) else { return };
        let expanded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            crate::text::expand::derive(input)
        }));
        assert!(expanded.is_ok(), "#[derive(ToolText)] panicked on:\n{item}");
    });
    println!("#[text]: {ran} generated types derived without a panic");
    assert_eq!(ran, 2000);
}
