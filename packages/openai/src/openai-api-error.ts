import { ModelApiError, type ModelApiErrorOptions } from '@sprout-ai/core';
import {
  oneLineDetail,
  type ProviderErrorMapping,
  type ProviderRequestContext,
  toModelApiError,
} from '@sprout-ai/core/internal';
import type { APIError } from 'openai';
import { openAiSdk } from './openai-sdk';

/**
 * A request to an OpenAI-compatible endpoint failed: the server was unreachable, timed out, or
 * answered with an error status. The message is one line saying which endpoint failed, what it said
 * and which setting to check, e.g.
 * `OpenAI-compatible endpoint https://api.openai.com/v1 answered 401 Unauthorized: Incorrect API key provided. Check spring.ai.openai.api-key (or SPRING_AI_OPENAI_API_KEY / OPENAI_API_KEY).`
 * The `openai` package's error is the `cause`. Its shape (status, provider, `retryable` …) is
 * every provider's: catch `ModelApiError` to handle any provider's failure.
 *
 * @remarks Spring surfaces the HTTP client's exception; we wrap it so callers see one error type
 * with the endpoint and model as fields.
 */
export class OpenAiApiError extends ModelApiError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.OpenAiApiError');

  /** The provider's error code, e.g. `invalid_api_key`, when it sent one. */
  readonly code?: string;

  /**
   * @param options - as `ModelApiError`'s (the provider is `openai`), and the error code when known
   */
  constructor(options: Omit<ModelApiErrorOptions, 'provider'> & { readonly code?: string }) {
    super({ ...options, provider: 'openai' });
    this.code = options.code;
  }
}

/** Context for {@link toOpenAiApiError}. */
export type OpenAiRequestContext = ProviderRequestContext;

const API_KEY_HINT = 'Check spring.ai.openai.api-key (or SPRING_AI_OPENAI_API_KEY / OPENAI_API_KEY).';
const BASE_URL_HINT = 'Check spring.ai.openai.base-url.';

/** How the OpenAI provider words and maps its failures (see `toModelApiError`). */
export const OPENAI_ERRORS: ProviderErrorMapping<APIError> = {
  endpointName: 'OpenAI-compatible endpoint',
  answerName: 'a chat completion',
  answerShape: 'no choices array',
  eventName: 'a JSON chat.completion.chunk',
  baseUrlHint: BASE_URL_HINT,
  idleTimeoutSetting: 'spring.ai.openai.chat.idle-timeout',
  newError: (options) => {
    const code = isApiError(options.cause) ? options.cause.code : undefined;
    return new OpenAiApiError({ ...options, code: typeof code === 'string' ? code : undefined });
  },
  sdkErrors: () => openAiSdk(),
  detailOf: providerMessage,
  hintFor: (_error, status, _detail, model) => hintFor(status, model),
};

/**
 * Converts an error of the `openai` package (or of the idle timeout, or of parsing a body) into an
 * {@link OpenAiApiError}; any other error is returned unchanged.
 *
 * @param error - what the request threw
 * @param context - the endpoint, model, timeouts and retry rules
 */
export function toOpenAiApiError(error: unknown, context: OpenAiRequestContext): unknown {
  return toModelApiError(error, context, OPENAI_ERRORS);
}

function hintFor(status: number, model: string): string {
  if (status === 401) return API_KEY_HINT;
  if (status === 403) return `Check that the API key may use model '${model}'. ${API_KEY_HINT}`;
  if (status === 404) {
    return `${BASE_URL_HINT} Also check the model name '${model}' (spring.ai.openai.chat.options.model).`;
  }
  if (status === 429) return 'Rate limit or quota reached: retry later, or check the account plan.';
  if (status >= 500) return 'The server failed; retry later.';
  return '';
}

/** `instanceof APIError` alone narrows to `APIError<any, any, any>`; this keeps the fields' types. */
export function isApiError(error: unknown): error is APIError {
  return error instanceof openAiSdk().APIError;
}

/** The provider's own explanation, on one line and at most 300 characters. */
function providerMessage(error: APIError): string {
  const body: unknown = error.error;
  const bodyMessage = typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  if (typeof bodyMessage === 'string') return oneLineDetail(bodyMessage);
  if (bodyMessage !== undefined) return oneLineDetail(JSON.stringify(bodyMessage));
  return oneLineDetail(error.message.replace(/^\d{3}\s*/, '').replace(/^status code \(no body\)$/, ''));
}
