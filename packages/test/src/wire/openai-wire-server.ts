import { sseFromChatCompletion, type WireSseStep } from './sse';
import {
  defaultWireEmbedding,
  embeddingsRoute,
  type WireEmbeddingFunction,
  type WireEmbeddingRequest,
} from './wire-embeddings';
import type { RecordedWireRequest, WireErrorStep, WireStepContext } from './wire-exchange';
import { type WireProtocol, WireScriptServer } from './wire-script-server';
import type { WireChatCompletion, WireChatRequest, WireMessage } from './wire-types';

/**
 * What one step answers: a `chat.completion` body (HTTP 200; streamed as SSE when the request asks
 * for `stream: true`), an error step, or an SSE stream ({@link WireSseStep}, only for streaming requests).
 */
export type WireStepResult = WireChatCompletion | WireErrorStep | WireSseStep;

/**
 * A step computed from the request. It may be async: the answer waits for it (a scripted delay).
 *
 * @param body - the parsed request body
 * @param index - 0-based index of the request among the chat-completion requests served
 * @param context - the exchange's signal (see {@link WireStepContext})
 */
export type WireStepFunction = (
  body: WireChatRequest,
  index: number,
  context: WireStepContext,
) => WireStepResult | Promise<WireStepResult>;

/** One entry of a script: a fixed answer, or a function of the request. */
export type WireScriptStep = WireStepResult | WireStepFunction;

/** Options of {@link OpenAiWireServer.start}: a `script` played in order, or a `handler` for every request. */
export type OpenAiWireServerOptions = (
  | { readonly script: readonly WireScriptStep[]; readonly handler?: never }
  | { readonly handler: WireStepFunction; readonly script?: never }
) & {
  /** Port to listen on; defaults to 0 (an ephemeral port chosen by the OS). */
  readonly port?: number;
  /**
   * Enforce a rule on tool-call ids, as Mistral does with `/^[a-zA-Z0-9]{9}$/`: a request whose
   * assistant `tool_calls[].id` or tool `tool_call_id` does not match is answered HTTP 400 (recorded,
   * no script step used), as such a server answers a history replayed from another provider.
   */
  readonly toolCallIdPattern?: RegExp;
  /**
   * How `POST /v1/embeddings` answers: one vector per input text, or an error step.
   * @defaultValue `wordHashEmbedding` of each input (deterministic; texts sharing words are similar)
   */
  readonly embeddings?: WireEmbeddingFunction;
};

function openAiProtocol(
  toolCallIdPattern: RegExp | undefined,
  embeddings: ReturnType<typeof embeddingsRoute>,
): WireProtocol<WireChatRequest, WireChatCompletion> {
  return {
    routes: { '/v1/embeddings': embeddings },
    owner: 'OpenAiWireServer',
    path: '/v1/chat/completions',
    baseUrl: (origin) => `${origin}/v1`,
    errorBody: (message, type) => ({ error: { message, type, code: null } }),
    isStream: (body) => body.stream === true,
    toSse: (completion) => sseFromChatCompletion(completion),
    refuse: (body) => {
      if (toolCallIdPattern === undefined) return undefined;
      const badId = toolCallIdsOf(body).find((id) => !matches(toolCallIdPattern, id));
      return badId === undefined
        ? undefined
        : `Tool call id was ${JSON.stringify(badId)} but must match ${String(toolCallIdPattern)}.`;
    },
  };
}

/** Every tool-call id a request carries: assistant `tool_calls[].id` and tool `tool_call_id`. */
function toolCallIdsOf(request: WireChatRequest): unknown[] {
  const messages: readonly WireMessage[] = Array.isArray(request.messages) ? request.messages : [];
  return messages.flatMap((message) =>
    message.role === 'tool' ? [message.tool_call_id] : (message.tool_calls ?? []).map((call) => call.id),
  );
}

function matches(pattern: RegExp, id: unknown): boolean {
  pattern.lastIndex = 0;
  return typeof id === 'string' && pattern.test(id);
}

/**
 * An OpenAI-compatible HTTP server on 127.0.0.1 for tests and demos: it answers
 * `POST /v1/chat/completions` from a script (one step per request, in order) and records every
 * request body. `POST /v1/embeddings` is answered apart from the script, by the `embeddings`
 * option (deterministic vectors by default) and recorded in `embeddingRequests`. Point a real `openai` client or `OpenAiChatModel` at {@link OpenAiWireServer.baseUrl}.
 *
 * When the script runs out it answers HTTP 500 with a message saying so; unknown paths get 404.
 * A `stream: true` request is answered with server-sent events: an SSE step is replayed piece by
 * piece, cut where the step says; a `chat.completion` step is streamed as OpenAI would (see
 * `sseFromChatCompletion`). Answers the server makes up itself carry `x-should-retry: false`, so
 * the `openai` client does not retry them.
 *
 * To test cancellation, an answer can be held back: a step function may wait (its
 * {@link WireStepContext.signal} aborts when the client gives up), and an SSE step can pause
 * mid-stream ({@link WireSseStep.hold}). {@link RecordedWireRequest.ended} tells whether the
 * client closed the request before the answer was complete.
 *
 * @example
 * ```ts
 * const server = await OpenAiWireServer.start({ script: [chatCompletion({ content: 'Hi!' })] });
 * try {
 *   const model = new OpenAiChatModel({ baseUrl: server.baseUrl, apiKey: 'test' });
 *   await model.call(new Prompt('Hello'));
 *   expect(server.requests[0].messages).toEqual([{ role: 'user', content: 'Hello' }]);
 * } finally {
 *   await server.close();
 * }
 * ```
 * @see AnthropicWireServer, the same for Anthropic's Messages API
 */
export class OpenAiWireServer {
  /** Base URL for an OpenAI client, ending in `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  readonly baseUrl: string;
  /** Every parsed `/v1/chat/completions` request body, in arrival order. */
  readonly requests: readonly WireChatRequest[];
  /** The same requests with their path and headers. */
  readonly recordedRequests: readonly RecordedWireRequest[];
  /** Every parsed `/v1/embeddings` request body, in arrival order (they use no script step). */
  readonly embeddingRequests: readonly WireEmbeddingRequest[];

  private constructor(
    private readonly wire: WireScriptServer<WireChatRequest, WireChatCompletion>,
    embeddingRequests: readonly WireEmbeddingRequest[],
  ) {
    this.baseUrl = wire.baseUrl;
    this.requests = wire.requests;
    this.recordedRequests = wire.recordedRequests;
    this.embeddingRequests = embeddingRequests;
  }

  /**
   * Starts a server on 127.0.0.1.
   *
   * @param options - `{ script }` (steps played in order) or `{ handler }` (answers every request)
   * @returns the listening server
   * @throws Error when neither or both of `script` and `handler` are given, or the port is taken
   */
  static async start(options: OpenAiWireServerOptions): Promise<OpenAiWireServer> {
    const embeddingRequests: WireEmbeddingRequest[] = [];
    const embeddings = embeddingsRoute(embeddingRequests, options.embeddings ?? defaultWireEmbedding);
    const protocol = openAiProtocol(options.toolCallIdPattern, embeddings);
    return new OpenAiWireServer(await WireScriptServer.start(options, protocol), embeddingRequests);
  }

  /** Steps left in the script, or `undefined` when the server runs a handler. */
  get remainingSteps(): number | undefined {
    return this.wire.remainingSteps;
  }

  /** Stops listening and drops open keep-alive connections. Safe to call twice. */
  close(): Promise<void> {
    return this.wire.close();
  }
}
