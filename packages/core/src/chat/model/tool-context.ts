/**
 * Application data handed to tools by the framework, never by the model (for example the
 * authenticated user id). Immutable.
 *
 * @see Spring AI `ToolContext`
 */
export class ToolContext {
  readonly context: Readonly<Record<string, unknown>>;
  constructor(context: Readonly<Record<string, unknown>> = {}) {
    this.context = Object.freeze({ ...context });
  }

  /** The value under `key`, or `undefined`. */
  get<T = unknown>(key: string): T | undefined {
    return this.context[key] as T | undefined;
  }

  /** True when no entries are present. */
  isEmpty(): boolean {
    return Object.keys(this.context).length === 0;
  }
}
