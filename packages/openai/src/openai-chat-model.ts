import {
  ConfigurationError,
  EmptyPromptError,
  SproutError,
  type ChatModel,
  type ChatModelRequestOptions,
  type ChatResponse,
  type Prompt,
  type StreamingChatModel,
  type ToolCallingManager,
  RequestAbortedError,
  isRetryableStatus,
  type RetryOptions,
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
import type OpenAI from 'openai';
import { isApiError, OpenAiApiError, toOpenAiApiError, type OpenAiRequestContext } from './openai-api-error';
import type { OpenAiChatOptions } from './openai-chat-options';
import { openAiSdk } from './openai-sdk';
import {
  DEFAULT_OPENAI_BASE_URL,
  DEFAULT_OPENAI_MAX_RETRIES,
  DEFAULT_OPENAI_MODEL,
  DEFAULT_OPENAI_TIMEOUT_MS,
  DEFAULT_OPENAI_IDLE_TIMEOUT_MS,
} from './openai-defaults';
import { toChatCompletionParams } from './openai-request-mapper';
import { toChatResponse } from './openai-response-mapper';
import { resolveOpenAiBaseUrl } from './resolve-openai-base-url';
import { ToolCallIdRule } from './tool-call-id-rule';
import type { HermesToolCallMode } from './stream/hermes-tool-call-markup';
import { IncompleteStreamError, completionAsStream, toChatResponseStream } from './stream/openai-chat-stream';

/** Constructor options of {@link OpenAiChatModel}. */
export interface OpenAiChatModelOptions {
  /**
   * Endpoint, with or without `/v1` (see {@link resolveOpenAiBaseUrl}).
   * @defaultValue {@link DEFAULT_OPENAI_BASE_URL}
   */
  readonly baseUrl?: string;
  /**
   * Bearer token. Falls back to the `OPENAI_API_KEY` environment variable, then to a placeholder
   * (local servers such as Ollama need none; OpenAI then answers 401).
   */
  readonly apiKey?: string;
  /**
   * A ready client; when given, `baseUrl`, `apiKey`, `organization`, `project`, `maxRetries` and
   * `timeoutMs` are ignored.
   */
  readonly client?: OpenAI;
  /**
   * OpenAI organization id, sent as the `OpenAI-Organization` header (`spring.ai.openai.organization-id`).
   * @defaultValue the `OPENAI_ORG_ID` environment variable, if set (the `openai` client's rule)
   */
  readonly organization?: string;
  /**
   * OpenAI project id, sent as the `OpenAI-Project` header (`spring.ai.openai.project-id`).
   * @defaultValue the `OPENAI_PROJECT_ID` environment variable, if set (the `openai` client's rule)
   */
  readonly project?: string;
  /** Options under every request's options; `model` defaults to {@link DEFAULT_OPENAI_MODEL}. */
  readonly defaultOptions?: OpenAiChatOptions;
  /** Resolves the tool definitions sent (including `toolNames`); without it, `toolCallbacks` are sent. */
  readonly toolCallingManager?: ToolCallingManager;
  /**
   * Retries done by the `openai` client on connection errors, 408, 409, 429 and 5xx, when `retry`
   * is not set.
   * @defaultValue {@link DEFAULT_OPENAI_MAX_RETRIES}; `0` when `retry` is set
   */
  readonly maxRetries?: number;
  /**
   * Retry failed requests by Spring's rules (`spring.ai.retry.*`, see `RetryOptions`): then this
   * model alone retries, and the `openai` client's own retries are off, also those of a given `client`.
   * A stream is retried only until its answer starts to arrive, never after a chunk was yielded; an
   * answer with `x-should-retry: false` is not retried.
   * @remarks The boot auto-configuration always sets it from `spring.ai.retry.*` (Spring's defaults
   * when unset); without it the `openai` client's `maxRetries` applies, as before.
   */
  readonly retry?: RetryOptions;
  /**
   * Time allowed per request attempt, in milliseconds.
   * @defaultValue {@link DEFAULT_OPENAI_TIMEOUT_MS}
   */
  readonly timeoutMs?: number;
  /**
   * Longest silence allowed while an answer's body arrives (a JSON body, or between two chunks of a
   * stream), in milliseconds; then the request fails with an `OpenAiApiError` naming the setting.
   * `timeoutMs` ends when the headers arrive, so this is what stops a server that stalls after them.
   * Checked about once a second (undici's body timeout), so sub-second values round up.
   * Ignored with `client`.
   * @defaultValue {@link DEFAULT_OPENAI_IDLE_TIMEOUT_MS}
   */
  readonly idleTimeoutMs?: number;
  /**
   * Hermes-style `<tool_call>{"name":…,"arguments":…}</tool_call>` markup that some servers leave in
   * the text: `'strip'` removes it (it is never shown as the answer); `'parse'` also runs it as a
   * tool call.
   * @defaultValue `'strip'`
   */
  readonly hermesToolCalls?: HermesToolCallMode;
  /**
   * Ask for token usage at the end of a stream (`stream_options.include_usage`).
   * @defaultValue `true`
   */
  readonly streamUsage?: boolean;
  /**
   * The server's rule for tool-call ids, as it documents it, e.g. `^[a-zA-Z0-9]{9}$` (Mistral, and
   * vLLM serving Mistral models). Such a server rejects, with HTTP 400, a request replaying an id
   * from another provider or from chat memory. With a rule, an id it rejects is sent as one derived
   * from the id's hash (in the rule's characters, at its length): the same in every request, so a
   * call and its result always pair; ids it accepts go as they are. Supported forms: one character
   * class and a length, `^[class]{n}$`, `^[class]{min,max}$`, `^[class]{min,}$` or `^[class]+$`.
   * Without it, ids go as they are.
   * @remarks Sprout's; property `sprout.openai.chat.tool-call-id-pattern`.
   */
  readonly toolCallIdPattern?: string;
  /**
   * Whether the server takes `response_format: {type: 'json_schema'}`: then `.entity()` sends the
   * output schema natively (see `ChatModel.nativeStructuredOutput`); `false` for servers without
   * it, which then get format instructions in the prompt.
   * @defaultValue `true`
   * @remarks Sprout's; property `sprout.openai.chat.native-structured-output`.
   */
  readonly nativeStructuredOutput?: boolean;
}

const PLACEHOLDER_API_KEY = 'no-api-key';

/**
 * A `ChatModel` for OpenAI and OpenAI-compatible servers (Ollama, vLLM, LM Studio …) over the
 * Chat Completions API, built on the `openai` package.
 *
 * It sends the prompt's messages and tool definitions and returns the response as is, tool calls
 * included; it never executes tools (the `ToolCallingAdvisor` does).
 *
 * @example
 * ```ts
 * const model = new OpenAiChatModel({ apiKey: process.env.OPENAI_API_KEY, defaultOptions: { model: 'gpt-4o-mini' } });
 * const response = await model.call(new Prompt('Hello'));
 * ```
 * @see Spring AI `OpenAiChatModel`
 * @remarks Maps the wire and nothing more: a tool call the server sent without an id keeps a blank
 * one (the tool loop's preparation synthesizes it), and object `arguments` are turned into JSON text. Before a request is sent,
 * every tool call in it is paired with exactly one tool message (see `ensureToolCallPairing`).
 */
export class OpenAiChatModel implements ChatModel, StreamingChatModel {
  /** The model's default options, `model` always set. */
  readonly defaultOptions: OpenAiChatOptions & { readonly model: string };
  /** See {@link OpenAiChatModelOptions.nativeStructuredOutput}. */
  readonly nativeStructuredOutput: boolean;
  /** `gen_ai.provider.name` of this model's chat spans. */
  readonly providerName = 'openai';
  /** The base URL requests go to, e.g. `https://api.openai.com/v1`. */
  readonly baseUrl: string;

  private readonly client: OpenAI;
  private readonly toolCallingManager?: ToolCallingManager;
  private readonly timeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly hermesToolCalls: HermesToolCallMode;
  private readonly streamUsage: boolean;
  private readonly toolCallIds?: ToolCallIdRule;
  private readonly retry?: RetryOptions;
  private readonly logger = createLogger('sprout-ai.openai.OpenAiChatModel');

  /**
   * @param options - endpoint, credentials, default options, tool manager, retries and timeout
   * @throws ConfigurationError when `baseUrl` is not an absolute http(s) URL, `toolCallIdPattern`
   * is not of a supported form, or both `retry` and a positive `maxRetries` are given
   */
  constructor(options: OpenAiChatModelOptions = {}) {
    if (options.retry !== undefined && (options.maxRetries ?? 0) > 0) {
      throw new ConfigurationError({
        setting: 'OpenAiChatModel maxRetries',
        value: options.maxRetries,
        allowed: '0 or unset when retry is set',
        message:
          `OpenAiChatModel was given both retry (spring.ai.retry.*) and maxRetries ${options.maxRetries ?? 0} (the openai ` +
          "client's own retries); one place retries a request. Drop maxRetries, or drop retry to keep the client's.",
      });
    }
    this.retry = options.retry;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
    this.idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_OPENAI_IDLE_TIMEOUT_MS;
    if (options.client) {
      this.client = options.client;
      this.baseUrl = options.client.baseURL;
    } else {
      this.baseUrl = resolveOpenAiBaseUrl(options.baseUrl ?? DEFAULT_OPENAI_BASE_URL);
      const { OpenAI } = openAiSdk();
      this.client = new OpenAI({
        baseURL: this.baseUrl,
        apiKey: options.apiKey || process.env.OPENAI_API_KEY || PLACEHOLDER_API_KEY,
        // Unset: the client falls back to OPENAI_ORG_ID / OPENAI_PROJECT_ID in the environment.
        organization: options.organization,
        project: options.project,
        maxRetries: options.retry ? 0 : (options.maxRetries ?? DEFAULT_OPENAI_MAX_RETRIES),
        timeout: this.timeoutMs,
        fetch: realmSafeFetch,
        // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- undici's Agent, for undici's fetch
        fetchOptions: { dispatcher: idleTimeoutDispatcher(this.idleTimeoutMs) },
        logger: sdkClientLogger(this.logger, 'openai'),
      });
    }
    this.defaultOptions = { ...options.defaultOptions, model: options.defaultOptions?.model ?? DEFAULT_OPENAI_MODEL };
    this.toolCallingManager = options.toolCallingManager;
    this.hermesToolCalls = options.hermesToolCalls ?? 'strip';
    this.streamUsage = options.streamUsage ?? true;
    this.nativeStructuredOutput = options.nativeStructuredOutput ?? true;
    if (options.toolCallIdPattern !== undefined) this.toolCallIds = ToolCallIdRule.parse(options.toolCallIdPattern);
  }

  /**
   * Sends the prompt as one Chat Completions request.
   *
   * @param prompt - messages and options; options are layered over {@link OpenAiChatModel.defaultOptions}
   * @param options - `signal` cancels the request: the HTTP request is aborted (a retry the client
   *   is waiting for is not made) and the call rejects at once
   * @returns one generation per choice, with text, tool calls and finish reason; id, model and usage as metadata
   * @throws RequestAbortedError (`name === 'AbortError'`) when `signal` aborts before the answer has
   * arrived, or was aborted already (nothing is sent then)
   * @throws OpenAiApiError when the endpoint is unreachable, times out, answers an error status, or
   * answers something that is not a chat completion
   * @throws ConfigurationError when the options name tools (`toolNames`) but no tool calling manager is set
   * @throws EmptyPromptError when the prompt has no message to send (nothing is sent)
   * @throws InvalidToolSchemaError when a tool's input schema is not a JSON object
   * @throws DuplicateToolNameError when two tool callbacks share a name (e.g. a local tool and an MCP tool)
   */
  async call(prompt: Prompt, options?: ChatModelRequestOptions): Promise<ChatResponse> {
    const { params, context, headers } = this.prepare(prompt);
    const request = new RequestSignal(options?.signal);
    request.throwIfAborted();

    let completion: unknown;
    try {
      completion = await this.retrying(request, async () => {
        try {
          return await request.race(this.client.chat.completions.create(params, this.requestOptions(request, headers)));
        } catch (error) {
          throw request.abortedError(error) ?? toOpenAiApiError(error, context);
        }
      });
    } catch (error) {
      throw request.abortedError(error) ?? error;
    } finally {
      request.release();
    }
    if (!isCompletion(completion)) throw notACompletion(completion, context);
    return toChatResponse(completion, this.logger, this.hermesToolCalls);
  }

  /**
   * Sends the prompt as one streamed Chat Completions request (server-sent events, read by the
   * `openai` client) and yields the answer as it arrives: text deltas, tool-call progress, and a
   * last chunk with the complete tool calls, finish reason and usage (see `StreamingChatModel`).
   *
   * @param prompt - messages and options, as for {@link OpenAiChatModel.call}
   * @param options - `signal` cancels the request: the HTTP request is aborted, its connection
   *   released, and iteration throws
   * @returns the chunks; nothing is sent until iteration starts; each iteration sends a fresh
   *   request; breaking out cancels the request
   * @throws RequestAbortedError (`name === 'AbortError'`, when iterated) when `signal` aborts before
   * the stream's end, or was aborted already (nothing is sent then); no last chunk is yielded, so a
   * cut-off answer is never taken for a complete one
   * @throws OpenAiApiError when the endpoint is unreachable, times out, answers an error status, or
   * the stream breaks off or carries an event that is not JSON
   * @throws ConfigurationError, EmptyPromptError, InvalidToolSchemaError as {@link OpenAiChatModel.call} does
   */
  stream(prompt: Prompt, options?: ChatModelRequestOptions): AsyncIterable<ChatResponse> {
    return { [Symbol.asyncIterator]: () => this.streamOnce(prompt, options?.signal) };
  }

  private async *streamOnce(prompt: Prompt, signal: AbortSignal | undefined): AsyncGenerator<ChatResponse> {
    const { params, context, headers } = this.prepare(prompt);
    const request = new RequestSignal(signal);
    request.throwIfAborted();
    try {
      let chunks: AsyncIterable<unknown>;
      let response: Response;
      try {
        const streamParams = {
          ...params,
          stream: true as const,
          ...(this.streamUsage ? { stream_options: { include_usage: true } } : {}),
        };
        // Retried only until the answer's headers arrive: nothing has been yielded yet.
        ({ data: chunks, response } = await this.retrying(request, async () => {
          try {
            return await request.race(
              this.client.chat.completions.create(streamParams, this.requestOptions(request, headers)).withResponse(),
            );
          } catch (error) {
            throw request.abortedError(error) ?? toOpenAiApiError(error, context);
          }
        }));
      } catch (error) {
        throw request.abortedError(error) ?? error;
      }
      try {
        if (isJsonResponse(response)) {
          // A proxy that ignores `stream: true` answers one JSON completion: read it as the stream's content.
          const completion: unknown = await request.race(response.json());
          if (!isCompletion(completion)) throw notACompletion(completion, context);
          yield* completionAsStream(toChatResponse(completion, this.logger, this.hermesToolCalls));
          return;
        }
        const options = { logger: this.logger, hermesToolCalls: this.hermesToolCalls };
        yield* toChatResponseStream(request.guard(chunks), options);
      } catch (error) {
        throw request.abortedError(error) ?? streamError(error, context);
      }
    } finally {
      request.release();
    }
  }

  /** The client's per-request options: signal, extra headers, and no client retries when this model retries. */
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
    params: ReturnType<typeof toChatCompletionParams>;
    context: OpenAiRequestContext;
    headers?: Readonly<Record<string, string>>;
  } {
    const options = mergeChatOptions<OpenAiChatOptions>(this.defaultOptions, prompt.options);
    const model = options.model ?? this.defaultOptions.model;
    const toolDefinitions = resolveRequestToolDefinitions(options, this.toolCallingManager, 'OpenAiChatModel');
    if (options.toolChoice !== undefined && toolDefinitions.length === 0 && this.logger.isLevelEnabled('debug')) {
      this.logger.debug({ toolChoice: options.toolChoice }, 'toolChoice is ignored: the request has no tools');
    }
    const params = toChatCompletionParams(
      prompt.instructions,
      { ...options, model },
      toolDefinitions,
      this.toolCallIds,
    );
    const context: OpenAiRequestContext = {
      baseUrl: this.baseUrl,
      model,
      timeoutMs: this.timeoutMs,
      idleTimeoutMs: this.idleTimeoutMs,
    };
    if (params.messages.length === 0) {
      throw new EmptyPromptError(
        `The prompt for ${this.baseUrl} has no message to send (${prompt.instructions.length} given; blank system ` +
          'messages are left out), so no request was sent. Whatever built the prompt (an advisor, a hook of the ' +
          'tool loop) dropped every message of the conversation.',
      );
    }
    if (this.logger.isLevelEnabled('debug')) {
      this.logger.debug({ model, messages: params.messages.length, tools: toolDefinitions.length }, 'chat request');
    }
    return { params, context, headers: options.httpHeaders };
  }
}

/**
 * Retry an unreachable endpoint, a timeout and the statuses `retry` allows, unless the server answered
 * `x-should-retry: false`; never an abort or a malformed answer.
 */
function retryVerdict(error: unknown, retry: RetryOptions): RetryVerdict {
  if (RequestAbortedError.isInstance(error) || !OpenAiApiError.isInstance(error)) return { retry: false };
  const { APIUserAbortError } = openAiSdk();
  const cause = error.cause;
  if (cause instanceof APIUserAbortError) return { retry: false };
  const headers = isApiError(cause) ? cause.headers : undefined;
  // The server's own word wins, as the openai client takes it (the test kit's made-up answers say false).
  if (headers?.get('x-should-retry') === 'false' || !isRetryableStatus(error.status, retry)) return { retry: false };
  return { retry: true, retryAfterMs: retryAfterMs(headers) };
}

function streamError(error: unknown, context: OpenAiRequestContext): unknown {
  if (error instanceof IncompleteStreamError) {
    return new OpenAiApiError({
      message: `The stream from OpenAI-compatible endpoint ${context.baseUrl} ended before the answer was complete: ${error.message}.`,
      baseUrl: context.baseUrl,
      model: context.model,
      status: 200,
      cause: error,
    });
  }
  const mapped =
    (error as { name?: unknown } | null)?.name === 'SyntaxError' ? error : toOpenAiApiError(error, context);
  if (mapped !== error || SproutError.isInstance(error)) return mapped;
  const detail = error instanceof Error ? error.message : String(error);
  return new OpenAiApiError({
    message:
      `The stream from OpenAI-compatible endpoint ${context.baseUrl} broke off or carried an event that is not ` +
      `a JSON chat.completion.chunk (${detail}). Check spring.ai.openai.base-url.`,
    baseUrl: context.baseUrl,
    model: context.model,
    status: 200,
    cause: error,
  });
}

function isCompletion(body: unknown): body is { readonly choices: unknown[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { choices?: unknown }).choices);
}

/** A response that is one JSON document rather than server-sent events. */
function isJsonResponse(response: Response): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('json') && !type.includes('event-stream');
}

function notACompletion(body: unknown, context: OpenAiRequestContext): OpenAiApiError {
  const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? String(body));
  const snippet = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return new OpenAiApiError({
    message:
      `OpenAI-compatible endpoint ${context.baseUrl} answered with something that is not a chat completion ` +
      `(no choices array): '${snippet}'. Check spring.ai.openai.base-url.`,
    baseUrl: context.baseUrl,
    model: context.model,
    status: 200,
  });
}
