import { parseBaseUrl } from '@sprout-ai/core/internal';

/**
 * Turns a Spring-style base URL into the base URL of the `openai` client.
 *
 * Spring's `spring.ai.openai.base-url` has no `/v1` (default `https://api.openai.com`), while
 * OpenAI-compatible servers are often configured with it (`http://localhost:11434/v1` for Ollama).
 * Rule: when the URL has no path (or just `/`), `/v1` is appended; otherwise the URL is used as
 * given. A trailing `/` is dropped.
 *
 * @example
 * `resolveOpenAiBaseUrl('https://api.openai.com')` → `'https://api.openai.com/v1'`;
 * `resolveOpenAiBaseUrl('http://localhost:11434/v1/')` → `'http://localhost:11434/v1'`
 * @param baseUrl - an absolute http(s) URL
 * @returns the URL the client sends `/chat/completions` under
 * @throws ConfigurationError when `baseUrl` is not an absolute http(s) URL
 * @remarks Spring always appends its completions path (`/v1/chat/completions`) to the base URL; we
 * accept both forms so one property works for OpenAI and for servers documented with `/v1`.
 */
export function resolveOpenAiBaseUrl(baseUrl: string): string {
  const url = parseBaseUrl(
    baseUrl,
    'spring.ai.openai.base-url',
    "'https://api.openai.com' or 'http://localhost:11434/v1'",
  );
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path === '' ? '/v1' : path}${url.search}`;
}
