import { RequestAbortedError } from '../error/request-aborted-error';

/**
 * `promise`, or a rejection as soon as `signal` aborts, whichever comes first. A model or tool that
 * ignores the signal it was given cannot hold the request up; its late answer or error is dropped
 * (handled, never an unhandled rejection).
 *
 * @param promise - the work, e.g. a model call or a tool call
 * @param signal - without one, `promise` is returned as it is
 * @param abortError - what to reject with when the signal aborts
 *   @defaultValue a {@link RequestAbortedError} with the signal's reason
 */
export function untilAborted<T>(
  promise: Promise<T>,
  signal: AbortSignal | undefined,
  abortError: (signal: AbortSignal) => unknown = requestAborted,
): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) {
    promise.catch(ignore);
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(abortError(signal));
    signal.addEventListener('abort', abort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

function ignore(): void {}

function requestAborted(signal: AbortSignal): RequestAbortedError {
  return RequestAbortedError.of(signal);
}
