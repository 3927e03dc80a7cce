import { ModelApiError, type ModelApiErrorOptions } from '@sprout-ai/core';
import {
  oneLineDetail,
  type ProviderErrorMapping,
  type ProviderRequestContext,
  toModelApiError,
} from '@sprout-ai/core/internal';
import type { APIError } from '@anthropic-ai/sdk';
import { anthropicSdk } from './anthropic-sdk';

/**
 * A request to Anthropic's Messages API (or a compatible endpoint) failed: the server was
 * unreachable, timed out, answered with an error status or sent an error event mid-stream, or
 * sent something that is not a message. The message is one line saying which endpoint failed, what
 * it said and which setting to check, e.g.
 * `Anthropic endpoint https://api.anthropic.com answered 401 Unauthorized: invalid x-api-key. Check spring.ai.anthropic.api-key (or SPRING_AI_ANTHROPIC_API_KEY / ANTHROPIC_API_KEY).`
 * The `@anthropic-ai/sdk` error is the `cause`. Its shape (status, provider, `retryable` …) is
 * every provider's: catch `ModelApiError` to handle any provider's failure.
 *
 * @remarks Spring surfaces the SDK's exception; we wrap it so callers see one error type with the
 * endpoint, model and Anthropic's error type as fields.
 */
export class AnthropicApiError extends ModelApiError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.AnthropicApiError');

  /** Anthropic's error type, e.g. `overloaded_error`, `rate_limit_error`, when it sent one. */
  readonly errorType?: string;

  /**
   * @param options - as `ModelApiError`'s (the provider is `anthropic`), and Anthropic's error type when known
   */
  constructor(options: Omit<ModelApiErrorOptions, 'provider'> & { readonly errorType?: string }) {
    super({ ...options, provider: 'anthropic' });
    this.errorType = options.errorType;
  }
}

/** Context for {@link toAnthropicApiError}. */
export type AnthropicRequestContext = ProviderRequestContext;

/** Anthropic's error types of a failure that may pass (when one comes as a stream's error event). */
const TRANSIENT_ERROR_TYPES: ReadonlySet<string> = new Set(['overloaded_error', 'rate_limit_error', 'api_error']);

/** The setting a wrong endpoint is fixed with. */
export const BASE_URL_HINT = 'Check spring.ai.anthropic.base-url.';
const API_KEY_HINT = 'Check spring.ai.anthropic.api-key (or SPRING_AI_ANTHROPIC_API_KEY / ANTHROPIC_API_KEY).';

/** How the Anthropic provider words and maps its failures (see `toModelApiError`). */
export const ANTHROPIC_ERRORS: ProviderErrorMapping<APIError> = {
  endpointName: 'Anthropic endpoint',
  answerName: 'a message',
  answerShape: 'no content array',
  eventName: 'JSON',
  baseUrlHint: BASE_URL_HINT,
  idleTimeoutSetting: 'spring.ai.anthropic.chat.idle-timeout',
  newError: (options) =>
    new AnthropicApiError({
      ...options,
      errorType: isApiError(options.cause) ? errorTypeOf(options.cause) : undefined,
    }),
  sdkErrors: () => anthropicSdk(),
  detailOf: providerMessage,
  hintFor: (error, status, detail, model) =>
    hintForStatus(status, model) || hintForType(errorTypeOf(error)) || hintForDetail(status, detail),
  // An `event: error` in a stream has no status: it is Anthropic's error, not a connection problem.
  withoutStatus: (error, endpoint, base) => {
    const errorType = errorTypeOf(error);
    if (errorType === undefined) return undefined;
    const message = `${endpoint} sent an error mid-stream (${errorType}${detailOf(error)}). ${hintForType(errorType)}`;
    return new AnthropicApiError({
      ...base,
      message: message.trimEnd(),
      errorType,
      retryable: TRANSIENT_ERROR_TYPES.has(errorType),
    });
  },
};

/**
 * Converts an error of the `@anthropic-ai/sdk` package (or of the idle timeout, or of parsing a
 * body) into an {@link AnthropicApiError}; any other error is returned unchanged.
 *
 * @param error - what the request threw
 * @param context - the endpoint, model, timeouts and retry rules
 */
export function toAnthropicApiError(error: unknown, context: AnthropicRequestContext): unknown {
  return toModelApiError(error, context, ANTHROPIC_ERRORS);
}

function hintForStatus(status: number, model: string): string {
  if (status === 401) return API_KEY_HINT;
  if (status === 403) return `Check that the API key may use model '${model}'. ${API_KEY_HINT}`;
  if (status === 404) {
    return `${BASE_URL_HINT} Also check the model name '${model}' (spring.ai.anthropic.chat.options.model).`;
  }
  if (status === 429) return 'Rate limit or quota reached: retry later, or check the account plan.';
  if (status === 529) return 'Anthropic is overloaded: retry later.';
  if (status >= 500) return 'The server failed; retry later.';
  return '';
}

/** A 400 about the sampling parameters: the API version the SDK sends no longer takes them. */
function hintForDetail(status: number, detail: string): string {
  if (status !== 400 || !/\b(temperature|top_p|top_k)\b/.test(detail)) return '';
  return (
    'API version 2026-10-21 (sent by @anthropic-ai/sdk 1.x) no longer accepts temperature, top_p and top_k: ' +
    'unset spring.ai.anthropic.chat.options.temperature, top-p and top-k (Anthropic-compatible servers that take them may keep them).'
  );
}

function hintForType(type: string | undefined): string {
  if (type === 'overloaded_error') return 'Anthropic is overloaded: retry later.';
  if (type === 'rate_limit_error') return 'Rate limit or quota reached: retry later, or check the account plan.';
  return '';
}

/** `instanceof APIError` alone narrows to `APIError<any, any, any>`; this keeps the fields' types. */
export function isApiError(error: unknown): error is APIError {
  return error instanceof anthropicSdk().APIError;
}

/** Anthropic's error type: the SDK's `type`, else the body's `error.type`. */
function errorTypeOf(error: APIError): string | undefined {
  if (typeof error.type === 'string') return error.type;
  const type = fieldOf(fieldOf(error.error, 'error'), 'type');
  return typeof type === 'string' ? type : undefined;
}

function detailOf(error: APIError): string {
  const text = providerMessage(error);
  return text === '' ? '' : `: ${text}`;
}

/** `value[key]` when `value` is an object that has it. */
function fieldOf(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null && key in value
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** The provider's own explanation, on one line and at most 300 characters. */
function providerMessage(error: APIError): string {
  const nested = fieldOf(fieldOf(error.error, 'error'), 'message');
  const flat = fieldOf(error.error, 'message');
  if (typeof nested === 'string') return oneLineDetail(nested);
  if (typeof flat === 'string') return oneLineDetail(flat);
  if (typeof error.apiMessage === 'string') return oneLineDetail(error.apiMessage);
  return oneLineDetail(error.message.replace(/^\d{3}\s*/, '').replace(/^status code \(no body\)$/, ''));
}
