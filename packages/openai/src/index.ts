// Public surface of @sprout-ai/openai.
export { OpenAiChatModel, type OpenAiChatModelOptions } from './openai-chat-model';
export type { OpenAiChatOptions } from './openai-chat-options';
export {
  OpenAiEmbeddingModel,
  type OpenAiEmbeddingModelOptions,
  OPENAI_EMBEDDING_MAX_INPUTS,
} from './openai-embedding-model';
export type { OpenAiResponseFormat } from './openai-response-format';
export { OpenAiApiError } from './openai-api-error';
export {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MODEL,
  DEFAULT_OPENAI_MAX_RETRIES,
  DEFAULT_OPENAI_TIMEOUT_MS,
  DEFAULT_OPENAI_IDLE_TIMEOUT_MS,
  DEFAULT_OPENAI_EMBEDDING_MODEL,
} from './openai-defaults';
export type { HermesToolCallMode } from './stream/hermes-tool-call-markup';
export {
  toStrictToolSchema,
  strictSchemaViolations,
  type StrictToolSchemaResult,
  STRICT_FORMATS,
  STRICT_MAX_NESTING,
  STRICT_MAX_PROPERTIES,
} from './strict-tool-schema';
