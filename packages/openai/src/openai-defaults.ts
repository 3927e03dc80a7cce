/** Spring's `spring.ai.openai.base-url` default; `/v1` is appended by {@link resolveOpenAiBaseUrl}. */
export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com';

/** Model used when neither the model's default options nor the prompt name one. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

/** Retries of a failed request (connection errors, 408, 409, 429, 5xx) done by the `openai` client. */
export const DEFAULT_OPENAI_MAX_RETRIES = 2;

/** Time allowed for one request, in milliseconds. */
export const DEFAULT_OPENAI_TIMEOUT_MS = 60_000;

/**
 * Default longest silence, in milliseconds, while a response body (JSON or stream) is arriving
 * (property `spring.ai.openai.chat.idle-timeout`).
 */
export const DEFAULT_OPENAI_IDLE_TIMEOUT_MS = 60_000;

/** Embedding model used when none is configured (Spring's default, `spring.ai.openai.embedding.options.model`). */
export const DEFAULT_OPENAI_EMBEDDING_MODEL = 'text-embedding-ada-002';
