import { ConfigurationError } from '../../error/configuration-error';
import { redactCredentials } from '../../util/redact-credentials';

/**
 * A provider's base URL parsed and checked: an absolute http(s) URL, surrounding blanks ignored.
 *
 * @param baseUrl - the configured URL
 * @param setting - its property, e.g. `spring.ai.openai.base-url`
 * @param examples - what a valid one looks like, for the message, e.g. `'https://api.openai.com'`
 * @throws ConfigurationError when it is not an absolute http(s) URL (a password in it is masked)
 */
export function parseBaseUrl(baseUrl: string, setting: string, examples: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    url = undefined;
  }
  if (url?.protocol === 'http:' || url?.protocol === 'https:') return url;
  throw new ConfigurationError({
    setting,
    value: baseUrl,
    allowed: 'an absolute http(s) URL',
    // A base URL may carry a password (`https://user:secret@host`): the message is printed and logged.
    message: `${setting} '${redactCredentials(baseUrl)}' is not an absolute http(s) URL. Use for example ${examples}.`,
  });
}
