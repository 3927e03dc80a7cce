import type {
  ChatModel,
  ChatModelRequestOptions,
  ChatResponse,
  Prompt,
  RetryOptions,
  StreamingChatModel,
  ToolCallingManager,
} from '@sprout-ai/core';
import {
  type Logger,
  ProviderChatExchange,
  type ProviderWire,
  resolveProviderClientSettings,
  sdkClientOptions,
} from '@sprout-ai/core/internal';
import type Anthropic from '@anthropic-ai/sdk';
import { ANTHROPIC_ERRORS, toAnthropicApiError } from './anthropic-api-error';
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
import { toChatResponseStream } from './stream/anthropic-message-stream';

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
  /**
   * A ready client; when given, `baseUrl`, `apiKey`, `timeoutMs` and `idleTimeoutMs` are ignored
   * (its retries are off per request). Construct it with `openTelemetry: false`, as this model does
   * its own, or each call is traced twice.
   */
  readonly client?: Anthropic;
  /**
   * Options under every request's options; `model` defaults to {@link DEFAULT_ANTHROPIC_MODEL},
   * `maxTokens` to {@link DEFAULT_ANTHROPIC_MAX_TOKENS}.
   */
  readonly defaultOptions?: AnthropicChatOptions;
  /** Resolves the tool definitions sent (including `toolNames`); without it, `toolCallbacks` are sent. */
  readonly toolCallingManager?: ToolCallingManager;
  /**
   * Retries on connection errors, 408, 409, 429 and 5xx, waiting as the `@anthropic-ai/sdk` client
   * would (0.5 s doubling up to 8 s), when `retry` is not set.
   * @defaultValue {@link DEFAULT_ANTHROPIC_MAX_RETRIES}; must be `0` or unset when `retry` is set
   */
  readonly maxRetries?: number;
  /**
   * Retry failed requests by Spring's rules (`spring.ai.retry.*`, see `RetryOptions`), as
   * `OpenAiChatModel` does. This model alone retries, by these rules or `maxRetries`: the client's
   * own retries are always off, also those of a given `client`. A stream is retried only until its
   * answer starts to arrive; an answer with `x-should-retry: false` is not retried.
   * @remarks The boot auto-configuration always sets it from `spring.ai.retry.*` (Spring's defaults
   * when unset).
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

  private readonly exchange: ProviderChatExchange<AnthropicChatOptions, AnthropicRequestParams>;

  /**
   * @param options - endpoint, credentials, default options, tool manager, retries and timeouts
   * @throws ConfigurationError when `baseUrl` is not an absolute http(s) URL, or both `retry` and a
   * positive `maxRetries` are given
   */
  constructor(options: AnthropicChatModelOptions = {}) {
    const settings = resolveProviderClientSettings(
      { model: 'AnthropicChatModel', logger: 'sprout-ai.anthropic.AnthropicChatModel', sdk: '@anthropic-ai/sdk' },
      options,
      {
        maxRetries: DEFAULT_ANTHROPIC_MAX_RETRIES,
        timeoutMs: DEFAULT_ANTHROPIC_TIMEOUT_MS,
        idleTimeoutMs: DEFAULT_ANTHROPIC_IDLE_TIMEOUT_MS,
      },
    );
    let client: Anthropic;
    if (options.client) {
      client = options.client;
      this.baseUrl = options.client.baseURL;
    } else {
      this.baseUrl = resolveAnthropicBaseUrl(options.baseUrl ?? DEFAULT_ANTHROPIC_BASE_URL);
      const { Anthropic } = anthropicSdk();
      client = new Anthropic({
        baseURL: this.baseUrl,
        apiKey: options.apiKey || process.env.ANTHROPIC_API_KEY || PLACEHOLDER_API_KEY,
        ...sdkClientOptions(settings, 'anthropic'),
        // Sprout's chat span is the one per model call; the SDK's own would be a second `chat`
        // span (a stream's outside the trace), counting each call twice.
        openTelemetry: false,
      });
    }
    this.defaultOptions = {
      ...options.defaultOptions,
      model: options.defaultOptions?.model ?? DEFAULT_ANTHROPIC_MODEL,
    };
    this.exchange = new ProviderChatExchange(anthropicWire(client, settings.logger), {
      ...settings,
      baseUrl: this.baseUrl,
      defaultOptions: this.defaultOptions,
      toolCallingManager: options.toolCallingManager,
    });
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
  call(prompt: Prompt, options?: ChatModelRequestOptions): Promise<ChatResponse> {
    return this.exchange.call(prompt, options?.signal);
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
    return { [Symbol.asyncIterator]: () => this.exchange.stream(prompt, options?.signal) };
  }
}

/** The Messages API on the `@anthropic-ai/sdk` client: what `ProviderChatExchange` drives. */
function anthropicWire(client: Anthropic, logger: Logger): ProviderWire<AnthropicChatOptions, AnthropicRequestParams> {
  return {
    ...ANTHROPIC_ERRORS,
    provider: 'anthropic',
    modelName: 'AnthropicChatModel',
    leftOutMessages: 'system messages go in the system field, blank ones are left out',
    toParams: toMessageCreateParams,
    send: (params, requestOptions) => client.messages.create(params, requestOptions),
    sendStream: (params, requestOptions) =>
      client.messages.create({ ...params, stream: true }, requestOptions).withResponse(),
    toApiError: toAnthropicApiError,
    isAnswer: (body) =>
      typeof body === 'object' && body !== null && Array.isArray((body as { content?: unknown }).content),
    toChatResponse: (body) => toChatResponse(body as Anthropic.Message, logger),
    toChatResponseStream: (events) => toChatResponseStream(events, logger),
  };
}
