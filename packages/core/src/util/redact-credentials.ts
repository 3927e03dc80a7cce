/**
 * `scheme://user:password@` — the password part of a URL's user info, up to the last `@` before the
 * host. Written to work on plain text and on the JSON text of a log line alike: the password stops at
 * whitespace, `/ ? #`, a quote and JSON escapes other than `\"` and `\\` (so a line break, raw or
 * escaped as `\n`, ends it), and never crosses from one JSON string into the next.
 */
const URL_PASSWORD = /(:\/\/[^\s/?#@:"\\]*:)((?:[^\s/?#"\\]|\\["\\])+)@/g;

/** What a masked password reads as. */
export const REDACTED = '***';

/**
 * Masks the credentials that text can carry into a log line or an error message: the password of
 * every URL with user info, e.g. `connection to db://admin:hunter2@10.0.0.5 refused` →
 * `connection to db://admin:***@10.0.0.5 refused`. The scheme, user name and host stay, so the text
 * still says what failed and where.
 *
 * Sprout's loggers pass every line through it (see `createLogger`); use it for text Sprout puts in
 * its own error messages, such as a configured connection URL.
 *
 * @param text - any text, e.g. an error message, a stack trace or a JSON log line
 * @returns the text with each URL password replaced by `***` (the same string when there is none)
 * @remarks Only user info in URLs is recognised: not a bare user name (`https://token@host`),
 * query parameters (`?api_key=…`), headers or key–value text (`password=…`).
 */
export function redactCredentials(text: string): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_PASSWORD, `$1${REDACTED}@`);
}
