import { SproutError } from '../../error/sprout-error';
import { isRetryableStatus, type RetryOptions } from '../../retry/retry-options';
import { retryAfterMs } from '../../retry/retry-model-call';
import { redactCredentials } from '../../util/redact-credentials';

/** Constructor options of {@link ModelApiError}. */
export interface ModelApiErrorOptions {
  /** One line: which endpoint failed, what it said, which setting to check. Credentials in it are masked. */
  readonly message: string;
  /** The provider, as in `gen_ai.provider.name`: `openai`, `anthropic`. */
  readonly provider: string;
  /** Base URL of the endpoint. */
  readonly baseUrl: string;
  /** Model the request asked for. */
  readonly model: string;
  /** HTTP status of the answer; `undefined` when none arrived. */
  readonly status?: number;
  /** The SDK's error, or whatever failed. */
  readonly cause?: unknown;
  /** The answer's headers: `x-should-retry: false` rules a retry out, `retry-after(-ms)` gives the wait. */
  readonly headers?: { get(name: string): string | null };
  /** The retry rules of the model that failed (`spring.ai.retry.*`). @defaultValue Spring's defaults */
  readonly retry?: RetryOptions;
  /** `false` rules a retry out whatever the status: an aborted request, an answer that is not one. */
  readonly retryable?: boolean;
}

/**
 * A request to a model provider's API failed: the server was unreachable, timed out, answered an
 * error status or sent something that is not an answer. The one shape of every provider's API
 * error (each provider subclasses it: `OpenAiApiError`, `AnthropicApiError`), so a caller handles
 * a failed model call the same way whichever provider is configured.
 *
 * @example
 * ```ts
 * try { await chatClient.prompt('Hi').call().content(); }
 * catch (error) { if (ModelApiError.isInstance(error) && error.status === 401) reportBadKey(error.provider); }
 * ```
 * @see Spring AI `TransientAiException` / `NonTransientAiException` (`retryable` tells the two apart)
 * @remarks Spring throws one of two exception classes; here one class carries the status and a flag.
 */
export class ModelApiError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ModelApiError');

  /** The provider, as in `gen_ai.provider.name`: `openai`, `anthropic`. */
  readonly provider: string;
  /** HTTP status the server answered with; `undefined` when there was no answer. */
  readonly status?: number;
  /** Base URL of the endpoint, e.g. `https://api.openai.com/v1`. */
  readonly baseUrl: string;
  /** Model the request asked for. */
  readonly model: string;
  /**
   * Whether the model's retry rules (`spring.ai.retry.*`, see `RetryOptions`) retry this failure:
   * an unreachable endpoint, a timeout, or a status they accept, unless the server answered
   * `x-should-retry: false`; never an aborted request or an answer that is not one.
   */
  readonly retryable: boolean;
  /** The wait the server asked for (`retry-after-ms`, `retry-after`), in milliseconds, when it did. */
  readonly retryAfterMs?: number;

  /** @param options - the message, provider, endpoint and model, status, cause, and what decides `retryable` */
  constructor(options: ModelApiErrorOptions) {
    super(redactCredentials(options.message), { cause: options.cause });
    this.provider = options.provider;
    this.status = options.status;
    this.baseUrl = options.baseUrl;
    this.model = options.model;
    const serverSaysNo = options.headers?.get('x-should-retry') === 'false';
    this.retryable = options.retryable ?? (!serverSaysNo && isRetryableStatus(options.status, options.retry ?? {}));
    this.retryAfterMs = retryAfterMs(options.headers);
  }
}
