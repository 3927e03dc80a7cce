import { SproutError } from './sprout-error';

/**
 * A request was cancelled through its `AbortSignal` (e.g. `.prompt().abortSignal(signal)`): the
 * model request and the running tools were stopped and nothing of the turn was stored.
 *
 * Its `name` is `'AbortError'`, as the DOM's and Node's own abort errors, so
 * `error.name === 'AbortError'` checks work unchanged. `reason` is the signal's reason (by default a
 * `DOMException` named `AbortError`; `AbortSignal.timeout()` gives one named `TimeoutError`).
 *
 * @remarks Not in Spring AI, whose blocking calls are cancelled by interrupting the thread.
 */
export class RequestAbortedError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.RequestAbortedError');

  /** The `AbortSignal`'s `reason`. */
  readonly reason: unknown;

  /** @param options - the signal's reason, and optionally a message */
  constructor(options: { reason: unknown; message?: string }) {
    super(options.message ?? `The request was aborted${describeReason(options.reason)}.`, { cause: options.reason });
    this.name = 'AbortError';
    this.reason = options.reason;
  }

  /**
   * The error to reject with when `signal` is aborted.
   *
   * @param signal - an aborted signal
   */
  static of(signal: AbortSignal): RequestAbortedError {
    return new RequestAbortedError({ reason: signal.reason });
  }

  /**
   * Throws {@link RequestAbortedError} when `signal` is aborted; does nothing otherwise.
   *
   * @param signal - the request's signal, if any
   * @throws RequestAbortedError when the signal is aborted
   */
  static throwIfAborted(signal: AbortSignal | undefined): void {
    if (signal?.aborted === true) throw RequestAbortedError.of(signal);
  }
}

function describeReason(reason: unknown): string {
  if (typeof reason === 'string') return reason === '' ? '' : ` (${reason})`;
  // Duck-typed: the reason may be an error of another realm (a DOMException seen from a vm context).
  const { name, message } = (typeof reason === 'object' && reason !== null ? reason : {}) as {
    name?: unknown;
    message?: unknown;
  };
  return typeof message === 'string' && message !== '' && name !== 'AbortError' ? ` (${message})` : '';
}
