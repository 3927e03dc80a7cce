// Public surface of @sprout-ai/openai.
export { OpenAiChatModel, type OpenAiChatModelOptions } from './openai-chat-model';
export type { OpenAiChatOptions } from './openai-chat-options';
export { OpenAiApiError } from './openai-api-error';
export { resolveOpenAiBaseUrl } from './resolve-openai-base-url';
export {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MODEL,
  DEFAULT_OPENAI_MAX_RETRIES,
  DEFAULT_OPENAI_TIMEOUT_MS,
} from './openai-defaults';
