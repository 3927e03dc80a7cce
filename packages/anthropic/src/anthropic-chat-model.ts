import {
  ConfigurationError,
  EmptyPromptError,
  isRetryableStatus,
  RequestAbortedError,
  type RetryOptions,
  SproutError,
  type ChatModel,
  type ChatModelRequestOptions,
  type ChatResponse,
  type Prompt,
  type StreamingChatModel,
  type ToolCallingManager,
} from '@sprout-ai/core';
import {
  createLogger,
  idleTimeoutDispatcher,
  mergeChatOptions,
  realmSafeFetch,
  RequestSignal,
  resolveRequestToolDefinitions,
  retryAfterMs,
  retryModelCall,
  type RetryVerdict,
  sdkClientLogger,
} from '@sprout-ai/core/internal';
import type Anthropic from '@anthropic-ai/sdk';
import {
  AnthropicApiError,
  BASE_URL_HINT,
  isApiError,
  toAnthropicApiError,
  type AnthropicRequestContext,
} from './anthropic-api-error';
import type { AnthropicChatOptions } from './anthropic-chat-options';
import {
  DEFAULT_ANTHROPIC_BASE_URL,
  DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS,
  DEFAULT_ANTHROPIC_MAX_RETRIES,
  DEFAULT_ANTHROPIC_MODEL,
  DEFAULT_ANTHROPIC_TIMEOUT_MS,
} from './anthropic-defaults';
import { toMessageCreateParams, type AnthropicRequestParams } from './anthropic-request-mapper';
import { toChatResponse } from './anthropic-response-mapper';
import { anthropicSdk } from './anthropic-sdk';
import { resolveAnthropicBaseUrl } from './resolve-anthropic-base-url';
import { IncompleteStreamError, messageAsStream, toChatResponseStream } from './stream/anthropic-message-stream';

/** Constructor options of {@link AnthropicChatModel}. */
export interface AnthropicChatModelOptions {
  /**
   * Endpoint, with or without `/v1` (see `resolveAnthropicBaseUrl`).
   * @defaultValue {@link DEFAULT_ANTHROPIC_BASE_URL}
   */
  readonly baseUrl?: string;
  /**
   * API key. Falls back to the `ANTHROPIC_API_KEY` environment variable, then to a placeholder (the
   * API then answers 401). Always given to the client, so it never looks for credentials elsewhere
   * (auth tokens, profiles on disk).
   */
  readonly apiKey?: string;
  /** A ready client; when given, `baseUrl`, `apiKey`, `maxRetries`, `timeoutMs` and `idleTimeoutMs` are ignored. */
  readonly client?: Anthropic;
  /**
   * Options under every request's options; `model` defaults to {@link DEFAULT_ANTHROPIC_MODEL},
   * `maxTokens` to {@link DEFAULT_ANTHROPIC_MAX_TOKENS}.
   */
  readonly defaultOptions?: AnthropicChatOptions;
  /** Resolves the tool definitions sent (including `toolNames`); without it, `toolCallbacks` are sent. */
  readonly toolCallingManager?: ToolCallingManager;
  /**
   * Retries done by the `@anthropic-ai/sdk` client on connection errors, 408, 409, 429 and 5xx,
   * when `retry` is not set.
   * @defaultValue {@link DEFAULT_ANTHROPIC_MAX_RETRIES}; `0` when `retry` is set
   */
  readonly maxRetries?: number;
  /**
   * Retry failed requests by Spring's rules (`spring.ai.retry.*`, see `RetryOptions`), as
   * `OpenAiChatModel` does: then this model alone retries, and the client's own retries are off,
   * also those of a given `client`. A stream is retried only until its answer starts to arrive; an
   * answer with `x-should-retry: false` is not retried.
   * @remarks The boot auto-configuration always sets it from `spring.ai.retry.*` (Spring's defaults
   * when unset); without it the client's `maxRetries` applies.
   */
  readonly retry?: RetryOptions;
  /**
   * Time allowed per request attempt until the answer's headers arrive, in milliseconds.
   * @defaultValue {@link DEFAULT_ANTHROPIC_TIMEOUT_MS}
   */
  readonly timeoutMs?: number;
  /**
   * Longest silence allowed while an answer's body arrives (a JSON body, or between two events of a
   * stream), in milliseconds; then the request fails with an `AnthropicApiError` naming the setting.
   * @defaultValue {@link DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS}
   */
  readonly idleTimeoutMs?: number;
}

const PLACEHOLDER_API_KEY = 'no-api-key';

/**
 * A `ChatModel` for Anthropic's Messages API (and compatible endpoints), built on the official
 * `@anthropic-ai/sdk` client.
 *
 * It maps Sprout's messages to the wire and back and nothing more; it never executes tools (the
 * `ToolCallingAdvisor` does). On the wire: system messages go in the separate `system` field; tool
 * definitions as `tools[].input_schema`; an assistant's tool calls as `tool_use` blocks whose
 * `input` is the arguments parsed; all results of one round as `tool_result` blocks of one user
 * message, failed ones with `is_error`; `max_tokens` always (the API requires it). Back: `tool_use`
 * blocks become tool calls whose arguments are the `input` serialized; `stop_reason` becomes
 * Sprout's finish reason (`tool_use` → `tool_calls`, `max_tokens` → `length`, `end_turn` → `stop`);
 * usage counts the cache tokens in (see `Usage`).
 *
 * @example
 * ```ts
 * const model = new AnthropicChatModel({ apiKey: process.env.ANTHROPIC_API_KEY, defaultOptions: { model: 'claude-sonnet-4-5' } });
 * const response = await model.call(new Prompt('Hello'));
 * ```
 * @see Spring AI `AnthropicChatModel`
 * @remarks Departures from Spring: the finish reason is mapped rather than Anthropic's stop reason
 * (kept as the generation's `stopReason`); failed tool results carry `is_error`; a tool call cut
 * off by `max_tokens` is not run.
 */
export class AnthropicChatModel implements ChatModel, StreamingChatModel {
  /** The model's default options, `model` always set. */
  readonly defaultOptions: AnthropicChatOptions & { readonly model: string };
  /**
   * `false`: `.entity()` appends format instructions to the user message (the Messages API has no
   * JSON Schema response format; the forced-tool trick is not used, so tools and the answer keep
   * their usual meaning in the tool loop).
   */
  readonly nativeStructuredOutput = false;
  /** `gen_ai.provider.name` of this model's chat spans. */
  readonly providerName = 'anthropic';
  /** The base URL requests go to (the client adds `/v1/messages`), e.g. `https://api.anthropic.com`. */
  readonly baseUrl: string;

  private readonly client: Anthropic;
  private readonly toolCallingManager?: ToolCallingManager;
  private readonly timeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly retry?: RetryOptions;
  private readonly logger = createLogger('sprout-ai.anthropic.AnthropicChatModel');

  /**
   * @param options - endpoint, credentials, default options, tool manager, retries and timeouts
   * @throws ConfigurationError when `baseUrl` is not an absolute http(s) URL, or both `retry` and a
   * positive `maxRetries` are given
   */
  constructor(options: AnthropicChatModelOptions = {}) {
    if (options.retry !== undefined && (options.maxRetries ?? 0) > 0) {
      throw new ConfigurationError({
        setting: 'AnthropicChatModel maxRetries',
        value: options.maxRetries,
        allowed: '0 or unset when retry is set',
        message:
          `AnthropicChatModel was given both retry (spring.ai.retry.*) and maxRetries ${options.maxRetries ?? 0} (the ` +
          "@anthropic-ai/sdk client's own retries); one place retries a request. Drop maxRetries, or drop retry.",
      });
    }
    this.retry = options.retry;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_ANTHROPIC_TIMEOUT_MS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS;
    if (options.client) {
      this.client = options.client;
      this.baseUrl = options.client.baseURL;
    } else {
      this.baseUrl = resolveAnthropicBaseUrl(options.baseUrl ?? DEFAULT_ANTHROPIC_BASE_URL);
      const { Anthropic } = anthropicSdk();
      this.client = new Anthropic({
        baseURL: this.baseUrl,
        apiKey: options.apiKey || process.env.ANTHROPIC_API_KEY || PLACEHOLDER_API_KEY,
        maxRetries: options.retry ? 0 : (options.maxRetries ?? DEFAULT_ANTHROPIC_MAX_RETRIES),
        timeout: this.timeoutMs,
        fetch: realmSafeFetch,
        fetchOptions: { dispatcher: idleTimeoutDispatcher(this.idleTimeoutMs) },
        logger: sdkClientLogger(this.logger, 'anthropic'),
      });
    }
    this.defaultOptions = {
      ...options.defaultOptions,
      model: options.defaultOptions?.model ?? DEFAULT_ANTHROPIC_MODEL,
    };
    this.toolCallingManager = options.toolCallingManager;
  }

  /**
   * Sends the prompt as one Messages API request.
   *
   * @param prompt - messages and options; options are layered over {@link AnthropicChatModel.defaultOptions}
   * @param options - `signal` cancels the request: the HTTP request is aborted (a retry the client
   *   is waiting for is not made) and the call rejects at once
   * @returns one generation with the text, tool calls and finish reason; id, model and usage as metadata
   * @throws RequestAbortedError (`name === 'AbortError'`) when `signal` aborts before the answer has
   * arrived, or was aborted already (nothing is sent then)
   * @throws AnthropicApiError when the endpoint is unreachable, times out, answers an error status,
   * or answers something that is not a message
   * @throws ConfigurationError when the options name tools (`toolNames`) but no tool calling manager is set
   * @throws EmptyPromptError when the prompt has no user or assistant message to send (nothing is sent)
   * @throws InvalidToolSchemaError when a tool's input schema is not a JSON object schema
   * @throws DuplicateToolNameError when two tool callbacks share a name (e.g. a local tool and an MCP tool)
   */
  async call(prompt: Prompt, options?: ChatModelRequestOptions): Promise<ChatResponse> {
    const { params, context, headers } = this.prepare(prompt);
    const request = new RequestSignal(options?.signal);
    request.throwIfAborted();

    let message: unknown;
    try {
      message = await this.retrying(request, async () => {
        try {
          return await request.race(this.client.messages.create(params, this.requestOptions(request, headers)));
        } catch (error) {
          throw request.abortedError(error) ?? toAnthropicApiError(error, context);
        }
      });
    } catch (error) {
      throw request.abortedError(error) ?? error;
    } finally {
      request.release();
    }
    if (!isMessage(message)) throw notAMessage(message, context);
    return toChatResponse(message, this.logger);
  }

  /**
   * Sends the prompt as one streamed Messages API request (server-sent events, read by the
   * `@anthropic-ai/sdk` client) and yields the answer as it arrives: text deltas, tool-call progress,
   * and a last chunk with the complete tool calls, finish reason and usage (see `StreamingChatModel`).
   *
   * @param prompt - messages and options, as for {@link AnthropicChatModel.call}
   * @param options - `signal` cancels the request: the HTTP request is aborted, its connection
   *   released, and iteration throws
   * @returns the chunks; nothing is sent until iteration starts; each iteration sends a fresh
   *   request; breaking out cancels the request
   * @throws RequestAbortedError (`name === 'AbortError'`, when iterated) when `signal` aborts before
   * the stream's end, or was aborted already (nothing is sent then); no last chunk is yielded, so a
   * cut-off answer is never taken for a complete one
   * @throws AnthropicApiError when the endpoint is unreachable, times out, answers an error status,
   * sends an error event, or the stream breaks off or ends without a stop reason
   * @throws ConfigurationError, EmptyPromptError, InvalidToolSchemaError as {@link AnthropicChatModel.call} does
   */
  stream(prompt: Prompt, options?: ChatModelRequestOptions): AsyncIterable<ChatResponse> {
    return { [Symbol.asyncIterator]: () => this.streamOnce(prompt, options?.signal) };
  }

  private async *streamOnce(prompt: Prompt, signal: AbortSignal | undefined): AsyncGenerator<ChatResponse> {
    const { params, context, headers } = this.prepare(prompt);
    const request = new RequestSignal(signal);
    request.throwIfAborted();
    try {
      let events: AsyncIterable<unknown>;
      let response: Response;
      try {
        // Retried only until the answer's headers arrive: nothing has been yielded yet.
        ({ data: events, response } = await this.retrying(request, async () => {
          try {
            return await request.race(
              this.client.messages
                .create({ ...params, stream: true }, this.requestOptions(request, headers))
                .withResponse(),
            );
          } catch (error) {
            throw request.abortedError(error) ?? toAnthropicApiError(error, context);
          }
        }));
      } catch (error) {
        throw request.abortedError(error) ?? error;
      }
      try {
        if (isJsonResponse(response)) {
          // A proxy that ignores `stream: true` answers one JSON message: read it as the stream's content.
          const message: unknown = await request.race(response.json());
          if (!isMessage(message)) throw notAMessage(message, context);
          yield* messageAsStream(toChatResponse(message, this.logger));
          return;
        }
        yield* toChatResponseStream(request.guard(events), this.logger);
      } catch (error) {
        throw request.abortedError(error) ?? streamError(error, context);
      }
    } finally {
      request.release();
    }
  }

  /** The client's per-request options: the signal, headers, and no client retries when this model retries. */
  private requestOptions(
    request: RequestSignal,
    headers: Readonly<Record<string, string>> | undefined,
  ): { signal?: AbortSignal; maxRetries?: number; headers?: Record<string, string> } {
    return {
      signal: request.signal,
      ...(this.retry ? { maxRetries: 0 } : {}),
      ...(headers ? { headers: { ...headers } } : {}),
    };
  }

  /** Runs `attempt` once, or by the `retry` options when set. */
  private retrying<T>(request: RequestSignal, attempt: () => Promise<T>): Promise<T> {
    if (this.retry === undefined) return attempt();
    const retry = this.retry;
    return retryModelCall(attempt, {
      retry,
      signal: request.signal,
      logger: this.logger,
      verdict: (error) => retryVerdict(error, retry),
    });
  }

  private prepare(prompt: Prompt): {
    params: AnthropicRequestParams;
    context: AnthropicRequestContext;
    headers?: Readonly<Record<string, string>>;
  } {
    const options = mergeChatOptions<AnthropicChatOptions>(this.defaultOptions, prompt.options);
    const model = options.model ?? this.defaultOptions.model;
    const toolDefinitions = resolveRequestToolDefinitions(options, this.toolCallingManager, 'AnthropicChatModel');
    if (options.toolChoice !== undefined && toolDefinitions.length === 0 && this.logger.isLevelEnabled('debug')) {
      this.logger.debug({ toolChoice: options.toolChoice }, 'toolChoice is ignored: the request has no tools');
    }
    const params = toMessageCreateParams(prompt.instructions, { ...options, model }, toolDefinitions);
    const context: AnthropicRequestContext = {
      baseUrl: this.baseUrl,
      model,
      timeoutMs: this.timeoutMs,
      idleTimeoutMs: this.idleTimeoutMs,
    };
    if (params.messages.length === 0) {
      throw new EmptyPromptError(
        `The prompt for ${this.baseUrl} has no message to send (${prompt.instructions.length} given; system ` +
          'messages go in the system field, blank ones are left out), so no request was sent. Whatever built the ' +
          'prompt (an advisor, a hook of the tool loop) dropped every message of the conversation.',
      );
    }
    if (this.logger.isLevelEnabled('debug')) {
      this.logger.debug({ model, messages: params.messages.length, tools: toolDefinitions.length }, 'chat request');
    }
    return { params, context, headers: options.httpHeaders };
  }
}

/** Whether a failed attempt is worth another, by Spring's rules and the server's word. */
function retryVerdict(error: unknown, retry: RetryOptions): RetryVerdict {
  if (RequestAbortedError.isInstance(error) || !AnthropicApiError.isInstance(error)) return { retry: false };
  const { APIUserAbortError } = anthropicSdk();
  const cause = error.cause;
  if (cause instanceof APIUserAbortError) return { retry: false };
  const headers = isApiError(cause) ? cause.headers : undefined;
  // The server's own word wins, as the client takes it (the test kit's made-up answers say false).
  if (headers?.get('x-should-retry') === 'false' || !isRetryableStatus(error.status, retry)) return { retry: false };
  return { retry: true, retryAfterMs: retryAfterMs(headers) };
}

function streamError(error: unknown, context: AnthropicRequestContext): unknown {
  if (error instanceof IncompleteStreamError) {
    return new AnthropicApiError({
      message: `The stream from Anthropic endpoint ${context.baseUrl} ended before the answer was complete: ${error.message}.`,
      baseUrl: context.baseUrl,
      model: context.model,
      status: 200,
      cause: error,
    });
  }
  const mapped = toAnthropicApiError(error, context);
  if (mapped !== error || SproutError.isInstance(error)) return mapped;
  const detail = error instanceof Error ? error.message : String(error);
  return new AnthropicApiError({
    message:
      `The stream from Anthropic endpoint ${context.baseUrl} broke off or carried an event that is not JSON ` +
      `(${detail}). ${BASE_URL_HINT}`,
    baseUrl: context.baseUrl,
    model: context.model,
    status: 200,
    cause: error,
  });
}

function isMessage(body: unknown): body is { readonly content: unknown[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { content?: unknown }).content);
}

/** A response that is one JSON document rather than server-sent events. */
function isJsonResponse(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') && !type.includes('event-stream');
}

function notAMessage(body: unknown, context: AnthropicRequestContext): AnthropicApiError {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
  const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return new AnthropicApiError({
    message:
      `Anthropic endpoint ${context.baseUrl} answered with something that is not a message ` +
      `(no content array): '${snippet}'. ${BASE_URL_HINT}`,
    baseUrl: context.baseUrl,
    model: context.model,
    status: 200,
  });
}
