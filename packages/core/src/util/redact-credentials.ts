/**
 * `scheme://user:password@` — the password part of a URL's user info, up to the last `@` before the
 * host. Written to work on plain text and on the JSON text of a log line alike: the password stops at
 * whitespace, `/ ? #`, a quote and JSON escapes other than `\"` and `\\` (so a line break, raw or
 * escaped as `\n`, ends it), and never crosses from one JSON string into the next.
 */
const URL_PASSWORD = /(:\/\/[^\s/?#@:"\\]*:)((?:[^\s/?#"\\]|\\["\\])+)@/g;

/**
 * A key whose value is a secret, its closing quote (group 2) and `=` or `:`, then the value (group 3).
 * The key ends in `password`, `passwd`, `pwd`, `secret`, `token` or `api-key`/`api_key`/`apikey`
 * (any case, any prefix: `db_password`, `clientSecret`, `x-api-key`, `access_token`; not
 * `promptTokens` or `password_hash`). The value is one of: `\"…\"` (a quoted value inside a JSON log
 * line's string, whose own quotes are escaped again), `"…"`, `'…'`, or unquoted up to whitespace, a
 * quote, a backslash (a JSON escape such as `\n`) or `&` (the next query parameter). An object or
 * array value (`{`, `[`) is left to its own keys.
 */
const KEY_VALUE = new RegExp(
  String.raw`((?<![A-Za-z0-9])[\w.-]{0,64}?(?:password|passwd|pwd|secret|token|api[_-]?key)(\\?["'])?[ \t]*[:=][ \t]*)` +
    String.raw`(\\"(?:\\\\(?:\\\\|\\"|\\[^"\\]|[^"\\])|\\[^"\\]|[^"\\])*\\"` +
    String.raw`|"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|[^\s"'\\&{[][^\s"'\\&]*)`,
  'gi',
);

/** `Bearer <token>` (an `Authorization` value, RFC 6750 token68 characters). */
const BEARER = /(?<![A-Za-z0-9])(bearer[ \t]+)[A-Za-z0-9\-._~+/]+=*/gi;

/** `Basic <base64>` candidates; only those that decode to `user:password` are masked (see below). */
const BASIC = /(?<![A-Za-z0-9])(basic[ \t]+)([A-Za-z0-9+/]+={0,2})(?![\w\-.~+/=])/gi;

/** An `sk-` API key (OpenAI's `sk-…`, `sk-proj-…`, Anthropic's `sk-ant-…`): 20+ characters, a digit among them. */
const SK_API_KEY = /(?<![\w-])sk-(?=[\w-]*\d)[\w-]{20,}/g;

/**
 * Cheap test that a text may hold one of the above (a word each needs); most log lines fail it and
 * are returned as they are. One scan, about 0.3 µs for a 200-character line.
 */
const MAY_HOLD_CREDENTIALS = /:\/\/|pass|pwd|secret|token|key|bearer|basic|sk-/i;

/** What a masked password reads as. */
export const REDACTED = '***';

/**
 * Masks the credentials that text can carry into a log line or an error message, keeping what
 * says what failed and where:
 *
 * | kind | example | masked |
 * |---|---|---|
 * | URL user info | `db://admin:hunter2@10.0.0.5` | `db://admin:***@10.0.0.5` |
 * | key=value, key: value | `password=hunter2`, `?api_key=k1&x=1`, `client_secret: s` | `password=***`, `?api_key=***&x=1`, `client_secret: ***` |
 * | JSON | `{"password":"hunter2"}` (also escaped in a log line's string) | `{"password":"***"}` |
 * | authorization values | `Bearer eyJhbGciOi…`, `Basic dXNlcjpwYXNz` | `Bearer ***`, `Basic ***` |
 * | `sk-` API keys | `sk-proj-4fGh…` | `sk-***` |
 *
 * Keys end in `password`, `passwd`, `pwd`, `secret`, `token` or `api-key`/`api_key`/`apikey`, in any
 * case and with any prefix (`db_password`, `clientSecret`, `x-api-key`, `access_token`). JSON text
 * stays valid JSON (an unquoted JSON value becomes the string `"***"`).
 *
 * Sprout's loggers pass every line through it (see `createLogger`), and so does the default
 * `ToolExecutionExceptionProcessor` (`detail: 'masked'`) before the model reads a tool's error; use
 * it for text Sprout puts in its own error messages, such as a configured connection URL.
 *
 * @param text - any text, e.g. an error message, a stack trace or a JSON log line
 * @returns the text with each credential replaced by `***` (the same string when there is none)
 * @remarks Recognition is by shape, so it is a safety net, not a guarantee: a secret under another
 * key (`"pin":"1234"`), a bare user name in a URL (`https://token@host`), a `Basic` value that does
 * not decode to `user:password`, or an `sk-` key shorter than 20 characters (or without a digit) is
 * left as it is. An unquoted value ends at whitespace or `&`, so `password=a b` masks only `a`.
 */
export function redactCredentials(text: string): string {
  if (!MAY_HOLD_CREDENTIALS.test(text)) return text;
  let result = text.includes('://') ? text.replace(URL_PASSWORD, `$1${REDACTED}@`) : text;
  result = result.replace(BEARER, `$1${REDACTED}`);
  result = result.replace(BASIC, (match, prefix: string, token: string) =>
    isBasicCredentials(token) ? prefix + REDACTED : match,
  );
  result = result.replace(KEY_VALUE, maskValue);
  return result.replace(SK_API_KEY, `sk-${REDACTED}`);
}

function maskValue(_match: string, keyAndSeparator: string, keyQuote: string | undefined, value: string): string {
  if (value.startsWith('\\"')) return `${keyAndSeparator}\\"${REDACTED}\\"`;
  if (value.startsWith('"') || value.startsWith("'")) return `${keyAndSeparator}${value[0]}${REDACTED}${value[0]}`;
  if (keyQuote === undefined || !keyQuote.endsWith('"')) return keyAndSeparator + REDACTED;
  // `"token":123,"next":…` in JSON (or escaped in a log line's string): mask the literal as a
  // string, keep what follows, and stay valid JSON.
  const end = value.search(/[,}\]]/);
  return `${keyAndSeparator}${keyQuote}${REDACTED}${keyQuote}${end === -1 ? '' : value.slice(end)}`;
}

/** Basic credentials are the base64 of `user:password`; an ordinary word (`Basic usage`) does not decode to that. */
function isBasicCredentials(token: string): boolean {
  const decoded = Buffer.from(token, 'base64').toString('utf8');
  // eslint-disable-next-line no-control-regex -- control characters mean the token is not text
  return decoded.includes(':') && !/[\u0000-\u001f\u007f\ufffd]/.test(decoded);
}
