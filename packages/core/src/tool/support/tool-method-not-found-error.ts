import { SproutError } from '../../error/sprout-error';

/**
 * An object given as a tool object has no `@Tool` method, or not the one asked for by name. Often
 * a `ToolCallback` or `ToolCallbackProvider` passed where tool objects are expected, or a method
 * without its `@Tool()` decorator.
 *
 * @remarks Spring's `MethodToolCallbackProvider` throws `IllegalArgumentException` ("No @Tool annotated
 * methods found in …").
 */
export class ToolMethodNotFoundError extends SproutError {
  /** This class's marker (see `SproutError.marker`). */
  static override readonly marker: symbol = Symbol.for('sprout-ai.error.ToolMethodNotFoundError');

  /** The class of the object, e.g. `WeatherTools`. */
  readonly className: string;
  /** The method asked for; `undefined` when the object has no `@Tool` method at all. */
  readonly methodName: string | undefined;

  /**
   * @param message - what is missing and how to fix it
   * @param options - the class, the method asked for (if any) and an optional cause
   */
  constructor(message: string, options: { className: string; methodName?: string; cause?: unknown }) {
    super(message, { cause: options.cause });
    this.className = options.className;
    this.methodName = options.methodName;
  }
}
