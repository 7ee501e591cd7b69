//! rmcp's [`ServerHandler`] for [`Traced`]: every method of the trait, in rmcp's order;
//! requests run in their span, everything else goes straight to the handler.

use std::borrow::Cow;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CancelTaskParams, CancelledNotificationParam,
    CompleteRequestParams, CompleteResult, CustomNotification, CustomRequest, CustomResult,
    DiscoverResult, GetPromptRequestParams, GetPromptResponse, GetSkillRequestParams,
    GetSkillResult, GetTaskParams, GetTaskResult, InitializeRequestParams, InitializeResult,
    ListPromptsResult, ListResourceTemplatesResult, ListResourcesResult, ListSkillsResult,
    ListToolsResult, PaginatedRequestParams, ProgressNotificationParam, ProtocolVersion,
    ReadResourceDirectoryRequestParams, ReadResourceDirectoryResult, ReadResourceRequestParams,
    ReadResourceResponse, ServerConfig, SubscribeRequestParams, SubscriptionFilter, Tool,
    UnsubscribeRequestParams, UpdateTaskParams,
};
use rmcp::service::{NotificationContext, RequestContext, SubscriptionContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};

use crate::serve::observe::{About, Traced};

/// Every method of rmcp's `ServerHandler`, in rmcp's order: requests run in their span,
/// everything else goes straight to the handler.
impl<H: ServerHandler> ServerHandler for Traced<H> {
    async fn ping(&self, context: RequestContext<RoleServer>) -> Result<(), ErrorData> {
        let opened = About::method("ping").open(&context);
        opened.run(self.0.ping(context)).await
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        let opened = About::method("initialize").open(&context);
        opened.run(self.0.initialize(request, context)).await
    }

    fn negotiate_initialize(
        &self,
        request: &InitializeRequestParams,
    ) -> Result<InitializeResult, ErrorData> {
        self.0.negotiate_initialize(request)
    }

    fn supported_protocol_versions(&self) -> Cow<'static, [ProtocolVersion]> {
        self.0.supported_protocol_versions()
    }

    async fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> Result<DiscoverResult, ErrorData> {
        let opened = About::method("server/discover").open(&context);
        opened.run(self.0.discover(context)).await
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, ErrorData> {
        let opened = About::method("completion/complete").open(&context);
        opened.run(self.0.complete(request, context)).await
    }

    #[allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25
    async fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let opened = About::method("logging/setLevel").open(&context);
        opened.run(self.0.set_level(request, context)).await
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let about = About {
            prompt: Some(&request.name),
            ..About::method("prompts/get")
        };
        let opened = about.open(&context);
        opened.run(self.0.get_prompt(request, context)).await
    }

    async fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let opened = About::method("prompts/list").open(&context);
        opened.run(self.0.list_prompts(request, context)).await
    }

    async fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let opened = About::method("resources/list").open(&context);
        opened.run(self.0.list_resources(request, context)).await
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, ErrorData> {
        let opened = About::method("resources/templates/list").open(&context);
        opened
            .run(self.0.list_resource_templates(request, context))
            .await
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/read")
        };
        let opened = about.open(&context);
        opened.run(self.0.read_resource(request, context)).await
    }

    fn accepted_subscription_filter(
        &self,
        requested: &SubscriptionFilter,
    ) -> Option<SubscriptionFilter> {
        self.0.accepted_subscription_filter(requested)
    }

    async fn listen(&self, context: SubscriptionContext) -> Result<(), ErrorData> {
        self.0.listen(context).await
    }

    #[allow(deprecated)] // resources/subscribe: legacy, still in 2025-11-25
    async fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/subscribe")
        };
        let opened = about.open(&context);
        opened.run(self.0.subscribe(request, context)).await
    }

    #[allow(deprecated)] // resources/unsubscribe: legacy, still in 2025-11-25
    async fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/unsubscribe")
        };
        let opened = about.open(&context);
        opened.run(self.0.unsubscribe(request, context)).await
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let about = About {
            tool: Some(&request.name),
            ..About::method("tools/call")
        };
        let opened = about.open(&context);
        opened.run(self.0.call_tool(request, context)).await
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let opened = About::method("tools/list").open(&context);
        opened.run(self.0.list_tools(request, context)).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.0.get_tool(name)
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        // A custom method's name is the client's: not a low-cardinality span name.
        let opened = About::method("custom").open(&context);
        opened.run(self.0.on_custom_request(request, context)).await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.0.on_cancelled(notification, context).await;
    }

    async fn on_progress(
        &self,
        notification: ProgressNotificationParam,
        context: NotificationContext<RoleServer>,
    ) {
        self.0.on_progress(notification, context).await;
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.0.on_initialized(context).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.0.on_roots_list_changed(context).await;
    }

    async fn on_custom_notification(
        &self,
        notification: CustomNotification,
        context: NotificationContext<RoleServer>,
    ) {
        self.0.on_custom_notification(notification, context).await;
    }

    fn get_info(&self) -> ServerConfig {
        self.0.get_info()
    }

    async fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetTaskResult, ErrorData> {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/get")
        };
        let opened = about.open(&context);
        opened.run(self.0.get_task(request, context)).await
    }

    async fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/update")
        };
        let opened = about.open(&context);
        opened.run(self.0.update_task(request, context)).await
    }

    async fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> Result<(), ErrorData> {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/cancel")
        };
        let opened = about.open(&context);
        opened.run(self.0.cancel_task(request, context)).await
    }

    async fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListSkillsResult, ErrorData> {
        let opened = About::method("skills/list").open(&context);
        opened.run(self.0.list_skills(request, context)).await
    }

    async fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<GetSkillResult, ErrorData> {
        let opened = About::method("skills/get").open(&context);
        opened.run(self.0.get_skill(request, context)).await
    }

    async fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceDirectoryResult, ErrorData> {
        let opened = About::method("resources/directory/read").open(&context);
        opened
            .run(self.0.read_resource_directory(request, context))
            .await
    }
}
