import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { scriptExhaustedMessage } from '../script-exhausted-error';
import { sseFromChatCompletion, ssePieces, type WireSseStep } from './sse';
import type { WireChatCompletion, WireChatRequest, WireMessage } from './wire-types';

/**
 * A scripted non-200 (or raw) answer: the server replies with `status` and `body` as given.
 *
 * @example `{ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } } }`
 */
export interface WireErrorStep {
  /** HTTP status code. */
  readonly status: number;
  /** Sent as JSON, or as-is when it is a string (to script malformed bodies). */
  readonly body?: unknown;
  /** Extra response headers, e.g. `{ 'x-should-retry': 'false' }`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What one step answers: a `chat.completion` body (HTTP 200; streamed as SSE when the request asks
 * for `stream: true`), an error step, or an SSE stream ({@link WireSseStep}, only for streaming requests).
 */
export type WireStepResult = WireChatCompletion | WireErrorStep | WireSseStep;

/** What a {@link WireStepFunction} can see of the exchange besides the request body. */
export interface WireStepContext {
  /**
   * Aborts when the client closes the request before the answer was sent in full (it aborted the
   * request or dropped the connection), or the server is closed. A step that waits — to hold an
   * answer back while the test acts — should stop waiting then; what it returns afterwards is not sent.
   *
   * @example `async (_body, _index, { signal }) => { await once(signal, 'abort'); return chatCompletion({ content: 'never sent' }); }`
   */
  readonly signal: AbortSignal;
}

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
};

/**
 * How an exchange ended: `answered` — the whole answer was sent; `closed-by-client` — the client
 * closed the request first (aborted it, or dropped the connection); `closed-by-server` —
 * {@link OpenAiWireServer.close} cut it off.
 */
export type WireExchangeEnd = 'answered' | 'closed-by-client' | 'closed-by-server';

/** A chat-completion request as the server received it. */
export interface RecordedWireRequest {
  /** Request path including any query string, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** Request headers (lower-case names), e.g. `authorization`. */
  readonly headers: IncomingHttpHeaders;
  readonly body: WireChatRequest;
  /** The body exactly as received (UTF-8 text), e.g. to assert that a secret is in no byte of it. */
  readonly rawBody: string;
  /**
   * Settles once the exchange is over, with how it ended; e.g. a test that aborts a request checks
   * `await expect(server.recordedRequests[0].ended).resolves.toBe('closed-by-client')`.
   */
  readonly ended: Promise<WireExchangeEnd>;
}

const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/**
 * An OpenAI-compatible HTTP server on 127.0.0.1 for tests and demos: it answers
 * `POST /v1/chat/completions` from a script (one step per request, in order) and records every
 * request body. Point a real `openai` client or `OpenAiChatModel` at {@link OpenAiWireServer.baseUrl}.
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
 */
export class OpenAiWireServer {
  /** Base URL for an OpenAI client, ending in `/v1`, e.g. `http://127.0.0.1:41234/v1`. */
  readonly baseUrl: string;
  /** Every parsed `/v1/chat/completions` request body, in arrival order. */
  readonly requests: readonly WireChatRequest[];
  /** The same requests with their path and headers. */
  readonly recordedRequests: readonly RecordedWireRequest[];

  private readonly recorded: RecordedWireRequest[] = [];
  private readonly bodies: WireChatRequest[] = [];
  private served = 0;
  private closed?: Promise<void>;
  private closing = false;

  private constructor(
    private readonly server: Server,
    private readonly options: OpenAiWireServerOptions,
  ) {
    const { port } = server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}/v1`;
    this.requests = this.bodies;
    this.recordedRequests = this.recorded;
  }

  /**
   * Starts a server on 127.0.0.1.
   *
   * @param options - `{ script }` (steps played in order) or `{ handler }` (answers every request)
   * @returns the listening server
   * @throws Error when neither or both of `script` and `handler` are given, or the port is taken
   */
  static async start(options: OpenAiWireServerOptions): Promise<OpenAiWireServer> {
    if ((options.script === undefined) === (options.handler === undefined)) {
      throw new Error('OpenAiWireServer.start needs exactly one of `script` (an array of steps) or `handler`.');
    }
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const wire = new OpenAiWireServer(server, options);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      wire.handle(req, res).catch((error: unknown) => {
        sendJson(res, 500, errorBody(`OpenAiWireServer failed: ${messageOf(error)}`, 'server_error'), true);
      });
    });
    return wire;
  }

  /** Steps left in the script, or `undefined` when the server runs a handler. */
  get remainingSteps(): number | undefined {
    return this.options.script ? Math.max(0, this.options.script.length - this.served) : undefined;
  }

  /** Stops listening and drops open keep-alive connections. Safe to call twice. */
  async close(): Promise<void> {
    this.closing = true;
    this.closed ??= new Promise<void>((resolve, reject) => {
      this.server.close((error) => (error ? reject(error) : resolve()));
      this.server.closeAllConnections();
    });
    await this.closed;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = req.url ?? '/';
    const pathname = path.split('?')[0];
    if (pathname !== CHAT_COMPLETIONS_PATH) {
      req.resume();
      const message = `OpenAiWireServer serves only POST ${CHAT_COMPLETIONS_PATH}; got ${req.method ?? '?'} ${pathname}.`;
      sendJson(res, 404, errorBody(message, 'not_found'), true);
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      sendJson(
        res,
        405,
        errorBody(`Use POST for ${CHAT_COMPLETIONS_PATH}; got ${req.method ?? '?'}.`, 'invalid_request_error'),
        true,
      );
      return;
    }
    const exchange = new AbortController();
    const ended = new Promise<WireExchangeEnd>((resolve) => {
      res.once('close', () => {
        const end = res.writableFinished ? 'answered' : this.closing ? 'closed-by-server' : 'closed-by-client';
        if (end !== 'answered') exchange.abort(new Error(`the exchange was ${end}`));
        resolve(end);
      });
    });
    const text = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      const message = `Request body is not valid JSON (${messageOf(error)}).`;
      sendJson(res, 400, errorBody(message, 'invalid_request_error'), true);
      return;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      sendJson(res, 400, errorBody('Request body must be a JSON object.', 'invalid_request_error'), true);
      return;
    }
    const request = body as WireChatRequest;
    this.bodies.push(request);
    this.recorded.push({ path, headers: req.headers, body: request, rawBody: text, ended });

    const pattern = this.options.toolCallIdPattern;
    const badId = pattern === undefined ? undefined : toolCallIdsOf(request).find((id) => !matches(pattern, id));
    if (pattern !== undefined && badId !== undefined) {
      const message = `Tool call id was ${JSON.stringify(badId)} but must match ${String(pattern)}.`;
      sendJson(res, 400, errorBody(message, 'invalid_request_error'), true);
      return;
    }
    await this.respond(request, res, exchange.signal);
  }

  private async respond(request: WireChatRequest, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const index = this.served++;
    const step = this.stepAt(index);
    if (step === undefined) {
      const length = this.options.script?.length ?? 0;
      const message = scriptExhaustedMessage({
        scriptOwner: 'OpenAiWireServer',
        scriptLength: length,
        requestIndex: index,
      });
      sendJson(res, 500, errorBody(message, 'script_exhausted'), true);
      return;
    }
    let result: WireStepResult;
    try {
      result = typeof step === 'function' ? await step(request, index, { signal }) : step;
    } catch (error) {
      if (signal.aborted) return;
      const message = `OpenAiWireServer step for request #${index + 1} threw: ${messageOf(error)}`;
      sendJson(res, 500, errorBody(message, 'script_error'), true);
      return;
    }
    if (signal.aborted) return;
    if (isErrorStep(result)) {
      sendRaw(res, result.status, result.body, result.headers);
    } else if (isSseStep(result)) {
      if (request.stream !== true) {
        const message = `OpenAiWireServer step for request #${index + 1} is an SSE stream, but the request did not ask for stream: true.`;
        sendJson(res, 400, errorBody(message, 'invalid_request_error'), true);
        return;
      }
      await sendSse(res, result, signal);
    } else if (request.stream === true) {
      await sendSse(res, { sse: sseFromChatCompletion(result) }, signal);
    } else {
      sendJson(res, 200, result, false);
    }
  }

  private stepAt(index: number): WireScriptStep | undefined {
    if (this.options.handler) return this.options.handler;
    return this.options.script?.[index];
  }
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

function isErrorStep(result: WireStepResult): result is WireErrorStep {
  return typeof (result as { status?: unknown }).status === 'number';
}

function isSseStep(result: WireStepResult): result is WireSseStep {
  return typeof (result as { sse?: unknown }).sse === 'string';
}

/**
 * Writes the stream piece by piece, yielding to the event loop between pieces so reads are cut
 * there, and pausing where the step's `hold` says.
 */
async function sendSse(res: ServerResponse, step: WireSseStep, signal: AbortSignal): Promise<void> {
  res.socket?.setNoDelay(true);
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  res.flushHeaders();
  const pieces = ssePieces(step.sse, step.splitAt);
  for (const [index, piece] of pieces.entries()) {
    if (step.hold !== undefined && index === step.hold.afterPieces) await held(step.hold.until, signal);
    if (res.destroyed || signal.aborted) return;
    await new Promise<void>((resolve) => res.write(piece, () => resolve()));
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  if (step.hold !== undefined && step.hold.afterPieces >= pieces.length) await held(step.hold.until, signal);
  if (!res.destroyed && !signal.aborted) res.end();
}

/** Settles when `until` settles (never, without it) or the exchange is over. */
async function held(until: PromiseLike<unknown> | undefined, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return;
  let stop: (() => void) | undefined;
  const closed = new Promise<void>((resolve) => {
    stop = resolve;
    signal.addEventListener('abort', stop, { once: true });
  });
  const released = until === undefined ? [] : [Promise.resolve(until).then(noop, noop)];
  try {
    await Promise.race([closed, ...released]);
  } finally {
    if (stop !== undefined) signal.removeEventListener('abort', stop);
  }
}

function noop(): void {}

function errorBody(message: string, type: string): { error: { message: string; type: string; code: null } } {
  return { error: { message, type, code: null } };
}

function sendJson(res: ServerResponse, status: number, body: unknown, noRetry: boolean): void {
  sendRaw(res, status, body, noRetry ? { 'x-should-retry': 'false' } : undefined);
}

function sendRaw(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Readonly<Record<string, string>> | undefined,
): void {
  if (res.headersSent) return;
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
