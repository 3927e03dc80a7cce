// Public surface of @sprout-ai/mcp: MCP client tool callbacks and the MCP server side.
// --- client: tools of MCP servers as tool callbacks ---
export {
  McpClientConnection,
  type McpClientConnectionOptions,
  type McpTransportConfig,
  type McpStdioTransportConfig,
  type McpStreamableHttpTransportConfig,
  DEFAULT_MCP_REQUEST_TIMEOUT_MS,
  DEFAULT_MCP_CONNECT_TIMEOUT_MS,
  SPROUT_MCP_CLIENT_INFO,
} from './client/mcp-client-connection';
export { McpConnectionError, type McpConnectionErrorOptions } from './client/mcp-connection-error';
export { McpToolCallError, type McpToolCallErrorOptions } from './client/mcp-tool-call-error';
export { McpToolCallback, type McpToolCallbackOptions } from './client/mcp-tool-callback';
export {
  McpToolCallbackProvider,
  McpToolCallbackProviderBuilder,
  type McpToolCallbackProviderOptions,
  SyncMcpToolCallbackProvider,
} from './client/mcp-tool-callback-provider';
export { McpToolsNotListedError } from './client/mcp-tools-not-listed-error';
export type { McpToolFilter, McpConnectionInfo } from './client/mcp-tool-filter';
export {
  type McpToolNamePrefixGenerator,
  type McpToolToName,
  McpToolNamePrefixGenerators,
} from './client/mcp-tool-name-prefix-generator';
export type { McpToolMetadataResolver } from './client/mcp-tool-metadata-resolver';
export {
  type ToolContextToMcpMetaConverter,
  McpMetaConverters,
  TOOL_CONTEXT_MCP_EXCHANGE_KEY,
} from './client/tool-context-to-mcp-meta-converter';
export type { McpElicitationHandler, McpElicitationRequest } from './client/mcp-elicitation-handler';
export type { McpSamplingHandler, McpSamplingRequest } from './client/mcp-sampling-handler';
export { chatModelSamplingHandler } from './client/chat-model-sampling-handler';
export type { McpProgressHandler, McpProgressEvent } from './client/mcp-progress-handler';
export {
  type McpOAuthOptions,
  type McpOAuthGrantType,
  type McpIdentityProviderOptions,
  DEFAULT_MCP_OAUTH_REDIRECT_URI,
  MCP_JWT_BEARER_GRANT_TYPE,
} from './client/mcp-oauth-options';
export type {
  McpIdentityAssertionProvider,
  McpIdentityAssertionRequest,
} from './client/mcp-identity-assertion-provider';
export type { McpAuthorizationCodeHandler, McpAuthorizationCodeRequest } from './client/mcp-authorization-code-handler';
export { type McpOAuthTokenStore, InMemoryMcpOAuthTokenStore } from './client/mcp-oauth-token-store';
export { McpAuthorizationError, type McpAuthorizationErrorOptions } from './client/mcp-authorization-error';

// --- server: @McpTool methods served over stdio and streamable HTTP ---
export { McpTool, type McpToolOptions, type McpToolMethodOptions, type McpToolAnnotations } from './server/mcp-tool';
export { McpMethodToolCallback, type McpMethodToolCallbackOptions } from './server/mcp-method-tool-callback';
export { McpToolResult, McpContents, type McpContent } from './server/mcp-tool-result';
export {
  McpRequestContext,
  type McpRequestContextOptions,
  MCP_REQUEST_CONTEXT_KEY,
} from './server/mcp-request-context';
export { McpToolParam, type McpToolParamOptions } from './server/mcp-tool-param';
export { McpToolError } from './server/mcp-tool-error';
export { McpResource, type McpResourceOptions, type McpResourceMethodOptions } from './server/mcp-resource';
export { McpPrompt, type McpPromptOptions, type McpPromptMethodOptions } from './server/mcp-prompt';
export {
  McpComplete,
  type McpCompleteOptions,
  type McpCompleteMethodOptions,
  type McpCompleteRequest,
} from './server/mcp-complete';
export { McpArg } from './server/mcp-arg';
export {
  mcpServerFeatures,
  type McpServerFeatures,
  type McpResourceSpec,
  type McpPromptSpec,
  type McpCompletionSpec,
  type McpPromptMessage,
} from './server/mcp-server-features';
export { mcpToolCallbacks } from './server/mcp-tool-callbacks';
export type { McpEventStore } from './server/mcp-event-store';
export {
  InMemoryMcpEventStore,
  type InMemoryMcpEventStoreOptions,
  DEFAULT_MCP_EVENT_STORE_MAX_EVENTS,
  DEFAULT_MCP_EVENT_STORE_TIME_TO_LIVE_MS,
} from './server/in-memory-mcp-event-store';
export {
  McpToolServer,
  type McpToolServerOptions,
  type McpToolRequest,
  type McpToolContextFactory,
  type McpHttpAuthenticator,
  type McpHttpListenOptions,
  type McpServerHandle,
  type McpHttpServerHandle,
  DEFAULT_MCP_SERVER_INFO,
  DEFAULT_MCP_ENDPOINT,
  DEFAULT_MCP_RETRY_INTERVAL_MS,
  MCP_EXCHANGE_CONTEXT_KEY,
} from './server/mcp-tool-server';
