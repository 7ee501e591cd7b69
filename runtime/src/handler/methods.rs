//! rmcp's [`ServerHandler`] for [`Server`]: `tools/list` and `tools/call` from the tool set,
//! the tools' MCP Apps views beside the handler's resources, every other method from the
//! server's handler, each written out so that none is forgotten.

use std::borrow::Cow;

use rmcp::model::{
    CacheScope, CallToolRequestParams, CallToolResponse, CancelTaskParams,
    CancelledNotificationParam, CompleteRequestParams, CompleteResult, CustomNotification,
    CustomRequest, CustomResult, GetPromptRequestParams, GetPromptResponse, GetPromptResult,
    GetSkillRequestParams, GetSkillResult, GetTaskParams, GetTaskResult, ListPromptsResult,
    ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult, ListToolsResult,
    PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion,
    ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ResultType, ServerCapabilities, ServerConfig,
    SubscribeRequestParams, SubscriptionFilter, Tool, UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::context::LogLevel;
use crate::handler::cache::{Cacheable as _, Depends};
use crate::handler::{NoHandler, Server, protocol};

impl<S: Send + Sync + 'static, H: ServerHandler> Server<S, H> {
    /// What the handler advertises.
    fn theirs(&self) -> ServerCapabilities {
        self.handler.get_info().capabilities
    }

    /// The cache hints of the tool listing ([`CacheHints`](crate::serve::CacheHints)): by the
    /// caller's token when scopes or a filter decide what it lists, changing with a switch.
    fn tools_hint(&self) -> (u64, CacheScope) {
        let scoped =
            || (self.tools.list().iter()).any(|tool| !self.tools.scopes(&tool.name).is_empty());
        self.cache
            .hint(if self.access.filter.is_some() || scoped() {
                Depends::Token
            } else if self.access.switch.is_some() {
                Depends::Changes
            } else {
                Depends::Nothing
            })
    }

    /// The cache hints of an answer of the handler: changing when it says it can change.
    fn handler_hint(&self, can_change: bool) -> (u64, CacheScope) {
        self.cache.hint(if can_change {
            Depends::Changes
        } else {
            Depends::Handler
        })
    }

    /// The skills served ([`About::with_skills`](crate::serve::About::with_skills)), when the
    /// server has some and they are set up right.
    fn skills(&self) -> Option<&crate::skills::Served> {
        self.skills.as_ref()?.1.as_ref().ok()
    }

    /// The cache hints of what toolshape serves the same to everyone for the server's life
    /// (the MCP Apps views, the empty listings of a server without a handler).
    fn fixed_hint(&self) -> (u64, CacheScope) {
        self.cache.hint(Depends::Nothing)
    }
}

/// Every method of the protocol: tools from the [`ToolSet`](crate::ToolSet), the rest from
/// the handler.
/// Each method rmcp's trait has is written here, so a method the handler implements is
/// never left out (the handler's own defaults answer what it does not implement).
impl<S: Send + Sync + 'static, H: ServerHandler> ServerHandler for Server<S, H> {
    fn get_info(&self) -> ServerConfig {
        let mut info = (*self.info).clone();
        // rmcp asks for this on every request. A server without a handler of its own
        // (`NoHandler`, whose info is rmcp's default) has nothing to merge in.
        if std::any::TypeId::of::<H>() != std::any::TypeId::of::<NoHandler>() {
            merge_info(&mut info, self.handler.get_info());
        }
        // listChanged only when the tools can change
        if let Some(tools) = &mut info.capabilities.tools {
            tools.list_changed = self.access.switch.is_some().then_some(true);
        }
        info
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.handler.supported_protocol_versions()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let listing = ListToolsResult::with_all_items(self.listing(&context)?);
        Ok(listing.hinted(self.tools_hint()))
    }

    // `dispatch`'s future itself, not an `async fn` around it, which would hold the
    // request and its context a second time.
    fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        self.dispatch(request, context)
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.entry(name)
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        if self.theirs().completions.is_none() {
            return Ok(CompleteResult::default());
        }
        self.handler
            .complete(request, context)
            .await
            .map(SaysComplete::says_complete)
    }

    /// Kept for this session: a tool's `Context::log` below the level is not sent (a
    /// 2026-07-28 request states its level itself). Then the handler's, when it advertises
    /// logging.
    #[allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.log_level.set(LogLevel::from_rmcp(&request.level));
        if self.theirs().logging.is_none() {
            return Ok(());
        }
        self.handler.set_level(request, context).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        Ok(match self.handler.get_prompt(request, context).await? {
            GetPromptResponse::Complete(result) => {
                GetPromptResponse::Complete(result.says_complete())
            }
            other => other,
        })
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let Some(prompts) = self.theirs().prompts else {
            return Ok(ListPromptsResult::default().hinted(self.fixed_hint()));
        };
        let hint = self.handler_hint(prompts.list_changed == Some(true));
        (self.handler.list_prompts(request, context).await)
            .map(|result| result.says_complete().hinted(hint))
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        // The tools' views and the skills first, on the first page; then the handler's
        // resources.
        let first_page = request.as_ref().is_none_or(|r| r.cursor.is_none());
        let views: Vec<_> = if first_page {
            let views = self.tools.views();
            let views = views.iter().map(|(uri, view)| view.resource(uri));
            let skills = self.skills().map(|skills| skills.resources());
            views.chain(skills.into_iter().flatten()).collect()
        } else {
            Vec::new()
        };
        let Some(resources) = self.theirs().resources else {
            return Ok(ListResourcesResult::with_all_items(views).hinted(self.fixed_hint()));
        };
        let mut theirs = self.handler.list_resources(request, context).await?;
        theirs.resources.splice(0..0, views);
        let hint = self.handler_hint(resources.list_changed == Some(true));
        Ok(theirs.says_complete().hinted(hint))
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let Some(resources) = self.theirs().resources else {
            return Ok(ListResourceTemplatesResult::default().hinted(self.fixed_hint()));
        };
        let hint = self.handler_hint(resources.list_changed == Some(true));
        (self.handler.list_resource_templates(request, context).await)
            .map(|result| result.says_complete().hinted(hint))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        if let Some(view) = self.tools.view(&request.uri) {
            let contents = view.contents(&request.uri);
            let result = ReadResourceResult::new(vec![contents]).hinted(self.fixed_hint());
            return Ok(result.into());
        }
        if let Some(result) = self.skills().and_then(|skills| skills.read(&request.uri)) {
            return Ok(result.hinted(self.fixed_hint()).into());
        }
        // No resource is declared: every URI is unknown, invalid params naming it, as the
        // protocol asks of a resource that does not exist.
        let Some(resources) = self.theirs().resources else {
            return Err(ErrorData::invalid_params(
                format!("no resource `{}`", request.uri),
                Some(serde_json::json!({"uri": request.uri})),
            ));
        };
        let can_change = resources.subscribe == Some(true) || resources.list_changed == Some(true);
        let hint = self.handler_hint(can_change);
        Ok(match self.handler.read_resource(request, context).await? {
            ReadResourceResponse::Complete(result) => {
                ReadResourceResponse::Complete(result.says_complete().hinted(hint))
            }
            other => other,
        })
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.handler.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.handler.listen(context).await
    }

    #[allow(deprecated)] // resources/subscribe: legacy, still in 2025-11-25
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.handler.subscribe(request, context).await
    }

    #[allow(deprecated)] // resources/unsubscribe: legacy, still in 2025-11-25
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        self.handler.unsubscribe(request, context).await
    }

    /// A request of a method MCP defines whose params do not fit it reaches here, read by
    /// rmcp as a method it does not know: answered `-32602` naming the member (what the
    /// transports answer for params they cannot read at all). Any other method is the
    /// handler's.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        let revision = context.protocol_version();
        if let Some(problem) = protocol::custom_request_problem(
            &request.method,
            request.params.as_ref(),
            revision.as_ref().map(ProtocolVersion::as_str),
        ) {
            return Err(ErrorData::invalid_params(problem, None));
        }
        self.handler.on_custom_request(request, context).await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        // a session: told when the tools change
        if let Some(switch) = &self.access.switch {
            switch.register(context.peer.clone());
        }
        self.handler.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.handler.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.handler
            .on_custom_notification(notification, context)
            .await;
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        // The tasks of toolshape's tools first; an id the store does not know goes to the
        // handler when it runs tasks of its own.
        match self.tasks.get(&request.task_id).await {
            Err(_) if self.theirs().supports_tasks() => {
                self.handler.get_task(request, context).await
            }
            found => found.map(GetTaskResult::new),
        }
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if self.theirs().supports_tasks() && self.tasks.get(&request.task_id).await.is_err() {
            return self.handler.update_task(request, context).await;
        }
        self.tasks
            .update(&request.task_id, request.input_responses)
            .await
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        if self.theirs().supports_tasks() && self.tasks.get(&request.task_id).await.is_err() {
            return self.handler.cancel_task(request, context).await;
        }
        self.tasks.cancel(&request.task_id).await
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        // The server's skills on the first page, then the handler's when it serves some.
        let Some(skills) = self.skills() else {
            return self.handler.list_skills(request, context).await;
        };
        let first_page = request.as_ref().is_none_or(|r| r.cursor.is_none());
        let ours = if first_page {
            skills.list()
        } else {
            Vec::new()
        };
        if !self.theirs().supports_skills() {
            return Ok(ListSkillsResult::with_all_items(ours).hinted(self.fixed_hint()));
        }
        let mut theirs = self.handler.list_skills(request, context).await?;
        theirs.skills.splice(0..0, ours);
        Ok(theirs.hinted(self.handler_hint(false)))
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        if let Some(skill) = self.skills().and_then(|skills| skills.get(&request.uri)) {
            return Ok(GetSkillResult::new(skill).hinted(self.fixed_hint()));
        }
        if self.skills().is_some() && !self.theirs().supports_skills() {
            // an unknown skill: invalid params, as the extension asks
            return Err(ErrorData::invalid_params(
                format!("no skill is served at {}", request.uri),
                Some(serde_json::json!({"uri": request.uri})),
            ));
        }
        self.handler.get_skill(request, context).await
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        if let Some(children) = self
            .skills()
            .and_then(|skills| skills.directory(&request.uri))
        {
            return Ok(ReadResourceDirectoryResult::with_all_items(children));
        }
        if self.skills().is_some() && !self.theirs().supports_directory_read() {
            return Err(ErrorData::invalid_params(
                format!("{} is not a folder of a skill", request.uri),
                Some(serde_json::json!({"uri": request.uri})),
            ));
        }
        self.handler.read_resource_directory(request, context).await
    }
}

/// A result the handler made says it is complete (`resultType: "complete"`), as protocol
/// 2026-07-28 requires: rmcp's constructors set it, but a result deserialised from JSON (a
/// handler that builds its answers from data, a proxy) has none, and a 2026-07-28 client
/// refuses it. rmcp removes the field again for clients on older versions.
trait SaysComplete {
    fn says_complete(self) -> Self;
}

macro_rules! says_complete {
    ($($result:ty),*) => {
        $(impl SaysComplete for $result {
            fn says_complete(mut self) -> Self {
                self.result_type.get_or_insert(ResultType::COMPLETE);
                self
            }
        })*
    };
}

says_complete!(
    CompleteResult,
    GetPromptResult,
    ListPromptsResult,
    ListResourcesResult,
    ListResourceTemplatesResult,
    ReadResourceResult
);

/// The handler's info merged into the server's: the capabilities it declares (prompts,
/// resources, completions, logging, experimental, extensions) and its instructions when the
/// server has none.
fn merge_info(info: &mut ServerConfig, theirs: ServerConfig) {
    let ours = &mut info.capabilities;
    let caps = theirs.capabilities;
    ours.prompts = caps.prompts.or(ours.prompts.take());
    ours.resources = caps.resources.or(ours.resources.take());
    ours.completions = caps.completions.or(ours.completions.take());
    ours.logging = caps.logging.or(ours.logging.take());
    ours.experimental = caps.experimental.or(ours.experimental.take());
    match (&mut ours.extensions, caps.extensions) {
        (Some(ours), Some(theirs)) => ours.extend(theirs),
        (ours, theirs) => *ours = theirs.or(ours.take()),
    }
    if info.instructions.is_none() {
        info.instructions = theirs.instructions;
    }
}
