// Public surface of @sprout-ai/chat-client. Adding an export is a decision.
export { Ordered, HIGHEST_PRECEDENCE, LOWEST_PRECEDENCE } from './advisor/api/ordered';
export { type Advisor, DEFAULT_CHAT_MEMORY_PRECEDENCE_ORDER } from './advisor/api/advisor';
export { type CallAdvisor, isCallAdvisor } from './advisor/api/call-advisor';
export type { CallAdvisorChain } from './advisor/api/call-advisor-chain';
export { type ToolAdvisor, TOOL_ADVISOR, isToolAdvisor } from './advisor/api/tool-advisor';
export { type MemoryAdvisor, MEMORY_ADVISOR, isMemoryAdvisor } from './advisor/api/memory-advisor';
export { AdvisorChainError } from './advisor/advisor-chain-error';
export { DefaultAroundAdvisorChain, DefaultAroundAdvisorChainBuilder } from './advisor/default-around-advisor-chain';
export { ChatModelCallAdvisor } from './advisor/chat-model-call-advisor';
export { ToolCallingAdvisor, type ToolCallingAdvisorClass } from './advisor/tool-calling-advisor';
export type { ToolCallingAdvisorOptions } from './advisor/tool-calling-advisor-options';
export { ToolCallingAdvisorBuilder } from './advisor/tool-calling-advisor-builder';
export { ToolSearchToolCallingAdvisor } from './advisor/tool-search/tool-search-tool-calling-advisor';
export { ToolSearchToolCallingAdvisorBuilder } from './advisor/tool-search/tool-search-tool-calling-advisor-builder';
export {
  DEFAULT_TOOL_SEARCH_SYSTEM_MESSAGE_SUFFIX,
  type ToolSearchToolCallingAdvisorOptions,
} from './advisor/tool-search/tool-search-tool-calling-advisor-options';
export {
  DEFAULT_TOOL_SEARCH_MAX_RESULTS,
  type ToolIndex,
  type ToolReference,
  type ToolSearchRequest,
  type ToolSearchResponse,
} from './advisor/tool-search/tool-index';
export { RegexToolIndex } from './advisor/tool-search/regex-tool-index';
export { FullTextToolIndex, type FullTextToolIndexOptions } from './advisor/tool-search/full-text-tool-index';
export { toolSearchTerms } from './advisor/tool-search/tool-search-terms';
export { ToolSearchSessions } from './advisor/tool-search/tool-search-sessions';
export type { ToolSearchEvictionStrategy } from './advisor/tool-search/tool-search-eviction-strategy';
export { DEFAULT_LRU_MAX_SESSIONS, LruEvictionStrategy } from './advisor/tool-search/lru-eviction-strategy';
export { TtlEvictionStrategy } from './advisor/tool-search/ttl-eviction-strategy';
export { NeverEvictStrategy } from './advisor/tool-search/never-evict-strategy';
export { AlwaysEvictStrategy } from './advisor/tool-search/always-evict-strategy';
export { CompositeEvictionStrategy } from './advisor/tool-search/composite-eviction-strategy';
export {
  DEFAULT_VECTOR_TOOL_INDEX_MIN_SCORE,
  VectorToolIndex,
  type VectorToolIndexOptions,
} from './advisor/tool-search/vector-tool-index';
export { MissingToolSearchSessionIdError } from './advisor/tool-search/missing-tool-search-session-id-error';
export { TOOL_SEARCH_SESSION_ID_KEY, TOOL_SEARCH_TOOL_NAME } from './advisor/tool-search/tool-search-tool';

export { ChatClientRequest, ABORT_SIGNAL_KEY } from './chat-client-request';
export { ChatClientResponse } from './chat-client-response';
export { ChatClient, type ChatClientCreateOptions } from './chat-client';
export { ChatClientBuilder } from './chat-client-builder';
export { ChatClientRequestSpec } from './chat-client-request-spec';
export { PromptUserSpec } from './prompt-user-spec';
export { PromptSystemSpec } from './prompt-system-spec';
export { CallResponseSpec } from './call-response-spec';
export { answerText } from './answer-text';
export { EntityParamSpec } from './entity-param-spec';
export type { ResponseEntity } from './response-entity';
export {
  StructuredOutputValidationAdvisor,
  type StructuredOutputValidationAdvisorOptions,
  DEFAULT_MAX_REPEAT_ATTEMPTS,
  DEFAULT_STRUCTURED_OUTPUT_VALIDATION_ORDER,
} from './advisor/structured-output-validation-advisor';
export type { AdvisorSpec, AdvisorSpecConsumer } from './advisor-spec';
export { AdvisorParams } from './advisor-params';
export {
  ChatClientAttributes,
  TOOL_CALLING_ADVISOR_AUTO_REGISTER,
  OUTPUT_FORMAT,
  STRUCTURED_OUTPUT_SCHEMA,
  STRUCTURED_OUTPUT_NATIVE,
} from './chat-client-attributes';
export type { ToolInput } from './tool-registration';
export { MultipleToolAdvisorsError } from './multiple-tool-advisors-error';

// --- observation: loop events, OpenTelemetry options ---
export type {
  ChatClientLoopListener,
  LoopRoundEnd,
  LoopRoundStartEvent,
  LoopRoundFinishEvent,
  LoopToolCallStartEvent,
  LoopToolCallFinishEvent,
} from './observation/chat-client-loop-listener';
export type { ChatClientObservationOptions } from './observation/chat-client-observation-options';
export { ObservedChatModel, type ObservedChatModelOptions } from './observation/observed-chat-model';
// --- human approval of tool calls (docs/approval.md) ---
export {
  ToolApprovalStore,
  type ToolApprovalStoreOptions,
  DEFAULT_TOOL_APPROVAL_TIME_TO_LIVE_MS,
  PAUSED_TURN_KEY_SUFFIX,
  MIN_TOOL_APPROVAL_SECRET_BYTES,
} from './approval/tool-approval-store';
export type { PausedTurn } from './approval/paused-turn';
export { type ToolApprovalDecision, approveToolCall, rejectToolCall } from './approval/tool-approval-decision';
export { ToolApprovalNotFoundError } from './approval/tool-approval-not-found-error';
export { ToolApprovalExpiredError } from './approval/tool-approval-expired-error';
export { InvalidToolApprovalError, type InvalidToolApprovalProblem } from './approval/invalid-tool-approval-error';

// --- streaming ---
export { type StreamAdvisor, isStreamAdvisor } from './advisor/api/stream-advisor';
export type { StreamAdvisorChain } from './advisor/api/stream-advisor-chain';
export { DefaultStreamAdvisorChain } from './advisor/default-stream-advisor-chain';
export { ChatModelStreamAdvisor } from './advisor/chat-model-stream-advisor';
export { ChatClientMessageAggregator } from './advisor/chat-client-message-aggregator';
export { StreamResponseSpec } from './stream/stream-response-spec';
export {
  type ChatClientStreamEvent,
  type ChatClientStreamEventListener,
  STREAM_EVENT_LISTENER_KEY,
  streamEventListenerOf,
} from './stream/chat-client-stream-event';

// --- chat memory advisors (the memory contracts live in @sprout-ai/core) ---
export {
  MessageChatMemoryAdvisor,
  MessageChatMemoryAdvisorBuilder,
  type MessageChatMemoryAdvisorOptions,
  type MemoryRound,
} from './advisor/message-chat-memory-advisor';
