//! Skills (MCP's skills extension, SEP-2640) as rmcp's client sees them: `skills/list` and
//! `skills/get` answer from the folders in `tests/skills` (embedded with `toolshape::skills!`,
//! or read with `Skills::from_dir`), every file of every skill reads back as a `skill://`
//! resource whose bytes match the entry's size and SHA-256 digest and the file on disk, and a
//! malformed `SKILL.md` or a tool a skill names that the server lacks stops the server before
//! it serves, naming the file and line.

use std::path::{Path, PathBuf};

use base64::Engine as _;
use rmcp::model::{
    CacheScope, GetSkillRequestParams, ProtocolVersion, ReadResourceDirectoryRequestParams,
    ReadResourceRequestParams, ResourceContents, SkillResources,
};
use toolshape::serve::About;
use toolshape::skills::{Skills, ToolGuide};
use toolshape::testing::{Client, connect_with_version};
use toolshape::{Server, ToolSet, tool, tools};

/// Add two numbers.
#[tool(format = "json", kind = "read")]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

/// Delete a volume. It cannot be recovered.
#[tool(format = "text", kind = "action")]
fn delete_volume(name: String) -> String {
    format!("deleted {name}")
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("skills")
}

fn server(skills: Skills) -> Server<()> {
    Server::new((), ToolSet::new(tools![add, delete_volume]).unwrap())
        .with_info(About::default().with_skills(skills))
}

async fn client(skills: Skills) -> Client {
    connect_with_version(server(skills), ProtocolVersion::V_2026_07_28)
        .await
        .expect("connects")
}

/// The bytes a `resources/read` answer carries.
fn bytes_of(contents: &ResourceContents) -> Vec<u8> {
    match contents {
        ResourceContents::TextResourceContents { text, .. } => text.as_bytes().to_vec(),
        ResourceContents::BlobResourceContents { blob, .. } => {
            base64::engine::general_purpose::STANDARD
                .decode(blob)
                .unwrap()
        }
        other => panic!("text or a blob: {other:?}"),
    }
}

#[tokio::test]
async fn a_client_lists_and_gets_the_skills_and_reads_each_file_against_its_digest() {
    let skills = toolshape::skills!("skills").expect("the fixtures are well formed");
    let client = client(skills.with_tool_guide(ToolGuide::new())).await;
    let capabilities = &client.peer_info().unwrap().capabilities;
    assert!(capabilities.supports_skills() && capabilities.resources.is_some());

    let listing = client.list_skills(None).await.unwrap();
    assert_eq!(
        (listing.ttl_ms, listing.cache_scope),
        (Some(600_000), Some(CacheScope::Public))
    );
    let uris: Vec<&str> = listing.skills.iter().map(|s| s.uri.as_str()).collect();
    assert_eq!(
        uris,
        [
            "skill://arith/SKILL.md",
            "skill://ops/volumes/SKILL.md",
            "skill://using-tools/SKILL.md"
        ]
    );
    // the frontmatter verbatim: every field the author wrote
    let arith = &listing.skills[0].frontmatter;
    assert_eq!(arith.name, "arith");
    assert_eq!(
        serde_json::Value::Object(arith.extra.clone()),
        serde_json::json!({"license": "MIT", "metadata": {"version": "1.0", "tools": "add"}})
    );
    let volumes = &listing.skills[1].frontmatter;
    assert_eq!(
        volumes.description,
        "Resize a storage volume safely: look first, then grow it in steps."
    );

    let mut read = 0;
    for skill in &listing.skills {
        let SkillResources::Files(files) = &skill.resources else {
            panic!("{} is a static skill", skill.uri)
        };
        assert!(files.iter().any(|file| file.uri == skill.uri));
        for file in files {
            let answer = client
                .read_resource(ReadResourceRequestParams::new(&file.uri))
                .await
                .unwrap();
            assert_eq!(
                (answer.ttl_ms, answer.cache_scope),
                (Some(600_000), Some(CacheScope::Public))
            );
            let bytes = bytes_of(&answer.contents[0]);
            file.verify(&bytes).expect("size and digest match");
            if let Some(path) = file.uri.strip_prefix("skill://")
                && !path.starts_with("using-tools/")
            {
                assert_eq!(
                    bytes,
                    std::fs::read(fixtures().join(path)).unwrap(),
                    "{path}"
                );
            }
            read += 1;
        }
        // skills/get answers the same entry
        let got = client
            .get_skill(GetSkillRequestParams::new(&skill.uri))
            .await
            .unwrap();
        assert_eq!(&got.skill, skill);
    }
    // 2 files of arith and the guide, 4 of volumes
    assert_eq!(read, 6);

    // the PNG is a blob with its media type, the markdown text
    let icon = client
        .read_resource(ReadResourceRequestParams::new(
            "skill://ops/volumes/reference/icon.png",
        ))
        .await
        .unwrap();
    assert!(matches!(
        &icon.contents[0],
        ResourceContents::BlobResourceContents { mime_type: Some(m), .. } if m == "image/png"
    ));

    // each SKILL.md is listed as a resource, with the skill's name and description
    let resources = client.list_resources(None).await.unwrap().resources;
    let volumes = resources
        .iter()
        .find(|r| r.uri == "skill://ops/volumes/SKILL.md")
        .expect("listed");
    assert_eq!(volumes.name, "volumes");
    assert_eq!(volumes.mime_type.as_deref(), Some("text/markdown"));

    // a file outside every skill is not served, nor a skill that is not there
    let error = client
        .read_resource(ReadResourceRequestParams::new("skill://README.md"))
        .await
        .unwrap_err();
    assert!(error.to_string().contains("skill://README.md"), "{error}");
    let error = client
        .get_skill(GetSkillRequestParams::new("skill://nope/SKILL.md"))
        .await
        .unwrap_err();
    let rmcp::ServiceError::McpError(error) = error else {
        panic!("a protocol error: {error}")
    };
    assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS);
}

#[tokio::test]
async fn a_client_reads_the_folders_of_a_skill() {
    let client = client(toolshape::skills!("skills").unwrap()).await;
    assert!(
        client
            .peer_info()
            .unwrap()
            .capabilities
            .supports_directory_read()
    );
    let children = |uri: &'static str| {
        let client = &client;
        async move {
            let read = client
                .read_resource_directory(ReadResourceDirectoryRequestParams::new(uri))
                .await?;
            Ok::<_, rmcp::ServiceError>(
                (read.resources.into_iter())
                    .map(|r| format!("{} {}", r.uri, r.mime_type.unwrap_or_default()))
                    .collect::<Vec<_>>(),
            )
        }
    };
    assert_eq!(
        children("skill://ops/volumes").await.unwrap(),
        [
            "skill://ops/volumes/SKILL.md text/markdown",
            "skill://ops/volumes/reference inode/directory"
        ]
    );
    assert_eq!(
        children("skill://ops/volumes/reference").await.unwrap(),
        [
            "skill://ops/volumes/reference/icon.png image/png",
            "skill://ops/volumes/reference/limits.md text/markdown",
            "skill://ops/volumes/reference/steps.csv text/csv"
        ]
    );
    // above a skill, and a file, are not folders of a skill
    for uri in ["skill://ops", "skill://ops/volumes/SKILL.md"] {
        let Err(rmcp::ServiceError::McpError(error)) = children(uri).await else {
            panic!("{uri} is refused")
        };
        assert_eq!(error.code, rmcp::model::ErrorCode::INVALID_PARAMS, "{uri}");
    }
}

#[tokio::test]
async fn a_2025_11_25_client_lists_the_skills_too() {
    let skills = toolshape::skills!("skills").unwrap();
    let client = connect_with_version(server(skills), ProtocolVersion::V_2025_11_25)
        .await
        .expect("connects");
    assert!(client.peer_info().unwrap().capabilities.supports_skills());
    let listing = client.list_skills(None).await.unwrap();
    assert_eq!(listing.skills.len(), 2);
    let got = client
        .get_skill(GetSkillRequestParams::new("skill://arith/SKILL.md"))
        .await
        .unwrap();
    assert_eq!(got.skill, listing.skills[0]);
}

#[tokio::test]
async fn the_tool_guide_says_which_tools_read_and_which_act() {
    let client =
        client(Skills::new().with_tool_guide(ToolGuide::new().with_notes("Ask before deleting.")))
            .await;
    let guide = client
        .read_resource(ReadResourceRequestParams::new(
            "skill://using-tools/SKILL.md",
        ))
        .await
        .unwrap();
    let text = String::from_utf8(bytes_of(&guide.contents[0])).unwrap();
    expect_test::expect![[r#"
        ---
        name: using-tools
        description: "How to use the tools of toolshape-server: which to call first, which only read and which change something."
        ---

        # Using the tools of toolshape-server

        ## Tools that only read (call them freely, to look before you act)

        - `add`: Add two numbers.

        ## Tools that change something (check with a reading tool first, and tell the user what you changed)

        - `delete_volume`: Delete a volume.

        ## Notes

        Ask before deleting.
    "#]]
    .assert_eq(&text);
}

#[test]
fn a_folder_read_at_start_up_gives_the_skills_embedded_at_build_time() {
    let embedded = toolshape::skills!("skills").unwrap();
    let read = Skills::from_dir(fixtures()).unwrap();
    assert_eq!(embedded.list(), read.list());
}

/// A folder of skills made for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, files: &[(&str, &str)]) -> Scratch {
        let root =
            std::env::temp_dir().join(format!("toolshape-skills-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        for (path, text) in files {
            let path = root.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        Scratch(root)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn a_malformed_frontmatter_is_an_error_naming_the_file_and_line() {
    let scratch = Scratch::new(
        "malformed",
        &[(
            "resize/SKILL.md",
            "---\nname: resize\ndescription: Resize: a volume that is full\n---\nBody\n",
        )],
    );
    let error = Skills::from_dir(&scratch.0).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "{}/resize/SKILL.md:3: the frontmatter is not valid YAML: mapping values are not allowed in this context (quote a value that has `: ` in it)",
            scratch.0.display()
        )
    );

    let scratch = Scratch::new(
        "unnamed",
        &[(
            "resize/SKILL.md",
            "---\ndescription: Resize.\nname: Resize\n---\n",
        )],
    );
    let error = Skills::from_dir(&scratch.0).unwrap_err().to_string();
    assert_eq!(
        error,
        format!(
            "{}/resize/SKILL.md:3: the skill's `name` is `Resize` but its folder is `resize`: a skill's folder is named as the skill",
            scratch.0.display()
        )
    );
}

#[tokio::test]
async fn a_skill_naming_a_tool_the_server_lacks_stops_it_before_it_serves() {
    let skills = Skills::embedded(
        "skills",
        &[(
            "resize/SKILL.md",
            b"---\nname: resize\ndescription: Resize.\nmetadata:\n  tools: add resize_volume\n---\n",
        )],
    )
    .unwrap();
    let (serving, _client) = toolshape::testing::serve_lines_in_memory(server(skills));
    let error = serving.await.unwrap_err().to_string();
    assert!(
        error.contains(
            "skills/resize/SKILL.md:5: the skill `resize` names the tool `resize_volume`, which the server does not have (its tools: add, delete_volume)"
        ),
        "{error}"
    );
}
