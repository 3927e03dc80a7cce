import { STATUS_CODES } from 'node:http';
import { isBodyIdleTimeout } from '../../util/idle-timeout-dispatcher';
import { rootCauseMessage } from '../../util/root-cause-message';
import type { ModelApiError, ModelApiErrorOptions } from './model-api-error';
import type { ProviderRequestContext } from './provider-chat-exchange';

/** An official provider SDK's API error, as far as the mapping reads it. */
export interface SdkApiError extends Error {
  readonly status?: number;
  readonly headers?: { get(name: string): string | null };
}

/** The error classes of an official provider SDK (the `openai` and `@anthropic-ai/sdk` clients have the same). */
export interface SdkErrorClasses {
  readonly APIError: abstract new (...args: never[]) => SdkApiError;
  readonly APIConnectionError: abstract new (...args: never[]) => SdkApiError;
  readonly APIConnectionTimeoutError: abstract new (...args: never[]) => SdkApiError;
  readonly APIUserAbortError: abstract new (...args: never[]) => SdkApiError;
}

/** How a provider names its endpoint, its answers and its settings in error messages. */
export interface ProviderErrorWords {
  /** How messages name the endpoint, e.g. `OpenAI-compatible endpoint` (the base URL follows). */
  readonly endpointName: string;
  /** What an answer is, e.g. `a chat completion`. */
  readonly answerName: string;
  /** What a body that is not an answer lacks, e.g. `no choices array`. */
  readonly answerShape: string;
  /** What each stream event should be, e.g. `a JSON chat.completion.chunk`. */
  readonly eventName: string;
  /** The setting that fixes a wrong endpoint, as a sentence. */
  readonly baseUrlHint: string;
  /** The idle-timeout property, e.g. `spring.ai.openai.chat.idle-timeout`. */
  readonly idleTimeoutSetting: string;
  /** Makes the provider's `ModelApiError` subclass (its own fields read from `cause`). */
  newError(options: Omit<ModelApiErrorOptions, 'provider'>): ModelApiError;
}

/** What {@link toModelApiError} needs of a provider besides its words. */
export interface ProviderErrorMapping<E extends SdkApiError> extends ProviderErrorWords {
  /** The SDK's error classes (loaded when first needed). */
  sdkErrors(): SdkErrorClasses;
  /** The provider's own explanation of an answered error, on one line. */
  detailOf(error: E): string;
  /** What to check for an answered error, a sentence, or `''`. */
  hintFor(error: E, status: number, detail: string, model: string): string;
  /** An SDK error with no status that is no connection failure (Anthropic's stream `error` event), else `undefined`. */
  withoutStatus?(
    error: E,
    endpoint: string,
    base: Omit<ModelApiErrorOptions, 'provider' | 'message'>,
  ): ModelApiError | undefined;
}

/**
 * Converts what a provider's request threw — the SDK's error, the body's idle timeout, a body that
 * is not JSON — into the provider's `ModelApiError`, one line naming the endpoint, what it said and
 * the setting to check; anything else is returned unchanged.
 *
 * @param error - what the request threw
 * @param context - the endpoint, model, timeouts and retry rules
 * @param mapping - the provider's words and SDK
 */
export function toModelApiError<E extends SdkApiError>(
  error: unknown,
  context: ProviderRequestContext,
  mapping: ProviderErrorMapping<E>,
): unknown {
  const endpoint = `${mapping.endpointName} ${context.baseUrl}`;
  const base = { baseUrl: context.baseUrl, model: context.model, cause: error, retry: context.retry };
  // By name: the SyntaxError of response.json() may come from another realm (e.g. a Jest environment).
  if ((error as { name?: unknown } | null)?.name === 'SyntaxError') {
    const detail = String((error as { message?: unknown }).message);
    const message = `${endpoint} answered a body that is not valid JSON (${detail}): it is not ${mapping.answerName}. ${mapping.baseUrlHint}`;
    return mapping.newError({ ...base, status: 200, message });
  }
  if (isBodyIdleTimeout(error)) {
    return mapping.newError({
      ...base,
      message:
        `${endpoint} stopped sending its answer: nothing arrived for ${context.idleTimeoutMs} ms. ` +
        `Raise ${mapping.idleTimeoutSetting} (idleTimeoutMs) if the server is only slow.`,
    });
  }
  // The SDK's errors are Errors; anything else is returned without loading the SDK.
  if (!(error instanceof Error)) return error;
  const sdk = mapping.sdkErrors();
  if (!isA(error, sdk.APIError)) return error;
  const apiError = error as E;
  if (isA(error, sdk.APIUserAbortError)) {
    return mapping.newError({ ...base, retryable: false, message: `The request to ${endpoint} was aborted.` });
  }
  if (isA(error, sdk.APIConnectionTimeoutError)) {
    const message = `${endpoint} did not answer within ${context.timeoutMs} ms. ${mapping.baseUrlHint} Or raise timeoutMs.`;
    return mapping.newError({ ...base, message });
  }
  const status = apiError.status;
  if (isA(error, sdk.APIConnectionError) || status === undefined) {
    const special = mapping.withoutStatus?.(apiError, endpoint, base);
    if (special !== undefined) return special;
    return mapping.newError({
      ...base,
      message: `${endpoint} is unreachable (${rootCauseMessage(error)}). ${mapping.baseUrlHint}`,
    });
  }
  const statusLine = `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`;
  const detail = mapping.detailOf(apiError);
  const hint = mapping.hintFor(apiError, status, detail, context.model);
  const message = `${endpoint} answered ${statusLine}${detail ? `: ${detail}` : ''}. ${hint}`;
  return mapping.newError({ ...base, message: message.trimEnd(), status, headers: apiError.headers });
}

/** `instanceof` without narrowing: the SDK's error classes all have one shape to TypeScript. */
function isA(value: unknown, errorClass: abstract new (...args: never[]) => unknown): boolean {
  return value instanceof errorClass;
}

/**
 * A provider's explanation cut to one line of at most 300 characters, without a final period.
 *
 * @param text - what the provider said
 */
export function oneLineDetail(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
