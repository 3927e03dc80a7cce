import { ConfigurationError } from '@sprout-ai/core';
import { redactCredentials } from '@sprout-ai/core/internal';

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
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw invalid(baseUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(baseUrl);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return `${url.origin}${path}${url.search}`;
}

function invalid(baseUrl: string): ConfigurationError {
  return new ConfigurationError({
    setting: 'spring.ai.anthropic.base-url',
    value: baseUrl,
    allowed: 'an absolute http(s) URL',
    // A base URL may carry a password (`https://user:secret@host`): the message is printed and logged.
    message:
      `spring.ai.anthropic.base-url '${redactCredentials(baseUrl)}' is not an absolute http(s) URL. ` +
      `Use for example 'https://api.anthropic.com'.`,
  });
}
