/**
 * The signal one MCP request is sent with: its own, aborted with the caller's signal's reason, and
 * unlinked from the caller's signal by `dispose` once the request has settled.
 *
 * The SDK adds an abort listener to the signal of every request and never removes it, and when
 * that signal aborts it sends `notifications/cancelled` for every request it was given, finished
 * or not. Handing it the caller's signal itself would leave one listener per call on a signal that
 * may live long — a request's signal across a whole tool loop, or the never-aborting signal every
 * `ToolContext` without one shares — and cancel finished requests when it aborts.
 *
 * @param signal - the caller's signal, if any
 * @returns `signal: undefined` when there is nothing to follow
 */
export function callSignal(signal: AbortSignal | undefined): {
  readonly signal: AbortSignal | undefined;
  readonly dispose: () => void;
} {
  if (signal === undefined) return { signal: undefined, dispose: () => undefined };
  const controller = new AbortController();
  if (signal.aborted) {
    controller.abort(signal.reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  const onAbort = (): void => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  return { signal: controller.signal, dispose: () => signal.removeEventListener('abort', onAbort) };
}
