/**
 * Per-request settings of a model call that are not chat options: today the cancellation signal.
 *
 * @remarks Not in Spring AI (Reactor cancels a subscription); the TypeScript idiom is an
 * `AbortSignal` passed with the call, as `fetch` takes one.
 */
export interface ChatModelRequestOptions {
  /**
   * Cancels the request: the HTTP request is aborted and `call` rejects (a stream ends by throwing)
   * with a `RequestAbortedError` (`name === 'AbortError'`).
   */
  readonly signal?: AbortSignal;
}
