// Public surface of @sprout-ai/core. Adding an export is a decision.
export { SproutError } from './error/sprout-error';
export { RequestAbortedError } from './error/request-aborted-error';

export { MessageType } from './chat/messages/message-type';
export type { Message } from './chat/messages/message';
export { SystemMessage } from './chat/messages/system-message';
export { UserMessage } from './chat/messages/user-message';
export { AssistantMessage, type ToolCall } from './chat/messages/assistant-message';
export { ToolResponseMessage, type ToolResponse } from './chat/messages/tool-response-message';

export type { ChatOptions, ToolChoice } from './chat/prompt/chat-options';
export { Prompt } from './chat/prompt/prompt';
export type { ChatModel } from './chat/model/chat-model';
export type { ChatModelRequestOptions } from './chat/model/chat-model-request-options';
export { ChatResponse, type ChatResponseMetadata } from './chat/model/chat-response';
export type { Generation, GenerationMetadata } from './chat/model/generation';
export { type Usage, EMPTY_USAGE, addUsage } from './chat/model/usage';
export { ToolContext } from './chat/model/tool-context';

export type { ToolDefinition } from './tool/definition/tool-definition';
export { type ToolMetadata, type ToolConcurrency, DEFAULT_TOOL_METADATA } from './tool/metadata/tool-metadata';
export { checkToolExecutionRules } from './tool/metadata/check-tool-execution-rules';
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
  type SerializedToolSchemaManifest,
  type SerializedToolMethodSchema,
  serializeToolSchemaManifest,
  toolSchemaKey,
} from './tool/schema/tool-schema-manifest';
export type { Integer } from './tool/schema/integer';
export { coerceToolArguments, type CoercedToolArguments } from './tool/execution/coerce-tool-arguments';

export type { ToolCallingChatOptions } from './model/tool/tool-calling-chat-options';
export type { ToolCallingManager } from './model/tool/tool-calling-manager';
export type { ToolExecutionOptions } from './model/tool/tool-execution-options';
export type { ToolCallObserver } from './model/tool/tool-call-observer';
export type { ToolCallOutcome, ToolCallStatus } from './model/tool/tool-call-outcome';
export type { PreparedToolCall } from './model/tool/prepared-tool-call';
export type { PreparedToolArguments } from './tool/execution/prepared-tool-arguments';
export { prepareToolArguments } from './tool/execution/prepare-tool-arguments';
export {
  type ToolExecutionResult,
  RETURN_DIRECT_FINISH_REASON,
  METADATA_TOOL_ID,
  METADATA_TOOL_NAME,
} from './model/tool/tool-execution-result';
export { ToolExecutionError, type ToolExecutionErrorOptions } from './tool/execution/tool-execution-error';
export { createLogger, type Logger } from './util/logger';
export { redactCredentials } from './util/redact-credentials';
export { untilAborted } from './util/until-aborted';
export { linkedSignal } from './util/linked-signal';

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
export { ToolArgumentsParser, type ToolArguments } from './tool/execution/tool-arguments-parser';
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
export { mergeToolParamOptions } from './tool/method/method-tool-definition';
export {
  FunctionToolCallback,
  FunctionToolCallbackBuilder,
  type FunctionToolCallbackOptions,
  type ToolFunction,
} from './tool/function/function-tool-callback';
export { ToolCallbacks } from './tool/tool-callbacks';
export { ToolSchemaRegistry, toolSchemaRegistry } from './tool/schema/tool-schema-registry';
export { ToolSchemaManifestDocument } from './tool/schema/tool-schema-manifest-document';
export { readToolSchemaManifestFile } from './tool/schema/read-tool-schema-manifest-file';
export { formatToolSchemaManifest } from './tool/schema/tool-schema-manifest-layout';
export { toolSchemaSourcesHash } from './tool/schema/tool-schema-sources-hash';
export { toolSchemaManifestStaleness, TOOL_SCHEMA_CACHE_DIR } from './tool/schema/tool-schema-manifest-staleness';
export { MissingToolSchemaError, type MissingToolSchemaErrorOptions } from './tool/schema/missing-tool-schema-error';
export { DuplicateToolNameError, type DuplicateToolNameErrorOptions } from './tool/support/duplicate-tool-name-error';
export { assertUniqueToolNames } from './tool/support/assert-unique-tool-names';
export { ToolDefinitions, ToolDefinitionBuilder } from './tool/support/tool-definitions';
export { runtimeToolMethodSchema, classValidatorSchema } from './tool/schema/runtime-tool-method-schema';

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
export { ToolCallingConfigurationError } from './model/tool/tool-calling-configuration-error';
export { UnresolvedToolNamesError } from './model/tool/unresolved-tool-names-error';
export { buildReturnDirectGenerations } from './model/tool/build-return-direct-generations';
export {
  type ToolExecutionEligibilityChecker,
  defaultToolExecutionEligibilityChecker,
} from './model/tool/tool-execution-eligibility-checker';
export { mergeToolCallbacks } from './model/tool/merge-tool-callbacks';
export { mergeToolContext } from './model/tool/merge-tool-context';

// --- streaming and wire robustness (argument repair, tool-call ids) ---
export {
  type StreamingChatModel,
  isStreamingChatModel,
  type ToolCallDelta,
  TOOL_CALL_DELTAS_METADATA_KEY,
  toolCallDeltasOf,
} from './chat/model/streaming-chat-model';
export {
  isBlankToolArguments,
  repairToolArguments,
  type RepairedToolArguments,
  type ToolArgumentRepair,
} from './tool/execution/repair-tool-arguments';
export { prepareToolCalls, type PreparedToolRound } from './model/tool/prepare-tool-calls';
export { ToolCallTimeoutError } from './model/tool/tool-call-timeout-error';
export { synthesizeToolCallId } from './model/tool/synthesize-tool-call-id';
