//! The examples' shared command line: `--http [ADDR]`, `--store URL` after it, and each
//! example's own switches and options.

use toolshape_examples::{Args, Flags};

fn parse(line: &str) -> Result<Args, String> {
    Args::parse(line.split_whitespace().map(str::to_owned)).map_err(|e| e.to_string())
}

#[test]
fn the_command_line_takes_http_then_store_and_nothing_else() {
    assert_eq!(parse(""), Ok(Args::default()));
    assert_eq!(
        parse("--http").unwrap().http.as_deref(),
        Some("127.0.0.1:8080")
    );
    let args = parse("--http 127.0.0.1:9000 --store redis://127.0.0.1:6379/0").unwrap();
    assert_eq!(args.http.as_deref(), Some("127.0.0.1:9000"));
    assert_eq!(args.store.as_deref(), Some("redis://127.0.0.1:6379/0"));
    // `--http` without an address, then `--store`
    let args = parse("--http --store redis://h:1/0").unwrap();
    assert_eq!(args.http.as_deref(), Some("127.0.0.1:8080"));
    assert_eq!(args.store.as_deref(), Some("redis://h:1/0"));

    assert_eq!(
        parse("--http 127.0.0.1:9000 --stor redis://h:1/0"),
        Err("unexpected argument `--stor`".to_owned())
    );
    assert_eq!(
        parse("--http a b"),
        Err("unexpected argument `b`".to_owned())
    );
    assert!(
        parse("--store redis://h:1/0")
            .unwrap_err()
            .contains("after `--http ADDR`")
    );
    assert_eq!(
        parse("--http a --store"),
        Err("`--store` needs a URL".to_owned())
    );
    assert_eq!(
        parse("--search"),
        Err("unexpected argument `--search`".to_owned())
    );
}

#[test]
fn an_example_takes_its_own_switches_anywhere_once() {
    let parse = |line: &str| {
        Args::parse_with(line.split_whitespace().map(str::to_owned), &["--search"])
            .map_err(|e| e.to_string())
    };
    let args = parse("--http 127.0.0.1:9000 --search").unwrap();
    assert_eq!(args.http.as_deref(), Some("127.0.0.1:9000"));
    assert!(args.has("--search"));
    // `--http` without an address, then the switch: the address defaults
    let args = parse("--http --search").unwrap();
    assert_eq!(args.http.as_deref(), Some("127.0.0.1:8080"));
    assert!(args.has("--search"));
    assert!(parse("--search").unwrap().has("--search"));
    assert!(!parse("--http a").unwrap().has("--search"));
    assert_eq!(
        parse("--search --search"),
        Err("`--search` is given twice".to_owned())
    );
    assert_eq!(
        parse("--http a --serch"),
        Err("unexpected argument `--serch`".to_owned())
    );
}

#[test]
fn an_example_takes_its_own_options_and_http_options_after_http() {
    let flags = Flags {
        options: &["--db"],
        http_options: &["--issuer"],
        ..Flags::default()
    };
    let parse = |line: &str| {
        Args::parse_flags(line.split_whitespace().map(str::to_owned), &flags)
            .map_err(|e| e.to_string())
    };
    let args = parse("--db users.db --http 127.0.0.1:9000 --issuer https://a").unwrap();
    assert_eq!(args.option("--db"), Some("users.db"));
    assert_eq!(args.option("--issuer"), Some("https://a"));
    assert_eq!(args.http.as_deref(), Some("127.0.0.1:9000"));
    assert_eq!(parse("--http").unwrap().option("--db"), None);
    assert_eq!(
        parse("--issuer https://a --http"),
        Err("`--issuer` goes after `--http ADDR`".to_owned())
    );
    assert_eq!(parse("--db"), Err("`--db` needs a value".to_owned()));
    assert_eq!(parse("--db --http"), Err("`--db` needs a value".to_owned()));
    assert_eq!(
        parse("--db a --db b"),
        Err("`--db` is given twice".to_owned())
    );
    assert_eq!(
        parse("--http --jwks u"),
        Err("unexpected argument `--jwks`".to_owned())
    );
}
