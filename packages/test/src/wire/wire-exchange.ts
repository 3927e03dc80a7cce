import type { IncomingHttpHeaders } from 'node:http';
import type { WireChatRequest } from './wire-types';

/**
 * A scripted non-200 (or raw) answer of a wire server: it replies with `status` and `body` as given.
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

/** What a step function of a wire server can see of the exchange besides the request body. */
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
 * How an exchange ended: `answered` — the whole answer was sent; `closed-by-client` — the client
 * closed the request first (aborted it, or dropped the connection); `closed-by-server` — the wire
 * server's `close` cut it off.
 */
export type WireExchangeEnd = 'answered' | 'closed-by-client' | 'closed-by-server';

/**
 * A request as a wire server received it.
 *
 * @typeParam Body - the parsed body's shape: {@link WireChatRequest} (`OpenAiWireServer`) or
 *   `AnthropicWireRequest` (`AnthropicWireServer`)
 */
export interface RecordedWireRequest<Body = WireChatRequest> {
  /** Request path including any query string, e.g. `/v1/chat/completions`. */
  readonly path: string;
  /** Request headers (lower-case names), e.g. `authorization`. */
  readonly headers: IncomingHttpHeaders;
  readonly body: Body;
  /** The body exactly as received (UTF-8 text), e.g. to assert that a secret is in no byte of it. */
  readonly rawBody: string;
  /**
   * Settles once the exchange is over, with how it ended; e.g. a test that aborts a request checks
   * `await expect(server.recordedRequests[0].ended).resolves.toBe('closed-by-client')`.
   */
  readonly ended: Promise<WireExchangeEnd>;
}
