// Public surface of @sprout-ai/boot: the container bootstrap, properties, service tokens and
// auto-configuration modules. The only package that imports inversify.
export { SproutApplication, createSproutContainer, type SproutApplicationOptions } from './sprout-application';
export { SproutTokens, type ServiceToken } from './sprout-tokens';

export { loadProperties, DEFAULT_PROPERTIES_FILE, type LoadPropertiesOptions } from './properties/load-properties';
export { SproutProperties } from './properties/sprout-properties';
export type { PropertyValue } from './properties/property-reader';
export { InvalidPropertyError } from './properties/invalid-property-error';
export { PropertiesFileError } from './properties/properties-file-error';
export {
  type ToolCallingProperties,
  type ToolCallLimitsProperties,
  type ToolExecutionProperties,
  type ToolResultProperties,
  type ToolErrorsProperties,
  TOOL_CALLING_PROPERTY_KEYS,
  DEFAULT_THROW_EXCEPTION_ON_ERROR,
  DEFAULT_RESOLUTION_FALLBACK_ENABLED,
  DEFAULT_ON_LIMIT_EXCEEDED,
} from './properties/tool-calling-properties';
export {
  type OpenAiProperties,
  type OpenAiEmbeddingProperties,
  type OpenAiChatProperties,
  type OpenAiChatOptionsProperties,
  OPENAI_PROPERTY_KEYS,
  OPENAI_API_KEY_ENV,
} from './properties/open-ai-properties';
export { type RetryProperties, RETRY_PROPERTY_KEYS, DEFAULT_RETRY_PROPERTIES } from './properties/retry-properties';
export {
  type AnthropicProperties,
  type AnthropicChatOptionsProperties,
  ANTHROPIC_PROPERTY_KEYS,
  ANTHROPIC_API_KEY_ENV,
} from './properties/anthropic-properties';
export {
  type ModelProperties,
  type ChatModelProvider,
  CHAT_MODEL_PROVIDERS,
  MODEL_PROPERTY_KEYS,
} from './properties/model-properties';
export {
  type ChatClientProperties,
  CHAT_CLIENT_PROPERTY_KEYS,
  DEFAULT_CHAT_CLIENT_ENABLED,
  DEFAULT_TOOL_CALLING_ENABLED,
} from './properties/chat-client-properties';
export {
  type ToolSearchAdvisorProperties,
  type ToolIndexType,
  TOOL_INDEX_TYPES,
  TOOL_SEARCH_ADVISOR_PROPERTY_KEYS,
  DEFAULT_TOOL_SEARCH_ADVISOR_PROPERTIES,
} from './properties/tool-search-advisor-properties';

export {
  ToolCallingAutoConfiguration,
  configureToolCallingManager,
} from './autoconfigure/tool-calling-auto-configuration';
export { OpenAiAutoConfiguration } from './autoconfigure/open-ai-auto-configuration';
export { AnthropicAutoConfiguration } from './autoconfigure/anthropic-auto-configuration';
export { selectChatModelProvider } from './autoconfigure/select-chat-model-provider';
export { ChatClientAutoConfiguration } from './autoconfigure/chat-client-auto-configuration';
export { ChatMemoryAutoConfiguration } from './autoconfigure/chat-memory-auto-configuration';
export {
  type ChatMemoryProperties,
  type ChatMemoryRepositoryType,
  CHAT_MEMORY_PROPERTY_KEYS,
  DEFAULT_CHAT_MEMORY_REDIS_URL,
  DEFAULT_CHAT_MEMORY_REDIS_KEY_PREFIX,
} from './properties/chat-memory-properties';
export {
  type ToolApprovalProperties,
  TOOL_APPROVAL_PROPERTY_KEYS,
  DEFAULT_TOOL_APPROVAL_PROPERTIES,
} from './properties/tool-approval-properties';

export { McpTokens } from './mcp-tokens';
export { McpClientAutoConfiguration } from './autoconfigure/mcp-client-auto-configuration';
export { McpServerAutoConfiguration } from './autoconfigure/mcp-server-auto-configuration';
export { startMcp, startMcpServer, type StartMcpServerOptions } from './autoconfigure/mcp-start-up';
export {
  type McpClientProperties,
  type McpConnectionProperties,
  MCP_CLIENT_PROPERTY_KEYS,
  MCP_STDIO_CONNECTIONS_PREFIX,
  MCP_STREAMABLE_HTTP_CONNECTIONS_PREFIX,
  DEFAULT_MCP_CLIENT_ENDPOINT,
  bindMcpClientProperties,
} from './properties/mcp-client-properties';
export {
  type McpServerProperties,
  MCP_SERVER_PROPERTY_KEYS,
  DEFAULT_MCP_SERVER_PORT,
  DEFAULT_MCP_SERVER_ADDRESS,
  bindMcpServerProperties,
} from './properties/mcp-server-properties';

export { ToolScanError } from './scan/tool-scan-error';
export { BeanCurrentlyInCreationError } from './scan/bean-currently-in-creation-error';
export { NoUniqueBindingError, type NoUniqueBindingErrorOptions } from './container/no-unique-binding-error';
