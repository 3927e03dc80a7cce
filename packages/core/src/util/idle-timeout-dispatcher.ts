import type { Agent } from 'undici';
import { undici } from './undici';

/** undici's code for a response body that went silent longer than the dispatcher's `bodyTimeout`. */
const BODY_TIMEOUT_CODE = 'UND_ERR_BODY_TIMEOUT';

/**
 * The connection pool a provider's model (`OpenAiChatModel`, `AnthropicChatModel`) sends its
 * requests through: undici's own `bodyTimeout` fails a response body when no bytes arrive for
 * `idleTimeoutMs`, and closes its connection. The SDK clients' own timeout ends when the headers
 * arrive, so a server that stalls after them (half a JSON body, a stream that stops after its first
 * chunk) would otherwise be waited for until the socket dies. (internal)
 *
 * @param idleTimeoutMs - longest silence allowed between two pieces of a body, in milliseconds
 */
export function idleTimeoutDispatcher(idleTimeoutMs: number): Agent {
  return new (undici().Agent)({ bodyTimeout: idleTimeoutMs });
}

/**
 * True when `error`, or one of its causes, is the body timeout of {@link idleTimeoutDispatcher}
 * (fetch reports it as `TypeError: terminated` with undici's error as the cause).
 *
 * @param error - what a request or the reading of its body threw
 */
export function isBodyIdleTimeout(error: unknown): boolean {
  for (let cause = error, depth = 0; cause !== null && typeof cause === 'object' && depth < 8; depth++) {
    if ((cause as { code?: unknown }).code === BODY_TIMEOUT_CODE) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
