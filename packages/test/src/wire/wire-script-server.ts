import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { scriptExhaustedMessage } from '../script-exhausted-error';
import { ssePieces, type WireSseStep } from './sse';
import type { RecordedWireRequest, WireErrorStep, WireExchangeEnd, WireStepContext } from './wire-exchange';

/**
 * What a provider's wire server adds to {@link WireScriptServer}: its endpoint, its error body, and
 * how it streams a JSON answer (internal to the test kit).
 */
export interface WireProtocol<Body, Answer> {
  /** The public class's name, used in every message, e.g. `OpenAiWireServer`. */
  readonly owner: string;
  /** The one path served, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** The base URL a client is given, from the server's origin (`http://127.0.0.1:41234`). */
  baseUrl(origin: string): string;
  /** The provider's JSON error body for a made-up error. */
  errorBody(message: string, type: string): unknown;
  /** Whether the request asks for server-sent events. */
  isStream(body: Body): boolean;
  /** The SSE body of an answer step when the request asked for a stream. */
  toSse(answer: Answer): string;
  /**
   * Why the server refuses the request as a real one would (answered 400, recorded, no step used),
   * or `undefined` to answer it from the script.
   */
  refuse?(body: Body): string | undefined;
  /**
   * Other `POST` paths the server answers besides {@link WireProtocol.path} (e.g. `/v1/embeddings`),
   * each from the parsed JSON object body; they use no script step and are not in `requests`.
   */
  readonly routes?: Readonly<Record<string, (body: Record<string, unknown>) => Promise<WireErrorStep>>>;
}

/** What a step of a {@link WireScriptServer} answers. */
export type WireScriptResult<Answer> = Answer | WireErrorStep | WireSseStep;

/** A step computed from the request (it may wait: the answer waits for it). */
export type WireScriptFunction<Body, Answer> = (
  body: Body,
  index: number,
  context: WireStepContext,
) => WireScriptResult<Answer> | Promise<WireScriptResult<Answer>>;

/** Options of {@link WireScriptServer.start}: a script played in order, or a handler for every request. */
export type WireScriptOptions<Body, Answer> = (
  | {
      readonly script: readonly (WireScriptResult<Answer> | WireScriptFunction<Body, Answer>)[];
      readonly handler?: never;
    }
  | { readonly handler: WireScriptFunction<Body, Answer>; readonly script?: never }
) & { readonly port?: number };

/**
 * The HTTP side shared by the test kit's wire servers (`OpenAiWireServer`, `AnthropicWireServer`):
 * listens on 127.0.0.1, answers `POST <path>` from a script, records every request, streams when
 * asked, holds answers back for cancellation tests, and reports how each exchange ended. Answers the
 * server makes up itself (script exhausted, step threw, bad request) carry `x-should-retry: false`,
 * so the SDK clients do not retry them. Internal to the test kit: each provider's server wraps one.
 */
export class WireScriptServer<Body, Answer> {
  readonly baseUrl: string;
  readonly requests: Body[] = [];
  readonly recordedRequests: RecordedWireRequest<Body>[] = [];

  private served = 0;
  private closed?: Promise<void>;
  private closing = false;

  private constructor(
    private readonly server: Server,
    private readonly options: WireScriptOptions<Body, Answer>,
    private readonly protocol: WireProtocol<Body, Answer>,
  ) {
    const { port } = server.address() as AddressInfo;
    this.baseUrl = protocol.baseUrl(`http://127.0.0.1:${port}`);
  }

  /**
   * @throws Error when neither or both of `script` and `handler` are given, or the port is taken
   */
  static async start<Body, Answer>(
    options: WireScriptOptions<Body, Answer>,
    protocol: WireProtocol<Body, Answer>,
  ): Promise<WireScriptServer<Body, Answer>> {
    if ((options.script === undefined) === (options.handler === undefined)) {
      throw new Error(`${protocol.owner}.start needs exactly one of \`script\` (an array of steps) or \`handler\`.`);
    }
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    const wire = new WireScriptServer(server, options, protocol);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      wire.handle(req, res).catch((error: unknown) => {
        wire.sendError(res, 500, `${protocol.owner} failed: ${messageOf(error)}`, 'server_error');
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
    const { owner, path: served } = this.protocol;
    const path = req.url ?? '/';
    const pathname = path.split('?')[0];
    const route = pathname === served ? undefined : this.protocol.routes?.[pathname];
    if (pathname !== served && route === undefined) {
      req.resume();
      this.sendError(
        res,
        404,
        `${owner} serves only POST ${served}; got ${req.method ?? '?'} ${pathname}.`,
        'not_found',
      );
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      this.sendError(res, 405, `Use POST for ${pathname}; got ${req.method ?? '?'}.`, 'invalid_request_error');
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
      this.sendError(res, 400, `Request body is not valid JSON (${messageOf(error)}).`, 'invalid_request_error');
      return;
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      this.sendError(res, 400, 'Request body must be a JSON object.', 'invalid_request_error');
      return;
    }
    if (route !== undefined) {
      const answer = await route(body as Record<string, unknown>);
      sendRaw(res, answer.status, answer.body, answer.headers);
      return;
    }
    const request = body as Body;
    this.requests.push(request);
    this.recordedRequests.push({ path, headers: req.headers, body: request, rawBody: text, ended });

    const refusal = this.protocol.refuse?.(request);
    if (refusal !== undefined) {
      this.sendError(res, 400, refusal, 'invalid_request_error');
      return;
    }
    await this.respond(request, res, exchange.signal);
  }

  private async respond(request: Body, res: ServerResponse, signal: AbortSignal): Promise<void> {
    const { owner } = this.protocol;
    const index = this.served++;
    const step = this.options.handler ?? this.options.script?.[index];
    if (step === undefined) {
      const length = this.options.script?.length ?? 0;
      const message = scriptExhaustedMessage({ scriptOwner: owner, scriptLength: length, requestIndex: index });
      this.sendError(res, 500, message, 'script_exhausted');
      return;
    }
    let result: WireScriptResult<Answer>;
    try {
      result =
        typeof step === 'function'
          ? await (step as WireScriptFunction<Body, Answer>)(request, index, { signal })
          : step;
    } catch (error) {
      if (signal.aborted) return;
      this.sendError(res, 500, `${owner} step for request #${index + 1} threw: ${messageOf(error)}`, 'script_error');
      return;
    }
    if (signal.aborted) return;
    const stream = this.protocol.isStream(request);
    if (isErrorStep(result)) {
      sendRaw(res, result.status, result.body, result.headers);
    } else if (isSseStep(result)) {
      if (!stream) {
        const message = `${owner} step for request #${index + 1} is an SSE stream, but the request did not ask for stream: true.`;
        this.sendError(res, 400, message, 'invalid_request_error');
        return;
      }
      await sendSse(res, result, signal);
    } else if (stream) {
      await sendSse(res, { sse: this.protocol.toSse(result) }, signal);
    } else {
      sendRaw(res, 200, result, undefined);
    }
  }

  private sendError(res: ServerResponse, status: number, message: string, type: string): void {
    sendRaw(res, status, this.protocol.errorBody(message, type), { 'x-should-retry': 'false' });
  }
}

function isErrorStep(result: unknown): result is WireErrorStep {
  return typeof (result as { status?: unknown }).status === 'number';
}

function isSseStep(result: unknown): result is WireSseStep {
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
