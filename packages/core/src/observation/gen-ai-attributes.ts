/**
 * Names from the OpenTelemetry GenAI and MCP semantic conventions (incubating, as of
 * `@opentelemetry/semantic-conventions` 1.45), written out here so that the library packages
 * depend on `@opentelemetry/api` alone. One place for every name a Sprout span or metric uses.
 */
export const GEN_AI = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  requestTemperature: 'gen_ai.request.temperature',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  requestTopP: 'gen_ai.request.top_p',
  requestStopSequences: 'gen_ai.request.stop_sequences',
  requestStream: 'gen_ai.request.stream',
  responseId: 'gen_ai.response.id',
  responseModel: 'gen_ai.response.model',
  responseFinishReasons: 'gen_ai.response.finish_reasons',
  responseTimeToFirstChunk: 'gen_ai.response.time_to_first_chunk',
  usageInputTokens: 'gen_ai.usage.input_tokens',
  usageOutputTokens: 'gen_ai.usage.output_tokens',
  usageCacheReadInputTokens: 'gen_ai.usage.cache_read.input_tokens',
  usageCacheCreationInputTokens: 'gen_ai.usage.cache_creation.input_tokens',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  tokenType: 'gen_ai.token.type',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolDescription: 'gen_ai.tool.description',
  toolCallArguments: 'gen_ai.tool.call.arguments',
  toolCallResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
} as const;

/** `gen_ai.operation.name` values Sprout records. */
export const GEN_AI_OPERATION = {
  chat: 'chat',
  executeTool: 'execute_tool',
  invokeAgent: 'invoke_agent',
} as const;

/** Metric names of the GenAI conventions (histograms; durations in seconds). */
export const GEN_AI_METRIC = {
  operationDuration: 'gen_ai.client.operation.duration',
  tokenUsage: 'gen_ai.client.token.usage',
  timeToFirstChunk: 'gen_ai.client.operation.time_to_first_chunk',
} as const;

/** Sprout's attributes, for what the conventions have no name for. */
export const SPROUT_ATTRIBUTE = {
  /** How a tool call ended: `success`, `error`, `timeout`, `limit`, `unknown-tool`, `rejected` (`ToolCallStatus`). */
  toolOutcome: 'sprout.tool.outcome',
  /** Set (true) when the tool's result was cut to the result cap before the model read it. */
  toolResultTruncated: 'sprout.tool.result.truncated',
  /** Length of the tool's whole result, in characters. */
  toolResultLength: 'sprout.tool.result.length',
  /** Why a tool call waits for a person's approval (the rule or policy that asked). */
  approvalReason: 'sprout.tool.approval.reason',
  /** The tool's own timeout, in milliseconds. */
  toolTimeoutMs: 'sprout.tool.timeout_ms',
  /** Round of the tool loop (1-based) a model call or tool call belongs to. */
  round: 'sprout.round',
  /** How a ToolCallingAdvisor turn ended: `answer`, `returnDirect`, `limit`, `pendingApproval`. */
  loopEnd: 'sprout.loop.end',
  /** Number of model calls (rounds) of the turn. */
  loopRounds: 'sprout.loop.rounds',
} as const;

/** The tool-execution duration histogram (seconds), Spring's `spring.ai.tool` observation. */
export const TOOL_DURATION_METRIC = 'spring.ai.tool';

/** Instrumentation scope names (the tracer and meter of each package). */
export const INSTRUMENTATION_SCOPE = {
  core: '@sprout-ai/core',
  chatClient: '@sprout-ai/chat-client',
  mcp: '@sprout-ai/mcp',
} as const;
