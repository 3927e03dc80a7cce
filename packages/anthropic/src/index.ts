// Public surface of @sprout-ai/anthropic.
export { AnthropicChatModel, type AnthropicChatModelOptions } from './anthropic-chat-model';
export type { AnthropicChatOptions } from './anthropic-chat-options';
export { AnthropicApiError } from './anthropic-api-error';
export { ANTHROPIC_FINISH_REASONS } from './anthropic-finish-reason';
export {
  DEFAULT_ANTHROPIC_BASE_URL,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_ANTHROPIC_MAX_TOKENS,
  DEFAULT_ANTHROPIC_MAX_RETRIES,
  DEFAULT_ANTHROPIC_TIMEOUT_MS,
  DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS,
} from './anthropic-defaults';
