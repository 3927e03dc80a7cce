import { STATUS_CODES } from 'node:http';
import { ModelApiError, type ModelApiErrorOptions } from '@sprout-ai/core';
import { isBodyIdleTimeout, rootCauseMessage, type ProviderRequestContext } from '@sprout-ai/core/internal';
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

/**
 * Converts an error of the `openai` package into an {@link OpenAiApiError}; any other error is
 * returned unchanged.
 */
export function toOpenAiApiError(error: unknown, context: OpenAiRequestContext): unknown {
  const endpointName = `OpenAI-compatible endpoint ${context.baseUrl}`;
  // By name: the SyntaxError of response.json() may come from another realm (e.g. a Jest environment).
  if ((error as { name?: unknown } | null)?.name === 'SyntaxError') {
    const detail = String((error as { message?: unknown }).message);
    return new OpenAiApiError({
      baseUrl: context.baseUrl,
      model: context.model,
      retry: context.retry,
      status: 200,
      cause: error,
      message: `${endpointName} answered a body that is not valid JSON (${detail}): it is not a chat completion. ${BASE_URL_HINT}`,
    });
  }
  if (isBodyIdleTimeout(error)) {
    return new OpenAiApiError({
      baseUrl: context.baseUrl,
      model: context.model,
      retry: context.retry,
      cause: error,
      message:
        `${endpointName} stopped sending its answer: nothing arrived for ${context.idleTimeoutMs} ms. ` +
        'Raise spring.ai.openai.chat.idle-timeout (idleTimeoutMs) if the server is only slow.',
    });
  }
  // openai's errors are Errors; anything else is returned without loading the package.
  if (!(error instanceof Error)) return error;
  const { APIConnectionError, APIConnectionTimeoutError, APIUserAbortError } = openAiSdk();
  if (!isApiError(error)) return error;
  const endpoint = `OpenAI-compatible endpoint ${context.baseUrl}`;
  const base = { baseUrl: context.baseUrl, model: context.model, cause: error, retry: context.retry };
  if (error instanceof APIUserAbortError) {
    return new OpenAiApiError({ ...base, retryable: false, message: `The request to ${endpoint} was aborted.` });
  }
  if (error instanceof APIConnectionTimeoutError) {
    const message = `${endpoint} did not answer within ${context.timeoutMs} ms. ${BASE_URL_HINT} Or raise timeoutMs.`;
    return new OpenAiApiError({ ...base, message });
  }
  if (error instanceof APIConnectionError || error.status === undefined) {
    const message = `${endpoint} is unreachable (${rootCauseMessage(error)}). ${BASE_URL_HINT}`;
    return new OpenAiApiError({ ...base, message });
  }
  const status = error.status;
  const statusLine = `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
  const detail = providerMessage(error);
  const message = `${endpoint} answered ${statusLine}${detail ? `: ${detail}` : ''}. ${hintFor(status, context.model)}`;
  const code = typeof error.code === 'string' ? error.code : undefined;
  return new OpenAiApiError({ ...base, message: message.trimEnd(), status, code, headers: error.headers });
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
  let text: string;
  if (typeof bodyMessage === 'string') text = bodyMessage;
  else if (bodyMessage !== undefined) text = JSON.stringify(bodyMessage);
  else text = error.message.replace(/^\d{3}\s*/, '').replace(/^status code \(no body\)$/, '');
  text = text.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}
