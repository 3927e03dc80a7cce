import type { ChatResponse } from '../../chat/model/chat-response';
import type { Message } from '../../chat/messages/message';
import { EmptyPromptError } from '../../chat/prompt/empty-prompt-error';
import type { Prompt } from '../../chat/prompt/prompt';
import { SproutError } from '../../error/sprout-error';
import type { RetryOptions } from '../../retry/retry-options';
import { retryModelCall } from '../../retry/retry-model-call';
import type { ToolDefinition } from '../../tool/definition/tool-definition';
import { RequestSignal } from '../../util/request-signal';
import { mergeChatOptions } from '../tool/merge-chat-options';
import { resolveRequestToolDefinitions } from '../tool/resolve-request-tool-definitions';
import type { ToolCallingChatOptions } from '../tool/tool-calling-chat-options';
import type { ToolCallingManager } from '../tool/tool-calling-manager';
import { IncompleteStreamError } from './incomplete-stream-error';
import type { ModelApiError } from './model-api-error';
import type { ProviderClientSettings } from './provider-client-settings';
import { providerRetryVerdict } from './provider-retry';
import { responseAsStream } from './response-as-stream';
import type { ProviderErrorWords } from './to-model-api-error';

/** One request's endpoint, model, timeouts and retry rules, for the provider's error messages. */
export interface ProviderRequestContext {
  readonly baseUrl: string;
  readonly model: string;
  /** Time allowed until the answer's headers arrive, in milliseconds. */
  readonly timeoutMs: number;
  /** Longest silence allowed while the body arrives, in milliseconds. */
  readonly idleTimeoutMs: number;
  /** The model's retry rules; they decide `ModelApiError.retryable`. */
  readonly retry: RetryOptions;
}

/** What an SDK client is given with each request: the signal, no retries of its own, extra headers. */
export interface ProviderRequestOptions {
  signal?: AbortSignal;
  maxRetries: 0;
  headers?: Record<string, string>;
}

/** The options a provider's chat model layers; `httpHeaders` go with every request. */
export type ProviderChatOptions = ToolCallingChatOptions & {
  readonly model?: string;
  readonly httpHeaders?: Readonly<Record<string, string>>;
};

/**
 * A provider's wire, as {@link ProviderChatExchange} drives it: the SDK call, the request, response
 * and stream mappers, and the words of its error messages. Everything else is shared.
 */
export interface ProviderWire<
  TOptions extends ProviderChatOptions,
  TParams extends { readonly messages: readonly unknown[] },
> extends ProviderErrorWords {
  /** `gen_ai.provider.name`, e.g. `openai`. */
  readonly provider: string;
  /** The chat model's class name, for configuration errors. */
  readonly modelName: string;
  /** Which messages of a prompt are not sent as messages, for the empty-prompt error. */
  readonly leftOutMessages: string;
  /** Maps the prompt's messages, the merged options and the tools to the request body. */
  toParams(
    messages: readonly Message[],
    options: TOptions & { readonly model: string },
    tools: readonly ToolDefinition[],
  ): TParams;
  /** Sends one request; resolves to the answer's body. */
  send(params: TParams, options: ProviderRequestOptions): PromiseLike<unknown>;
  /** Sends one streamed request; resolves when the answer's headers arrive. */
  sendStream(
    params: TParams,
    options: ProviderRequestOptions,
  ): PromiseLike<{ data: AsyncIterable<unknown>; response: Response }>;
  /** The SDK's (or the body timeout's) error as the provider's `ModelApiError`; anything else unchanged. */
  toApiError(error: unknown, context: ProviderRequestContext): unknown;
  /** Whether a JSON body is an answer of this wire. */
  isAnswer(body: unknown): boolean;
  /** The answer mapped to Sprout's response. */
  toChatResponse(body: unknown): ChatResponse;
  /** The stream's events assembled into Sprout's chunks. */
  toChatResponseStream(events: AsyncIterable<unknown>): AsyncIterable<ChatResponse>;
}

/** The settings of a provider's chat model that the exchange uses. */
export interface ProviderChatSettings<TOptions> extends ProviderClientSettings {
  readonly baseUrl: string;
  readonly defaultOptions: TOptions & { readonly model: string };
  readonly toolCallingManager?: ToolCallingManager;
}

/**
 * What every provider's chat model does around its wire: layering the options, resolving the
 * tools, cancelling, retrying by `spring.ai.retry.*`, reading a JSON answer to a stream request,
 * and turning failures into the provider's `ModelApiError`. A provider's `ChatModel` holds one and
 * keeps only the mapping of its wire ({@link ProviderWire}).
 */
export class ProviderChatExchange<
  TOptions extends ProviderChatOptions,
  TParams extends { readonly messages: readonly unknown[] },
> {
  /**
   * @param wire - the provider's wire
   * @param settings - the model's endpoint, defaults, tool manager, timeouts, retry rules and logger
   */
  constructor(
    private readonly wire: ProviderWire<TOptions, TParams>,
    private readonly settings: ProviderChatSettings<TOptions>,
  ) {}

  /**
   * One request, retried by the model's rules until the answer arrives.
   *
   * @throws RequestAbortedError when `signal` aborts first; the provider's `ModelApiError` when the
   * request fails or the answer is not one; what {@link ProviderChatExchange.prepare} throws
   */
  async call(prompt: Prompt, signal: AbortSignal | undefined): Promise<ChatResponse> {
    const { params, context, headers } = this.prepare(prompt);
    const request = new RequestSignal(signal);
    request.throwIfAborted();
    let body: unknown;
    try {
      body = await this.retrying(request, context, () => this.wire.send(params, requestOptions(request, headers)));
    } finally {
      request.release();
    }
    if (!this.wire.isAnswer(body)) throw this.notAnAnswer(body, context);
    return this.wire.toChatResponse(body);
  }

  /**
   * One streamed request, retried only until the answer's headers arrive (never after a chunk was
   * yielded); a JSON answer is read as the stream's content.
   *
   * @throws as {@link ProviderChatExchange.call}, and the provider's `ModelApiError` when the
   * stream breaks off, ends before the answer is complete, or carries an event that is not one
   */
  async *stream(prompt: Prompt, signal: AbortSignal | undefined): AsyncGenerator<ChatResponse> {
    const { params, context, headers } = this.prepare(prompt);
    const request = new RequestSignal(signal);
    request.throwIfAborted();
    try {
      const { data: events, response } = await this.retrying(request, context, () =>
        this.wire.sendStream(params, requestOptions(request, headers)),
      );
      try {
        if (isJsonResponse(response)) {
          const body: unknown = await request.race(response.json());
          if (!this.wire.isAnswer(body)) throw this.notAnAnswer(body, context);
          yield* responseAsStream(this.wire.toChatResponse(body));
          return;
        }
        yield* this.wire.toChatResponseStream(request.guard(events));
      } catch (error) {
        throw request.abortedError(error) ?? this.streamError(error, context);
      }
    } finally {
      request.release();
    }
  }

  /**
   * Layers the prompt's options over the defaults, resolves the tools and maps the request.
   *
   * @throws ConfigurationError when the options name tools but no tool calling manager is set
   * @throws EmptyPromptError when no message is left to send
   */
  private prepare(prompt: Prompt): {
    params: TParams;
    context: ProviderRequestContext;
    headers?: Readonly<Record<string, string>>;
  } {
    const { defaultOptions, logger, baseUrl } = this.settings;
    const options = mergeChatOptions<TOptions>(defaultOptions, prompt.options as TOptions | undefined);
    const model = options.model ?? defaultOptions.model;
    const tools = resolveRequestToolDefinitions(options, this.settings.toolCallingManager, this.wire.modelName);
    if (options.toolChoice !== undefined && tools.length === 0 && logger.isLevelEnabled('debug')) {
      logger.debug({ toolChoice: options.toolChoice }, 'toolChoice is ignored: the request has no tools');
    }
    const params = this.wire.toParams(prompt.instructions, { ...options, model }, tools);
    if (params.messages.length === 0) {
      throw new EmptyPromptError(
        `The prompt for ${baseUrl} has no message to send (${prompt.instructions.length} given; ` +
          `${this.wire.leftOutMessages}), so no request was sent. Whatever built the prompt (an advisor, a hook ` +
          'of the tool loop) dropped every message of the conversation.',
      );
    }
    if (logger.isLevelEnabled('debug')) {
      logger.debug({ model, messages: params.messages.length, tools: tools.length }, 'chat request');
    }
    const { timeoutMs, idleTimeoutMs, retry } = this.settings;
    return { params, context: { baseUrl, model, timeoutMs, idleTimeoutMs, retry }, headers: options.httpHeaders };
  }

  /** Runs `send` by the retry rules; each failure becomes the provider's error, an abort the abort. */
  private async retrying<T>(
    request: RequestSignal,
    context: ProviderRequestContext,
    send: () => PromiseLike<T>,
  ): Promise<T> {
    try {
      return await retryModelCall(
        async () => {
          try {
            return await request.race(send());
          } catch (error) {
            throw request.abortedError(error) ?? this.wire.toApiError(error, context);
          }
        },
        { retry: context.retry, signal: request.signal, logger: this.settings.logger, verdict: providerRetryVerdict },
      );
    } catch (error) {
      throw request.abortedError(error) ?? error;
    }
  }

  private streamError(error: unknown, context: ProviderRequestContext): unknown {
    const endpoint = `${this.wire.endpointName} ${context.baseUrl}`;
    const base = { baseUrl: context.baseUrl, model: context.model, status: 200, cause: error, retry: context.retry };
    if (error instanceof IncompleteStreamError) {
      return this.wire.newError({
        ...base,
        message: `The stream from ${endpoint} ended before the answer was complete: ${error.message}.`,
      });
    }
    // By name: the SyntaxError of an event's JSON may come from another realm.
    const mapped =
      (error as { name?: unknown } | null)?.name === 'SyntaxError' ? error : this.wire.toApiError(error, context);
    if (mapped !== error || SproutError.isInstance(error)) return mapped;
    const detail = error instanceof Error ? error.message : String(error);
    return this.wire.newError({
      ...base,
      message:
        `The stream from ${endpoint} broke off or carried an event that is not ${this.wire.eventName} ` +
        `(${detail}). ${this.wire.baseUrlHint}`,
    });
  }

  private notAnAnswer(body: unknown, context: ProviderRequestContext): ModelApiError {
    const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
    const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    return this.wire.newError({
      message:
        `${this.wire.endpointName} ${context.baseUrl} answered with something that is not ` +
        `${this.wire.answerName} (${this.wire.answerShape}): '${snippet}'. ${this.wire.baseUrlHint}`,
      baseUrl: context.baseUrl,
      model: context.model,
      status: 200,
      retry: context.retry,
    });
  }
}

function requestOptions(
  request: RequestSignal,
  headers: Readonly<Record<string, string>> | undefined,
): ProviderRequestOptions {
  return { signal: request.signal, maxRetries: 0, ...(headers ? { headers: { ...headers } } : {}) };
}

/** A response that is one JSON document rather than server-sent events. */
function isJsonResponse(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') && !type.includes('event-stream');
}
