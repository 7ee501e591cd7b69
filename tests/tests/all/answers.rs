//! Tools that ask the client questions, unit-tested without a client: `Context::answering`
//! gives each question the answer the test wrote, called directly and through a tool set.
#![allow(deprecated)] // rmcp marks sampling and roots deprecated (SEP-2577)

use rmcp::model::{ClientCapabilities, CreateMessageResult, Root, SamplingMessage};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;
use toolshape::{
    Context, ToolError, ToolSet, context::Answers, context::Elicitation, context::InputError, tool,
    tools,
};

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
struct Name {
    /// Your name.
    name: String,
}

#[derive(Debug, Serialize, Deserialize, JsonSchema)]
struct Colour {
    /// Your favourite colour.
    colour: String,
}

/// Ask a name, then a colour, then the model, then the roots.
#[tool(format = "text")]
async fn survey(#[context] cx: Context) -> Result<String, ToolError> {
    let name = match cx.elicit::<Name>("Your name?").await? {
        Elicitation::Accepted(Name { name }) => name,
        Elicitation::Declined => "declined".into(),
        Elicitation::Cancelled => "cancelled".into(),
    };
    let colour = match cx.elicit::<Colour>("Your colour?").key("colour").await? {
        Elicitation::Accepted(Colour { colour }) => colour,
        _ => "none".into(),
    };
    let sampled = cx.sample("Say a city", 10).await?;
    let roots = cx.roots().await?;
    Ok(format!(
        "{name} {colour} {} ({}) {}",
        sampled.text.unwrap_or_default(),
        sampled.model,
        roots.len()
    ))
}

/// Ask the user to visit a page.
#[tool(format = "text")]
async fn sign_in(#[context] cx: Context) -> Result<String, ToolError> {
    Ok(
        match cx
            .elicit_url("Sign in", "https://example.com/sign-in", "s-1")
            .await?
        {
            Elicitation::Accepted(()) => "signed in".into(),
            _ => "not signed in".into(),
        },
    )
}

fn full() -> Answers {
    Answers::new()
        .elicit(Elicitation::Accepted(Name { name: "Ada".into() }))
        .elicit(Elicitation::Accepted(Colour {
            colour: "green".into(),
        }))
        .key("colour")
        .sample("Paris")
        .roots([Root::new("file:///a"), Root::new("file:///b")])
}

#[tokio::test]
async fn every_kind_of_question_gets_the_answer_given() {
    let text = survey(Context::answering(full())).await.unwrap();
    assert_eq!(text, "Ada green Paris (test-model) 2");
}

#[tokio::test]
async fn a_tool_set_call_gets_the_same_answers() {
    let set = ToolSet::new(tools![survey]).unwrap();
    let result = set
        .call_json(&(), "survey", json!({}), Context::answering(full()))
        .await
        .unwrap();
    assert_eq!(result.is_error, Some(false), "{result:?}");
    assert_eq!(
        result.content[0].as_text().unwrap().text,
        "Ada green Paris (test-model) 2"
    );
}

#[tokio::test]
async fn declined_and_cancelled_are_answers_too() {
    let answers = Answers::new()
        .elicit(Elicitation::<Name>::Declined)
        .elicit(Elicitation::<Colour>::Cancelled)
        .key("colour")
        .sample_result(CreateMessageResult::new(
            SamplingMessage::assistant_text("Rome"),
            "another-model".into(),
        ))
        .roots([]);
    let text = survey(Context::answering(answers)).await.unwrap();
    assert_eq!(text, "declined none Rome (another-model) 0");
}

#[tokio::test]
async fn a_question_without_an_answer_fails_naming_it() {
    // The colour is given under its order's key, not the name the tool gives it.
    let answers = Answers::new()
        .elicit(Elicitation::Accepted(Name { name: "Ada".into() }))
        .elicit(Elicitation::Accepted(Colour {
            colour: "green".into(),
        }));
    let error = survey(Context::answering(answers)).await.unwrap_err();
    assert!(
        error
            .to_string()
            .contains("no answer to the question `colour`"),
        "{error}"
    );
}

#[tokio::test]
async fn an_answer_of_the_wrong_shape_is_refused() {
    let answers = Answers::new().elicit(Elicitation::Accepted(json!({"nom": "Ada"})));
    let cx = Context::answering(answers);
    let error = cx.elicit::<Name>("Your name?").await.unwrap_err();
    assert!(
        matches!(&error, InputError::Failed(message) if message.contains("elicit-1")),
        "{error:?}"
    );
}

#[tokio::test]
async fn capabilities_the_client_lacks_make_questions_unsupported() {
    let cx = Context::answering(Answers::new());
    assert!(cx.can_elicit() && cx.can_sample() && cx.can_list_roots());

    let mut capabilities = ClientCapabilities::default();
    capabilities.roots = Some(Default::default());
    let cx = Context::answering(Answers::new().sample("Paris").capabilities(capabilities));
    assert!(!cx.can_elicit() && !cx.can_sample() && cx.can_list_roots());
    assert_eq!(
        cx.sample("Say a city", 10).await.unwrap_err(),
        InputError::Unsupported("sampling")
    );
}

#[tokio::test]
async fn a_url_is_visited_or_not() {
    let visited = Answers::new().elicit(Elicitation::Accepted(()));
    assert_eq!(
        sign_in(Context::answering(visited)).await.unwrap(),
        "signed in"
    );
    let declined = Answers::new().elicit(Elicitation::<()>::Declined);
    assert_eq!(
        sign_in(Context::answering(declined)).await.unwrap(),
        "not signed in"
    );
}

#[tokio::test]
async fn a_detached_context_still_cannot_ask() {
    let error = Context::detached()
        .elicit::<Name>("Your name?")
        .await
        .unwrap_err();
    assert_eq!(error, InputError::Unsupported("elicitation"));
}
