// `@sprout-ai/openai/internal`: the streaming chunk aggregator, for the benchmarks in apps/bench. No
// compatibility promise. Users import from `@sprout-ai/openai`.
export {
  ChatCompletionChunkAggregator,
  type ChoiceUpdate,
  type AggregatedChoice,
} from './stream/chat-completion-chunk-aggregator';
// The server's tool-call id rule, for @sprout-ai/boot's check of `sprout.openai.chat.tool-call-id-pattern`.
export { ToolCallIdRule, TOOL_CALL_ID_PATTERN_FORMS } from './tool-call-id-rule';
