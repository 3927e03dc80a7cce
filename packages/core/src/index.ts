// Public surface of @sprout-ai/core. Adding an export is a decision; what only Sprout's own packages
// use is in ./internal.ts (`@sprout-ai/core/internal`).
export { SproutError } from './error/sprout-error';
export { ConfigurationError, type ConfigurationErrorOptions } from './error/configuration-error';
export { RequestAbortedError } from './error/request-aborted-error';
export {
  MissingPeerDependencyError,
  type MissingPeerDependencyErrorOptions,
} from './error/missing-peer-dependency-error';

export { MessageType } from './chat/messages/message-type';
export type { Message } from './chat/messages/message';
export { SystemMessage } from './chat/messages/system-message';
export { UserMessage } from './chat/messages/user-message';
export { AssistantMessage, type ToolCall } from './chat/messages/assistant-message';
export { ToolResponseMessage, type ToolResponse } from './chat/messages/tool-response-message';

export type { ChatOptions, ToolChoice } from './chat/prompt/chat-options';
export { Prompt } from './chat/prompt/prompt';
export { EmptyPromptError } from './chat/prompt/empty-prompt-error';
export { PromptTemplate } from './chat/prompt/prompt-template';
export { Media, type MediaData, type MediaOptions } from './content/media';
export { MissingTemplateVariablesError } from './chat/prompt/missing-template-variables-error';
export type { ChatModel } from './chat/model/chat-model';
export type { ChatModelRequestOptions } from './chat/model/chat-model-request-options';
export { ChatResponse, type ChatResponseMetadata } from './chat/model/chat-response';
export type { Generation, GenerationMetadata } from './chat/model/generation';
export type { Usage } from './chat/model/usage';
export { ToolContext } from './chat/model/tool-context';
export type { EmbeddingModel } from './embedding/embedding-model';

// --- structured output (`.call().entity(Type)`) ---
export {
  BeanOutputConverter,
  type BeanOutputConverterOptions,
  type OutputType,
  type StructuredOutputValidation,
} from './converter/bean-output-converter';
export {
  StructuredOutputValidationError,
  type StructuredOutputValidationErrorOptions,
} from './converter/structured-output-validation-error';

// --- chat memory (the contracts and the default window over an in-memory store) ---
export { ChatMemory, CHAT_MEMORY_CONVERSATION_ID, DEFAULT_CONVERSATION_ID } from './chat/memory/chat-memory';
export type { ChatMemoryRepository } from './chat/memory/chat-memory-repository';
export { InMemoryChatMemoryRepository } from './chat/memory/in-memory-chat-memory-repository';
export {
  MessageWindowChatMemory,
  MessageWindowChatMemoryBuilder,
  type MessageWindowChatMemoryOptions,
  DEFAULT_MAX_MESSAGES,
} from './chat/memory/message-window-chat-memory';

export type { ToolDefinition } from './tool/definition/tool-definition';
export {
  type ToolMetadata,
  type ToolConcurrency,
  type ToolApprovalMode,
  type ToolAnnotations,
  DEFAULT_TOOL_METADATA,
} from './tool/metadata/tool-metadata';
export type { ToolCallback } from './tool/tool-callback';
export type { ToolCallResult } from './tool/tool-call-result';
export type { ToolCallbackProvider } from './tool/tool-callback-provider';
export { Tool, type ToolOptions, type ToolMethodOptions } from './tool/annotation/tool';
export type { ToolMethodDecorator } from './tool/annotation/tool-method-decorator';
export { ToolParam, type ToolParamOptions } from './tool/annotation/tool-param';
export type { ToolCallResultConverter } from './tool/execution/tool-call-result-converter';
export type {
  ToolSchemaManifest,
  ToolMethodSchema,
  ToolParameterSchema,
  ToolArgumentTypeSchema,
  SerializedToolSchemaManifest,
  SerializedToolMethodSchema,
  StructuredOutputTypeSchema,
} from './tool/schema/tool-schema-manifest';
export type { Integer } from './tool/schema/integer';

export type { ToolCallingChatOptions } from './model/tool/tool-calling-chat-options';
export type { ToolCallingManager } from './model/tool/tool-calling-manager';
export type { ToolExecutionOptions } from './model/tool/tool-execution-options';
export type { ToolCallCounts } from './model/tool/tool-call-counts';
export type { ToolCallObserver } from './model/tool/tool-call-observer';
export type { ToolCallOutcome, ToolCallStatus } from './model/tool/tool-call-outcome';
export type { PreparedToolCall } from './model/tool/prepared-tool-call';
export type { PreparedToolArguments } from './tool/execution/prepared-tool-arguments';
export type { ToolArguments } from './tool/execution/tool-arguments-parser';
export {
  type ToolExecutionResult,
  RETURN_DIRECT_FINISH_REASON,
  METADATA_TOOL_ID,
  METADATA_TOOL_NAME,
} from './model/tool/tool-execution-result';
export { ToolExecutionError, type ToolExecutionErrorOptions } from './tool/execution/tool-execution-error';

// --- tool callbacks (converter, method/function callbacks, providers, schema registry) ---
export { toolDefinition, type ToolDefinitionOptions } from './tool/definition/tool-definition';
export {
  DefaultToolCallResultConverter,
  type DefaultToolCallResultConverterOptions,
} from './tool/execution/default-tool-call-result-converter';
export {
  InvalidToolArgumentsError,
  type InvalidToolArgumentsErrorOptions,
} from './tool/execution/invalid-tool-arguments-error';
export {
  MethodToolCallback,
  MethodToolCallbackBuilder,
  type MethodToolCallbackOptions,
} from './tool/method/method-tool-callback';
export {
  MethodToolCallbackProvider,
  MethodToolCallbackProviderBuilder,
  type MethodToolCallbackProviderOptions,
} from './tool/method/method-tool-callback-provider';
export {
  FunctionToolCallback,
  FunctionToolCallbackBuilder,
  type FunctionToolCallbackOptions,
  type ToolFunction,
} from './tool/function/function-tool-callback';
export { ToolCallbacks } from './tool/tool-callbacks';
export {
  AugmentedToolCallbackProvider,
  AugmentedToolCallbackProviderBuilder,
  type AugmentedToolCallbackProviderOptions,
} from './tool/augment/augmented-tool-callback-provider';
export { AugmentedToolCallback, type AugmentedToolCallbackOptions } from './tool/augment/augmented-tool-callback';
export type { AugmentedArgumentEvent } from './tool/augment/augmented-argument-event';
export { ToolInputSchemaAugmenter, type AugmentedArgumentType } from './tool/augment/tool-input-schema-augmenter';
export { ToolSchemaRegistry, toolSchemaRegistry } from './tool/schema/tool-schema-registry';
export { ToolSchemaManifestDocument } from './tool/schema/tool-schema-manifest-document';
export { formatToolSchemaManifest } from './tool/schema/tool-schema-manifest-layout';
export { MissingToolSchemaError, type MissingToolSchemaErrorOptions } from './tool/schema/missing-tool-schema-error';
export { ToolSchemaManifestError } from './tool/schema/tool-schema-manifest-error';
export { InvalidToolSchemaError } from './tool/schema/invalid-tool-schema-error';
export { ToolMethodNotFoundError } from './tool/support/tool-method-not-found-error';
export { DuplicateToolNameError, type DuplicateToolNameErrorOptions } from './tool/support/duplicate-tool-name-error';
export { ToolDefinitions, ToolDefinitionBuilder } from './tool/support/tool-definitions';

// --- tool execution (exception processor, resolvers, DefaultToolCallingManager, limits) ---
export type { ToolExecutionExceptionProcessor } from './tool/execution/tool-execution-exception-processor';
export {
  DefaultToolExecutionExceptionProcessor,
  type DefaultToolExecutionExceptionProcessorOptions,
  type ErrorClass,
} from './tool/execution/default-tool-execution-exception-processor';
export {
  type ToolErrorDetail,
  DEFAULT_TOOL_ERROR_DETAIL,
  TOOL_ERROR_DETAILS,
} from './tool/execution/tool-error-detail';
export type { ToolCallbackResolver } from './tool/resolution/tool-callback-resolver';
export { StaticToolCallbackResolver } from './tool/resolution/static-tool-callback-resolver';
export { DelegatingToolCallbackResolver } from './tool/resolution/delegating-tool-callback-resolver';
export {
  DefaultToolCallingManager,
  type DefaultToolCallingManagerConfig,
} from './model/tool/default-tool-calling-manager';
export { DefaultToolCallingManagerBuilder } from './model/tool/default-tool-calling-manager-builder';
export {
  type ToolExecutionSettings,
  DEFAULT_TOOL_EXECUTION_SETTINGS,
  DEFAULT_TOOL_MAX_CONCURRENCY,
  DEFAULT_TOOL_RESULT_MAX_CHARS,
  UNLIMITED_RESULT_CHARS,
} from './model/tool/tool-execution-settings';
export {
  DEFAULT_MAX_CALLS_PER_TOOL,
  DEFAULT_MAX_TOTAL_TOOL_CALLS,
  DEFAULT_MAX_TOOL_ROUNDS,
  UNLIMITED_TOOL_CALLS,
  ToolCallLimits,
  type ToolCallLimitBreach,
  type ToolCallLimitKind,
} from './model/tool/tool-call-limits';
export { ToolCallLimitBehavior } from './model/tool/tool-call-limit-behavior';
export {
  ToolCallLimitExceededError,
  TOOL_CALL_LIMIT_EXCEEDED_FINISH_REASON,
  METADATA_PARTIAL_TOOL_RESPONSES,
} from './model/tool/tool-call-limit-exceeded-error';
export { UnresolvedToolNamesError } from './model/tool/unresolved-tool-names-error';
export { NoToolCallRequestedError } from './model/tool/no-tool-call-requested-error';
export type {
  ToolApprovalPolicy,
  ToolApprovalRequest,
  ToolApprovalRequirement,
} from './model/tool/approval/tool-approval-policy';
export {
  ToolApprovalRules,
  type ToolApprovalRulesOptions,
  type McpDestructiveApproval,
  DEFAULT_MCP_DESTRUCTIVE_APPROVAL,
} from './model/tool/approval/tool-approval-rules';
export {
  type PendingToolCall,
  type PendingApprovalCall,
  type PendingApproval,
  PENDING_APPROVAL_FINISH_REASON,
} from './model/tool/approval/pending-tool-call';
export { type ToolCallDecisions, declinedToolCallMessage } from './model/tool/approval/tool-call-decisions';
export {
  type ToolExecutionEligibilityChecker,
  defaultToolExecutionEligibilityChecker,
} from './model/tool/tool-execution-eligibility-checker';

// --- streaming and wire robustness (argument repair, tool-call ids) ---
export {
  type StreamingChatModel,
  type ToolCallDelta,
  TOOL_CALL_DELTAS_METADATA_KEY,
  toolCallDeltasOf,
} from './chat/model/streaming-chat-model';
export type { ToolArgumentRepair } from './tool/execution/repair-tool-arguments';
export { ToolCallTimeoutError } from './model/tool/tool-call-timeout-error';

// --- retries of model calls (Spring's spring-ai-retry) ---
export { ModelApiError, type ModelApiErrorOptions } from './model/provider/model-api-error';
export {
  DEFAULT_RETRY_INITIAL_INTERVAL_MS,
  DEFAULT_RETRY_MAX_ATTEMPTS,
  DEFAULT_RETRY_MAX_INTERVAL_MS,
  DEFAULT_RETRY_MULTIPLIER,
  isRetryableStatus,
  type RetryOptions,
} from './retry/retry-options';
