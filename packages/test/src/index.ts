// Public surface of @sprout-ai/test: test doubles at the model boundary and on the wire.
export { ScriptExhaustedError } from './script-exhausted-error';

export {
  ScriptedChatModel,
  type ScriptedChatStep,
  type ScriptedChatStepFunction,
  type ScriptedChatModelOptions,
} from './model/scripted-chat-model';
export {
  assistantText,
  assistantToolCalls,
  type ToolCallSpec,
  type ChatResponseSpec,
} from './model/chat-response-builders';

export type { WireErrorStep, RecordedWireRequest, WireStepContext, WireExchangeEnd } from './wire/wire-exchange';
export {
  OpenAiWireServer,
  type OpenAiWireServerOptions,
  type WireScriptStep,
  type WireStepFunction,
  type WireStepResult,
} from './wire/openai-wire-server';
export {
  DEFAULT_WIRE_EMBEDDING_DIMENSIONS,
  wordHashEmbedding,
  type WireEmbeddingFunction,
  type WireEmbeddingRequest,
} from './wire/wire-embeddings';
export { chatCompletion, type ChatCompletionSpec, type ChatCompletionToolCallSpec } from './wire/chat-completion';
export {
  type WireSseStep,
  type SseFromChatCompletionOptions,
  sseEvents,
  sseTranscript,
  sseFromChatCompletion,
  splitEvery,
} from './wire/sse';
export type {
  WireChatRequest,
  WireChatCompletion,
  WireChoice,
  WireMessage,
  WireTool,
  WireToolCall,
  WireUsage,
} from './wire/wire-types';

export {
  AnthropicWireServer,
  type AnthropicWireServerOptions,
  type AnthropicWireScriptStep,
  type AnthropicWireStepFunction,
  type AnthropicWireStepResult,
} from './wire/anthropic-wire-server';
export { anthropicMessage, type AnthropicMessageSpec, type AnthropicToolUseSpec } from './wire/anthropic-message';
export { anthropicSseEvents, sseFromAnthropicMessage, type SseFromAnthropicMessageOptions } from './wire/anthropic-sse';
export type {
  AnthropicWireRequest,
  AnthropicWireResponse,
  AnthropicWireMessage,
  AnthropicWireContentBlock,
  AnthropicWireTool,
  AnthropicWireUsage,
} from './wire/anthropic-wire-types';

export { captureLogLines, type LogCapture } from './log/capture-log-lines';

export { errorOf } from './errors/error-of';
