/** Spring's `spring.ai.anthropic.base-url` default; the client adds `/v1/messages`. */
export const DEFAULT_ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/** Model used when neither the model's default options nor the prompt name one. */
export const DEFAULT_ANTHROPIC_MODEL = 'claude-haiku-4-5';

/**
 * `max_tokens` sent when neither the model's default options nor the prompt set `maxTokens`: the
 * Messages API requires it (units: tokens). An answer that needs more ends with finish reason
 * `length`, and a tool call it cut off is not run.
 */
export const DEFAULT_ANTHROPIC_MAX_TOKENS = 4096;

/** Retries of a failed request (connection errors, 408, 409, 429, 5xx, 529) done by the `@anthropic-ai/sdk` client. */
export const DEFAULT_ANTHROPIC_MAX_RETRIES = 2;

/** Time allowed for one request attempt until the answer's headers arrive, in milliseconds. */
export const DEFAULT_ANTHROPIC_TIMEOUT_MS = 60_000;

/**
 * Default longest silence, in milliseconds, while a response body (JSON or stream) is arriving
 * (property `spring.ai.anthropic.chat.idle-timeout`).
 */
export const DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS = 60_000;
