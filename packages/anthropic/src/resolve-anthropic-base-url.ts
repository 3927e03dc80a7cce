import { parseBaseUrl } from '@sprout-ai/core/internal';

/**
 * Turns a Spring-style base URL into the base URL of the `@anthropic-ai/sdk` client, which adds
 * `/v1/messages` itself. Spring's `spring.ai.anthropic.base-url` has no `/v1` (default
 * `https://api.anthropic.com`); a URL written with a trailing `/v1` is taken without it, so both
 * forms reach `…/v1/messages`. A trailing `/` is dropped; any other path is kept (a proxy's prefix).
 *
 * @example
 * `resolveAnthropicBaseUrl('https://api.anthropic.com/')` → `'https://api.anthropic.com'`;
 * `resolveAnthropicBaseUrl('http://localhost:8080/anthropic/v1')` → `'http://localhost:8080/anthropic'`
 * @param baseUrl - an absolute http(s) URL
 * @returns the URL the client sends `/v1/messages` under
 * @throws ConfigurationError when `baseUrl` is not an absolute http(s) URL
 */
export function resolveAnthropicBaseUrl(baseUrl: string): string {
  const url = parseBaseUrl(baseUrl, 'spring.ai.anthropic.base-url', "'https://api.anthropic.com'");
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}${url.search}`;
}
