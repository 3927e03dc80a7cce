import { RequestAbortedError } from '../error/request-aborted-error';
import { linkedSignal } from './linked-signal';
import { untilAborted } from './until-aborted';

/**
 * The cancellation of one request made with a provider's SDK client (`openai`,
 * `@anthropic-ai/sdk`), linked to the caller's `AbortSignal` (shared by the provider packages).
 *
 * - {@link RequestSignal.signal} is what the client is given. The client adds an `abort` listener
 *   to the signal of every request and never removes it, so the caller's own signal, shared by
 *   many requests (the rounds of a tool loop, an application-wide shutdown signal), would collect
 *   one listener per request. The link is the only listener on the caller's signal, and
 *   {@link RequestSignal.release} removes it.
 * - {@link RequestSignal.race} rejects as soon as the caller aborts, also while the client is
 *   waiting to retry (it looks at its signal only between attempts).
 * - {@link RequestSignal.abortedError} maps whatever the client threw once the caller has aborted
 *   (`APIUserAbortError`, a fetch `AbortError`) to one {@link RequestAbortedError}.
 */
export class RequestSignal {
  /** The signal to give the SDK client; `undefined` when the caller gave none. */
  readonly signal: AbortSignal | undefined;
  readonly #caller: AbortSignal | undefined;
  readonly #unlink: (() => void) | undefined;

  /** @param caller - the caller's signal, if any */
  constructor(caller: AbortSignal | undefined) {
    this.#caller = caller;
    if (caller === undefined) return;
    const linked = linkedSignal(caller);
    this.signal = linked.signal;
    this.#unlink = linked.dispose;
  }

  /** True when the caller has aborted. */
  get aborted(): boolean {
    return this.#caller?.aborted === true;
  }

  /**
   * The error to throw instead of `error` when the caller has aborted, else `undefined`.
   *
   * @param error - what the request threw
   */
  abortedError(error: unknown): RequestAbortedError | undefined {
    if (this.#caller?.aborted !== true) return undefined;
    return RequestAbortedError.isInstance(error) ? error : RequestAbortedError.of(this.#caller);
  }

  /**
   * Fails when the caller's signal has fired.
   * @throws RequestAbortedError when the caller has aborted
   */
  throwIfAborted(): void {
    RequestAbortedError.throwIfAborted(this.#caller);
  }

  /**
   * `promise`, or a rejection with {@link RequestAbortedError} as soon as the caller aborts.
   *
   * @param promise - the client's answer
   */
  race<T>(promise: PromiseLike<T>): Promise<T> {
    const caller = this.#caller;
    if (caller === undefined) return Promise.resolve(promise);
    // Listens on the per-request signal, never on the caller's.
    return untilAborted(Promise.resolve(promise), this.signal, () => RequestAbortedError.of(caller));
  }

  /**
   * The chunks of a stream, ending with {@link RequestAbortedError} when the caller aborts: the
   * `openai` and `@anthropic-ai/sdk` clients end an aborted stream as if it were complete, which
   * would pass a cut-off answer for a whole one.
   *
   * @param chunks - the client's stream
   * @throws RequestAbortedError (when iterated) when the caller aborts before the stream's end
   */
  async *guard<T>(chunks: AsyncIterable<T>): AsyncGenerator<T> {
    for await (const chunk of chunks) {
      this.throwIfAborted();
      yield chunk;
    }
    this.throwIfAborted();
  }

  /** Removes the link from the caller's signal; call it once the request (its stream included) is over. */
  release(): void {
    this.#unlink?.();
  }
}
