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
    fn ping(
        &self,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        About::method("ping")
            .open(&context, self.1)
            .run(self.0.ping(context))
    }

    fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<InitializeResult, ErrorData>> + Send + '_ {
        About::method("initialize")
            .open(&context, self.1)
            .run(self.0.initialize(request, context))
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

    fn discover(
        &self,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<DiscoverResult, ErrorData>> + Send + '_ {
        About::method("server/discover")
            .open(&context, self.1)
            .run(self.0.discover(context))
    }

    fn complete(
        &self,
        request: CompleteRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CompleteResult, ErrorData>> + Send + '_ {
        About::method("completion/complete")
            .open(&context, self.1)
            .run(self.0.complete(request, context))
    }

    #[allow(deprecated)] // logging/setLevel: deprecated by SEP-2577, still in 2025-11-25
    fn set_level(
        &self,
        request: rmcp::model::SetLevelRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        About::method("logging/setLevel")
            .open(&context, self.1)
            .run(self.0.set_level(request, context))
    }

    fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetPromptResponse, ErrorData>> + Send + '_ {
        let about = About {
            prompt: Some(&request.name),
            ..About::method("prompts/get")
        };
        about
            .open(&context, self.1)
            .run(self.0.get_prompt(request, context))
    }

    fn list_prompts(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListPromptsResult, ErrorData>> + Send + '_ {
        About::method("prompts/list")
            .open(&context, self.1)
            .run(self.0.list_prompts(request, context))
    }

    fn list_resources(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListResourcesResult, ErrorData>> + Send + '_ {
        About::method("resources/list")
            .open(&context, self.1)
            .run(self.0.list_resources(request, context))
    }

    fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListResourceTemplatesResult, ErrorData>> + Send + '_ {
        About::method("resources/templates/list")
            .open(&context, self.1)
            .run(self.0.list_resource_templates(request, context))
    }

    fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ReadResourceResponse, ErrorData>> + Send + '_ {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/read")
        };
        about
            .open(&context, self.1)
            .run(self.0.read_resource(request, context))
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
    fn subscribe(
        &self,
        request: SubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/subscribe")
        };
        about
            .open(&context, self.1)
            .run(self.0.subscribe(request, context))
    }

    #[allow(deprecated)] // resources/unsubscribe: legacy, still in 2025-11-25
    fn unsubscribe(
        &self,
        request: UnsubscribeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        let about = About {
            resource: Some(&request.uri),
            ..About::method("resources/unsubscribe")
        };
        about
            .open(&context, self.1)
            .run(self.0.unsubscribe(request, context))
    }

    fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResponse, ErrorData>> + Send + '_ {
        let about = About {
            tool: Some(&request.name),
            ..About::method("tools/call")
        };
        // named by the tool only when the server has it: the name is the client's
        let known = |name: &str| self.0.get_tool(name).is_some();
        about
            .open_naming(&context, self.1, known)
            .run(self.0.call_tool(request, context))
    }

    fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListToolsResult, ErrorData>> + Send + '_ {
        About::method("tools/list")
            .open(&context, self.1)
            .run(self.0.list_tools(request, context))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.0.get_tool(name)
    }

    fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CustomResult, ErrorData>> + Send + '_ {
        // A custom method's name is the client's: not a low-cardinality span name.
        About::method("custom")
            .open(&context, self.1)
            .run(self.0.on_custom_request(request, context))
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

    fn get_task(
        &self,
        request: GetTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetTaskResult, ErrorData>> + Send + '_ {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/get")
        };
        about
            .open(&context, self.1)
            .run(self.0.get_task(request, context))
    }

    fn update_task(
        &self,
        request: UpdateTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/update")
        };
        about
            .open(&context, self.1)
            .run(self.0.update_task(request, context))
    }

    fn cancel_task(
        &self,
        request: CancelTaskParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<(), ErrorData>> + Send + '_ {
        let about = About {
            task: Some(&request.task_id),
            ..About::method("tasks/cancel")
        };
        about
            .open(&context, self.1)
            .run(self.0.cancel_task(request, context))
    }

    fn list_skills(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ListSkillsResult, ErrorData>> + Send + '_ {
        About::method("skills/list")
            .open(&context, self.1)
            .run(self.0.list_skills(request, context))
    }

    fn get_skill(
        &self,
        request: GetSkillRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<GetSkillResult, ErrorData>> + Send + '_ {
        About::method("skills/get")
            .open(&context, self.1)
            .run(self.0.get_skill(request, context))
    }

    fn read_resource_directory(
        &self,
        request: ReadResourceDirectoryRequestParams,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<ReadResourceDirectoryResult, ErrorData>> + Send + '_ {
        About::method("resources/directory/read")
            .open(&context, self.1)
            .run(self.0.read_resource_directory(request, context))
    }
}
