import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../util/logger';
import {
  DEFAULT_RETRY_INITIAL_INTERVAL_MS,
  DEFAULT_RETRY_MAX_ATTEMPTS,
  DEFAULT_RETRY_MAX_INTERVAL_MS,
  DEFAULT_RETRY_MULTIPLIER,
  type RetryOptions,
} from './retry-options';

/** What a provider says about one failed attempt. */
export interface RetryVerdict {
  /** Whether another attempt may succeed. */
  readonly retry: boolean;
  /** The server's `Retry-After`, in milliseconds, when it sent one. */
  readonly retryAfterMs?: number;
}

/** How {@link retryModelCall} retries. */
export interface RetryModelCallOptions {
  readonly retry: RetryOptions;
  /** Judges a failed attempt (providers know their errors). */
  readonly verdict: (error: unknown) => RetryVerdict;
  /** Aborts the wait between attempts at once (the wait rejects with the signal's error). */
  readonly signal?: AbortSignal;
  /** Each retry is logged at warn, with the attempt, the wait and the error's message. */
  readonly logger: Logger;
}

/**
 * Runs `attempt` until it succeeds, its failure is not worth a retry, or `maxAttempts` are spent;
 * then rethrows the last failure. Waits between attempts by exponential backoff or the server's
 * `Retry-After` (see {@link RetryOptions}).
 *
 * @param attempt - one attempt; `n` counts from 1
 * @throws whatever the last attempt threw, or the signal's abort error while waiting
 */
export async function retryModelCall<T>(
  attempt: (n: number) => Promise<T>,
  options: RetryModelCallOptions,
): Promise<T> {
  const { retry, verdict, signal, logger } = options;
  const maxAttempts = retry.maxAttempts ?? DEFAULT_RETRY_MAX_ATTEMPTS;
  const maxIntervalMs = retry.maxIntervalMs ?? DEFAULT_RETRY_MAX_INTERVAL_MS;
  let backoffMs = retry.initialIntervalMs ?? DEFAULT_RETRY_INITIAL_INTERVAL_MS;
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      const { retry: again, retryAfterMs } = n < maxAttempts ? verdict(error) : { retry: false };
      if (!again) throw error;
      const delayMs = Math.min(retryAfterMs ?? backoffMs, maxIntervalMs);
      logger.warn(
        {
          attempt: n,
          maxAttempts,
          delayMs,
          retryAfterMs,
          error: error instanceof Error ? error.message : String(error),
        },
        'model call failed; retrying',
      );
      await sleep(delayMs, undefined, { signal });
      backoffMs = Math.min(backoffMs * (retry.multiplier ?? DEFAULT_RETRY_MULTIPLIER), maxIntervalMs);
    }
  }
}

/**
 * The wait a server asked for in its headers, in milliseconds: `retry-after-ms`, else `retry-after`
 * as seconds or as an HTTP date; `undefined` when neither is there or readable.
 *
 * @param headers - the failed answer's headers
 */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const text = headers?.get('retry-after')?.trim();
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
