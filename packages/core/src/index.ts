// Public surface of @sprout-ai/core. Adding an export is a decision.
export { SproutError } from './error/sprout-error';

export { MessageType } from './chat/messages/message-type';
export type { Message } from './chat/messages/message';
export { SystemMessage } from './chat/messages/system-message';
export { UserMessage } from './chat/messages/user-message';
export { AssistantMessage, type ToolCall } from './chat/messages/assistant-message';
export { ToolResponseMessage, type ToolResponse } from './chat/messages/tool-response-message';

export type { ChatOptions, ToolChoice } from './chat/prompt/chat-options';
export { Prompt } from './chat/prompt/prompt';
export type { ChatModel } from './chat/model/chat-model';
export { ChatResponse, type ChatResponseMetadata } from './chat/model/chat-response';
export type { Generation, GenerationMetadata } from './chat/model/generation';
export { type Usage, EMPTY_USAGE, addUsage } from './chat/model/usage';
export { ToolContext } from './chat/model/tool-context';

export type { ToolDefinition } from './tool/definition/tool-definition';
export { type ToolMetadata, DEFAULT_TOOL_METADATA } from './tool/metadata/tool-metadata';
export type { ToolCallback } from './tool/tool-callback';
export { type ToolCallbackProvider, isToolCallbackProvider } from './tool/tool-callback-provider';
export { Tool, type ToolOptions, type ToolMethodOptions } from './tool/annotation/tool';
export { ToolParam, type ToolParamOptions, getToolParamOptions } from './tool/annotation/tool-param';
export { toolClassRegistry } from './tool/annotation/tool-class-registry';
export { METADATA_KEYS } from './tool/support/metadata-keys';
export type { ToolCallResultConverter } from './tool/execution/tool-call-result-converter';
export {
  type ToolSchemaManifest,
  type ToolMethodSchema,
  type ToolParameterSchema,
  toolSchemaKey,
} from './tool/schema/tool-schema-manifest';

export type { ToolCallingChatOptions } from './model/tool/tool-calling-chat-options';
export type { ToolCallingManager } from './model/tool/tool-calling-manager';
export {
  type ToolExecutionResult,
  RETURN_DIRECT_FINISH_REASON,
  METADATA_TOOL_ID,
  METADATA_TOOL_NAME,
} from './model/tool/tool-execution-result';
export { ToolExecutionError } from './tool/execution/tool-execution-error';
export { createLogger, type Logger } from './util/logger';

// --- tool callbacks (converter, method/function callbacks, providers, schema registry) ---

// --- tool execution (exception processor, resolvers, DefaultToolCallingManager, limits) ---
