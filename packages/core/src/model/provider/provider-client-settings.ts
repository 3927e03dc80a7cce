import type { Agent } from 'undici';
import type { RetryOptions } from '../../retry/retry-options';
import { idleTimeoutDispatcher } from '../../util/idle-timeout-dispatcher';
import { createLogger, type Logger } from '../../util/logger';
import { realmSafeFetch } from '../../util/realm-safe-fetch';
import { sdkClientLogger, type SdkClientLogger } from '../../util/sdk-client-logger';
import { resolveProviderRetry } from './provider-retry';

/** What a provider's model settles from its options: its logger, retry rules and timeouts. */
export interface ProviderClientSettings {
  readonly logger: Logger;
  /** The model's retry rules; its SDK client never retries. */
  readonly retry: RetryOptions;
  /** Time allowed per attempt until the answer's headers arrive, in milliseconds. */
  readonly timeoutMs: number;
  /** Longest silence while the body arrives, in milliseconds. */
  readonly idleTimeoutMs: number;
}

/**
 * Settles a provider model's logger, retry rules (see `resolveProviderRetry`) and timeouts.
 *
 * @param names - the model's class name, its logger's name and its SDK package's name
 * @param options - the model's options
 * @param defaults - the provider's defaults
 * @throws ConfigurationError when both `retry` and a positive `maxRetries` are given
 */
export function resolveProviderClientSettings(
  names: { readonly model: string; readonly logger: string; readonly sdk: string },
  options: {
    readonly retry?: RetryOptions;
    readonly maxRetries?: number;
    readonly timeoutMs?: number;
    readonly idleTimeoutMs?: number;
  },
  defaults: { readonly maxRetries: number; readonly timeoutMs: number; readonly idleTimeoutMs: number },
): ProviderClientSettings {
  return {
    logger: createLogger(names.logger),
    retry: resolveProviderRetry(names.model, names.sdk, options, defaults.maxRetries),
    timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
    idleTimeoutMs: options.idleTimeoutMs ?? defaults.idleTimeoutMs,
  };
}

/**
 * The options every official SDK client (`openai`, `@anthropic-ai/sdk`) is built with: no retries of
 * its own, the timeout, undici's fetch with the idle timeout, and Sprout's logger.
 *
 * @param settings - the model's settled settings
 * @param sdk - the SDK's short name, for the log lines
 */
export function sdkClientOptions(
  settings: ProviderClientSettings,
  sdk: string,
): {
  maxRetries: 0;
  timeout: number;
  fetch: typeof fetch;
  fetchOptions: { dispatcher: Agent };
  logger: SdkClientLogger;
} {
  return {
    maxRetries: 0,
    timeout: settings.timeoutMs,
    fetch: realmSafeFetch,
    fetchOptions: { dispatcher: idleTimeoutDispatcher(settings.idleTimeoutMs) },
    logger: sdkClientLogger(settings.logger, sdk),
  };
}
