// `@sprout-ai/core/internal`: what Sprout's own packages share and users do not call. No compatibility
// promise: these names change with the packages that use them. Users import from `@sprout-ai/core`.

// --- start-up: @Tool discovery (boot), metadata keys (mcp) ---
export { toolClassRegistry } from './tool/annotation/tool-class-registry';
export { METADATA_KEYS } from './tool/support/metadata-keys';
export { mergeToolParamOptions } from './tool/method/method-tool-definition';
export { checkToolExecutionRules } from './tool/metadata/check-tool-execution-rules';
export { assertUniqueToolNames } from './tool/support/assert-unique-tool-names';
export { isToolCallbackProvider } from './tool/tool-callback-provider';

// --- the schema manifest (written by schema, read by boot) ---
export { serializeToolSchemaManifest, toolSchemaKey } from './tool/schema/tool-schema-manifest';
export { readToolSchemaManifestFile } from './tool/schema/read-tool-schema-manifest-file';
export { toolSchemaSourcesHash } from './tool/schema/tool-schema-sources-hash';
export { toolSchemaManifestStaleness, TOOL_SCHEMA_CACHE_DIR } from './tool/schema/tool-schema-manifest-staleness';

// --- the request path: providers (openai), MCP callbacks and the ChatClient loop ---
export { prepareToolArguments } from './tool/execution/prepare-tool-arguments';
export { ToolArgumentsParser } from './tool/execution/tool-arguments-parser';
export { isBlankToolArguments } from './tool/execution/repair-tool-arguments';
export { synthesizeToolCallId } from './model/tool/synthesize-tool-call-id';
export { buildReturnDirectGenerations } from './model/tool/build-return-direct-generations';
export { mergeToolCallbacks } from './model/tool/merge-tool-callbacks';
export { mergeToolContext } from './model/tool/merge-tool-context';
export { mergeChatOptions } from './model/tool/merge-chat-options';
export { resolveRequestToolDefinitions } from './model/tool/resolve-request-tool-definitions';
export { isStreamingChatModel } from './chat/model/streaming-chat-model';
export { addUsage, sameUsage } from './chat/model/usage';

export { retryModelCall, retryAfterMs, type RetryVerdict } from './retry/retry-model-call';

// --- what every provider's chat model shares around its wire (openai, anthropic) ---
export {
  ProviderChatExchange,
  type ProviderChatOptions,
  type ProviderChatSettings,
  type ProviderRequestContext,
  type ProviderRequestOptions,
  type ProviderWire,
} from './model/provider/provider-chat-exchange';
export { IncompleteStreamError } from './model/provider/incomplete-stream-error';
export { providerRetryVerdict, resolveProviderRetry } from './model/provider/provider-retry';
export {
  resolveProviderClientSettings,
  sdkClientOptions,
  type ProviderClientSettings,
} from './model/provider/provider-client-settings';
export { parseBaseUrl } from './model/provider/parse-base-url';
export {
  oneLineDetail,
  toModelApiError,
  type ProviderErrorMapping,
  type ProviderErrorWords,
  type SdkApiError,
  type SdkErrorClasses,
} from './model/provider/to-model-api-error';
export { invalidToolInputSchema, parseToolInputSchema } from './tool/schema/parse-tool-input-schema';

// --- observation: OpenTelemetry names and instruments (chat-client, mcp) ---
export {
  GEN_AI,
  GEN_AI_METRIC,
  GEN_AI_OPERATION,
  INSTRUMENTATION_SCOPE,
  SPROUT_ATTRIBUTE,
  TOOL_DURATION_METRIC,
} from './observation/gen-ai-attributes';
export { LazyInstruments } from './observation/lazy-instruments';
export { NOOP_HISTOGRAM, tracerProviderRegistered } from './observation/otel-registration';

// --- utilities ---
export { createLogger, setLogLevels, type Logger } from './util/logger';
export { redactCredentials } from './util/redact-credentials';
export { untilAborted } from './util/until-aborted';
export { linkedSignal } from './util/linked-signal';
export { RequestSignal } from './util/request-signal';
export { realmSafeFetch } from './util/realm-safe-fetch';
export { idleTimeoutDispatcher, isBodyIdleTimeout } from './util/idle-timeout-dispatcher';
export { rootCauseMessage } from './util/root-cause-message';
export { sdkClientLogger, type SdkClientLogger } from './util/sdk-client-logger';
export { requireOptionalPeer, type ModuleLoader } from './util/require-optional-peer';
