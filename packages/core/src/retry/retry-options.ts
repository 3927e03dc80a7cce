/** Spring's `spring.ai.retry.max-attempts` default: attempts in all, the first included. */
export const DEFAULT_RETRY_MAX_ATTEMPTS = 10;

/** Spring's `spring.ai.retry.backoff.initial-interval` default, in milliseconds. */
export const DEFAULT_RETRY_INITIAL_INTERVAL_MS = 2_000;

/** Spring's `spring.ai.retry.backoff.multiplier` default. */
export const DEFAULT_RETRY_MULTIPLIER = 5;

/** Spring's `spring.ai.retry.backoff.max-interval` default (3 minutes), in milliseconds. */
export const DEFAULT_RETRY_MAX_INTERVAL_MS = 180_000;

/**
 * How a model call is retried: which failures, how often, and how long to wait between attempts
 * (exponential backoff: `initialIntervalMs`, then times `multiplier`, at most `maxIntervalMs`; a
 * `Retry-After` the server sent wins, up to `maxIntervalMs`).
 *
 * A failure is retried when the server could not be reached or did not answer in time, or answered
 * a status that {@link isRetryableStatus} accepts.
 *
 * @see Spring AI `SpringAiRetryProperties`, `RetryUtils`
 * @remarks Departs from Spring on 429: Spring counts it as a client error, retried only with
 * `onClientErrors`; Sprout retries it by default (a rate limit is the commonest transient failure;
 * `excludeOnHttpCodes: [429]` restores Spring's behaviour). Spring ignores `Retry-After`; Sprout
 * honours it (`retry-after-ms` or `retry-after`, in seconds or as an HTTP date).
 */
export interface RetryOptions {
  /** Attempts in all, the first included; `1` never retries. @defaultValue {@link DEFAULT_RETRY_MAX_ATTEMPTS} */
  readonly maxAttempts?: number;
  /** Wait before the first retry, in milliseconds. @defaultValue {@link DEFAULT_RETRY_INITIAL_INTERVAL_MS} */
  readonly initialIntervalMs?: number;
  /** Factor each further wait grows by. @defaultValue {@link DEFAULT_RETRY_MULTIPLIER} */
  readonly multiplier?: number;
  /** Longest wait between two attempts, in milliseconds. @defaultValue {@link DEFAULT_RETRY_MAX_INTERVAL_MS} */
  readonly maxIntervalMs?: number;
  /** Retry 4xx answers too (429 is retried regardless). @defaultValue false */
  readonly onClientErrors?: boolean;
  /** Statuses never retried, e.g. `[429]`; wins over everything but `onHttpCodes`. */
  readonly excludeOnHttpCodes?: readonly number[];
  /** Statuses always retried, e.g. `[400]`; wins over everything else. */
  readonly onHttpCodes?: readonly number[];
}

/**
 * Whether a failed model call with this HTTP status is worth another attempt: a status in
 * `onHttpCodes` is; else one in `excludeOnHttpCodes` is not; else 429, 5xx and no status at all
 * (unreachable, timed out) are; other 4xx only with `onClientErrors`; anything else (a 2xx whose
 * body was not an answer) is not.
 *
 * @param status - the HTTP status, `undefined` when no answer arrived
 * @param options - the retry options
 */
export function isRetryableStatus(status: number | undefined, options: RetryOptions): boolean {
  if (status === undefined) return true;
  if (options.onHttpCodes?.includes(status)) return true;
  if (options.excludeOnHttpCodes?.includes(status)) return false;
  if (status === 429 || status >= 500) return true;
  if (status >= 400) return options.onClientErrors === true;
  return false;
}
