// `@sprout-ai/openai/internal`: the streaming chunk aggregator, for the benchmarks in apps/bench. No
// compatibility promise. Users import from `@sprout-ai/openai`.
export {
  ChatCompletionChunkAggregator,
  type ChoiceUpdate,
  type AggregatedChoice,
} from './stream/chat-completion-chunk-aggregator';
