/** A signal that never aborts: the one of a context made without a signal. */
const NEVER_ABORTED: AbortSignal = new AbortController().signal;

/**
 * Application data handed to tools by the framework, never by the model (for example the
 * authenticated user id), and the call's cancellation signal. Immutable.
 *
 * @remarks Adds `signal` to Spring's map: during a tool-calling loop it aborts when the request is
 * aborted or the tool's timeout (`@Tool({ timeoutMs })`, `spring.ai.tools.execution.timeout`)
 * expires. A tool doing slow I/O should pass it on (`fetch(url, { signal: ctx.signal })`).
 * @see Spring AI `ToolContext`
 */
export class ToolContext {
  readonly context: Readonly<Record<string, unknown>>;
  /** Aborts when the call should stop (request aborted, tool timed out); never aborts outside a loop. */
  readonly signal: AbortSignal;

  /**
   * @param context - the entries; copied and frozen
   * @param signal - the call's cancellation signal @defaultValue a signal that never aborts
   */
  constructor(context: Readonly<Record<string, unknown>> = {}, signal: AbortSignal = NEVER_ABORTED) {
    // Object.assign, not a spread: V8 gives a frozen spread copy a hidden class of its own.
    this.context = Object.isFrozen(context) ? context : Object.freeze(Object.assign({}, context));
    this.signal = signal;
  }

  /** The value under `key`, or `undefined`. */
  get<T = unknown>(key: string): T | undefined {
    return this.context[key] as T | undefined;
  }

  /** True when no entries are present. */
  isEmpty(): boolean {
    return Object.keys(this.context).length === 0;
  }

  /**
   * The same entries with another signal (the entries are shared, not copied).
   *
   * @param signal - the signal of one tool call
   */
  withSignal(signal: AbortSignal): ToolContext {
    return new ToolContext(this.context, signal);
  }
}
