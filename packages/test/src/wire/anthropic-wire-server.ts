import { sseFromAnthropicMessage } from './anthropic-sse';
import type { AnthropicWireRequest, AnthropicWireResponse } from './anthropic-wire-types';
import type { WireSseStep } from './sse';
import type { RecordedWireRequest, WireErrorStep, WireStepContext } from './wire-exchange';
import { type WireProtocol, WireScriptServer } from './wire-script-server';

/**
 * What one step answers: a `message` body (HTTP 200; streamed as Anthropic streams it when the
 * request asks for `stream: true`), an error step, or an SSE stream (only for streaming requests).
 */
export type AnthropicWireStepResult = AnthropicWireResponse | WireErrorStep | WireSseStep;

/**
 * A step computed from the request. It may be async: the answer waits for it.
 *
 * @param body - the parsed request body
 * @param index - 0-based index of the request among the `/v1/messages` requests served
 * @param context - the exchange's signal (see {@link WireStepContext})
 */
export type AnthropicWireStepFunction = (
  body: AnthropicWireRequest,
  index: number,
  context: WireStepContext,
) => AnthropicWireStepResult | Promise<AnthropicWireStepResult>;

/** One entry of a script: a fixed answer, or a function of the request. */
export type AnthropicWireScriptStep = AnthropicWireStepResult | AnthropicWireStepFunction;

/** Options of {@link AnthropicWireServer.start}: a `script` played in order, or a `handler` for every request. */
export type AnthropicWireServerOptions = (
  | { readonly script: readonly AnthropicWireScriptStep[]; readonly handler?: never }
  | { readonly handler: AnthropicWireStepFunction; readonly script?: never }
) & {
  /** Port to listen on; defaults to 0 (an ephemeral port chosen by the OS). */
  readonly port?: number;
};

const ANTHROPIC_PROTOCOL: WireProtocol<AnthropicWireRequest, AnthropicWireResponse> = {
  owner: 'AnthropicWireServer',
  path: '/v1/messages',
  baseUrl: (origin) => origin,
  errorBody: (message, type) => ({ type: 'error', error: { type, message } }),
  isStream: (body) => body.stream === true,
  toSse: (message) => sseFromAnthropicMessage(message),
};

/**
 * An Anthropic-compatible HTTP server on 127.0.0.1 for tests and demos: it answers
 * `POST /v1/messages` (the Messages API) from a script, one step per request, and records every
 * request. Point a real `@anthropic-ai/sdk` client or `AnthropicChatModel` at
 * {@link AnthropicWireServer.baseUrl} (the origin, as `https://api.anthropic.com` is).
 *
 * It behaves as `OpenAiWireServer` does — script or handler, `stream: true` answered with
 * server-sent events (a `message` step streamed by `sseFromAnthropicMessage`, an SSE step replayed
 * cut where it says, held where it says), made-up errors (script exhausted, a step that threw)
 * with `x-should-retry: false`, `ended` telling how each exchange ended — with Anthropic's error
 * body: `{"type":"error","error":{"type":"…","message":"…"}}`.
 *
 * @example
 * ```ts
 * const server = await AnthropicWireServer.start({ script: [anthropicMessage({ text: 'Hi!' })] });
 * try {
 *   const model = new AnthropicChatModel({ baseUrl: server.baseUrl, apiKey: 'test' });
 *   await model.call(new Prompt('Hello'));
 *   expect(server.requests[0].messages).toEqual([{ role: 'user', content: 'Hello' }]);
 * } finally {
 *   await server.close();
 * }
 * ```
 */
export class AnthropicWireServer {
  /** Base URL for an Anthropic client: the origin, e.g. `http://127.0.0.1:41234`. */
  readonly baseUrl: string;
  /** Every parsed `/v1/messages` request body, in arrival order. */
  readonly requests: readonly AnthropicWireRequest[];
  /** The same requests with their path and headers. */
  readonly recordedRequests: readonly RecordedWireRequest<AnthropicWireRequest>[];

  private constructor(private readonly wire: WireScriptServer<AnthropicWireRequest, AnthropicWireResponse>) {
    this.baseUrl = wire.baseUrl;
    this.requests = wire.requests;
    this.recordedRequests = wire.recordedRequests;
  }

  /**
   * Starts a server on 127.0.0.1.
   *
   * @param options - `{ script }` (steps played in order) or `{ handler }` (answers every request)
   * @returns the listening server
   * @throws Error when neither or both of `script` and `handler` are given, or the port is taken
   */
  static async start(options: AnthropicWireServerOptions): Promise<AnthropicWireServer> {
    return new AnthropicWireServer(await WireScriptServer.start(options, ANTHROPIC_PROTOCOL));
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
