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
import type OpenAI from 'openai';
import { OPENAI_ERRORS, toOpenAiApiError } from './openai-api-error';
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
import { toChatResponseStream } from './stream/openai-chat-stream';

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
   * Retries on connection errors, 408, 409, 429 and 5xx, waiting as the `openai` client would
   * (0.5 s doubling up to 8 s), when `retry` is not set.
   * @defaultValue {@link DEFAULT_OPENAI_MAX_RETRIES}; must be `0` or unset when `retry` is set
   */
  readonly maxRetries?: number;
  /**
   * Retry failed requests by Spring's rules (`spring.ai.retry.*`, see `RetryOptions`). This model
   * alone retries, by these rules or `maxRetries`: the `openai` client's own retries are always
   * off, also those of a given `client`. A stream is retried only until its answer starts to
   * arrive, never after a chunk was yielded; an answer with `x-should-retry: false` is not retried.
   * @remarks The boot auto-configuration always sets it from `spring.ai.retry.*` (Spring's defaults
   * when unset).
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

type ChatCompletionParams = ReturnType<typeof toChatCompletionParams>;

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

  private readonly exchange: ProviderChatExchange<OpenAiChatOptions, ChatCompletionParams>;

  /**
   * @param options - endpoint, credentials, default options, tool manager, retries and timeout
   * @throws ConfigurationError when `baseUrl` is not an absolute http(s) URL, `toolCallIdPattern`
   * is not of a supported form, or both `retry` and a positive `maxRetries` are given
   */
  constructor(options: OpenAiChatModelOptions = {}) {
    const settings = resolveProviderClientSettings(
      { model: 'OpenAiChatModel', logger: 'sprout-ai.openai.OpenAiChatModel', sdk: 'openai' },
      options,
      {
        maxRetries: DEFAULT_OPENAI_MAX_RETRIES,
        timeoutMs: DEFAULT_OPENAI_TIMEOUT_MS,
        idleTimeoutMs: DEFAULT_OPENAI_IDLE_TIMEOUT_MS,
      },
    );
    let client: OpenAI;
    if (options.client) {
      client = options.client;
      this.baseUrl = options.client.baseURL;
    } else {
      this.baseUrl = resolveOpenAiBaseUrl(options.baseUrl ?? DEFAULT_OPENAI_BASE_URL);
      const { OpenAI } = openAiSdk();
      client = new OpenAI({
        baseURL: this.baseUrl,
        apiKey: options.apiKey || process.env.OPENAI_API_KEY || PLACEHOLDER_API_KEY,
        // Unset: the client falls back to OPENAI_ORG_ID / OPENAI_PROJECT_ID in the environment.
        organization: options.organization,
        project: options.project,
        ...sdkClientOptions(settings, 'openai'),
      });
    }
    this.defaultOptions = { ...options.defaultOptions, model: options.defaultOptions?.model ?? DEFAULT_OPENAI_MODEL };
    this.nativeStructuredOutput = options.nativeStructuredOutput ?? true;
    const toolCallIds =
      options.toolCallIdPattern === undefined ? undefined : ToolCallIdRule.parse(options.toolCallIdPattern);
    const wire = openAiWire(client, settings.logger, {
      hermesToolCalls: options.hermesToolCalls ?? 'strip',
      streamUsage: options.streamUsage ?? true,
      toolCallIds,
    });
    this.exchange = new ProviderChatExchange(wire, {
      ...settings,
      baseUrl: this.baseUrl,
      defaultOptions: this.defaultOptions,
      toolCallingManager: options.toolCallingManager,
    });
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
  call(prompt: Prompt, options?: ChatModelRequestOptions): Promise<ChatResponse> {
    return this.exchange.call(prompt, options?.signal);
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
    return { [Symbol.asyncIterator]: () => this.exchange.stream(prompt, options?.signal) };
  }
}

/** Chat Completions on the `openai` client: what `ProviderChatExchange` drives. */
function openAiWire(
  client: OpenAI,
  logger: Logger,
  options: { hermesToolCalls: HermesToolCallMode; streamUsage: boolean; toolCallIds?: ToolCallIdRule },
): ProviderWire<OpenAiChatOptions, ChatCompletionParams> {
  const { hermesToolCalls, streamUsage, toolCallIds } = options;
  return {
    ...OPENAI_ERRORS,
    provider: 'openai',
    modelName: 'OpenAiChatModel',
    leftOutMessages: 'blank system messages are left out',
    toParams: (messages, chatOptions, tools) => toChatCompletionParams(messages, chatOptions, tools, toolCallIds),
    send: (params, requestOptions) => client.chat.completions.create(params, requestOptions),
    sendStream: (params, requestOptions) =>
      client.chat.completions
        .create(
          { ...params, stream: true, ...(streamUsage ? { stream_options: { include_usage: true } } : {}) },
          requestOptions,
        )
        .withResponse(),
    toApiError: toOpenAiApiError,
    isAnswer: (body) =>
      typeof body === 'object' && body !== null && Array.isArray((body as { choices?: unknown }).choices),
    toChatResponse: (body) => toChatResponse(body as OpenAI.ChatCompletion, logger, hermesToolCalls),
    toChatResponseStream: (events) => toChatResponseStream(events, { logger, hermesToolCalls }),
  };
}
