/**
 * A signal of one request's own that aborts, with the same reason, when `signal` aborts, and
 * `dispose` to unlink it once the request has settled. Libraries such as the `openai` client and
 * the MCP SDK add an abort listener to every request's signal and never remove it; handing them
 * a long-lived signal (a tool loop's, or an application-wide shutdown signal) would leave one
 * listener per request on it.
 *
 * @param signal - the caller's signal; `undefined` gives a signal nothing aborts but `abort`
 * @returns the request's signal, `abort` to stop it for another reason (e.g. a timeout), and `dispose`
 */
export function linkedSignal(signal: AbortSignal | undefined): {
  readonly signal: AbortSignal;
  readonly abort: (reason: unknown) => void;
  readonly dispose: () => void;
} {
  const controller = new AbortController();
  const abort = (reason: unknown): void => controller.abort(reason);
  if (signal === undefined || signal.aborted) {
    if (signal?.aborted === true) controller.abort(signal.reason);
    return { signal: controller.signal, abort, dispose: () => undefined };
  }
  const onAbort = (): void => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, abort, dispose: () => signal.removeEventListener('abort', onAbort) };
}
