import { ConfigurationError } from '../../error/configuration-error';
import type { RetryVerdict } from '../../retry/retry-model-call';
import type { RetryOptions } from '../../retry/retry-options';
import { ModelApiError } from './model-api-error';

/**
 * The verdict of `retryModelCall` for a provider's request: a failure is retried when it is a
 * `ModelApiError` its model's rules retry (`retryable`), after the wait the server asked for.
 *
 * @param error - what the attempt threw
 */
export function providerRetryVerdict(error: unknown): RetryVerdict {
  return ModelApiError.isInstance(error) && error.retryable
    ? { retry: true, retryAfterMs: error.retryAfterMs }
    : { retry: false };
}

/**
 * The retry rules of a provider's model, which alone retries (its SDK client never does): `retry`
 * when given (`spring.ai.retry.*`), else `maxRetries` retries the way the official SDK clients do
 * (0.5 s doubling up to 8 s; connection failures, 408, 409, 429 and 5xx).
 *
 * @param modelName - the model's class name, for the error
 * @param sdk - the SDK package's name, for the error
 * @param options - the model's `retry` and `maxRetries` options
 * @param defaultMaxRetries - retries when neither is given
 * @throws ConfigurationError when both `retry` and a positive `maxRetries` are given
 */
export function resolveProviderRetry(
  modelName: string,
  sdk: string,
  options: { readonly retry?: RetryOptions; readonly maxRetries?: number },
  defaultMaxRetries: number,
): RetryOptions {
  const { retry, maxRetries } = options;
  if (retry !== undefined && (maxRetries ?? 0) > 0) {
    throw new ConfigurationError({
      setting: `${modelName} maxRetries`,
      value: maxRetries,
      allowed: '0 or unset when retry is set',
      message:
        `${modelName} was given both retry (spring.ai.retry.*) and maxRetries ${maxRetries ?? 0} (retries the way the ` +
        `${sdk} client would); one place retries a request, by one rule. Drop maxRetries, or drop retry.`,
    });
  }
  if (retry !== undefined) return retry;
  return {
    maxAttempts: (maxRetries ?? defaultMaxRetries) + 1,
    initialIntervalMs: 500,
    multiplier: 2,
    maxIntervalMs: 8_000,
    onHttpCodes: [408, 409],
  };
}
