import {
  DEFAULT_RETRY_INITIAL_INTERVAL_MS,
  DEFAULT_RETRY_MAX_ATTEMPTS,
  DEFAULT_RETRY_MAX_INTERVAL_MS,
  DEFAULT_RETRY_MULTIPLIER,
  type RetryOptions,
} from '@sprout-ai/core';
import type { PropertyReader } from './property-reader';

/** Keys of the `spring.ai.retry.*` group, as written in `application.properties`. */
export const RETRY_PROPERTY_KEYS = {
  maxAttempts: 'spring.ai.retry.max-attempts',
  initialInterval: 'spring.ai.retry.backoff.initial-interval',
  multiplier: 'spring.ai.retry.backoff.multiplier',
  maxInterval: 'spring.ai.retry.backoff.max-interval',
  onClientErrors: 'spring.ai.retry.on-client-errors',
  excludeOnHttpCodes: 'spring.ai.retry.exclude-on-http-codes',
  onHttpCodes: 'spring.ai.retry.on-http-codes',
} as const;

/**
 * The `spring.ai.retry.*` properties, typed and validated: how the auto-configured chat and
 * embedding models retry a failed request (see `RetryOptions` of `@sprout-ai/core`).
 *
 * @see Spring AI `SpringAiRetryProperties`
 */
export type RetryProperties = Required<RetryOptions>;

/** What {@link bindRetryProperties} gives when no `spring.ai.retry.*` key is set: Spring's defaults. */
export const DEFAULT_RETRY_PROPERTIES: RetryProperties = Object.freeze({
  maxAttempts: DEFAULT_RETRY_MAX_ATTEMPTS,
  initialIntervalMs: DEFAULT_RETRY_INITIAL_INTERVAL_MS,
  multiplier: DEFAULT_RETRY_MULTIPLIER,
  maxIntervalMs: DEFAULT_RETRY_MAX_INTERVAL_MS,
  onClientErrors: false,
  excludeOnHttpCodes: [],
  onHttpCodes: [],
});

/**
 * Reads and validates the `spring.ai.retry.*` group.
 *
 * @param reader - the resolved properties
 * @throws InvalidPropertyError naming the key, the value and what is allowed
 */
export function bindRetryProperties(reader: PropertyReader): RetryProperties {
  const k = RETRY_PROPERTY_KEYS;
  return {
    maxAttempts: reader.integer(k.maxAttempts, DEFAULT_RETRY_MAX_ATTEMPTS, {
      accept: (n) => n >= 1,
      allowed: 'a positive integer (1 never retries)',
    }),
    initialIntervalMs: reader.durationMs(k.initialInterval, DEFAULT_RETRY_INITIAL_INTERVAL_MS),
    multiplier: reader.number(k.multiplier, { min: 1, max: 100 }) ?? DEFAULT_RETRY_MULTIPLIER,
    maxIntervalMs: reader.durationMs(k.maxInterval, DEFAULT_RETRY_MAX_INTERVAL_MS),
    onClientErrors: reader.boolean(k.onClientErrors, false),
    excludeOnHttpCodes: httpCodes(reader, k.excludeOnHttpCodes),
    onHttpCodes: httpCodes(reader, k.onHttpCodes),
  };
}

function httpCodes(reader: PropertyReader, key: string): number[] {
  const codes = reader.list(key).map((item) => (/^\d{3}$/.test(item) ? Number(item) : Number.NaN));
  if (codes.some((code) => !(code >= 100 && code <= 599))) {
    throw reader.invalid(key, 'comma-separated HTTP status codes (100–599), e.g. 429,503');
  }
  return codes;
}
