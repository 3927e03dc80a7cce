import { undici } from './undici';

/**
 * `fetch` for a provider's SDK client (`openai`, `@anthropic-ai/sdk`): undici's own `fetch`, the same
 * copy of undici as the connection pool it sends through (`idleTimeoutDispatcher`), and failures
 * rethrown as errors of this module's realm. undici is loaded on the first request.
 *
 * - Node's built-in `fetch` drops an error's `cause` when the error comes from another copy of
 *   undici in another realm (a Jest test environment, a `vm` context), and the cause is how a body
 *   that went silent is told from any other broken connection.
 * - When code runs in a separate realm, the `AbortError` that `fetch` throws on a timeout is not
 *   `instanceof Error` there; the client then loses its name and reports a timeout as a connection
 *   error with the message `{}`. Errors that already belong to this realm pass through unchanged, so
 *   under plain Node this wrapper changes nothing.
 */
export const realmSafeFetch: typeof fetch = async (input, init) => {
  const { fetch: undiciFetch } = undici();
  try {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- undici's types describe the same WHATWG Request/Response as Node's, under other names
    return await undiciFetch(input, init);
  } catch (error) {
    throw toRealmError(error);
  }
};

function toRealmError(error: unknown): unknown {
  if (error instanceof Error || typeof error !== 'object' || error === null) return error;
  const foreign = error as { name?: unknown; message?: unknown; cause?: unknown };
  if (typeof foreign.message !== 'string') return error;
  const local = new Error(foreign.message, foreign.cause === undefined ? undefined : { cause: foreign.cause });
  if (typeof foreign.name === 'string') local.name = foreign.name;
  return local;
}
